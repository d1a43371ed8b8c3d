package game

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"cowpoke/game/cputime"
)

// BenchmarkRandomMatch plays one complete match of random legal commands on
// the default town per iteration (to the end, no turn limit): the baseline
// the bulk simulator is held to. Besides ns/op (wall time, inflated when
// the machine is busy) it reports the process's CPU time per match, user
// and system, from getrusage: the median ("cpu-ms-median/match", the bar's
// figure) and the mean. Run with
//
//	go test -run '^$' -bench RandomMatch -benchtime 20x -benchmem ./game/
func BenchmarkRandomMatch(b *testing.B) {
	s, board := defaultTown(b)
	rng := rand.New(rand.NewPCG(1, 2))
	commands := 0
	var cpu []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := cputime.Process()
		m, err := NewMatchOn(s, board, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !m.Over {
			c, _ := m.RandomCommand(rng)
			if _, err := m.Apply(c); err != nil {
				b.Fatal(err)
			}
			commands++
		}
		cpu = append(cpu, cputime.Process()-start)
	}
	b.ReportMetric(float64(commands)/float64(b.N), "commands/match")
	reportCPU(b, cpu, "match")
}

// reportCPU reports the median and mean of per-unit CPU times in ms.
func reportCPU(b *testing.B, cpu []time.Duration, unit string) {
	if len(cpu) == 0 {
		return
	}
	var sum time.Duration
	for _, d := range cpu {
		sum += d
	}
	slices.Sort(cpu)
	med := cpu[len(cpu)/2]
	if len(cpu)%2 == 0 {
		med = (cpu[len(cpu)/2-1] + cpu[len(cpu)/2]) / 2
	}
	b.ReportMetric(float64(med)/1e6, "cpu-ms-median/"+unit)
	b.ReportMetric(float64(sum)/float64(len(cpu))/1e6, "cpu-ms-mean/"+unit)
}

// BenchmarkTableKey digests a match's table (Match.TableKey, the memory key
// of game/ai's playouts) under the draw and each seed's method, after 20
// random commands so the cards and tokens are part dealt. Run with
//
//	go test -run '^$' -bench TableKey -benchmem ./game/
func BenchmarkTableKey(b *testing.B) {
	scenarios := methodScenarios(b)
	scenarios["draw"], _ = defaultTown(b)
	_, town := defaultTown(b)
	for _, name := range []string{"draw", "stacks", "deck", "tokens"} {
		b.Run(name, func(b *testing.B) {
			m, err := NewMatchOn(scenarios[name], town, 5)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for range 20 {
				c, _ := m.RandomCommand(rng)
				if _, err := m.Apply(c); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				if _, ok := m.TableKey(); !ok {
					b.Fatal("no key")
				}
			}
		})
	}
}
