package analysis

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/rules"
)

var boards = sync.OnceValues(game.BuiltinBoards)

// played is a normal-against-normal match on a map with an initiative
// method, played for n commands (or to its end); the whole match when
// full, to know who won.
func played(tb testing.TB, mapName, method string, seed uint64, n int) *game.Match {
	tb.Helper()
	sc, err := game.DefaultScenario()
	if err != nil {
		tb.Fatal(err)
	}
	sc.Map, sc.Initiative = mapName, method
	return playedScenario(tb, sc, seed, n)
}

// playedScenario plays up to n commands of sc, normal against normal.
func playedScenario(tb testing.TB, sc game.Scenario, seed uint64, n int) *game.Match {
	tb.Helper()
	bs, err := boards()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := game.NewMatchOn(sc, bs[sc.Map], seed)
	if err != nil {
		tb.Fatal(err)
	}
	a, _ := ai.New("normal", seed*2)
	b, _ := ai.New("normal", seed*2+1)
	sides := []game.Controller{a, b}
	for i := 0; i < n && !m.Over; i++ {
		d, ok := sides[m.Decider()].Decide(m)
		if !ok {
			tb.Fatal("no decision")
		}
		if _, err := m.ApplyDecision(d); err != nil {
			tb.Fatal(err)
		}
	}
	return m
}

// An estimate has one chance per posse, summing to about 1 with the
// draws, each inside its interval; the same seed and budget give the same
// figures, and a fork with other dice the same as the match.
func TestEstimateIsDeterministicAndIgnoresDice(t *testing.T) {
	m := played(t, "town.tmx", game.MethodDraw, 7, 60)
	e := NewEstimator(3).estimate(context.Background(), m, 10)
	if e.Source != SourceSearch || e.Playouts != 10 {
		t.Fatalf("source %q after %d playouts", e.Source, e.Playouts)
	}
	sum := e.Draw
	for _, p := range e.Posses {
		if p.CI95[0] > p.Win || p.CI95[1] < p.Win {
			t.Fatalf("%s: %.3f outside its interval %v", p.Name, p.Win, p.CI95)
		}
		sum += p.Win
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("chances %+v and draw %.3f sum to %.4f", e.Posses, e.Draw, sum)
	}
	again := NewEstimator(3).estimate(context.Background(), m.Fork(rules.NewSeeded(99)), 10)
	for i := range e.Posses {
		if again.Posses[i] != e.Posses[i] {
			t.Fatalf("a fresh estimator on a fork: %+v, first %+v", again.Posses, e.Posses)
		}
	}
}

// A cancelled context still gives an answer: the static estimate.
func TestEstimateCancelledFallsBackToStatic(t *testing.T) {
	m := played(t, "halt.tmx", game.MethodCoin, 8, 30)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := NewEstimator(1).Estimate(ctx, m, time.Second)
	s := Static(m)
	if e.Source != SourceStatic || e.Posses[0].Win != s.Posses[0].Win {
		t.Fatalf("cancelled: %+v, static %+v", e, s)
	}
}
