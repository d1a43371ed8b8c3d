package board

import (
	"math"
	"math/rand/v2"
	"testing"

	"cowpoke/game/board/internal/tmxgen"
	"cowpoke/maps"
)

func loadTown(t testing.TB) *Board {
	t.Helper()
	b, err := LoadFS(maps.FS, maps.Default)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadStress(t testing.TB, seed uint64) *Board {
	t.Helper()
	b, err := Parse("stress.tmx", tmxgen.Stress(seed, 320).XML())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refCross is the brute-force reference: every edge of the board, a
// parametric intersection written apart from segmentsCross.
func refCross(b *Board, p, q Point, mask uint8) []int {
	var hits []int
	r := q.Sub(p)
	for i, e := range b.edges {
		if e.flags&mask == 0 {
			continue
		}
		s := e.b.Sub(e.a)
		den := r.X*s.Y - r.Y*s.X
		ap := e.a.Sub(p)
		if den == 0 {
			if ap.X*r.Y-ap.Y*r.X == 0 && segmentsCross(p, q, e.a, e.b) {
				hits = append(hits, i)
			}
			continue
		}
		t := (ap.X*s.Y - ap.Y*s.X) / den
		u := (ap.X*r.Y - ap.Y*r.X) / den
		if t >= 0 && t <= 1 && u >= 0 && u <= 1 {
			hits = append(hits, i)
		}
	}
	return hits
}

// refSight is R6 and R7 by brute force.
func refSight(b *Board, s, tg Point) (visible, inCover bool, cover Material, lines [Samples][2]bool) {
	var pts [Samples]Point
	samplePoints(s, tg, &pts)
	covered := 0
	var heaviest Material
	for i, p := range pts {
		blocked, obscured := false, false
		var mat Material
		for _, ei := range refCross(b, s, p, fLoS|fObscure) {
			e := b.edges[ei]
			if e.flags&fLoS != 0 {
				blocked = true
				mat = max(mat, e.mat)
				continue
			}
			// R7: obstacles within 1" of the shooter's base are ignored.
			near := math.Inf(1)
			for _, fe := range b.edges {
				if fe.feat == e.feat {
					near = math.Min(near, distPointSeg(s, fe.a, fe.b))
				}
			}
			if near < 1.5 {
				continue
			}
			obscured = true
			mat = max(mat, e.mat)
		}
		lines[i] = [2]bool{blocked, blocked || obscured}
		if !blocked {
			visible = true
		}
		if blocked || obscured {
			covered++
			heaviest = max(heaviest, mat)
		}
	}
	if 2*covered >= Samples {
		inCover, cover = true, heaviest
	}
	return
}

func randomPoint(r *rand.Rand, b *Board) Point {
	return Point{0.5 + r.Float64()*(b.Width-1), 0.5 + r.Float64()*(b.Height-1)}
}

// randomSegment is a segment of length 0.5" to 24" on the table.
func randomSegment(r *rand.Rand, b *Board) (Point, Point) {
	p := randomPoint(r, b)
	a := r.Float64() * 2 * math.Pi
	l := 0.5 + r.Float64()*23.5
	q := Point{p.X + l*math.Cos(a), p.Y + l*math.Sin(a)}
	q.X = math.Min(math.Max(q.X, 0.5), b.Width-0.5)
	q.Y = math.Min(math.Max(q.Y, 0.5), b.Height-0.5)
	return p, q
}

// TestLoSMatchesBruteForce is the exactness bar of issue 3: 1,024+ seeded
// random segments and model pairs on the default map and on a 300+ shape
// stress map give the same LoS and cover as the brute-force reference.
func TestLoSMatchesBruteForce(t *testing.T) {
	boards := map[string]*Board{"town": loadTown(t), "stress": loadStress(t, 7)}
	if n := len(boards["stress"].Features); n < 300 {
		t.Fatalf("stress map has %d shapes, want 300+", n)
	}
	for name, b := range boards {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			const n = 2048
			blocked, covered := 0, 0
			for i := range n {
				p, q := randomSegment(r, b)
				want := len(refCross(b, p, q, fLoS)) > 0
				if got := b.Blocked(p, q); got != want {
					t.Fatalf("segment %d %v-%v: Blocked = %v, brute force %v", i, p, q, got, want)
				}
				if want {
					blocked++
				}
				vis, inCover, cover, lines := refSight(b, p, q)
				sg := b.LineOfSight(p, q)
				if sg.Visible != vis || sg.InCover != inCover || sg.Cover != cover {
					t.Fatalf("pair %d %v -> %v: got visible %v cover %v/%v, brute force %v %v/%v",
						i, p, q, sg.Visible, sg.InCover, sg.Cover, vis, inCover, cover)
				}
				for k, l := range sg.Lines {
					if l.Blocked != lines[k][0] || (l.Blocked || l.Obscured) != lines[k][1] {
						t.Fatalf("pair %d line %d: got blocked %v covered %v, brute force %v", i, k, l.Blocked, l.Blocked || l.Obscured, lines[k])
					}
				}
				if b.Visible(p, q) != vis {
					t.Fatalf("pair %d: Visible disagrees with brute force", i)
				}
				if inCover {
					covered++
				}
			}
			// The sample must exercise both answers.
			if blocked < n/20 || blocked > n*19/20 || covered < n/20 || covered > n*19/20 {
				t.Errorf("poor sample: %d of %d blocked, %d in cover", blocked, n, covered)
			}
			t.Logf("%d segments: %d blocked; %d pairs in cover", n, blocked, covered)
		})
	}
}
