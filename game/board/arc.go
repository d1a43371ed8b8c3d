package board

import (
	"cmp"
	"math"
	"slices"

	"cowpoke/game/detmath"
)

// ArcRays sets how finely ArcPolygon follows the arc's circular edge:
// ArcRays-1 chords across the full 90 degrees (one a degree).
const ArcRays = 91

// ArcPolygon appends to dst the visibility polygon of a 90-degree arc (R31)
// from c facing the angle facing (radians), out to radius inches and
// clipped by LoS-blocking terrain and the table's edge: c first, then the
// boundary from the arc's left edge to its right. It is exact where
// terrain or the table bounds it: an angular sweep over the sight-blocking
// edges near the arc puts a vertex at every angle where the nearest
// boundary changes (an edge's end, two edges crossing, an edge crossing
// the circle), each on the boundary's own line; where nothing blocks, the
// circle is followed by chords at most a degree wide (their ends on the
// circle). TestArcPolygonExact checks it against a brute-force reference.
// It allocates nothing for most arcs when dst has room.
func (b *Board) ArcPolygon(c Point, facing, radius float64, dst []Point) []Point {
	dst = append(dst, c)
	if !(radius > 0) {
		return dst
	}
	// The sector's frame: s along its left edge, n a quarter turn on; a
	// direction s*x + n*y with x, y >= 0 has the key y/(x+y), which grows
	// with the angle from 0 (left edge) to 1 (right edge).
	sin, cos := detmath.Sincos(facing - math.Pi/4)
	s := Point{cos, sin}
	n := s.Perp()
	frame := func(p Point) (x, y float64) { d := p.Sub(c); return d.Dot(s), d.Dot(n) }
	dir := func(k float64) Point { return s.Scale(1 - k).Add(n.Scale(k)) }

	// Candidate boundaries: the LoS-blocking edges whose box meets the
	// sector's and that come within radius of c, and the table's sides,
	// each clipped to the sector's quarter-plane, with its key range and
	// its distance from c.
	var candBuf [128]arcEdge
	cands := candBuf[:0]
	add := func(a, e Point) {
		ax, ay := frame(a)
		bx, by := frame(e)
		if (ax < 0 && bx < 0) || (ay < 0 && by < 0) {
			return // wholly behind one of the sector's sides
		}
		near := distPointSeg(c, a, e)
		if near > radius {
			return
		}
		// Clip a-e to x >= 0 and y >= 0 (the quarter-plane of the sector).
		t0, t1 := 0.0, 1.0
		for _, h := range [2][2]float64{{ax, bx}, {ay, by}} {
			p, q := h[0], h[1]
			switch {
			case p < 0:
				t0 = math.Max(t0, p/(p-q))
			case q < 0:
				t1 = math.Min(t1, p/(p-q))
			}
		}
		if t0 > t1 {
			return
		}
		key := func(t float64) float64 {
			x, y := ax+float64((bx-ax)*t), ay+float64((by-ay)*t)
			if x+y <= 0 {
				return 0
			}
			return math.Min(1, math.Max(0, y/(x+y)))
		}
		k0, k1 := key(t0), key(t1)
		cands = append(cands, arcEdge{a: a, b: e, lo: math.Min(k0, k1), hi: math.Max(k0, k1), near: near,
			box: [4]float64{math.Min(a.X, e.X), math.Max(a.X, e.X), math.Min(a.Y, e.Y), math.Max(a.Y, e.Y)}})
	}
	lo, hi := Point{c.X - radius, c.Y - radius}, Point{c.X + radius, c.Y + radius}
	for i := range b.edges {
		e := &b.edges[i]
		if e.flags&fLoS == 0 || math.Max(e.a.X, e.b.X) < lo.X || math.Min(e.a.X, e.b.X) > hi.X ||
			math.Max(e.a.Y, e.b.Y) < lo.Y || math.Min(e.a.Y, e.b.Y) > hi.Y {
			continue
		}
		add(e.a, e.b)
	}
	w, h := b.Width, b.Height
	add(Point{0, 0}, Point{w, 0})
	add(Point{w, 0}, Point{w, h})
	add(Point{w, h}, Point{0, h})
	add(Point{0, h}, Point{0, 0})
	// The candidates in order of their ranges' starts (sorting small
	// (key, index) pairs, not the candidates themselves).
	var orderBuf [128]arcOrder
	order := orderBuf[:0]
	for i := range cands {
		order = append(order, arcOrder{cands[i].lo, int32(i)})
	}
	slices.SortFunc(order, func(p, q arcOrder) int { return cmp.Compare(p.lo, q.lo) })

	// Critical keys: where the nearest boundary may change: the ends of
	// each edge's range, where an edge crosses the circle, where two edges
	// whose ranges overlap cross.
	var keyBuf [512]float64
	keys := append(keyBuf[:0], 0, 1)
	addKey := func(p Point) {
		x, y := frame(p)
		if x >= 0 && y >= 0 && x+y > 0 && float64(x*x)+float64(y*y) <= float64(float64(radius*radius)*(1+1e-9)) {
			keys = append(keys, y/(x+y))
		}
	}
	for i := range order {
		g := &cands[order[i].at]
		keys = append(keys, g.lo, g.hi)
		d := g.b.Sub(g.a)
		f := g.a.Sub(c)
		qa, qb, qc := d.Dot(d), float64(2*f.Dot(d)), f.Dot(f)-float64(radius*radius)
		if disc := float64(qb*qb) - float64(float64(4*qa)*qc); qa > 0 && disc >= 0 {
			r := math.Sqrt(disc)
			for _, t := range [2]float64{(-qb - r) / float64(2*qa), (-qb + r) / float64(2*qa)} {
				if t >= 0 && t <= 1 {
					addKey(g.a.Add(d.Scale(t)))
				}
			}
		}
		for j := i + 1; j < len(order) && order[j].lo <= g.hi; j++ {
			o := &cands[order[j].at]
			if o.box[1] < g.box[0] || o.box[0] > g.box[1] || o.box[3] < g.box[2] || o.box[2] > g.box[3] {
				continue
			}
			if t, ok := segmentParam(g.a, g.b, o.a, o.b); ok {
				addKey(g.a.Lerp(g.b, t))
			}
		}
	}
	slices.Sort(keys)

	// Between two critical keys one boundary is nearest: find it on the
	// middle ray among the edges whose range holds it (kept in order of
	// their distance from c, so the search stops at the first edge that
	// cannot be nearer), then put vertices where the interval's end rays
	// meet it.
	var activeBuf [64]int32
	active := activeBuf[:0]
	next := 0
	last := c
	emit := func(p Point) {
		if d := p.Sub(last); float64(d.X*d.X)+float64(d.Y*d.Y) > 1e-24 {
			dst = append(dst, p)
			last = p
		}
	}
	for i := 0; i+1 < len(keys); i++ {
		k0, k1 := keys[i], keys[i+1]
		if k1-k0 < keyEps {
			continue
		}
		km := (k0 + k1) / 2
		for ; next < len(order) && order[next].lo <= km+keyEps; next++ {
			id := order[next].at
			at, _ := slices.BinarySearchFunc(active, cands[id].near, func(a int32, d float64) int { return cmp.Compare(cands[a].near, d) })
			active = slices.Insert(active, at, id)
		}
		active = slices.DeleteFunc(active, func(a int32) bool { return cands[a].hi < km-keyEps })
		um := dir(km)
		ul := length(um)
		best, which := radius/ul, -1 // the circle, unless an edge is nearer
		for _, a := range active {
			g := &cands[a]
			if float64(g.near/ul) >= best {
				break
			}
			if t, ok := rayHitAt(c, um, g.a, g.b, 1e-12); ok && t < best {
				best, which = t, int(a)
			}
		}
		if which < 0 {
			b.arcChords(c, s, n, radius, k0, k1, emit)
			continue
		}
		g := &cands[which]
		for _, k := range [2]float64{k0, k1} {
			u := dir(k)
			e := g.b.Sub(g.a)
			t := g.a.Sub(c).Cross(e) / u.Cross(e)
			emit(c.Add(u.Scale(t)))
		}
	}
	return dst
}

