package board

import (
	"math"

	"cowpoke/game/board/fpmath"
)

// ArcRays is how many rays ArcPolygon casts across a 90-degree arc.
const ArcRays = 91

// ArcPolygon appends to dst the visibility polygon of a 90-degree arc (R31)
// from c facing the angle facing (radians), out to radius inches and
// clipped by LoS-blocking terrain: c first, then ArcRays points from the
// arc's left edge to its right. It is for drawing; with a dst of capacity
// ArcRays+1 it allocates nothing.
func (b *Board) ArcPolygon(c Point, facing, radius float64, dst []Point) []Point {
	dst = append(dst, c)
	for i := range ArcRays {
		a := facing - math.Pi/4 + float64((math.Pi/2)*float64(i))/(ArcRays-1)
		q := Point{c.X + float64(radius*fpmath.Cos(a)), c.Y + float64(radius*fpmath.Sin(a))}
		q = b.clip(c, q)
		t := b.rayHit(c, q)
		dst = append(dst, c.Lerp(q, t))
	}
	return dst
}

// clip shortens c-q to end on the table.
func (b *Board) clip(c, q Point) Point {
	t := 1.0
	d := q.Sub(c)
	if q.X < 0 {
		t = math.Min(t, -c.X/d.X)
	}
	if q.X > b.Width {
		t = math.Min(t, (b.Width-c.X)/d.X)
	}
	if q.Y < 0 {
		t = math.Min(t, -c.Y/d.Y)
	}
	if q.Y > b.Height {
		t = math.Min(t, (b.Height-c.Y)/d.Y)
	}
	return c.Lerp(q, t)
}

// rayHit returns the fraction of p-q before its first LoS-blocking edge (1 if none).
func (b *Board) rayHit(p, q Point) float64 {
	best := 1.0
	d := q.Sub(p)
	b.los.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.los.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&fLoS == 0 {
				continue
			}
			if t, ok := segmentParam(p, q, e.a, e.b); ok && t < best {
				best = t
			}
		}
		// Stop once the best hit lies before this cell's exit.
		exit := math.Inf(1)
		if d.X > 0 {
			exit = (float64(float64(cx+1)*cellInches) - p.X) / d.X
		} else if d.X < 0 {
			exit = (float64(float64(cx)*cellInches) - p.X) / d.X
		}
		if d.Y > 0 {
			exit = math.Min(exit, (float64(float64(cy+1)*cellInches)-p.Y)/d.Y)
		} else if d.Y < 0 {
			exit = math.Min(exit, (float64(float64(cy)*cellInches)-p.Y)/d.Y)
		}
		return best > exit
	})
	return best
}

// Span is a stretch of a movement path, by distance along it.
type Span struct {
	From, To float64 // inches along the path
	A, B     Point   // where the stretch starts and ends
}

// exposureStep is the spacing of the positions Exposure tests, inches.
const exposureStep = 0.05

// Exposure returns the stretches of a movement path (base centres) where the
// mover is in the 90-degree arc of an overwatcher at w facing facing, in LoS
// (R6) and within rng inches edge to edge (R32). Positions are tested every
// exposureStep inches and at every corner of the path.
func (b *Board) Exposure(w Point, facing, rng float64, path []Point) []Span {
	var out []Span
	open := false
	along := 0.0
	test := func(p Point, s float64) {
		ok := Distance(w, p) < rng && InArc(w, p, facing) && b.Visible(w, p)
		switch {
		case ok && !open:
			out = append(out, Span{From: s, To: s, A: p, B: p})
			open = true
		case ok:
			out[len(out)-1].To, out[len(out)-1].B = s, p
		default:
			open = false
		}
	}
	for i := 0; i+1 < len(path); i++ {
		p, q := path[i], path[i+1]
		l := p.Dist(q)
		n := int(math.Ceil(l / exposureStep))
		for k := range n {
			t := float64(k) / float64(n)
			test(p.Lerp(q, t), along+float64(l*t))
		}
		along += l
	}
	if len(path) > 0 {
		test(path[len(path)-1], along)
	}
	return out
}
