package ai

import (
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// TestPlayoutKeepsItsHorizon: under every initiative method a playout of
// hard's search stops when the deciding model starts its next activation
// or after its horizon of activations, whether an activation starts by an
// Activate command (the draw, the coin, the stand-off) or by itself when a
// card or token comes up (card stacks, the deck, the token stack). Until
// this was mended, a playout under the last three ran to the end of the
// match, and hard took seconds for a decision there.
func TestPlayoutKeepsItsHorizon(t *testing.T) {
	hard := controller(t, "hard", 1).(*Player)
	const horizon = 4
	for _, method := range methods {
		t.Run(method, func(t *testing.T) {
			m := newMatch(t, setup{Map: "halt.tmx", Initiative: method, Seed: 1039, Mirror: true})
			sides := []game.Controller{controller(t, "normal", 1), controller(t, "normal", 2)}
			checked := 0
			for n := 0; n < 40 && !m.Over; n++ {
				side := m.Decider()
				d, ok := sides[side].Decide(m)
				if !ok {
					t.Fatalf("normal gave no command after %d", n)
				}
				me := m.Active
				if m.Pending != nil {
					me = m.Pending.Watcher
				}
				f := hard.playOn(m, d.Command, side, me, uint64(n)+7, horizon)
				if f == nil {
					t.Fatalf("command %d %+v refused on the fork", n, d.Command)
				}
				// A fork starts with the events of the activation under way.
				started := activationsIn(f) - activationsIn(m.Fork(rules.NewSeeded(0)))
				// The command's own activation, the horizon's, and the one
				// that stopped the playout when it started by itself.
				if started > horizon+2 || f.Over {
					t.Fatalf("command %d (%s, turn %d): the playout started %d activations (over: %v); want at most %d", n, d.Command.Kind, m.Turn, started, f.Over, horizon+2)
				}
				checked++
				if _, err := m.ApplyDecision(d); err != nil {
					t.Fatal(err)
				}
			}
			if checked < 20 {
				t.Fatalf("only %d positions checked", checked)
			}
		})
	}
}

func activationsIn(m *game.Match) int {
	n := 0
	for _, e := range m.Events() {
		if e.Kind == game.EvActivated {
			n++
		}
	}
	return n
}
