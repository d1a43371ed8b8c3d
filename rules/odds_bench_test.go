package rules

import "testing"

// Benchmarks for the bar "any exact shot or brawl distribution with pools up
// to 40 dice in <= 5 us and 0 allocations per call". Run with
//   go test -run '^$' -bench . -benchmem ./rules/

var sinkOdds PoolOdds
var sinkBrawl BrawlOdds

func BenchmarkShotOdds40Dice(b *testing.B) {
	pool := Pool{Label: "bench", Base: 40, Total: 40, Dice: 40}
	target := NewHealth(Legend, false)
	b.ReportAllocs()
	for b.Loop() {
		sinkOdds = OddsOf(&pool, target)
	}
}

func BenchmarkBlazeAwayOdds40Dice(b *testing.B) {
	pool := Pool{Label: "bench", Base: 40, Total: 40, Dice: 40, EverySix: true}
	target := NewHealth(Legend, false)
	b.ReportAllocs()
	for b.Loop() {
		sinkOdds = OddsOf(&pool, target)
	}
}

func BenchmarkShotPoolAndOdds(b *testing.B) {
	shot := Shot{Weapon: Revolver, Band: Short, Blaze: true, Tier: Legend, TargetMoved: true, Cover: WoodCover}
	target := NewHealth(Cowpoke, true)
	b.ReportAllocs()
	for b.Loop() {
		pool, _ := ShotPool(shot)
		sinkOdds = OddsOf(&pool, target)
	}
}

func BenchmarkBrawlOdds40v40(b *testing.B) {
	a, d := NewHealth(Legend, false), NewHealth(Cowpoke, true)
	b.ReportAllocs()
	for b.Loop() {
		sinkBrawl = BoutOdds(40, 40, a, d)
	}
}
