package sim

import (
	"context"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/cputime"
)

// BenchmarkWorkers plays the same batch of full random matches on the
// default town with one worker and then with two, in each iteration, and
// reports how much faster two are (speedup = time with 1 / time with 2),
// so the ratio is measured in the same run under the same load. It also
// reports the CPU time per match with each: equal figures mean the two
// workers do no extra work, and a speedup short of 2 is then cores the
// machine did not give. Run with
//
//	go test -run '^$' -bench Workers -benchtime 5x ./game/sim/
func BenchmarkWorkers(b *testing.B) {
	s, err := game.DefaultScenario()
	if err != nil {
		b.Fatal(err)
	}
	board, err := s.LoadMap()
	if err != nil {
		b.Fatal(err)
	}
	const batch = 8
	var took, cpu [3]time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		for _, w := range []int{1, 2} {
			start, startCPU := time.Now(), cputime.Process()
			res, err := Run(context.Background(), Config{Scenario: s, Board: board, A: "random", B: "random", Matches: batch, Seed: seed, Workers: w})
			if err != nil || len(res.Matches) != batch {
				b.Fatalf("workers %d: %v", w, err)
			}
			took[w] += time.Since(start)
			cpu[w] += cputime.Process() - startCPU
		}
	}
	b.ReportMetric(float64(took[1].Milliseconds())/float64(b.N*batch), "ms/match-1-worker")
	b.ReportMetric(float64(took[2].Milliseconds())/float64(b.N*batch), "ms/match-2-workers")
	b.ReportMetric(float64(cpu[1].Milliseconds())/float64(b.N*batch), "cpu-ms/match-1-worker")
	b.ReportMetric(float64(cpu[2].Milliseconds())/float64(b.N*batch), "cpu-ms/match-2-workers")
	b.ReportMetric(took[1].Seconds()/took[2].Seconds(), "speedup")
}
