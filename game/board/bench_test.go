package board

import (
	"math/rand/v2"
	"testing"

	"github.com/solarlune/resolv"
)

// Benchmarks for the speed bars of issue 3; the figures are in README.md.

func benchSegments(b *Board, n int) [][2]Point {
	r := rand.New(rand.NewPCG(11, 12))
	segs := make([][2]Point, n)
	for i := range segs {
		p, q := randomSegment(r, b)
		segs[i] = [2]Point{p, q}
	}
	return segs
}

func BenchmarkLoSSegment(bm *testing.B) {
	b := loadStress(bm, 7)
	segs := benchSegments(b, 1024)
	bm.ReportAllocs()
	bm.ResetTimer()
	n := 0
	for i := 0; bm.Loop(); i++ {
		s := segs[i&1023]
		if b.Blocked(s[0], s[1]) {
			n++
		}
	}
	_ = n
}

// BenchmarkResolvLineTest is the baseline: the same question asked of
// resolv's own LineTest over the Space's cells that the segment's box covers.
func BenchmarkResolvLineTest(bm *testing.B) {
	b := loadStress(bm, 7)
	segs := benchSegments(b, 1024)
	resolvMu.Lock()
	defer resolvMu.Unlock()
	space := b.los.space
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; bm.Loop(); i++ {
		s := segs[i&1023]
		p := resolv.NewVector(s[0].X*unitsPerInch, s[0].Y*unitsPerInch)
		q := resolv.NewVector(s[1].X*unitsPerInch, s[1].Y*unitsPerInch)
		bounds := resolv.Bounds{Min: resolv.NewVector(min(p.X, q.X), min(p.Y, q.Y)), Max: resolv.NewVector(max(p.X, q.X), max(p.Y, q.Y))}
		resolv.LineTest(resolv.LineTestSettings{
			Start:       p,
			End:         q,
			TestAgainst: space.FilterCells(bounds),
			OnIntersect: func(set resolv.IntersectionSet, index, max int) bool {
				return b.edges[set.OtherShape.Data().(int32)].flags&fLoS == 0
			},
		})
	}
}

func BenchmarkLineOfSightPair(bm *testing.B) {
	b := loadStress(bm, 7)
	segs := benchSegments(b, 1024)
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; bm.Loop(); i++ {
		s := segs[i&1023]
		_ = b.LineOfSight(s[0], s[1])
	}
}
