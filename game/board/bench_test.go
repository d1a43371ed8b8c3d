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
	space := resolvSpace(b.Width, b.Height, b.edges, regPad)
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

func BenchmarkArcPolygon24(bm *testing.B) {
	b := loadStress(bm, 7)
	segs := benchSegments(b, 1024)
	dst := make([]Point, 0, ArcRays+1)
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; bm.Loop(); i++ {
		s := segs[i&1023]
		dst = b.ArcPolygon(s[0], float64(i%8), 24, dst[:0])
	}
}

// BenchmarkPathAcrossTown is a path from the north-west corner of the
// default town to its south-east corner, the graph already built.
func BenchmarkPathAcrossTown(bm *testing.B) {
	b := loadTown(bm)
	b.pathGraph()
	bm.ReportAllocs()
	bm.ResetTimer()
	for bm.Loop() {
		if _, err := b.Path(Pt(2, 1.5), Pt(34, 34.5), nil); err != nil {
			bm.Fatal(err)
		}
	}
}

// BenchmarkPathAcrossTownBases is the same with four other bases on the street.
func BenchmarkPathAcrossTownBases(bm *testing.B) {
	b := loadTown(bm)
	b.pathGraph()
	others := []Point{Pt(16, 8), Pt(19, 14), Pt(15, 24), Pt(20, 28)}
	bm.ReportAllocs()
	bm.ResetTimer()
	for bm.Loop() {
		if _, err := b.Path(Pt(2, 1.5), Pt(34, 34.5), others); err != nil {
			bm.Fatal(err)
		}
	}
}
