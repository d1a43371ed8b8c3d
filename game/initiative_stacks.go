package game

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"cowpoke/game/words"
	"cowpoke/rules"
)

// MethodStacks is seed 000's card stacks (R35).
const MethodStacks = "stacks"

// stacksMethod is card stacks (seed 000, R35): each side deals its models
// cards from its own poker deck (Greenhorn 1, Cowpoke 2, Legend 3), each
// stack high to low, face up. Each game turn every model acts once, in
// the order of its top face-up card; Aim pushes the top card face down to
// the bottom; a model with no face-up card loses its next turn restacking;
// Refocus (1 AP) restacks.
type stacksMethod struct {
	Stacks [][]stackCard `json:"stacks"` // per model, top first
	Lost   int           `json:"lost"`   // the model spending a lost turn, or -1
}

// stackCard is one card of a stack; face-down cards sit under the face-up ones.
type stackCard struct {
	Card rules.Card `json:"card"`
	Down bool       `json:"down,omitempty"`
}

func (st *stacksMethod) Name() string { return MethodStacks }
func (st *stacksMethod) State() any   { return st }

func (st *stacksMethod) NewTurn(m *Match, src rules.Source) []Event {
	st.Lost = -1
	if st.Stacks != nil {
		return nil
	}
	// The first game turn: each side shuffles its deck and deals each model
	// its whole stack before the next (seed 000).
	st.Stacks = make([][]stackCard, len(m.Models))
	var evs []Event
	for pi, p := range m.Posses {
		deck := rules.PokerDeck()
		rules.Shuffle(src, deck)
		for _, id := range p.Models {
			n := rules.StackSize(m.Models[id].Profile.Tier)
			cards := append([]rules.Card(nil), deck[:n]...)
			deck = deck[n:]
			rules.SortHighFirst(cards)
			for _, c := range cards {
				st.Stacks[id] = append(st.Stacks[id], stackCard{Card: c})
			}
			evs = append(evs, Event{Kind: EvCard, Model: id, Posse: pi, Cards: cards,
				Text: fmt.Sprintf("%s is dealt %s.", m.Models[id].Name, cardList(cards))})
		}
	}
	return evs
}

// top is a model's top face-up card.
func (st *stacksMethod) top(id int) (rules.Card, bool) {
	if s := st.Stacks[id]; len(s) > 0 && !s[0].Down {
		return s[0].Card, true
	}
	return rules.Card{}, false
}

// TopCard is a model's current initiative card under card stacks, for screens.
func (m *Match) TopCard(id int) (rules.Card, bool) {
	if st, ok := m.init.(*stacksMethod); ok {
		return st.top(id)
	}
	return rules.Card{}, false
}

// StackOrder appends to ids the models still to act this game turn under
// card stacks, highest top card first, those with none face up last: the
// order Next takes them in but for complete ties, which a coin flip
// settles when they come up (R35, ruling G13). Under other methods it
// returns ids as they are.
func (m *Match) StackOrder(ids []int) []int {
	if m.Scenario.Initiative != MethodStacks {
		return ids
	}
	for i := range m.Models {
		if md := &m.Models[i]; !md.Removed() && !md.Activated && i != m.Active {
			ids = append(ids, i)
		}
	}
	sort.SliceStable(ids, func(i, j int) bool {
		ci, oki := m.TopCard(ids[i])
		cj, okj := m.TopCard(ids[j])
		if oki != okj {
			return oki
		}
		return oki && rules.Outranks(ci, cj)
	})
	return ids
}

// Next picks the model with the highest top card among those yet to act;
// a complete tie is settled by a fresh coin flip (R35). Models with no
// face-up card come after all others, in table order (ruling G13).
func (st *stacksMethod) Next(m *Match) (Up, bool) {
	var tied, losers []int
	var best rules.Card
	lost := -1
	for id := range m.Models {
		if !m.mayActivate(id) {
			continue
		}
		c, ok := st.top(id)
		switch {
		case !ok:
			if lost < 0 {
				lost = id
			}
			losers = append(losers, id)
		case len(tied) == 0 || rules.Outranks(c, best):
			best, tied = c, []int{id}
		case !rules.Outranks(best, c):
			tied = append(tied, id)
		}
	}
	if len(tied) == 0 {
		if lost < 0 {
			return Up{}, false
		}
		if len(losers) > 1 && m.edition3() { // a fresh flip among them, not table order (R39)
			lost = st.flipLost(m, losers)
		}
		md := &m.Models[lost]
		m.emit(Event{Kind: EvCard, Model: lost, Posse: md.Posse,
			Text: fmt.Sprintf("%s has no face-up card left: he loses this turn and restacks.", md.Name)})
		return Up{Posse: md.Posse, Model: lost}, true
	}
	id := tied[0]
	if len(tied) > 1 {
		id = st.flip(m, tied, best)
	}
	md := &m.Models[id]
	m.emit(Event{Kind: EvCard, Model: id, Posse: md.Posse, Cards: []rules.Card{best}, Deck: DeckDrawn,
		Text: fmt.Sprintf("%s acts on the %s.", md.Name, best)})
	return Up{Posse: md.Posse, Model: id}, true
}

