package board

import (
	"math"
	"math/rand/v2"
	"testing"

	"cowpoke/maps"
)

// The reach field agrees with Path: for random spots on the default town,
// a spot the field can reach costs what the shortest path costs, and a
// spot it cannot reach has no path within the allowance.
func TestReachFieldAgreesWithPath(t *testing.T) {
	b, err := LoadFS(maps.FS, maps.Default)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	others := []Point{{18, 18}, {19.2, 18}, {10, 30}}
	const allowance = 9.0
	checked := 0
	for checked < 40 {
		from := Point{1 + rng.Float64()*34, 1 + rng.Float64()*34}
		if !b.CanStand(from, others) {
			continue
		}
		f := b.ReachField(from, others, allowance)
		for range 10 {
			q := Point{from.X + (rng.Float64()*2-1)*allowance, from.Y + (rng.Float64()*2-1)*allowance}
			got := f.Cost(q)
			p, err := b.Path(from, q, others)
			switch {
			case err != nil:
				if !math.IsInf(got, 1) {
					t.Errorf("%v -> %v: no path, field says %.3f", from, q, got)
				}
			case p.Cost <= allowance:
				if math.Abs(got-p.Cost) > 1e-6 {
					t.Errorf("%v -> %v: field %.4f, path %.4f", from, q, got, p.Cost)
				}
			default:
				if !math.IsInf(got, 1) {
					t.Errorf("%v -> %v: path needs %.3f > %v, field says %.3f", from, q, p.Cost, allowance, got)
				}
			}
		}
		checked++
	}
}

func BenchmarkReachField6(bm *testing.B) {
	b, err := LoadFS(maps.FS, maps.Default)
	if err != nil {
		bm.Fatal(err)
	}
	b.Prepare()
	bm.ReportAllocs()
	for bm.Loop() {
		f := b.ReachField(Point{18, 4}, []Point{{20, 6}}, 6)
		for y := -6.0; y <= 6; y += 0.5 {
			for x := -6.0; x <= 6; x += 0.5 {
				f.Cost(Point{18 + x, 4 + y})
			}
		}
	}
}
