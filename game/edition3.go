package game

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// Rules edition 3 (edition.go): the seed modules as rulings R39-R53 read
// them. Everything here is a no-op on matches of editions 1 and 2, whose
// saves replay as they were played.

// EvLuck is a Luck token spent on a roll (R41, edition 3).
const EvLuck EventKind = "luck"

// Defence is a brawl declared against defenders of whom some hold Luck:
// no die is rolled until each of them has said, with CmdDefend, whether
// to spend a token on his own roll (R41). Asking[0] is asked now.
type Defence struct {
	Brawler  int   `json:"brawler"`
	Order    []int `json:"order"`     // the enemies in the order fought
	Luck     bool  `json:"luck"`      // the brawler's own declared Luck
	LuckRoll int   `json:"luck_roll"` // the bout it goes on
	Asking   []int `json:"asking"`    // defenders holding Luck still to answer
	Lucky    []int `json:"lucky"`     // defenders who spend a token
}

func (d *Defence) clone() *Defence {
	if d == nil {
		return nil
	}
	c := *d
	c.Order = append([]int(nil), d.Order...)
	c.Asking = append([]int(nil), d.Asking...)
	c.Lucky = append([]int(nil), d.Lucky...)
	return &c
}

// edition3 reports whether the match plays rules edition 3 or later.
func (m *Match) edition3() bool { return m.Edition() >= Edition3 }

// LuckTokens is how many Luck tokens a model holds (R38, R41): 0 without
// round effects.
func (m *Match) LuckTokens(id int) int {
	if re := m.effects; re != nil && id >= 0 && id < len(re.Models) {
		return re.Models[id].Luck
	}
	return 0
}

// luckRolls is how many rolls of the model's own a command makes that a
// Luck token may go on (R41): a shot and each Spread target, each bout of
// a brawl, an overwatcher's shot, a defender's bout. Moves, Runs,
// dynamite and everything else: none.
func luckRolls(c Command, p *plan) int {
	switch c.Kind {
	case CmdShoot:
		return 1 + len(c.Extra)
	case CmdBlaze, CmdFire, CmdDefend:
		return 1
	case CmdBrawl:
		return len(p.order)
	}
	return 0
}

// checkLuck validates a command's Luck declaration (R41).
func (m *Match) checkLuck(c Command, p *plan) error {
	if !c.Luck && c.LuckRoll == 0 {
		return nil
	}
	if !m.edition3() {
		return fmt.Errorf("under this match's rules (edition %d) a Luck token is spent by itself on the next roll", m.Edition())
	}
	if c.Model < 0 || c.Model >= len(m.Models) {
		return fmt.Errorf("there is no model %d", c.Model)
	}
	name := m.Models[c.Model].Name
	n := luckRolls(c, p)
	switch {
	case !c.Luck:
		return errors.New("a roll for the Luck die is chosen only when Luck is spent")
	case n == 0:
		return reasonf("a Luck token adds a die only to %s own shooting or brawl rolls, never to a move, a Run, dynamite or a parting shot", word(possessive(name)))
	case m.LuckTokens(c.Model) == 0:
		return reasonf("%s has no Luck token to spend", word(name))
	case c.LuckRoll < 0 || c.LuckRoll >= n:
		return reasonf("the action makes %s: the Luck die goes on one of them", word(words.Count(n, "roll", "rolls")))
	}
	return nil
}

// spendLuck takes a declared Luck token and adds its die to the pool it
// goes on (R41).
func (m *Match) spendLuck(id int, pool *rules.Pool, what string) {
	m.effects.Models[id].Luck--
	addLuckDie(pool)
	md := &m.Models[id]
	m.emit(Event{Kind: EvLuck, Model: id, Posse: md.Posse,
		Text: fmt.Sprintf("%s spends a Luck token: +1 die on %s.", md.Name, what)})
}

