package game

import (
	"fmt"

	"cowpoke/game/board"
)

// Invariants checks what must hold after every command of any match, for
// the property tests of the engine and of every controller: nobody
// activates twice in a game turn, pools roll as many dice as they say, AP
// stays in 0..2, health stays on the card, bases stay on the table and
// apart, the winner has somebody standing. Make one per match and call
// Check after every command.
type Invariants struct {
	acted map[[2]int]bool
	seen  int
}

// NewInvariants starts checking a match from its first event.
func NewInvariants() *Invariants { return &Invariants{acted: map[[2]int]bool{}} }

// Check returns the first broken invariant, or nil.
func (v *Invariants) Check(m *Match) error {
	acted, seen := v.acted, &v.seen
	for _, e := range m.events[*seen:] {
		if e.Kind == EvActivated {
			key := [2]int{e.Turn, e.Model}
			if acted[key] {
				return fmt.Errorf("%s activated twice in game turn %d", m.Models[e.Model].Name, e.Turn)
			}
			acted[key] = true
		}
		if e.Pool != nil && e.Kind != EvBrawl && len(e.Faces) != e.Pool.Dice {
			return fmt.Errorf("%q rolled %d dice for a pool of %d", e.Text, len(e.Faces), e.Pool.Dice)
		}
	}
	*seen = len(m.events)
	if m.AP < 0 || m.AP > 2 {
		return fmt.Errorf("AP %d", m.AP)
	}
	if m.Active >= 0 && m.Models[m.Active].Removed() && m.Pending == nil {
		return fmt.Errorf("%s is activating though out of play", m.Models[m.Active].Name)
	}
	for i := range m.Models {
		a := &m.Models[i]
		if a.Health.HP() > a.Health.MaxHP || a.Health.Damage < 0 {
			return fmt.Errorf("%s has %d HP of %d", a.Name, a.Health.HP(), a.Health.MaxHP)
		}
		if a.Removed() {
			continue
		}
		if a.Pos.X < 0.5-1e-6 || a.Pos.Y < 0.5-1e-6 || a.Pos.X > m.Board.Width-0.5+1e-6 || a.Pos.Y > m.Board.Height-0.5+1e-6 {
			return fmt.Errorf("%s stands off the table at %v", a.Name, a.Pos)
		}
		if a.Sticks < 0 {
			return fmt.Errorf("%s has %d sticks", a.Name, a.Sticks)
		}
		for j := i + 1; j < len(m.Models); j++ {
			b := &m.Models[j]
			if !b.Removed() && a.Pos.Dist(b.Pos) < 2*board.BaseRadius-1e-6 {
				return fmt.Errorf("%s and %s overlap: centres %.4f\" apart", a.Name, b.Name, a.Pos.Dist(b.Pos))
			}
		}
	}
	if m.Over && m.Winner >= 0 && m.standing(m.Winner) == 0 {
		return fmt.Errorf("the winner %s has nobody standing", m.Posses[m.Winner].Name)
	}
	return nil
}
