package game

import (
	"cowpoke/game/board"
	"testing"

	"cowpoke/rules"
)

// TestForkLeavesTheMatchAlone: playing a fork to its end, under every
// initiative method and option, changes nothing of the match it came from
// (its cards, tokens and round effects included: they are in the state
// hash), and the match plays on as if no fork had been made.
func TestForkLeavesTheMatchAlone(t *testing.T) {
	onEveryMethod(t, func(t *testing.T, sc Scenario, town *board.Board) {
		m, err := NewMatchOn(sc, town, 11)
		if err != nil {
			t.Fatal(err)
		}
		twin, _ := NewMatchOn(sc, town, 11)
		rp, rt := NewRandomPlayer(4), NewRandomPlayer(4)
		for step := 0; step < 25 && !m.Over; step++ {
			before := m.StateHash()
			f := m.Fork(rules.NewSeeded(uint64(step) + 99))
			if _, err := PlayOut(f, Sides(len(f.Posses), NewRandomPlayer(uint64(step))), 150); err != nil {
				t.Fatalf("step %d: the fork: %v", step, err)
			}
			if m.StateHash() != before {
				t.Fatalf("step %d: playing a fork changed the match", step)
			}
			d, _ := rp.Decide(m)
			dt, _ := rt.Decide(twin)
			if _, err := m.ApplyDecision(d); err != nil {
				t.Fatal(err)
			}
			if _, err := twin.ApplyDecision(dt); err != nil {
				t.Fatal(err)
			}
			if m.StateHash() != twin.StateHash() {
				t.Fatalf("step %d: the match went another way than its twin that was never forked", step)
			}
		}
	})
}
