package analysis

import (
	"context"
	"math"
	"testing"

	"cowpoke/game"
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
	if raceEnabled { // ten times slower: each change weighed asks the computer for its best command
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
