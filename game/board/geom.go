package board

import (
	"math"

	"cowpoke/game/detmath"
)

// Point is a position on the table in inches from its top-left corner,
// x to the right and y down.
type Point struct{ X, Y float64 }

// Pt is shorthand for Point{x, y}.
func Pt(x, y float64) Point { return Point{x, y} }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Scale returns p*k.
func (p Point) Scale(k float64) Point { return Point{float64(p.X * k), float64(p.Y * k)} }

// Dot is the dot product.
func (p Point) Dot(q Point) float64 { return float64(p.X*q.X) + float64(p.Y*q.Y) }

// Cross is the z component of the cross product.
func (p Point) Cross(q Point) float64 { return float64(p.X*q.Y) - float64(p.Y*q.X) }

// Len is the length of p as a vector.
func (p Point) Len() float64 { return detmath.Hypot(p.X, p.Y) }

// Dist is the distance between p and q.
func (p Point) Dist(q Point) float64 { return detmath.Hypot(p.X-q.X, p.Y-q.Y) }

// distAtLeast is a lower bound of p.Dist(q), without a square root: the
// larger of the two axis distances, or their sum over a little more than
// the square root of 2 (within 8% of the distance). Dist never returns
// less (detmath.Hypot(x, y) is max(|x|, |y|) times a rounded square root
// of at least 1, and the sum's factor is 1e-7 below 1/sqrt(2), far more
// than the roundings), so a test "lower bound beyond a limit" rules a
// distance out exactly as the distance itself would.
func distAtLeast(p, q Point) float64 {
	dx, dy := math.Abs(p.X-q.X), math.Abs(p.Y-q.Y)
	return max(dx, dy, float64((dx+dy)*0.7071067))
}

// farFromBox reports whether p lies at least r outside the box of the
// segment ab along one axis: then p is at least r from every point of ab,
// and distPointSeg(p, a, b) computes no less than r less a few roundings
// (its nearest point lies in the box, to within a rounding).
func farFromBox(p, a, b Point, r float64) bool {
	return p.X <= min(a.X, b.X)-r || p.X >= max(a.X, b.X)+r ||
		p.Y <= min(a.Y, b.Y)-r || p.Y >= max(a.Y, b.Y)+r
}

// Unit returns p scaled to length 1 (or the zero vector).
func (p Point) Unit() Point {
	l := p.Len()
	if l == 0 {
		return Point{}
	}
	return Point{p.X / l, p.Y / l}
}

// Perp returns p turned 90 degrees (clockwise on the table, y down).
func (p Point) Perp() Point { return Point{-p.Y, p.X} }

// Lerp returns the point a fraction t of the way from p to q.
func (p Point) Lerp(q Point, t float64) Point {
	return Point{p.X + float64((q.X-p.X)*t), p.Y + float64((q.Y-p.Y)*t)}
}

func (p Point) finite() bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// orient is twice the signed area of the triangle a, b, c.
func orient(a, b, c Point) float64 {
	return float64((b.X-a.X)*(c.Y-a.Y)) - float64((b.Y-a.Y)*(c.X-a.X))
}

// segmentsCross reports whether the closed segments pq and ab share a point.
func segmentsCross(p, q, a, b Point) bool {
	d1 := orient(a, b, p)
	d2 := orient(a, b, q)
	if (d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) {
		return false
	}
	d3 := orient(p, q, a)
	d4 := orient(p, q, b)
	if (d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0) {
		return false
	}
	if d1 == 0 && d2 == 0 && d3 == 0 && d4 == 0 {
		// Collinear: overlap of the projections on the longer axis.
		if math.Abs(q.X-p.X)+math.Abs(b.X-a.X) >= math.Abs(q.Y-p.Y)+math.Abs(b.Y-a.Y) {
			return math.Max(math.Min(p.X, q.X), math.Min(a.X, b.X)) <= math.Min(math.Max(p.X, q.X), math.Max(a.X, b.X))
		}
		return math.Max(math.Min(p.Y, q.Y), math.Min(a.Y, b.Y)) <= math.Min(math.Max(p.Y, q.Y), math.Max(a.Y, b.Y))
	}
	return true
}

// segmentParam returns the fraction t along pq where it meets ab, and
// whether they meet (closed segments, non-parallel).
func segmentParam(p, q, a, b Point) (float64, bool) {
	r := q.Sub(p)
	s := b.Sub(a)
	den := r.Cross(s)
	if den == 0 {
		if segmentsCross(p, q, a, b) {
			// Collinear overlap: the nearest shared point.
			l2 := r.Dot(r)
			if l2 == 0 {
				return 0, true
			}
			t := math.Inf(1)
			for _, c := range [2]Point{a, b} {
				if u := c.Sub(p).Dot(r) / l2; u >= 0 && u <= 1 && u < t {
					t = u
				}
			}
			if math.IsInf(t, 1) {
				t = 0
			}
			return t, true
		}
		return 0, false
	}
	ap := a.Sub(p)
	t := ap.Cross(s) / den
	u := ap.Cross(r) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return 0, false
	}
	return t, true
}

// distPointSeg is the distance from p to the closed segment ab.
func distPointSeg(p, a, b Point) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return p.Dist(a)
	}
	t := p.Sub(a).Dot(ab) / l2
	if t < 0 {
		t = 0
	} else if t > 1 {
		t = 1
	}
	return p.Dist(a.Add(ab.Scale(t)))
}

// distSegSeg is the distance between the closed segments pq and ab.
func distSegSeg(p, q, a, b Point) float64 {
	if segmentsCross(p, q, a, b) {
		return 0
	}
	return math.Min(math.Min(distPointSeg(p, a, b), distPointSeg(q, a, b)),
		math.Min(distPointSeg(a, p, q), distPointSeg(b, p, q)))
}

// insidePolygon reports whether p lies strictly inside the polygon poly
// (even-odd rule).
func insidePolygon(p Point, poly []Point) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + float64((p.Y-a.Y)*(b.X-a.X))/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// angleDiff returns the absolute difference of two angles in radians,
// folded into [0, pi].
func angleDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 2*math.Pi)
	if d > math.Pi {
		d = 2*math.Pi - d
	}
	return d
}
