package game

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomMatch plays one complete match of random legal commands on
// the default town per iteration (to the end, no turn limit): the baseline
// the bulk simulator is held to. Run with
//
//	go test -run '^$' -bench RandomMatch -benchmem ./game/
func BenchmarkRandomMatch(b *testing.B) {
	s, board := defaultTown(b)
	rng := rand.New(rand.NewPCG(1, 2))
	commands := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
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
	}
	b.ReportMetric(float64(commands)/float64(b.N), "commands/match")
}