// flip settles a complete tie (same rank and suit from two sides' decks):
// between two models a D6, even for the first named; among more, one die
// with a side for each (ruling G14).
func (st *stacksMethod) flip(m *Match, tied []int, c rules.Card) int {
	names := make([]string, len(tied))
	for i, id := range tied {
		names[i] = m.Models[id].Name
	}
	face, winner, how := flipAmong(m, tied)
	m.emit(Event{Kind: EvCard, Model: winner, Posse: m.Models[winner].Posse, Cards: []rules.Card{c}, Faces: []int{face}, Order: tied,
		Text: fmt.Sprintf("%s all show the %s: %s: %s goes first.", strings.Join(names, " and "), c, how, m.Models[winner].Name)})
	return winner
}

// flipAmong picks one of several models by a fresh flip: between two a
// D6, even for the first named; among more, one die with a side for each
// (ruling G14). It returns the face, the winner and how it was decided.
func flipAmong(m *Match, ids []int) (face, winner int, how string) {
	if len(ids) == 2 {
		face = rules.D6(m.dice)
		winner = ids[face%2]
		how = fmt.Sprintf("a coin flip, the die shows %d, %s", face, map[bool]string{true: "even", false: "odd"}[face%2 == 0])
		return face, winner, how
	}
	face = m.dice.Intn(len(ids)) + 1
	return face, ids[face-1], fmt.Sprintf("a %d-sided die shows %d", len(ids), face)
}

func (st *stacksMethod) Asking() (int, bool)                 { return 0, false }
func (st *stacksMethod) ActsAgain() bool                     { return false }
func (st *stacksMethod) MaxActivations(m *Match, id int) int { return 1 }

// Activated takes the turn of a model with no face-up card: it may only
// restack (R35).
func (st *stacksMethod) Activated(m *Match, id int) {
	if _, ok := st.top(id); !ok {
		st.Lost = id
		m.AP = 0
	}
}

// Aimed pushes the top card face down to the bottom of the stack (R35).
func (st *stacksMethod) Aimed(m *Match, id int) {
	s := st.Stacks[id]
	if len(s) == 0 || s[0].Down {
		return
	}
	pushed := s[0].Card
	st.Stacks[id] = append(append(s[:0:0], s[1:]...), stackCard{Card: pushed, Down: true})
	md := &m.Models[id]
	text := fmt.Sprintf("Aiming costs %s time: the %s goes face down under his stack; ", md.Name, pushed)
	next, ok := st.top(id)
	if ok {
		text += fmt.Sprintf("his card is now the %s.", next)
	} else {
		text += "no face-up card is left, so he will lose his next turn."
	}
	m.emit(Event{Kind: EvCard, Model: id, Posse: md.Posse, Cards: []rules.Card{pushed}, Text: text})
}

func (st *stacksMethod) Check(m *Match, c Command) error {
	lost := m.Active >= 0 && st.Lost == m.Active
	switch {
	case lost && c.Kind != CmdRestack:
		return fmt.Errorf("%s has no face-up card left: he loses this turn and can only restack his cards", m.Models[m.Active].Name)
	case c.Kind == CmdRestack && !lost:
		return fmt.Errorf("only a model with no face-up card left restacks in place of its turn")
	case c.Kind == CmdRestack && c.Model != m.Active:
		return fmt.Errorf("it is %s who restacks", m.Models[m.Active].Name)
	case c.Kind == CmdRefocus && st.inOrder(c.Model):
		return fmt.Errorf("%s's cards are already face up, highest on top", m.Models[c.Model].Name)
	case c.Kind == CmdActNow || c.Kind == CmdWait:
		return fmt.Errorf("no card is waiting for a decision")
	}
	return nil
}

// inOrder reports whether a stack is as a restack would leave it.
func (st *stacksMethod) inOrder(id int) bool {
	s := st.Stacks[id]
	for i := range s {
		if s[i].Down || (i > 0 && rules.Outranks(s[i].Card, s[i-1].Card)) {
			return false
		}
	}
	return true
}

// Do restacks: Refocus (1 AP) or a lost turn (R35).
func (st *stacksMethod) Do(m *Match, c Command) {
	s := st.Stacks[c.Model]
	cards := make([]rules.Card, len(s))
	for i := range s {
		cards[i] = s[i].Card
	}
	rules.SortHighFirst(cards)
	for i := range s {
		s[i] = stackCard{Card: cards[i]}
	}
	md := &m.Models[c.Model]
	what := "refocuses"
	if c.Kind == CmdRestack {
		what = "spends the turn restacking"
		st.Lost = -1
	}
	m.emit(Event{Kind: EvCard, Model: c.Model, Posse: md.Posse, Cards: cards,
		Text: fmt.Sprintf("%s %s: %s, face up, the %s on top.", md.Name, what, cardList(cards), cards[0])})
}

func (st *stacksMethod) Choices(m *Match) []Command {
	if m.Active >= 0 && st.Lost == m.Active {
		return []Command{{Kind: CmdRestack, Model: m.Active}}
	}
	return nil
}

// cardList writes cards in words: "the King of Spades and the 7 of Hearts".
func cardList(cards []rules.Card) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = "the " + c.String()
		if c.Joker != rules.NoJoker {
			names[i] = c.String()
		}
	}
	if len(names) == 0 {
		return "no cards"
	}
	return words.List(names)
}

// writeTableKey writes the stacks into a table key (Match.TableKey).
func (st *stacksMethod) writeTableKey(w io.Writer) {
	k := keyBytes(make([]byte, 0, 512)).int(len(st.Stacks))
	for _, stack := range st.Stacks {
		k = k.int(len(stack))
		for _, c := range stack {
			k = k.card(c.Card).flag(c.Down)
		}
	}
	w.Write(k.int(st.Lost))
}
