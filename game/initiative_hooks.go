package game

import (
	"errors"
	"math/rand/v2"
)

// The hooks through which the match reaches the seeds' initiative methods
// (modelMethod, R35-R37) and round effects (R38). Each is a no-op under
// the book's methods (draw, coin, standoff), so those play exactly as
// before and their saves replay unchanged.

// Method command kinds (the decisions the seeds' methods add).
const (
	CmdActNow  CommandKind = "act-now" // character deck: the chooser's card acts now (R36)
	CmdWait    CommandKind = "wait"    // character deck: the chooser's card waits (R36)
	CmdRefocus CommandKind = "refocus" // card stacks: 1 AP, restack high to low (R35)
	CmdRestack CommandKind = "restack" // card stacks: a lost turn spent restacking (R35)
)

// Events of the seeds' methods; every card and token carries its face.
const (
	EvCard   EventKind = "card"         // a card dealt, drawn, turned, pushed or discarded
	EvToken  EventKind = "token"        // a token drawn from the bag, or the bag refilled
	EvEffect EventKind = "round-effect" // the round's effect card, or an effect applied
)

// method is the seeds' method in play, or nil under the book's methods.
func (m *Match) method() modelMethod {
	mm, _ := m.init.(modelMethod)
	return mm
}

// initState is the method's state for the state hash (nil for the book's
// methods, so their hashes are unchanged).
func (m *Match) initState() any {
	if mm := m.method(); mm != nil {
		return mm.State()
	}
	return nil
}

// asking reports whether the method waits for a side's decision between
// activations (the character deck's act or wait); nextUp then stops.
func (m *Match) asking() (int, bool) {
	if mm := m.method(); mm != nil {
		return mm.Asking()
	}
	return 0, false
}

// mayActivate reports whether a model may begin an activation: it stands
// and has not acted this game turn, unless the method lets models act
// again (the token stack, R37).
func (m *Match) mayActivate(id int) bool {
	md := &m.Models[id]
	if md.Removed() {
		return false
	}
	if mm := m.method(); mm != nil && mm.ActsAgain() {
		return true
	}
	return !md.Activated
}

// methodGate lets the method take a command before the ordinary checks:
// its own decisions, and refusing everything else while it asks. handled
// is false for commands the ordinary checks decide.
func (m *Match) methodGate(c Command) (handled bool, err error) {
	mm := m.method()
	isMethodCmd := c.Kind == CmdActNow || c.Kind == CmdWait || c.Kind == CmdRestack
	if mm == nil {
		if isMethodCmd || c.Kind == CmdRefocus {
			return true, errors.New("this match's initiative has no such decision")
		}
		return false, nil
	}
	if p, ok := mm.Asking(); ok || isMethodCmd || m.lostTurn() {
		err := mm.Check(m, c)
		if err == nil && ok && c.Kind != CmdActNow && c.Kind != CmdWait {
			err = errors.New(possessive(m.Posses[p].Name) + " player must first say whether the card acts now or waits")
		}
		return true, err
	}
	return false, nil
}

// lostTurn reports whether the active model is spending a lost turn (card
// stacks: no face-up card left, R35).
func (m *Match) lostTurn() bool {
	st, ok := m.init.(*stacksMethod)
	return ok && m.Active >= 0 && st.Lost == m.Active
}

// doMethodCommand carries out a method decision; false for other commands.
func (m *Match) doMethodCommand(c Command) bool {
	switch c.Kind {
	case CmdActNow, CmdWait:
		m.method().Do(m, c)
		m.nextUp(m.turnPosse)
		return true
	case CmdRestack:
		m.method().Do(m, c)
		m.endActivation()
		return true
	}
	return false
}

// MethodChoices are the decisions the initiative method waits for now
// (the character deck's act now or wait, a lost turn's restack), for the
// side m.Decider() names; nil when it waits for none.
func (m *Match) MethodChoices() []Command { return m.methodChoices() }

// methodChoices are the decisions the method offers now (RandomCommand).
func (m *Match) methodChoices() []Command {
	if mm := m.method(); mm != nil {
		return mm.Choices(m)
	}
	return nil
}

// randomMethodCommand picks one of the method's decisions, if it has any
// to offer now.
func (m *Match) randomMethodCommand(rng *rand.Rand) (Command, bool) {
	cs := m.methodChoices()
	if len(cs) == 0 {
		return Command{}, false
	}
	return cs[rng.IntN(len(cs))], true
}

// methodActionKinds are the actions the method adds to chapter 5's.
func (m *Match) methodActionKinds() []CommandKind {
	if _, ok := m.init.(*stacksMethod); ok {
		return []CommandKind{CmdRefocus, CmdRestack}
	}
	return nil
}

// methodActivated tells the method (and round effects) an activation began.
func (m *Match) methodActivated(id int) {
	if mm := m.method(); mm != nil {
		mm.Activated(m, id)
	}
	if m.effects != nil {
		m.effects.activated(m, id)
	}
}

// methodAimed tells the method a model aimed (card stacks, R35).
func (m *Match) methodAimed(id int) {
	if mm := m.method(); mm != nil {
		mm.Aimed(m, id)
	}
}

// checkRefocus validates Refocus (card stacks only, R35).
func (m *Match) checkRefocus(c Command) error {
	st, ok := m.init.(*stacksMethod)
	if !ok {
		return errors.New("Refocus is only played with card stacks")
	}
	return st.Check(m, c)
}

// maxActivations is how often a model may activate in one game turn.
func (m *Match) maxActivations(id int) int {
	if mm := m.method(); mm != nil {
		return mm.MaxActivations(m, id)
	}
	return 1
}
