package board

import (
	"math"
	"sort"
)

// onWallTolerance is how far (inches) a door, window or opening may lie
// from the wall it is cut into.
const onWallTolerance = 0.15

type piece struct {
	a, b Point
	feat int
}

type cut struct {
	t0, t1 float64
	gap    int
}

// featureEdges returns the consecutive point pairs of a feature.
func featureEdges(f *Feature) [][2]Point {
	n := len(f.Points)
	if n < 2 {
		return nil
	}
	out := make([][2]Point, 0, n)
	for i := 0; i+1 < n; i++ {
		out = append(out, [2]Point{f.Points[i], f.Points[i+1]})
	}
	if f.Closed {
		out = append(out, [2]Point{f.Points[n-1], f.Points[0]})
	}
	return out
}

// cutWalls finds the wall under each door, window and opening, snaps the gap
// onto it and cuts the gap out of the wall. The pieces left are b.pieces.
func cutWalls(b *Board, p *problems) {
	type key struct{ feat, edge int }
	cuts := map[key][]cut{}
	hostEdges := make([][][2]Point, len(b.Features)) // the edges of each wall and fence, made once
	for wi := range b.Features {
		if w := &b.Features[wi]; w.Kind == Wall || w.Kind == Fence {
			hostEdges[wi] = featureEdges(w)
		}
	}
	for gi := range b.Features {
		g := &b.Features[gi]
		if !g.Kind.IsGap() {
			continue
		}
		a, c := g.Points[0], g.Points[1]
		found := false
		for wi := range b.Features {
			w := &b.Features[wi]
			if w.Kind != Wall && (w.Kind != Fence || g.Kind == Window) {
				continue
			}
			for ei, e := range hostEdges[wi] {
				if distPointSeg(a, e[0], e[1]) > onWallTolerance || distPointSeg(c, e[0], e[1]) > onWallTolerance {
					continue
				}
				d := e[1].Sub(e[0])
				l2 := d.Dot(d)
				t0 := a.Sub(e[0]).Dot(d) / l2
				t1 := c.Sub(e[0]).Dot(d) / l2
				if t0 > t1 {
					t0, t1 = t1, t0
				}
				t0, t1 = math.Max(t0, 0), math.Min(t1, 1)
				g.Points = []Point{e[0].Add(d.Scale(t0)), e[0].Add(d.Scale(t1))}
				if g.Material == NoMaterial {
					g.Material = w.Material
				}
				if g.Building == "" {
					g.Building = w.Building
				}
				k := key{wi, ei}
				cuts[k] = append(cuts[k], cut{t0, t1, gi})
				found = true
				break
			}
			if found {
				break
			}
		}
		if !found {
			host := "wall"
			if g.Kind != Window {
				host = "wall or fence"
			}
			p.add(g.ID, g.Name, "%s does not lie on a %s", g.Kind, host)
		}
	}
	for wi := range b.Features {
		w := &b.Features[wi]
		if w.Kind != Wall && w.Kind != Fence {
			continue
		}
		for ei, e := range featureEdges(w) {
			cs := cuts[key{wi, ei}]
			sort.Slice(cs, func(i, j int) bool { return cs[i].t0 < cs[j].t0 })
			t := 0.0
			d := e[1].Sub(e[0])
			for i, c := range cs {
				if i > 0 && c.t0 < cs[i-1].t1-1e-9 {
					g, h := &b.Features[c.gap], &b.Features[cs[i-1].gap]
					p.add(g.ID, g.Name, "%s overlaps %s %d %q", g.Kind, h.Kind, h.ID, h.Name)
				}
				if c.t0 > t+1e-9 {
					b.pieces = append(b.pieces, piece{e[0].Add(d.Scale(t)), e[0].Add(d.Scale(c.t0)), wi})
				}
				t = math.Max(t, c.t1)
			}
			if t < 1-1e-9 {
				b.pieces = append(b.pieces, piece{e[0].Add(d.Scale(t)), e[1], wi})
			}
		}
	}
}
