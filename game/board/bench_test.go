package board

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"cowpoke/game/board/internal/tmxgen"
	"cowpoke/game/cputime"
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
	cpu := cputime.Process()
	for i := 0; bm.Loop(); i++ {
		s := segs[i&1023]
		dst = b.ArcPolygon(s[0], float64(i%8), 24, dst[:0])
	}
	reportCPU(bm, cpu)
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

// BenchmarkArcPolygonTown24: ArcPolygon of a 24" arc on the default town
// (Dry Gulch), from five spots in its main street, eight facings.
func BenchmarkArcPolygonTown24(bm *testing.B) {
	b := loadTown(bm)
	dst := make([]Point, 0, 512)
	bm.ReportAllocs()
	cpu := cputime.Process()
	for i := 0; bm.Loop(); i++ {
		dst = b.ArcPolygon(Pt(18, 3+float64(i%5)), math.Pi/2+float64(i%8)*0.1, 24, dst[:0])
	}
	reportCPU(bm, cpu)
}

// BenchmarkPathGraphTown: the path graph of Dry Gulch built from its
// edges (nodes and their spatial index), then every node's neighbours
// worked out (what a graph fully used costs); the graph is rebuilt each
// iteration.
func BenchmarkPathGraphTown(bm *testing.B) {
	benchGraph(bm, loadTown(bm))
}

// BenchmarkPathGraphTable72x48: the same for a 72"x48" town-like table:
// Dry Gulch's terrain tiled twice across and one and a third times down
// (generated here).
func BenchmarkPathGraphTable72x48(bm *testing.B) {
	benchGraph(bm, bigTown(bm))
}

func benchGraph(bm *testing.B, b *Board) {
	bm.Run("nodes", func(bm *testing.B) {
		for bm.Loop() {
			b.buildGraph()
		}
		bm.ReportMetric(float64(len(b.buildGraph().nodes)), "nodes")
	})
	bm.Run("full", func(bm *testing.B) {
		for bm.Loop() {
			g := b.buildGraph()
			for u := range g.nodes {
				g.neighbours(b, u)
			}
		}
	})
}

// bigTown is a 72"x48" town-like table: Dry Gulch's objects (as tmxgen
// makes them) copied at offsets (0,0), (36,0), (0,36) and (36,36), those
// that would cross the table's far edge left out, building names made
// unique.
func bigTown(t testing.TB) *Board {
	t.Helper()
	src := tmxgen.Town()
	m := tmxgen.New("Big Gulch", "Dry Gulch tiled over a 72x48 table", 72, 48)
	for k, off := range [][2]float64{{0, 0}, {36, 0}, {0, 36}, {36, 36}} {
		for layer, objs := range src.Layers {
			for _, o := range objs {
				if o.Y+off[1]+o.H > 48 || o.Y+off[1] > 47 {
					continue
				}
				outside := false
				for _, p := range append(append([]tmxgen.P(nil), o.Line...), o.Poly...) {
					outside = outside || o.Y+off[1]+p.Y > 48
				}
				if outside {
					continue
				}
				o.X += off[0]
				o.Y += off[1]
				o.Name = fmt.Sprintf("%s %d", o.Name, k)
				props := make([][2]string, len(o.Props))
				for i, p := range o.Props {
					if p[0] == "building" {
						p[1] = fmt.Sprintf("%s %d", p[1], k)
					}
					props[i] = p
				}
				o.Props = props
				m.Add(layer, o)
			}
		}
	}
	b, err := Parse("bigtown.tmx", m.XML())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBigTownLoads(t *testing.T) {
	b := bigTown(t)
	if b.Width != 72 || b.Height != 48 || len(b.edges) < 2*len(loadTown(t).edges) {
		t.Fatalf("%gx%g, %d edges", b.Width, b.Height, len(b.edges))
	}
	if _, err := b.Path(Pt(1, 1), Pt(71, 47), nil); err != nil {
		t.Fatal(err)
	}
}
