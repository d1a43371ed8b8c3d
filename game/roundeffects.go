package game

import (
	"fmt"
	"strings"

	"cowpoke/rules"
)

// roundEffects is seed 002's module fitted by R38, on a card-based method
// (draw, stacks, deck): each game turn a Masterdeck card gives every suit
// an effect and approves one action. A model's suit is its side's under
// the Draw and the character deck, its top card's under card stacks.
type roundEffects struct {
	Card   rules.EffectCard `json:"card"`
	Models []modelEffects   `json:"models"`
}

// modelEffects is what round effects have left on one model.
type modelEffects struct {
	Suit     int  `json:"suit"`                // this round's suit, -1 for none
	Fatigue  int  `json:"fatigue,omitempty"`   // -1 die each, at most 2, until Inspiration
	Stymied  bool `json:"stymied,omitempty"`   // -1 die on the next pool
	Luck     int  `json:"luck,omitempty"`      // +1 die on the next pool each (ruling G20)
	Won      bool `json:"won,omitempty"`       // has won its Luck this round
	APChange int  `json:"ap,omitempty"`        // Flurry +1, Setback -1, Confused -1: each activation this round
	MustHurt bool `json:"must_hurt,omitempty"` // Breaks without a Legend: cause damage or flee
	Hurt     bool `json:"hurt,omitempty"`      // caused damage this round
	Acted    bool `json:"acted,omitempty"`     // edition 3: has had its first activation this round (R48)
	Cornered bool `json:"cornered,omitempty"`  // edition 3: had to flee but was held in base contact: -1 die while it lasts (R50)
}

// RoundEffectCard is this round's effect card, when round effects are on.
func (m *Match) RoundEffectCard() (rules.EffectCard, bool) {
	if m.effects == nil {
		return rules.EffectCard{}, false
	}
	return m.effects.Card, true
}

// suitOf is a model's suit for round effects (R38).
func (m *Match) suitOf(id int) (rules.Suit, bool) {
	if st, ok := m.init.(*stacksMethod); ok {
		c, ok := st.top(id)
		return c.Suit, ok
	}
	return rules.SuitOfSide(m.Models[id].Posse), true
}

// effectOn is the round's effect on a model, if it has a suit.
func (re *roundEffects) effectOn(id int) (rules.Effect, bool) {
	s := re.Models[id].Suit
	if s < 0 {
		return 0, false
	}
	return re.Card.Suits[s], true
}

// newRound ends the last round (Breaks: who did not hurt flees) and draws
// the new round's card, then applies what takes effect at once.
func (re *roundEffects) newRound(m *Match) {
	if re.Models == nil {
		re.Models = make([]modelEffects, len(m.Models))
	}
	for id := range re.Models {
		if me := &re.Models[id]; m.edition3() && !m.Models[id].Removed() {
			// Edition 3: Stymied lapses unused (R43); a cornered Greenhorn
			// out of contact is free of it; one that must flee but is held
			// in base contact stays (R50).
			me.Stymied = false
			if me.Cornered && !m.Engaged(id) {
				me.Cornered = false
			}
			if me.MustHurt && !me.Hurt && m.Engaged(id) {
				me.Cornered = true
				md := &m.Models[id]
				m.emit(Event{Kind: EvEffect, Model: id, Posse: md.Posse, Text: fmt.Sprintf("%s caused no harm this round, but an enemy holds him in the brawl: he cannot slip away, and rolls a die fewer until he leaves contact.", md.Name)})
				continue
			}
		}
		if me := &re.Models[id]; me.MustHurt && !me.Hurt && !m.Models[id].Removed() {
			md := &m.Models[id]
			md.Health.Damage = md.Health.MaxHP
			m.emit(Event{Kind: EvEffect, Model: id, Posse: md.Posse, Text: fmt.Sprintf("%s caused no harm this round and flees the fight.", md.Name)})
			m.remove(id, "Breaks")
		}
	}
	if m.checkVictory() {
		return
	}
	re.Card = rules.DrawEffectCard(m.dice)
	var parts []string
	order := make([]int, 0, 5)
	for s := rules.Spades; s >= rules.Clubs; s-- {
		e := re.Card.Suits[s]
		order = append(order, int(e))
		parts = append(parts, fmt.Sprintf("%s %s (%s)", s, e, m.EffectLine(e)))
	}
	order = append(order, int(re.Card.Approved))
	m.emit(Event{Kind: EvEffect, Model: -1, Order: order,
		Text: fmt.Sprintf("The round's effects: %s. Approved action: %s (%s).", strings.Join(parts, "; "), re.Card.Approved, m.ApprovedLine(re.Card.Approved))})
	legend := make([]bool, len(m.Posses))
	for id := range m.Models {
		if md := &m.Models[id]; !md.Removed() && md.Profile.Tier == rules.Legend {
			legend[md.Posse] = true
		}
	}
	for id := range m.Models {
		me := &re.Models[id]
		me.Won, me.APChange, me.MustHurt, me.Hurt, me.Suit, me.Acted = false, 0, false, false, -1, false
		md := &m.Models[id]
		if md.Removed() {
			continue
		}
		if s, ok := m.suitOf(id); ok {
			me.Suit = int(s)
		}
		e, ok := re.effectOn(id)
		if !ok {
			continue
		}
		computer := m.computerPlayed(md.Posse)
		switch e {
		case rules.Fatigued:
			me.Fatigue = min(me.Fatigue+1, 2)
		case rules.Inspiration:
			me.Fatigue = 0
		case rules.Flurry:
			me.APChange = 1
		case rules.Setback:
			me.APChange = -1
		case rules.Stymied:
			me.Stymied = true
		case rules.Confused:
			if computer {
				continue
			}
			die := rules.D6(m.dice)
			text := fmt.Sprintf("%s is confused: rolls %d, and keeps both actions.", md.Name, die)
			if die <= 3 {
				me.APChange = -1
				text = fmt.Sprintf("%s is confused: rolls %d, and loses an action point this round.", md.Name, die)
			}
			m.emit(Event{Kind: EvEffect, Model: id, Posse: md.Posse, Faces: []int{die}, Text: text})
		case rules.Breaks:
			if computer && !legend[md.Posse] && md.Profile.Tier == rules.Greenhorn {
				me.MustHurt = true
				m.emit(Event{Kind: EvEffect, Model: id, Posse: md.Posse, Text: fmt.Sprintf("%s wavers: he must cause damage this round or flee.", md.Name)})
			}
		}
	}
}