// keyEps: key intervals narrower than this (a billionth of a degree) are
// skipped, and an edge's key range is taken this much wider, so that the
// rounding of a range's ends never leaves a sliver of circle where an
// edge ends exactly on the sector's side.
const keyEps = 1e-12

// arcEdge is a boundary ArcPolygon considers: a segment, the range of
// keys it spans in the sector and its distance from the centre.
type arcEdge struct {
	a, b   Point
	lo, hi float64
	near   float64
	box    [4]float64 // min x, max x, min y, max y
}

// arcOrder is a candidate's place in the order of range starts.
type arcOrder struct {
	lo float64
	at int32 // index in the candidates
}

// rayHitAt is where the ray from c along u (in units of u) meets the
// segment a-b, if it does.
func rayHitAt(c, u, a, b Point, slack float64) (float64, bool) {
	e := b.Sub(a)
	den := u.Cross(e)
	if den == 0 {
		return 0, false
	}
	f := a.Sub(c)
	t, v := f.Cross(e)/den, f.Cross(u)/den
	return t, t > 0 && v >= -slack && v <= 1+slack
}

// arcChords emits the points of the circle of radius about c between keys
// k0 and k1 of the sector frame s, n: both ends and every whole degree
// between (from a table of unit directions: no square root per point).
func (b *Board) arcChords(c, s, n Point, radius, k0, k1 float64, emit func(Point)) {
	at := func(k float64) Point {
		u := s.Scale(1 - k).Add(n.Scale(k))
		return c.Add(u.Scale(radius / length(u)))
	}
	emit(at(k0))
	i, _ := slices.BinarySearch(degreeKeys[:], k0)
	for i = max(i, 1); i < ArcRays-1 && degreeKeys[i] < k1; i++ {
		if degreeKeys[i] > k0 {
			d := degreeDirs[i] // cos, sin of i degrees past the left edge
			emit(c.Add(s.Scale(float64(d.X * radius)).Add(n.Scale(float64(d.Y * radius)))))
		}
	}
	emit(at(k1))
}

