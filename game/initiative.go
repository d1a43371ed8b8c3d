package game

import (
	"fmt"
	"strings"

	"cowpoke/rules"
)

// Initiative decides who acts next (chapter 3.2, R33). The book's three
// methods order whole posses; the seeds' methods (a later issue) order
// single models. Both fit: Next names a posse, and a model when the method
// picks one.
type Initiative interface {
	// Name is the method's name in a scenario ("draw").
	Name() string
	// NewTurn is called at the start of every game turn, with the match's
	// dice; it returns the events of the draw or roll.
	NewTurn(m *Match, src rules.Source) []Event
	// Next names who acts now: a posse, and a model or -1 when the posse's
	// player picks any of its ready models. ok is false when the game turn
	// is over.
	Next(m *Match) (up Up, ok bool)
}

// Up is who acts next.
type Up struct {
	Posse int
	Model int // -1: the posse's player chooses among its ready models
}

// NewInitiative returns the method a scenario names.
func NewInitiative(name string) (Initiative, error) {
	switch name {
	case MethodDraw, MethodCoin, MethodStandoff:
		return &posseOrder{method: name}, nil
	case MethodStacks:
		return &stacksMethod{}, nil
	case MethodDeck:
		return &deckMethod{}, nil
	case MethodTokens:
		return &tokenMethod{}, nil
	}
	return nil, fmt.Errorf("unknown initiative method %q", name)
}

// modelMethod is what the seeds' methods (R35-R37) add to Initiative: they
// order single models, keep cards or tokens that the state hash covers,
// ask sides to decide (act or wait, restack, refocus) through commands,
// and change activations. The match reaches them only through the hooks
// in methodhooks.go; the book's methods implement none of this.
type modelMethod interface {
	Initiative
	// State is the method's cards or tokens, for the state hash.
	State() any
	// Asking names the posse that must answer the method's question
	// before play goes on (the character deck's act or wait), if any.
	Asking() (posse int, ok bool)
	// Check validates one of the method's own commands.
	Check(m *Match, c Command) error
	// Do carries out a command Check accepted.
	Do(m *Match, c Command)
	// Choices are the method's legal commands now, for random play and
	// screens; nil when it has none to offer.
	Choices(m *Match) []Command
	// ActsAgain reports whether a model may activate again in a game turn.
	ActsAgain() bool
	// MaxActivations is how often a model may activate in one game turn.
	MaxActivations(m *Match, id int) int
	// Activated is told a model's activation has begun (after its fuses);
	// it may change the action points or take the turn away.
	Activated(m *Match, id int)
	// Aimed is told a model has aimed (card stacks push the top card).
	Aimed(m *Match, id int)
}

// posseOrder is Methods A, B and C: each game turn an order of posses; each
// posse in turn activates all its models (3.1).
type posseOrder struct {
	method string
	order  []int
}

func (p *posseOrder) Name() string { return p.method }

func (p *posseOrder) NewTurn(m *Match, src rules.Source) []Event {
	n := len(m.Posses)
	ev := Event{Kind: EvInitiative, Model: -1}
	if first := m.Scenario.posseIndex(m.Scenario.FirstTurn); m.Turn == 1 && first >= 0 {
		// The scenario fixes the opening: no roll this turn.
		p.order = []int{first}
		for i := range n {
			if i != first {
				p.order = append(p.order, i)
			}
		}
		ev.Text = m.Posses[first].Name + " go first this turn, as the scenario says."
		ev.Order = append([]int(nil), p.order...)
		return []Event{ev}
	}
	switch p.method {
	case MethodDraw:
		d, _ := rules.DrawCards(src, n)
		p.order = d.Order
		ev.Text = "The Draw: " + m.posseList(p.order) + "."
	case MethodCoin:
		f := rules.FlipCoin(src)
		p.order = f.Order
		ev.Faces = []int{f.Die}
		parity := "even"
		if f.Die%2 == 1 {
			parity = "odd"
		}
		ev.Text = fmt.Sprintf("The Coin Flip: %d, %s: %s go first.", f.Die, parity, m.Posses[p.order[0]].Name)
	case MethodStandoff:
		s, _ := rules.RollStandoff(src, n)
		p.order = s.Order
		var rolls []string
		for _, r := range s.Rolls {
			ev.Faces = append(ev.Faces, r.Die)
			rolls = append(rolls, fmt.Sprintf("%s %d", m.Posses[r.Player].Name, r.Die))
		}
		ev.Text = "The Standoff: " + strings.Join(rolls, ", ") + ": " + m.posseList(p.order) + "."
	}
	ev.Order = append([]int(nil), p.order...)
	return []Event{ev}
}

func (p *posseOrder) Next(m *Match) (Up, bool) {
	for _, posse := range p.order {
		if m.posseReady(posse) {
			return Up{Posse: posse, Model: -1}, true
		}
	}
	return Up{}, false
}
