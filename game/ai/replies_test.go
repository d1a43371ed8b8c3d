package ai

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"cowpoke/game"
	"cowpoke/maps"
)

// The measurements behind "The enemy's habits" (README): how well hard's
// playouts foresee an opponent, and how well normal's danger foretells a
// model's removal. Both skip unless their variable gives the matches;
// COWPOKE_AI_DIAG_OPP names the opponent (greedy by default). Normal
// plays the other side, the seats swapped every other match, seeds 7000
// on, the maps and the initiative methods in turn.
//
//	COWPOKE_AI_REPLIES=60 go test -run TestRepliesForeseen -v ./game/ai/
//	COWPOKE_AI_REPLIES=60 COWPOKE_AI_DIAG_OPP=normal COWPOKE_AI_HARD_SPEC='hard+weighted=1' go test -run TestRepliesForeseen -v ./game/ai/
//	COWPOKE_AI_CALIBRATION=300 go test -run TestDangerCalibrated -v ./game/ai/

// diagMatches plays n matches of normal against the opponent, calling
// before(m, d, normalSide) ahead of every command and after(m, evs,
// normalSide) after it.
func diagMatches(t *testing.T, n int, before func(*game.Match, game.Decision, int), after func(*game.Match, []game.Event, int)) string {
	opp := envStr("COWPOKE_AI_DIAG_OPP", "greedy")
	names := maps.Names()
	for i := 0; i < n; i++ {
		s := setup{Map: names[i%len(names)], Initiative: methods[(i/2)%len(methods)], Seed: uint64(7000 + i/2), A: "normal", B: opp}
		me := 0
		if i%2 == 1 {
			s.A, s.B, me = opp, "normal", 1
		}
		m := newMatch(t, s)
		sides := []game.Controller{controller(t, s.A, s.Seed*2+1), controller(t, s.B, s.Seed*2+2)}
		playMatch(t, m, sides, func(d game.Decision) { before(m, d, me) }, func(_ int, _ game.Decision, evs []game.Event) { after(m, evs, me) })
	}
	return opp
}

// TestRepliesForeseen: of the opponent's commands in an activation, how
// many the playout policy (steady, reckless as the mix knob plays it, and
// the plain shooter of the styles knob) would have given in its place, by
// kind and exactly, and the commonest kinds it gives where the opponent
// gives another.
func TestRepliesForeseen(t *testing.T) {
	n := envInt("COWPOKE_AI_REPLIES", 0)
	if n == 0 {
		t.Skip("set COWPOKE_AI_REPLIES to the matches to play")
	}
	// COWPOKE_AI_HARD_SPEC: the policy of another hard's playouts
	// ("hard+weighted=1").
	hard := controller(t, envStr("COWPOKE_AI_HARD_SPEC", "hard"), 1).(*Player)
	_, steady := hard.playoutPlayers()
	bold, plain := hard.bold, hard.plain
	var total, kind, exact, boldKind, boldExact, plainKind, plainExact int
	misses := map[string]int{}
	opp := diagMatches(t, n, func(m *game.Match, d game.Decision, me int) {
		if m.Decider() == me || m.Active < 0 || m.Pending != nil {
			return
		}
		a, _ := steady.Decide(m)
		b, _ := bold.Decide(m)
		c, _ := plain.Decide(m)
		if c.Command.Kind == d.Command.Kind {
			plainKind++
		}
		if fmt.Sprint(c.Command) == fmt.Sprint(d.Command) {
			plainExact++
		}
		total++
		if a.Command.Kind == d.Command.Kind {
			kind++
		} else {
			misses[fmt.Sprintf("%s where the policy gives %s", d.Command.Kind, a.Command.Kind)]++
		}
		if fmt.Sprint(a.Command) == fmt.Sprint(d.Command) {
			exact++
		}
		if b.Command.Kind == d.Command.Kind {
			boldKind++
		}
		if fmt.Sprint(b.Command) == fmt.Sprint(d.Command) {
			boldExact++
		}
	}, func(*game.Match, []game.Event, int) {})
	pc := func(k int) float64 { return 100 * float64(k) / float64(total) }
	t.Logf("%s: %d commands; the steady policy gives the same kind %.1f%%, the same command %.1f%%; the reckless one %.1f%%, %.1f%%; the plain shooter %.1f%%, %.1f%%",
		opp, total, pc(kind), pc(exact), pc(boldKind), pc(boldExact), pc(plainKind), pc(plainExact))
	keys := make([]string, 0, len(misses))
	for k := range misses {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(misses[b], misses[a]), cmp.Compare(a, b)) })
	for _, k := range keys[:min(5, len(keys))] {
		t.Logf("  %s: %.1f%%", k, pc(misses[k]))
	}
}

