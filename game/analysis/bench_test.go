package analysis

import (
	"context"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/cputime"
)

// midMatches are positions of normal-against-normal matches after 60 to
// 140 commands, on every map.
func midMatches(b *testing.B) []*game.Match {
	var ms []*game.Match
	for i, name := range []string{"halt.tmx", "ranch.tmx", "town.tmx"} {
		ms = append(ms, played(b, name, methods[i], uint64(i+11), 60+40*i))
	}
	return ms
}

// BenchmarkEvaluate2s is `cowpoke eval --budget 2s`'s work on a mid-match
// position (the estimate and the suggestion; the bar: under 2 s of CPU on
// one core, cpu-s/op, with a 95% interval no wider than 5 points either
// side, ci-points/op).
func BenchmarkEvaluate2s(b *testing.B) {
	ms := midMatches(b)
	var cpu time.Duration
	half := 0.0
	n := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m := ms[i%len(ms)]
		t0 := cputime.Process()
		ev := Evaluate(context.Background(), m, 2*time.Second)
		cpu += cputime.Process() - t0
		for _, p := range ev.Estimate.Posses {
			half = max(half, (p.CI95[1]-p.CI95[0])/2)
		}
		n++
	}
	b.ReportMetric(cpu.Seconds()/float64(n), "cpu-s/op")
	b.ReportMetric(100*half, "ci-points")
}

// BenchmarkStatic is the static estimate (the bar: under 1 ms).
func BenchmarkStatic(b *testing.B) {
	ms := midMatches(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Static(ms[i%len(ms)])
	}
}
