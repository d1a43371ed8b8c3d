package board

import (
	"math"

	"cowpoke/game/detmath"
)

// Samples is how many lines LineOfSight draws to the target's base (R7: at
// least 9), spread evenly across the base, across the line of fire.
const Samples = 9

// ignoreWithin: obscuring obstacles this close to the shooter's base edge
// are ignored (R7: a shooter leans over his own barricade).
const ignoreWithin = 1.0

// Line is one sampled line of fire, with what it met.
type Line struct {
	From, To Point
	Blocked  bool     // crosses LoS-blocking terrain (R6)
	Blocker  int      // index in Board.Features of a blocking feature, or -1
	Obscured bool     // crosses an obscuring obstacle not next to the shooter (R7)
	Obscurer int      // index in Board.Features of the heaviest obscuring feature, or -1
	Material Material // heaviest material among what the line crosses (that counts for cover)
	// NearOnly: under SightRules.NearBlockersNoCover, the line is blocked
	// (R6) only by terrain it crosses within 1" of the shooter's base, which
	// gives no cover (R7); Material leaves that terrain out.
	NearOnly bool
}

// SightRules chooses between readings of R6 and R7 that differ between
// rules editions (the match passes its own: game.Match.LineOfSight).
type SightRules struct {
	// NearBlockersNoCover: terrain that blocks a line within 1" of the
	// shooter's base (the frame of the doorway he stands in, the corner he
	// leans round) gives the target no cover, as R7 says of every obstacle
	// within 1"; the line stays blocked for R6. Without it (the first
	// edition), only obscuring obstacles there are ignored, so a model
	// standing in its own doorway gave its targets stone cover.
	NearBlockersNoCover bool
}

// Sight is the answer to "can the shooter see the target, and is it in
// cover?" for two base centres (R6, R7), with the sampled lines to draw it.
type Sight struct {
	Visible  bool    // at least one line is not blocked (R6)
	InCover  bool    // half or more of the lines are blocked or obscured (R7)
	Cover    Cover   // the cover class when InCover: Wood or Stone; else NoMaterial
	Covered  int     // lines blocked or obscured
	Distance float64 // edge to edge, inches (R3)
	Lines    [Samples]Line
}

// Blocked reports whether the straight segment p-q crosses LoS-blocking
// terrain (R6). It allocates nothing.
func (b *Board) Blocked(p, q Point) bool {
	return b.firstCrossing(p, q, fLoS) >= 0
}

// firstCrossing returns the index of an edge with any of the flags in mask
// that the segment p-q crosses, or -1.
func (b *Board) firstCrossing(p, q Point, mask uint8) int32 {
	hit := int32(-1)
	b.los.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.los.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&mask != 0 && segmentsCross(p, q, e.a, e.b) {
				hit = ei
				return false
			}
		}
		return true
	})
	return hit
}

// trace follows one line of fire from a shooter at centre s.
func (b *Board) trace(s, p, q Point, l *Line, r SightRules, near *shooterDists) {
	*l = Line{From: p, To: q, Blocker: -1, Obscurer: -1}
	farBlocked := false // blocked by terrain that counts for cover
	b.los.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.los.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&(fLoS|fObscure) == 0 || !segmentsCross(p, q, e.a, e.b) {
				continue
			}
			if e.flags&fLoS != 0 {
				l.Blocked = true
				if l.Blocker < 0 {
					l.Blocker = int(e.feat)
				}
				if r.NearBlockersNoCover && nearShooter(s, p, q, e) {
					continue
				}
				farBlocked = true
				l.Material = max(l.Material, e.mat)
				continue
			}
			if l.Obscurer >= 0 && b.Features[l.Obscurer].Material >= e.mat {
				continue
			}
			if near.dist(b, e.feat, s) < BaseRadius+ignoreWithin {
				continue
			}
			l.Obscured = true
			l.Obscurer = int(e.feat)
			l.Material = max(l.Material, e.mat)
		}
		return !(farBlocked && l.Material == Stone)
	})
	l.NearOnly = l.Blocked && !farBlocked
}

// nearShooter reports whether the line p-q crosses edge e within 1" of the
// base of a shooter centred at s (R7): at its nearest crossing point.
func nearShooter(s, p, q Point, e *edge) bool {
	t, ok := segmentParam(p, q, e.a, e.b)
	return ok && s.Dist(p.Lerp(q, t)) < BaseRadius+ignoreWithin
}

