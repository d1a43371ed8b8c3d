package game

import "cowpoke/rules"

// StackCard is one card of a model's stack under card stacks, as a table
// shows it: face up, or face down under the face-up ones (R35).
type StackCard struct {
	Card rules.Card
	Down bool
}

// Stack is a model's whole card stack, top first, under card stacks; ok is
// false under other methods. It is a copy: screens and players may keep it.
func (m *Match) Stack(id int) (cards []StackCard, ok bool) {
	st, ok := m.init.(*stacksMethod)
	if !ok || id < 0 || id >= len(st.Stacks) {
		return nil, ok
	}
	for _, c := range st.Stacks[id] {
		cards = append(cards, StackCard{Card: c.Card, Down: c.Down})
	}
	return cards, true
}

// SharedToken reports whether the side that is up was drawn by a shared
// token of the token stack (R37): its player may then activate any of its
// standing models, one that has acted this round included.
func (m *Match) SharedToken() bool {
	_, ok := m.init.(*tokenMethod)
	return ok && !m.Over && m.Active < 0 && m.Pending == nil && m.Up.Model < 0
}

// MethodAsks names the side the character deck waits for, to say whether
// a card acts now or waits (R36); ok is false when nothing is asked.
func (m *Match) MethodAsks() (posse int, ok bool) { return m.asking() }

// CanActivate reports whether model id may be activated now: what Validate
// says of an Activate command (TestCanActivateIsValidate), without wording
// a refusal, for a window that asks it of every model every frame.
func (m *Match) CanActivate(id int) bool {
	if id < 0 || id >= len(m.Models) || m.Over || m.Active >= 0 || m.Pending != nil {
		return false
	}
	if _, asks := m.MethodAsks(); asks {
		return false // the character deck waits to hear whether a card acts now or waits
	}
	md := &m.Models[id]
	if md.Removed() || md.Posse != m.Up.Posse {
		return false
	}
	// A model the initiative names may act even if it has acted (an Ace's
	// second card, a model's second token); a shared token lets its side
	// pick any standing model (R36, R37).
	return m.Up.Model == id || (m.Up.Model < 0 && (!md.Activated || m.SharedToken()))
}
