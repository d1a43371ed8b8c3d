package analysis

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
	"cowpoke/rules"
)

// The review's expected hits are what the engine's dice give: each shot
// of a match replayed on 200 forks with other dice, the hits counted, the
// mean per posse against ReviewSave's figure (within four standard
// errors); the actual hits are the match's own. The graph has a point
// before every command and one at the end, and the swings are at most
// five, biggest first, each luck or decision with words.
func TestReviewLuckMatchesTheDice(t *testing.T) {
	n, forks, weigh := 100, 200, maxSwingsWeighed
	if racecheck.Enabled { // ten times slower: each change weighed asks the computer for its best command
		n, forks, weigh = 30, 30, 2
	}
	m := played(t, "town.tmx", game.MethodDraw, 21, n)
	r, err := reviewSave(context.Background(), m.Save(), nominalPlayout, nil, weigh)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Graph) != len(m.Commands())+1 || r.Graph[0].Command != 0 || r.Graph[len(r.Graph)-1].Command != len(m.Commands()) {
		t.Fatalf("%d points for %d commands", len(r.Graph), len(m.Commands()))
	}
	if len(r.Swings) > 5 {
		t.Fatalf("%d swings", len(r.Swings))
	}
	for i, s := range r.Swings {
		if (s.Kind != SwingLuck && s.Kind != SwingDecision) || s.Text == "" || (i > 0 && math.Abs(s.Delta) > math.Abs(r.Swings[i-1].Delta)+1e-12) {
			t.Fatalf("swing %d: %+v", i, s)
		}
		if (s.Kind == SwingDecision) != (s.Best != nil) {
			t.Fatalf("swing %d: a %s with best %v", i, s.Kind, s.Best)
		}
	}
	// Monte Carlo of the real code.
	replay, err := m.Restart()
	if err != nil {
		t.Fatal(err)
	}
	hits := make([]float64, len(m.Posses))
	vars := make([]float64, len(m.Posses))
	actual := make([]float64, len(m.Posses))
	shots := 0
	for _, c := range m.Commands() {
		if c.Kind == game.CmdShoot || c.Kind == game.CmdBlaze || c.Kind == game.CmdFire {
			p := replay.Models[c.Model].Posse
			sum, sq := 0.0, 0.0
			for k := range forks {
				f := replay.Fork(rules.NewSeeded(uint64(1000 + k)))
				evs, err := f.Apply(c)
				if err != nil {
					t.Fatal(err)
				}
				h := 0.0
				for _, e := range evs {
					if e.Kind == game.EvShot {
						h += float64(e.Hits)
					}
				}
				sum += h
				sq += h * h
			}
			mean := sum / float64(forks)
			hits[p] += mean
			vars[p] += (sq/float64(forks) - mean*mean) / float64(forks)
			shots++
		}
		evs, err := replay.Apply(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == game.EvShot && (c.Kind == game.CmdShoot || c.Kind == game.CmdBlaze || c.Kind == game.CmdFire) {
				actual[replay.Models[c.Model].Posse] += float64(e.Hits)
			}
		}
	}
	if shots == 0 {
		t.Fatal("no shots in the match")
	}
	for p, l := range r.Luck {
		if se := math.Sqrt(vars[p]); math.Abs(l.ExpectedHits-hits[p]) > 4*se+1e-9 {
			t.Errorf("%s: %.2f hits expected by the review, %.2f on average over %d replays of its shots (standard error %.2f)", l.Name, l.ExpectedHits, hits[p], forks, se)
		}
		if l.ActualHits != actual[p] {
			t.Errorf("%s: %.0f hits scored by the review, %.0f in the match", l.Name, l.ActualHits, actual[p])
		}
	}
}

// A decided match's review shows where it turned: five swings, biggest
// first, each labelled, and each label agrees with its command: luck only
// where the command rolls dice (on forks with other dice it reaches other
// positions), with the odds and the outcome in its words; a decision with
// the computer's best command and both chances. Matches played to their
// end by the computer at normal, on each map.
func TestReviewOfADecidedMatchTellsFiveSwings(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	names := maps.Names()
	for i, name := range names {
		m := played(t, name, methods[i], uint64(40+i), 6000)
		if !m.Over || m.Winner < 0 {
			t.Fatalf("%s: the match did not end with a winner", name)
		}
		r, err := ReviewSave(context.Background(), m.Save(), nominalPlayout, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Swings) != maxSwings {
			t.Fatalf("%s, %d commands: %d swings, want %d", name, len(m.Commands()), len(r.Swings), maxSwings)
		}
		cmds := m.Commands()
		for k, s := range r.Swings {
			if k > 0 && math.Abs(s.Delta) > math.Abs(r.Swings[k-1].Delta)+1e-12 {
				t.Errorf("%s: swing %d (%+.3f) bigger than the one before (%+.3f)", name, k, s.Delta, r.Swings[k-1].Delta)
			}
			p := s.Posse
			if got := r.Graph[s.At+1].Win[p] - r.Graph[s.At].Win[p]; math.Abs(got-s.Delta) > 1e-12 {
				t.Errorf("%s: swing %d says %+.3f, the graph %+.3f", name, k, s.Delta, got)
			}
			before, err := m.Restart()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cmds[:s.At] {
				if _, err := before.Apply(c); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s: command %d, %s %+.1f points: %s", name, s.At+1, s.Kind, 100*s.Delta, s.Text)
			switch s.Kind {
			case SwingLuck:
				if !rollsDice(before, cmds[s.At]) {
					t.Errorf("%s: swing %d is luck, but %s rolls no dice", name, k, game.CommandWords(before, cmds[s.At]))
				}
				if !strings.Contains(s.Text, "%") || s.Best != nil {
					t.Errorf("%s: luck swing %d: %q, best %v", name, k, s.Text, s.Best)
				}
			case SwingDecision:
				if s.Best == nil || strings.Count(s.Text, "%") < 1 {
					t.Errorf("%s: decision swing %d: %q, best %v", name, k, s.Text, s.Best)
				}
			default:
				t.Errorf("%s: swing %d has no label: %+v", name, k, s)
			}
		}
	}
}

// rollsDice applies c to forks of m with other dice: whether any two reach
// different tables or give the next decision to another model or posse
// (the test's own check, apart from the review's).
func rollsDice(m *game.Match, c game.Command) bool {
	seen := map[string]bool{}
	for k := range 64 {
		f := m.Fork(rules.NewSeeded(uint64(100 + k)))
		if _, err := f.Apply(c); err != nil {
			return false
		}
		b, _ := json.Marshal(struct {
			Models          []game.Model
			Fuses           []game.Fuse // a Hail Mary's scatter
			Active, Decider int
		}{f.Models, f.Fuses, f.Active, f.Decider()})
		seen[string(b)] = true
	}
	return len(seen) > 1
}