// shooterDists remembers featureDist from one shooter for the features
// its lines of fire meet: the nine lines of a sight meet the same ones.
type shooterDists struct {
	feat [8]int32
	d    [8]float64
	n    int
}

// dist is b.featureDist(int(feat), s), s the same shooter at every call.
func (c *shooterDists) dist(b *Board, feat int32, s Point) float64 {
	for i := range c.n {
		if c.feat[i] == feat {
			return c.d[i]
		}
	}
	d := b.featureDist(int(feat), s)
	if c.n < len(c.feat) {
		c.feat[c.n], c.d[c.n] = feat, d
		c.n++
	}
	return d
}

// featureDist is the distance from p to the outline of feature i.
func (b *Board) featureDist(i int, p Point) float64 {
	f := &b.Features[i]
	d := math.Inf(1)
	for k := f.edges[0]; k < f.edges[1]; k++ {
		d = math.Min(d, distPointSeg(p, b.edges[k].a, b.edges[k].b))
	}
	return d
}

// samplePoints fills pts with Samples points spread across the base centred
// at t, across the line from s.
func samplePoints(s, t Point, pts *[Samples]Point) {
	u := t.Sub(s).Unit().Perp()
	if u == (Point{}) {
		u = Point{1, 0}
	}
	for i := range pts {
		k := float64(BaseRadius * (float64(float64(2*float64(i))/float64(Samples-1)) - 1))
		pts[i] = t.Add(u.Scale(k))
	}
}

// LineOfSight answers R6 and R7 for a shooter and a target given by their
// base centres, as the first rules edition reads them (LineOfSightRules).
// R6 is judged on the same Samples lines as cover.
func (b *Board) LineOfSight(shooter, target Point) Sight {
	return b.LineOfSightRules(shooter, target, SightRules{})
}

// LineOfSightRules is LineOfSight under the given reading of the rules.
func (b *Board) LineOfSightRules(shooter, target Point, r SightRules) Sight {
	if sg, ok := b.sights.get(b, shooter, target, r); ok {
		return sg
	}
	sg := b.traceSight(shooter, target, r)
	b.sights.put(b, shooter, target, r, &sg)
	return sg
}

// SeesAny is LineOfSightRules(shooter, target, r).Visible, found more
// cheaply when the answer is not remembered: Visible stops at the first
// clear line, and at the first blocker of each line, where a full sight
// follows every line to its end for cover.
func (b *Board) SeesAny(shooter, target Point, r SightRules) bool {
	if sg, ok := b.sights.get(b, shooter, target, r); ok {
		return sg.Visible
	}
	return b.Visible(shooter, target)
}

// traceSight is LineOfSightRules without the memory of recent answers.
func (b *Board) traceSight(shooter, target Point, r SightRules) Sight {
	var sg Sight
	var pts [Samples]Point
	samplePoints(shooter, target, &pts)
	if b.openAround(shooter, target) {
		// No line meets any terrain: each is as trace leaves an open one.
		for i := range pts {
			sg.Lines[i] = Line{From: shooter, To: pts[i], Blocker: -1, Obscurer: -1}
		}
		sg.Visible = true
		sg.Distance = Distance(shooter, target)
		return sg
	}
	return b.traceLines(shooter, target, r, &pts)
}

// traceLines is traceSight tracing every line.
func (b *Board) traceLines(shooter, target Point, r SightRules, pts *[Samples]Point) Sight {
	var sg Sight
	var heaviest Material
	var near shooterDists
	for i := range pts {
		l := &sg.Lines[i]
		b.trace(shooter, shooter, pts[i], l, r, &near)
		if !l.Blocked {
			sg.Visible = true
		}
		if (l.Blocked && !l.NearOnly) || l.Obscured {
			sg.Covered++
			heaviest = max(heaviest, l.Material)
		}
	}
	if 2*sg.Covered >= Samples {
		sg.InCover = true
		sg.Cover = heaviest
	}
	sg.Distance = Distance(shooter, target)
	return sg
}