// luckOnShots puts a declared Luck die on the chosen roll of a Shoot or
// Blaze (the primary target, or one Spread target).
func (m *Match) luckOnShots(c Command, setups []shotSetup, targets []int) {
	if !c.Luck || c.LuckRoll >= len(setups) {
		return
	}
	s := &setups[c.LuckRoll]
	if s.Pool.Impossible {
		return
	}
	m.spendLuck(c.Model, &s.Pool, "the shot at "+m.Models[targets[c.LuckRoll]].Name)
}

// checkDefend validates a defender's answer while a Defence is asked.
func (m *Match) checkDefend(c Command) error {
	d := m.Defence
	who := d.Asking[0]
	switch {
	case c.Kind != CmdDefend:
		return reasonf("%s must first say whether he spends Luck on his brawl roll", word(m.Models[who].Name))
	case c.Model != who:
		return reasonf("it is %s who is asked about Luck now", word(m.Models[who].Name))
	}
	return m.checkLuck(c, &plan{})
}

// declareBrawl starts a brawl under edition 3: the defenders holding Luck
// are asked first (R41); with none, it is fought at once.
func (m *Match) declareBrawl(c Command, order []int) {
	d := &Defence{Brawler: c.Model, Order: append([]int(nil), order...), Luck: c.Luck, LuckRoll: c.LuckRoll}
	for _, e := range order {
		if m.LuckTokens(e) > 0 {
			d.Asking = append(d.Asking, e)
		}
	}
	if len(d.Asking) == 0 {
		m.brawl3(d)
		return
	}
	m.Defence = d
	m.askDefender()
}

// askDefender says who is asked about Luck now.
func (m *Match) askDefender() {
	d := m.Defence
	e := d.Asking[0]
	em := &m.Models[e]
	m.emit(Event{Kind: EvLuckAsked, Model: e, Posse: em.Posse, Target: d.Brawler,
		Text: fmt.Sprintf("%s holds %s: will he spend one on his roll against %s?", em.Name, words.Count(m.LuckTokens(e), "Luck token", "Luck tokens"), m.Models[d.Brawler].Name)})
}

// EvLuckAsked is a defender holding Luck asked before a brawl is rolled.
const EvLuckAsked EventKind = "luck-asked"

// defend takes a defender's answer; after the last, the brawl is fought
// and the activation goes on.
func (m *Match) defend(c Command) {
	d := m.Defence
	d.Asking = d.Asking[1:]
	if c.Luck {
		d.Lucky = append(d.Lucky, c.Model)
	}
	if len(d.Asking) > 0 {
		m.askDefender()
		return
	}
	m.Defence = nil
	m.brawl3(d)
	if m.checkVictory() {
		return
	}
	if m.AP == 0 || m.Models[d.Brawler].Removed() {
		m.endActivation()
	}
}

// brawl3 fights a brawl of edition 3: each bout has the brawler's own
// pool, Stymied on the first only (R43), a declared Luck die on the bout
// chosen, and each defender's declared Luck on his (R41).
func (m *Match) brawl3(d *Defence) {
	lucky := map[int]bool{}
	for _, e := range d.Lucky {
		lucky[e] = true
	}
	md := &m.Models[d.Brawler]
	pools := make([]rules.Pool, len(d.Order))
	opponents := make([]rules.Fighter, len(d.Order))
	for i, e := range d.Order {
		pools[i] = m.brawlPoolFor(d.Brawler, i == 0)
		if d.Luck && d.LuckRoll == i {
			m.spendLuck(d.Brawler, &pools[i], "the brawl with "+m.Models[e].Name)
		}
		em := &m.Models[e]
		op := m.brawlPoolFor(e, true)
		if lucky[e] {
			m.spendLuck(e, &op, "his brawl roll against "+md.Name)
		}
		opponents[i] = rules.Fighter{Name: em.Name, Pool: op, Health: &em.Health, Keep: op.Keep}
	}
	active := rules.Fighter{Name: md.Name, Pool: pools[0], Health: &md.Health, Keep: pools[0].Keep, PerBout: pools}
	m.fightBouts(d.Brawler, d.Order, active, opponents)
}