// TestDangerCalibrated: normal's danger where each of its models ends an
// activation (the chance to be removed before its next one) against how
// often it was removed by then, in bins of a tenth.
func TestDangerCalibrated(t *testing.T) {
	n := envInt("COWPOKE_AI_CALIBRATION", 0)
	if n == 0 {
		t.Skip("set COWPOKE_AI_CALIBRATION to the matches to play")
	}
	type bin struct{ pred, hit, n float64 }
	bins := make([]bin, 10)
	pending := map[int]float64{}
	note := func(p, hit float64) {
		b := &bins[min(9, int(p*10))]
		b.pred, b.hit, b.n = b.pred+p, b.hit+hit, b.n+1
	}
	normal := controller(t, "normal", 1).(*Player)
	opp := diagMatches(t, n, func(m *game.Match, _ game.Decision, _ int) {
		if len(m.Commands()) == 0 {
			clear(pending) // a new match
		}
	}, func(m *game.Match, evs []game.Event, me int) {
		for _, e := range evs {
			p, waiting := pending[e.Model]
			switch {
			case e.Kind == game.EvActivated && waiting:
				note(p, 0)
				delete(pending, e.Model)
			case e.Kind == game.EvRemoved && waiting:
				note(p, 1)
				delete(pending, e.Model)
			case e.Kind == game.EvActivationEnded:
				if md := &m.Models[e.Model]; md.Posse == me && !md.Removed() {
					pending[e.Model] = newEval(m, normal, e.Model).dangerAt(md.Pos, md.Moved).pRemoved
				}
			}
		}
	})
	for i, b := range bins {
		if b.n > 0 {
			t.Logf("%s: danger %.1f-%.1f: %5.0f activation ends, danger %.3f on average, removed %.3f", opp, float64(i)/10, float64(i+1)/10, b.n, b.pred/b.n, b.hit/b.n)
		}
	}
}

// TestHabitsShown: the habits (game.Habit) normal and the opponent show
// over whole matches: Overwatches a hundred activations, and the share of
// their own shooting rolls that Blaze Away. Normal's are the rates
// watchHabit and blazeHabit take for the playout policy's.
//
//	COWPOKE_AI_HABITS=200 go test -run TestHabitsShown -v ./game/ai/
func TestHabitsShown(t *testing.T) {
	n := envInt("COWPOKE_AI_HABITS", 0)
	if n == 0 {
		t.Skip("set COWPOKE_AI_HABITS to the matches to play")
	}
	var sum [2]game.Habit // normal, the opponent
	opp := diagMatches(t, n, func(*game.Match, game.Decision, int) {}, func(m *game.Match, _ []game.Event, me int) {
		if !m.Over {
			return
		}
		for p := range m.Posses {
			h, s := m.Habits(p), &sum[1]
			if p == me {
				s = &sum[0]
			}
			s.Activations += h.Activations
			s.Overwatches += h.Overwatches
			s.Shots += h.Shots
			s.Blazes += h.Blazes
		}
	})
	for i, name := range []string{"normal", opp} {
		h := sum[i]
		t.Logf("%s: %d activations, %.1f Overwatches a hundred; %d shooting rolls of its own, %.1f%% Blazing Away",
			name, h.Activations, 100*float64(h.Overwatches)/float64(h.Activations), h.Shots+h.Blazes, 100*float64(h.Blazes)/float64(h.Shots+h.Blazes))
	}
}