// openAround reports whether no terrain that blocks or obscures sight comes
// within a base radius (and a margin far beyond rounding) of the segment
// from shooter to target: then no line from shooter to a point of the
// target's base meets any, since each stays within a base radius of that
// segment. The movement grid lists every edge in each cell within a base
// radius of it, so walking it along the segment meets every edge that
// could come that near.
func (b *Board) openAround(shooter, target Point) bool {
	const margin = 1e-6
	seg := boxOf(shooter, target)
	open := true
	b.move.walk(shooter, target, func(cx, cy int) bool {
		for _, ei := range b.move.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&(fLoS|fObscure) == 0 || seg.apart(e.a, e.b, BaseRadius+margin) {
				continue
			}
			if distSegSeg(shooter, target, e.a, e.b) < BaseRadius+margin {
				open = false
				return false
			}
		}
		return true
	})
	return open
}

// Visible reports R6 line of sight alone, stopping at the first clear line.
func (b *Board) Visible(shooter, target Point) bool {
	shade := int32(-1)
	return b.visibleUnlessShaded(shooter, target, &shade)
}

// visibleUnlessShaded is Visible(shooter, target) that first asks whether
// the edge *shade (a line-of-sight blocker, or -1 for none) hides the whole
// target base from the shooter (hidesBase: then every sight line is
// blocked), and keeps in *shade the edge that blocks the centre line when
// that edge hides the whole base.
func (b *Board) visibleUnlessShaded(shooter, target Point, shade *int32) bool {
	if *shade >= 0 && hidesBase(shooter, target, &b.edges[*shade]) {
		return false
	}
	var pts [Samples]Point
	samplePoints(shooter, target, &pts)
	// Centre first: it is the likeliest clear line, and the wall that
	// blocks it often hides the whole base.
	centre := b.firstCrossing(shooter, pts[Samples/2], fLoS)
	if centre < 0 {
		return true
	}
	if hidesBase(shooter, target, &b.edges[centre]) {
		*shade = centre
		return false
	}
	for i := range pts {
		if i != Samples/2 && !b.Blocked(shooter, pts[i]) {
			return true
		}
	}
	return false
}

// hidesBase reports whether every line from an eye at w to a point of the
// base centred at c crosses the edge e well inside both: w lies off e's
// line, the base lies wholly beyond that line, and wholly within the angle
// that e spans from w, each by a margin far beyond rounding. Then
// segmentsCross reports each such line crossing e, and a grid walk along
// the line meets e in the cell of the crossing.
func hidesBase(w, c Point, e *edge) bool {
	const margin = 1e-6
	reach := BaseRadius + margin
	l := e.a.Dist(e.b)
	la, lb := w.Dist(e.a), w.Dist(e.b)
	if l == 0 || la == 0 || lb == 0 {
		return false
	}
	// Signed distances from e's line, from the line w-a and from the line w-b.
	eyeSide := orient(e.a, e.b, w) / l
	baseSide := orient(e.a, e.b, c) / l
	switch {
	case eyeSide > margin && baseSide < -reach, eyeSide < -margin && baseSide > reach:
	default:
		return false
	}
	fromA, bFromA := orient(w, e.a, c)/la, orient(w, e.a, e.b)
	fromB, aFromB := orient(w, e.b, c)/lb, orient(w, e.b, e.a)
	return (bFromA > 0 && fromA > reach || bFromA < 0 && fromA < -reach) &&
		(aFromB > 0 && fromB > reach || aFromB < 0 && fromB < -reach)
}

// Distance is the edge-to-edge distance of two bases given by their centres (R3).
func Distance(a, b Point) float64 {
	return math.Max(0, a.Dist(b)-2*BaseRadius)
}

// InContact reports base contact: an edge gap of at most 0.05" (R3).
func InContact(a, b Point) bool {
	return a.Dist(b)-2*BaseRadius <= 0.05
}

// BackShot reports whether the shooter's centre lies in the target's rear
// 180-degree arc, the target facing the angle facing (radians, 0 = +x,
// pi/2 = +y, down the table) (R8). A shooter exactly abeam is not behind.
func BackShot(shooter, target Point, facing float64) bool {
	d := Point{detmath.Cos(facing), detmath.Sin(facing)}
	return shooter.Sub(target).Dot(d) < -1e-9 // exactly abeam, within rounding, is not behind
}

// InArc reports whether p lies in the 90-degree arc of a model at c facing
// the angle facing (radians), edges included (R31).
func InArc(c, p Point, facing float64) bool {
	if p == c {
		return true
	}
	return angleDiff(detmath.Atan2(p.Y-c.Y, p.X-c.X), facing) <= math.Pi/4+1e-12
}