// roundHarm records a wound one model's attack gave another under edition
// 3: on an enemy, marked or taking him out, it is the damage Breaks asks
// for and a success of the Attack approved action; a hit on a friend, or
// one that Tough shrugs off, is neither (R42, R49).
func (m *Match) roundHarm(by, victim int, mk rules.Marking) {
	re := m.effects
	if re == nil || re.Models == nil || !m.edition3() || by < 0 {
		return
	}
	if m.Models[by].Posse == m.Models[victim].Posse || (mk.Marked == 0 && !mk.Removed) {
		return
	}
	re.Models[by].Hurt = true
	m.roundApproved(by, rules.ApprovedAttack)
}

// roundWalked settles a walk that ended with the mover standing under
// edition 3: a Run walked, or a brawl left alive, is a Maneuver (R42); a
// cornered Greenhorn that has left contact loses Breaks' die (R50).
func (m *Match) roundWalked(in *Interrupt) {
	re := m.effects
	if re == nil || re.Models == nil || !m.edition3() || m.Models[in.Mover].Removed() {
		return
	}
	if in.Run || in.Left {
		m.roundApproved(in.Mover, rules.ApprovedManeuver)
	}
	if me := &re.Models[in.Mover]; me.Cornered && !m.Engaged(in.Mover) {
		me.Cornered = false
	}
}

// roundInteracted gives the Interact approved action to a model that
// changed the table: under edition 3 only when the door's state changed
// (R42); before, for any Interact.
func (m *Match) roundInteracted(id int, before, after board.Feature) {
	if m.edition3() && before.Open == after.Open && before.Locked == after.Locked {
		return
	}
	m.roundApproved(id, rules.ApprovedInteract)
}

// attackedThisActivation reports whether the active model has shot, aimed,
// thrown dynamite or brawled in its current activation: Flurry's third
// action point does not let it Run as well (R46).
func (m *Match) attackedThisActivation(id int) bool {
	for i := len(m.events) - 1; i >= 0; i-- {
		e := &m.events[i]
		if e.Model != id {
			continue
		}
		switch e.Kind {
		case EvActivated:
			return false
		case EvShot, EvShotWasted, EvAimed, EvThrown, EvBrawl:
			return true
		}
	}
	return false
}

// randomLuck lets the random player spend a Luck token it holds on one of
// a command's rolls, half the time (edition 3, R41).
func (m *Match) randomLuck(c Command, rng *rand.Rand) Command {
	if !m.edition3() || m.LuckTokens(c.Model) == 0 {
		return c
	}
	p := plan{order: c.Order}
	if c.Kind == CmdBrawl && len(p.order) == 0 {
		p.order = m.engagedWith(c.Model)
	}
	n := luckRolls(c, &p)
	if n == 0 || rng.IntN(2) == 0 {
		return c
	}
	l := c
	l.Luck, l.LuckRoll = true, rng.IntN(n)
	if m.Validate(l) != nil {
		return c
	}
	return l
}

// flipLost orders models with no face-up card left, who rank below every
// card, by a fresh flip each time, as complete ties are (R39).
func (st *stacksMethod) flipLost(m *Match, lost []int) int {
	names := make([]string, len(lost))
	for i, id := range lost {
		names[i] = m.Models[id].Name
	}
	face, winner, how := flipAmong(m, lost)
	m.emit(Event{Kind: EvCard, Model: winner, Posse: m.Models[winner].Posse, Faces: []int{face}, Order: lost,
		Text: fmt.Sprintf("%s have no face-up card left: %s: %s loses his turn first.", words.List(names), how, m.Models[winner].Name)})
	return winner
}

// EffectLine says in plain words what a round effect does under the
// match's rules edition (R38; Stymied as R43 reads it).
func (m *Match) EffectLine(e rules.Effect) string {
	if e == rules.Stymied && m.edition3() {
		return rules.StymiedLine
	}
	return e.Line()
}

// ApprovedLine says what counts as a success of the approved action under
// the match's rules edition (R38, G20; R42 and R49 from edition 3).
func (m *Match) ApprovedLine(a rules.Approved) string {
	if m.edition3() {
		return a.SuccessLine()
	}
	return a.Line()
}
