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
//
// With through (a knob of the measurements: README), a playout goes on
// through the deciding model's next activation and stops when that ends.
func TestPlayoutKeepsItsHorizon(t *testing.T) {
	for _, through := range []bool{false, true} {
		for _, method := range methods {
			name := method
			if through {
				name += "/through"
			}
			t.Run(name, func(t *testing.T) { checkPlayoutHorizon(t, method, through) })
		}
	}
}

func checkPlayoutHorizon(t *testing.T, method string, through bool) {
	hard := controller(t, "hard", 1).(*Player)
	horizon := 4
	if through {
		hard.lvl.search.through = true
		horizon = 12
	}
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
		start := m.Fork(rules.NewSeeded(0))
		started := activationsOf(f, -1) - activationsOf(start, -1)
		if through && f.Active >= 0 && f.Active == me && f.Pending == nil && activationsOf(f, me) > activationsOf(start, me) {
			t.Fatalf("command %d (%s, turn %d): the playout stopped inside the deciding model's next activation", n, d.Command.Kind, m.Turn)
		}
		// The command's own activation, the horizon's, the one that
		// stopped the playout when it started by itself, and with through
		// the deciding model's next.
		most := horizon + 2
		if through {
			most++
		}
		if started > most || f.Over {
			t.Fatalf("command %d (%s, turn %d): the playout started %d activations (over: %v); want at most %d", n, d.Command.Kind, m.Turn, started, f.Over, most)
		}
		checked++
		if _, err := m.ApplyDecision(d); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// activationsOf counts the activations of model id begun in m's events
// (-1: of any model).
func activationsOf(m *game.Match, id int) int {
	n := 0
	for _, e := range m.Events() {
		if e.Kind == game.EvActivated && (id < 0 || e.Model == id) {
			n++
		}
	}
	return n
}
