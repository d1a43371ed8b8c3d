package ai

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/cputime"
	"cowpoke/maps"
	"cowpoke/rules"
)

// positions plays normal against normal on Dry Gulch and keeps a fork of
// every position where the computer must decide: the inputs of the
// decision benchmarks (and of TestHardDecisionHash).
func positions(b testing.TB, seed uint64) []*game.Match {
	return positionsUnder(b, game.MethodDraw, seed)
}

// positionsUnder is positions under an initiative method.
func positionsUnder(b testing.TB, method string, seed uint64) []*game.Match {
	m := newMatch(b, setup{Map: "town.tmx", Initiative: method, Seed: seed})
	c := controller(b, "normal", seed)
	var out []*game.Match
	for !m.Over && len(out) < 2000 {
		out = append(out, m.Fork(rules.NewSeeded(seed)))
		d, _ := c.Decide(m)
		if _, err := m.ApplyDecision(d); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// benchDecide times one decision per iteration over every position of a
// recorded match, and reports the median and 99th percentile of the wall
// time and of the CPU time of the deciding thread (the wall time is
// inflated by a loaded machine; the CPU time much less). Each decision is
// taken by a fresh player, so that nothing is remembered from the last.
func benchDecide(b *testing.B, spec string) {
	benchDecideAt(b, spec, positions(b, 7))
}

// benchDecideAt is benchDecide over the positions given.
func benchDecideAt(b *testing.B, spec string, ps []*game.Match) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var times, cpus []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		m := ps[i%len(ps)]
		b.StopTimer()
		c := controller(b, spec, 1)
		b.StartTimer()
		t0, c0 := time.Now(), threadCPU()
		c.Decide(m)
		cpus = append(cpus, threadCPU()-c0)
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	quantile := func(ds []time.Duration, q float64) float64 {
		slices.Sort(ds)
		return float64(ds[int(q*float64(len(ds)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(quantile(times, 0.5), "ms-median")
	b.ReportMetric(quantile(times, 0.99), "ms-p99")
	b.ReportMetric(quantile(cpus, 0.5), "cpu-ms-median")
	b.ReportMetric(quantile(cpus, 0.99), "cpu-ms-p99")
	b.ReportMetric(float64(len(ps)), "positions")
}

// BenchmarkDecideEasy, Normal, Hard: one decision at each level over the
// positions of a normal-against-normal match on Dry Gulch.
func BenchmarkDecideEasy(b *testing.B)   { benchDecide(b, "easy") }
func BenchmarkDecideNormal(b *testing.B) { benchDecide(b, "normal") }
func BenchmarkDecideHard(b *testing.B)   { benchDecide(b, "hard") }

// BenchmarkDecideHardUnder: hard's decisions under each initiative method
// (the positions of a normal-against-normal match on Dry Gulch played
// under it). Under card stacks, the deck and the token stack activations
// start without an Activate command, which the search's playouts must
// count too (TestPlayoutKeepsItsHorizon).
//
// COWPOKE_AI_HARD_SPEC benchmarks a variant in hard's place (as in
// TestStrength's specs: "hard+blind=16"), to see a variant's CPU before
// its strength run.
func BenchmarkDecideHardUnder(b *testing.B) {
	hard := envStr("COWPOKE_AI_HARD_SPEC", "hard")
	for _, method := range methods {
		b.Run(method, func(b *testing.B) { benchDecideAt(b, hard, positionsUnder(b, method, 7)) })
	}
}

// BenchmarkTurnNormal plays the whole first posse turn of a match (six
// models activated and acted until the other posse is up) at normal, and
// reports its process CPU time too.
func BenchmarkTurnNormal(b *testing.B) {
	var cpu time.Duration
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		c := controller(b, "normal", uint64(i))
		m := newMatch(b, setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: uint64(i)})
		first := m.Up.Posse
		b.StartTimer()
		c0 := cputime.Process()
		for !m.Over && m.Turn == 1 && (m.Up.Posse == first || m.Pending != nil) {
			d, _ := c.Decide(m)
			if _, err := m.ApplyDecision(d); err != nil {
				b.Fatal(err)
			}
		}
		cpu += cputime.Process() - c0
	}
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/turn")
}

// BenchmarkMatchNormal plays one whole normal-against-normal match on Dry
// Gulch per iteration, checked (playChecked: invariants after every
// command).
func BenchmarkMatchNormal(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		r := playChecked(b, setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: uint64(i), A: "normal", B: "normal"})
		if r.err != nil {
			b.Fatal(r.err)
		}
	}
}

// BenchmarkSimMatchNormal plays whole normal-against-normal matches as
// cowpoke sim does (game.PlayOut, no checks), on every map in turn, and
// reports the process CPU per match: what the bulk simulator pays (issue
// 11 wants at most about 0.2 s, so 1,000 matches take 120 s on 2 cores).
func BenchmarkSimMatchNormal(b *testing.B) {
	names := maps.Names()
	var cpu time.Duration
	commands := 0
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		m := newMatch(b, setup{Map: names[i%len(names)], Initiative: game.MethodDraw, Seed: uint64(i)})
		sides := []game.Controller{controller(b, "normal", uint64(2*i+1)), controller(b, "normal", uint64(2*i+2))}
		b.StartTimer()
		t0 := cputime.Process()
		n, err := game.PlayOut(m, sides, maxCommands)
		if err != nil {
			b.Fatal(err)
		}
		commands += n
		cpu += cputime.Process() - t0
		if !m.Over {
			b.Fatalf("match %d on %s did not end within %d commands", i, names[i%len(names)], maxCommands)
		}
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/match")
	b.ReportMetric(float64(commands)/float64(b.N), "commands/match")
}
