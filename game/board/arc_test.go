package board

import (
	"math"
	"math/rand/v2"
	"testing"

	"cowpoke/game/racecheck"
)

// refReach is the brute-force reference for ArcPolygon: how far a ray from
// c at angle a goes before the arc's radius, the table's edge or any
// LoS-blocking edge of the board (every edge tried, its own arithmetic).
func refReach(b *Board, c Point, a, radius float64) float64 {
	return refReachOf(b, b.edges, c, a, radius)
}

// refReachOf is refReach over the given edges only.
func refReachOf(b *Board, edges []edge, c Point, a, radius float64) float64 {
	u := Point{math.Cos(a), math.Sin(a)}
	best := radius
	side := func(p, e Point) {
		den := u.X*e.Y - u.Y*e.X
		if den == 0 {
			return
		}
		f := p.Sub(c)
		t := (f.X*e.Y - f.Y*e.X) / den
		v := (f.X*u.Y - f.Y*u.X) / den
		if t > 0 && v >= 0 && v <= 1 && t < best {
			best = t
		}
	}
	for _, e := range edges {
		if e.flags&fLoS != 0 {
			side(e.a, e.b.Sub(e.a))
		}
	}
	w, h := b.Width, b.Height
	side(Pt(0, 0), Pt(w, 0))
	side(Pt(w, 0), Pt(0, h))
	side(Pt(w, h), Pt(-w, 0))
	side(Pt(0, h), Pt(0, -h))
	return best
}

// polyReach is how far the ray from c at angle a goes inside the polygon
// (c first, then its boundary in angle order): its hit on the boundary.
func polyReach(poly []Point, a float64) float64 {
	c := poly[0]
	u := Point{math.Cos(a), math.Sin(a)}
	best := math.Inf(1)
	for i := 1; i+1 < len(poly); i++ {
		p, e := poly[i], poly[i+1].Sub(poly[i])
		den := u.X*e.Y - u.Y*e.X
		if den == 0 {
			continue
		}
		f := p.Sub(c)
		t := (f.X*e.Y - f.Y*e.X) / den
		v := (f.X*u.Y - f.Y*u.X) / den
		if t > 0 && v >= -1e-9 && v <= 1+1e-9 && t < best {
			best = t
		}
	}
	return best
}

// TestArcPolygonExact: on 1,000 random arcs (100 under -race) on the town and on a stress
// map (random centres, facings and radii, some past the table's edge),
// every vertex of ArcPolygon lies on the true boundary (the brute-force
// reach at its angle, from one side or the other where the boundary
// jumps) to 1e-6", and along every side of the polygon the boundary it
// draws is the true one to 1e-6" (4 rays a side), except along the
// circle, where a chord may fall short of the radius by its sagitta.
func TestArcPolygonExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	boards := []*Board{loadTown(t), loadStress(t, 9)}
	const tol = 1e-6
	arcs := 1000
	if racecheck.Enabled {
		arcs = 100 // the detector's slowdown; make test runs it so
	}
	for i := range arcs {
		b := boards[i%2]
		var c Point
		for {
			c = randomPoint(r, b)
			if b.CanStand(c, nil) {
				break
			}
		}
		facing := r.Float64() * 2 * math.Pi
		radius := 2 + r.Float64()*40
		poly := b.ArcPolygon(c, facing, radius, nil)
		// Edges further than radius from c cannot bound the arc.
		var near []edge
		for _, e := range b.edges {
			if distPointSeg(c, e.a, e.b) <= radius+1e-9 {
				near = append(near, e)
			}
		}
		refReach := func(b *Board, c Point, a, radius float64) float64 { return refReachOf(b, near, c, a, radius) }
		angle := func(p Point) float64 {
			a := math.Atan2(p.Y-c.Y, p.X-c.X)
			for a < facing-math.Pi/4-1e-9 {
				a += 2 * math.Pi
			}
			for a > facing+math.Pi/4+1e-9 {
				a -= 2 * math.Pi
			}
			return a
		}
		for _, p := range poly[1:] {
			a, d := angle(p), p.Dist(c)
			ok := false
			for _, da := range []float64{0, -1e-9, 1e-9} {
				if aa := a + da; aa >= facing-math.Pi/4-1e-12 && aa <= facing+math.Pi/4+1e-12 || da == 0 {
					ok = ok || math.Abs(refReach(b, c, aa, radius)-d) <= tol
				}
			}
			// A vertex on a ray from c along a boundary edge may lie
			// anywhere between its near and far end.
			if !ok && d <= refReach(b, c, a, radius)+tol {
				for _, da := range []float64{-1e-7, 1e-7} {
					ok = ok || refReach(b, c, a+da, radius) >= d-tol
				}
			}
			if !ok {
				t.Fatalf("arc %d at %v facing %v radius %v: vertex %v (%.6f\" out at %.6f rad) is not on the boundary (%.6f\")",
					i, c, facing, radius, p, d, a, refReach(b, c, a, radius))
			}
		}
		for k := 1; k+1 < len(poly); k++ {
			a0, a1 := angle(poly[k]), angle(poly[k+1])
			if math.Abs(a1-a0) < 1e-9 {
				continue // a side along a ray from c, where the boundary jumps
			}
			for j := 1; j < 5; j++ {
				a := a0 + (a1-a0)*float64(j)/5
				want, got := refReach(b, c, a, radius), polyReach(poly, a)
				chord := math.Abs(want-radius) < tol && got <= radius+tol && got >= radius*math.Cos((a1-a0)/2)-tol
				if math.Abs(got-want) > tol && !chord {
					t.Fatalf("arc %d at %v facing %.3f radius %.2f: at %.6f rad the polygon reaches %.7f\", the boundary is at %.7f\"",
						i, c, facing, radius, a, got, want)
				}
			}
		}
	}
}