// activated applies the round's action points to an activation.
func (re *roundEffects) activated(m *Match, id int) {
	if m.edition3() { // only the model's first activation of the round (R48)
		if re.Models[id].Acted {
			return
		}
		re.Models[id].Acted = true
	}
	if ch := re.Models[id].APChange; ch != 0 && !m.lostTurn() {
		m.AP = max(0, m.AP+ch)
		what := "Flurry: an extra action point this round"
		if ch < 0 {
			what = "one action point fewer this round"
		}
		m.emit(Event{Kind: EvEffect, Model: id, Posse: m.Models[id].Posse, Text: fmt.Sprintf("%s has %s: %d to spend.", m.Models[id].Name, what, m.AP)})
	}
}

// roundPoolModifiers puts the round's dice modifiers on a model's pool:
// its shots (Overwatch and Spread included) and brawls (ruling G21), and
// Up or Down in its Keep, so that the pool is the roll the engine makes
// and its odds what a screen shows (R53). first says whether the pool is
// its action's first roll: under edition 3 only that one takes Stymied
// (R43), and Luck is only ever a declared die (R41, spendLuck); before,
// every token held went on the next pool by itself.
func (m *Match) roundPoolModifiers(id int, p *rules.Pool, first bool) {
	re := m.effects
	if re == nil || re.Models == nil {
		return
	}
	me := &re.Models[id]
	r := rules.RoundModifiers{Fatigue: me.Fatigue, Stymied: me.Stymied && (first || !m.edition3()), Keep: m.roundKeep(id)}
	if !m.edition3() {
		r.Luck = me.Luck
	}
	if e, ok := re.effectOn(id); ok && e == rules.Breaks {
		if md := &m.Models[id]; m.computerPlayed(md.Posse) && !me.MustHurt && md.Profile.Tier == rules.Greenhorn {
			r.Breaks = true
		}
	}
	if me.Cornered && m.Engaged(id) { // a cornered Greenhorn (R50)
		r.Breaks = true
	}
	r.Apply(p)
}

// roundKeep says which die Up or Down drops from a model's pool (R38).
func (m *Match) roundKeep(id int) rules.Keep {
	re := m.effects
	if re == nil || re.Models == nil {
		return rules.KeepAll
	}
	e, ok := re.effectOn(id)
	if !ok {
		return rules.KeepAll
	}
	switch e {
	case rules.Up:
		return rules.DropLowest
	case rules.Down:
		return rules.DropHighest
	}
	return rules.KeepAll
}

// roundRolled spends what lasts one pool (Stymied, Luck) and records a hit
// scored: damage for Breaks, a success for the Attack approved action.
func (m *Match) roundRolled(id, hits int) {
	re := m.effects
	if re == nil || re.Models == nil {
		return
	}
	me := &re.Models[id]
	if m.edition3() { // Luck is declared (R41); damage is counted as wounds (R49)
		me.Stymied = false
		return
	}
	me.Stymied, me.Luck = false, 0
	if hits > 0 {
		me.Hurt = true
		m.roundApproved(id, rules.ApprovedAttack)
	}
}

// roundApproved gives a model its Luck token for the round's first success
// at the approved action (R38).
func (m *Match) roundApproved(id int, a rules.Approved) {
	re := m.effects
	if re == nil || re.Models == nil || re.Card.Approved != a || re.Models[id].Won || m.Models[id].Removed() {
		return
	}
	re.Models[id].Won = true
	re.Models[id].Luck++
	spend := "+1 die on his next roll"
	if m.edition3() {
		spend = "+1 die on a later shooting or brawl roll of his choosing"
	}
	m.emit(Event{Kind: EvEffect, Model: id, Posse: m.Models[id].Posse,
		Text: fmt.Sprintf("%s succeeds at the approved action (%s) and wins a Luck token: %s.", m.Models[id].Name, a, spend)})
}

// roundBrawled spends each fighter's one-pool effects after a brawl and
// records who scored a hit.
func (m *Match) roundBrawled(id int, order []int, bouts []rules.Bout) {
	if m.effects == nil {
		return
	}
	hits := map[int]int{}
	for _, b := range bouts {
		e := order[b.Opponent]
		if b.Outcome.DefenderHit() {
			hits[id]++
		}
		if b.Outcome.AttackerHit() {
			hits[e]++
		}
	}
	m.roundRolled(id, hits[id])
	for _, b := range bouts {
		e := order[b.Opponent]
		m.roundRolled(e, hits[e])
	}
}

// droppedText tells the log which die Up or Down set aside.
func droppedText(r rules.Roll) string {
	if len(r.Dropped) == 0 {
		return ""
	}
	return fmt.Sprintf(" (a die showing %d was set aside)", r.Dropped[0])
}