// length is |u| for the drawing's own arithmetic (a correctly rounded
// square root, the same on every CPU; products rounded before the sum).
func length(u Point) float64 { return math.Sqrt(float64(u.X*u.X) + float64(u.Y*u.Y)) }

// degreeKeys are the keys (ArcPolygon's sector frame) of the directions a
// whole number of degrees past the left edge of an arc, and degreeDirs
// those directions as (cos, sin) in the frame.
var degreeKeys, degreeDirs = func() (keys [ArcRays]float64, dirs [ArcRays]Point) {
	for i := range keys {
		sin, cos := detmath.Sincos(float64(float64(i)*math.Pi) / float64(2*(ArcRays-1)))
		keys[i] = sin / (sin + cos)
		dirs[i] = Point{cos, sin}
	}
	return keys, dirs
}()

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
	// The positions are close together: a wall that hides one from the
	// overwatcher mostly hides the next ones too, and is tried first.
	shade := int32(-1)
	// Most positions lie clearly out of range or out of the arc: squares
	// and a dot product, with margins far beyond rounding, say so without
	// the square root and the arc tangent; the rest are tested exactly.
	dir := Point{detmath.Cos(facing), detmath.Sin(facing)}
	far := float64(float64(rng+2*BaseRadius) * (1 + 1e-9))
	clearlyOut := func(p Point) bool {
		v := p.Sub(w)
		d2 := float64(v.X*v.X) + float64(v.Y*v.Y)
		if d2 == 0 {
			return false
		}
		dot := float64(v.X*dir.X) + float64(v.Y*dir.Y)
		return d2 > float64(far*far) || dot <= 0 || float64(dot*dot) < float64(0.5*(1-1e-9)*d2)
	}
	return exposedSpans(path, func(p Point) bool {
		return !clearlyOut(p) && Distance(w, p) < rng && InArc(w, p, facing) && b.visibleUnlessShaded(w, p, &shade)
	})
}

// exposedSpans samples a path every exposureStep inches and at its end,
// and returns the stretches where exposed holds, in order along it.
func exposedSpans(path []Point, exposed func(p Point) bool) []Span {
	var out []Span
	open := false
	along := 0.0
	test := func(p Point, s float64) {
		ok := exposed(p)
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
