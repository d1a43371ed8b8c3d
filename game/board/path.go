package board

import (
	"fmt"
	"math"
	"sort"
)

// Paths are shortest paths in a visibility graph whose nodes stand just
// clear of every corner of terrain that blocks movement, at the doors,
// windows and openings, and at the corners of difficult terrain; edges
// keep a base radius from terrain and a base diameter from other bases
// (R2, R5). An edge's cost counts each inch inside difficult terrain twice
// (R10).

const (
	nodeGap  = 0.02 // nodes stand this much more than a base radius from terrain
	clearEps = 1e-7
)

// pointClear reports whether a base centred at p stands on the table, clear
// of movement-blocking terrain and of the bases centred at others.
func (b *Board) pointClear(p Point, others []Point) bool {
	if p.X < BaseRadius-clearEps || p.Y < BaseRadius-clearEps || p.X > b.Width-BaseRadius+clearEps || p.Y > b.Height-BaseRadius+clearEps {
		return false
	}
	cx, cy := b.move.clampX(p.X), b.move.clampY(p.Y)
	for _, ei := range b.move.cell(cx, cy) {
		e := &b.edges[ei]
		if e.flags&fMove != 0 && distPointSeg(p, e.a, e.b) < BaseRadius-clearEps {
			return false
		}
	}
	for _, o := range others {
		if o.Dist(p) < 2*BaseRadius-clearEps {
			return false
		}
	}
	for _, i := range b.solids() {
		if b.Features[i].Contains(p) {
			return false
		}
	}
	return true
}

// solids are the closed obstacles a point could sit wholly inside.
func (b *Board) solids() []int { return nil }

// segClear reports whether a base can slide from p to q.
func (b *Board) segClear(p, q Point, others []Point) bool {
	for _, o := range others {
		if distPointSeg(o, p, q) < 2*BaseRadius-clearEps {
			return false
		}
	}
	if b.firstCrossing(p, q, fMove) >= 0 {
		return false
	}
	ok := true
	b.move.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.move.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&fMove != 0 && distSegSeg(p, q, e.a, e.b) < BaseRadius-clearEps {
				ok = false
				return false
			}
		}
		return true
	})
	return ok
}

// moveCost is the allowance a straight move p-q uses (R10).
func (b *Board) moveCost(p, q Point) float64 {
	return p.Dist(q) + b.difficultLength(p, q)
}

// difficultLength is how much of p-q lies in difficult terrain.
func (b *Board) difficultLength(p, q Point) float64 {
	l := p.Dist(q)
	if l == 0 {
		return 0
	}
	total := 0.0
	var ts [64]float64
	segBox := boxOf(p, q)
	for k, i := range b.areas {
		if !segBox.overlaps(b.areaBoxes[k]) {
			continue // no crossing, and no point of p-q inside: adds nothing
		}
		f := &b.Features[i]
		t := append(ts[:0], 0, 1)
		n := len(f.Points)
		for j := range n - 1 {
			if u, ok := segmentParam(p, q, f.Points[j], f.Points[j+1]); ok {
				t = append(t, u)
			}
		}
		if f.Closed && n >= 2 {
			if u, ok := segmentParam(p, q, f.Points[n-1], f.Points[0]); ok {
				t = append(t, u)
			}
		}
		sort.Float64s(t)
		for k := 0; k+1 < len(t); k++ {
			if t[k+1]-t[k] > 1e-12 && f.Contains(p.Lerp(q, (t[k]+t[k+1])/2)) {
				total += float64((t[k+1] - t[k]) * l)
			}
		}
	}
	return total
}

// CannotStandError is Path's refusal of a destination no base can stand
// at: no allowance changes it.
type CannotStandError struct{ At Point }

func (e *CannotStandError) Error() string {
	return fmt.Sprintf("a base cannot stand at (%.2f, %.2f)", e.At.X, e.At.Y)
}

// Path is a legal movement path for one base (R5).
type Path struct {
	Points []Point // base centres, from start to goal
	Length float64 // inches along the path
	Cost   float64 // allowance used: inches in difficult terrain count twice (R10)
	Stops  []Stop  // where R11 ends the move, in path order
}

// Stop is a point where R11 ends a move.
type Stop struct {
	At      Point
	Along   float64 // inches along the path
	Feature int     // index in Board.Features of the door or window
	Enter   bool    // entering a building (true) or leaving through a window
}

// Path finds the shortest legal path (by allowance) for a base from one
// centre to another around walls, obstacles and the bases centred at
// others (R2, R5, R10), and lists the R11 stops along it.
func (b *Board) Path(from, to Point, others []Point) (Path, error) {
	return b.PathWithin(from, to, others, math.Inf(1))
}

// PathWithin is Path for a move that may cost at most limit inches of
// allowance: it refuses dearer paths, and it needs to look only at the
// bases that such a path could pass, which makes it faster.
func (b *Board) PathWithin(from, to Point, others []Point, limit float64) (Path, error) {
	if !b.pointClear(to, others) {
		return Path{}, &CannotStandError{At: to}
	}
	// A clear straight line with no difficult terrain on it is as short
	// and as cheap as any path can be.
	if b.segClear(from, to, others) && b.difficultLength(from, to) == 0 {
		path := Path{Points: []Point{from, to}, Length: from.Dist(to), Cost: from.Dist(to)}
		path.Stops = b.Stops(path.Points)
		return path, nil
	}
	// The shortest path ignoring the other bases is a lower bound; when it
	// keeps clear of them it is the answer, found on the static graph alone.
	if len(others) > 0 {
		if p, err := b.search(from, to, nil, limit); err == nil && pathClearOf(p.Points, others) {
			return p, nil
		}
	}
	return b.search(from, to, others, limit)
}

// pathClearOf reports whether a base can follow every leg of a path
// without touching the bases at others.
func pathClearOf(path []Point, others []Point) bool {
	for i := 0; i+1 < len(path); i++ {
		if !clearOf(path[i], path[i+1], others) {
			return false
		}
	}
	return true
}

// search is the A* search of Path over the static graph plus nodes around
// the bases at others.
func (b *Board) search(from, to Point, others []Point, limit float64) (Path, error) {
	x := b.explore(from, &to, others, limit)
	defer b.release(x)
	goal := len(x.nodes) - 1
	if x.prev[goal] < 0 && from != to {
		if !math.IsInf(limit, 1) {
			return Path{}, fmt.Errorf("no path from (%.2f, %.2f) to (%.2f, %.2f) within %.1f\"", from.X, from.Y, to.X, to.Y, limit)
		}
		return Path{}, fmt.Errorf("no path from (%.2f, %.2f) to (%.2f, %.2f)", from.X, from.Y, to.X, to.Y)
	}
	var pts []Point
	for v := goal; v >= 0; v = int(x.prev[v]) {
		pts = append(pts, x.nodes[v])
		if v == x.start {
			break
		}
	}
	if from == to {
		pts = []Point{from, to}
	}
	for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
		pts[i], pts[j] = pts[j], pts[i]
	}
	path := Path{Points: pts, Cost: x.dist[goal]}
	for i := 0; i+1 < len(pts); i++ {
		path.Length += pts[i].Dist(pts[i+1])
	}
	path.Stops = b.Stops(pts)
	return path, nil
}

// exploration is one run of the path search: the nodes it knew (the static
// graph, the nodes around the bases at others, the start, and the goal if
// there is one, last) and the cheapest cost found to each. Its memory is
// reused from search to search (graphCache.scratch).
type exploration struct {
	nodes []Point
	start int
	dist  []float64
	prev  []int32
	done  []bool
	pq    nodeHeap
}

// newExploration takes an exploration from the board family's free list
// (its memory reused: a sync.Pool would drop it at every collection).
func (b *Board) newExploration() *exploration {
	c := b.graphs
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := len(c.scratch); n > 0 {
		x := c.scratch[n-1]
		c.scratch = c.scratch[:n-1]
		return x
	}
	return &exploration{}
}

// release gives an exploration back; x must not be used after.
func (b *Board) release(x *exploration) {
	c := b.graphs
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.scratch) < maxScratch {
		c.scratch = append(c.scratch, x)
	}
}

// explore runs A* from a base centre towards goal (Dijkstra to every node
// when goal is nil), never past limit inches of allowance. Edges off the
// static graph (from the start, to the goal, around bases) are costly to
// check: they are queued lazily at their straight length, a lower bound of
// their cost, and checked only when popped. The caller releases the result.
func (b *Board) explore(from Point, goal *Point, others []Point, limit float64) *exploration {
	g := b.pathGraph()
	ns := len(g.nodes)
	// A path within limit stays inside the ellipse |p-from| + |p-goal| <=
	// limit (the circle |p-from| <= limit without a goal): nodes around
	// bases outside it can be left out.
	near := func(p Point) bool {
		if goal == nil {
			return p.Dist(from) <= limit
		}
		return p.Dist(from)+p.Dist(*goal) <= limit
	}
	x := b.newExploration()
	nodes := b.appendBaseNodes(append(x.nodes[:0], g.nodes...), others, near)
	movable := len(nodes) // nodes a path may pass through
	x.start = len(nodes)
	nodes = append(nodes, from)
	goalAt := -1
	if goal != nil {
		goalAt = len(nodes)
		nodes = append(nodes, *goal)
	}
	x.nodes = nodes
	n := len(nodes)
	x.dist, x.prev, x.done = resize(x.dist, n), resize(x.prev, n), resize(x.done, n)
	for i := range n {
		x.dist[i], x.prev[i], x.done[i] = math.Inf(1), -1, false
	}
	h := func(v int) float64 {
		if goal == nil {
			return 0
		}
		return nodes[v].Dist(*goal)
	}
	x.dist[x.start] = 0
	pq := &x.pq
	*pq = append((*pq)[:0], heapItem{node: x.start, f: h(x.start)})
	relax := func(u, v int, c float64) {
		// h never overestimates, so g + h beyond the limit rules v out.
		if d := x.dist[u] + c; d < x.dist[v] && d+h(v) <= limit {
			x.dist[v], x.prev[v] = d, int32(u)
			pq.push(heapItem{node: v, f: d + h(v)})
		}
	}
	lazy := func(u, v int) {
		if d := x.dist[u] + nodes[u].Dist(nodes[v]); d < x.dist[v] && d+h(v) <= limit {
			pq.push(heapItem{node: v, f: d + h(v), parent: int32(u), lazy: true})
		}
	}
	for len(*pq) > 0 {
		it := pq.pop()
		u := it.node
		if x.done[u] {
			continue
		}
		if it.lazy {
			if p, q := nodes[it.parent], nodes[u]; b.segClear(p, q, others) {
				relax(int(it.parent), u, b.moveCost(p, q))
			}
			continue
		}
		x.done[u] = true
		if u == goalAt {
			break
		}
		if goalAt >= 0 {
			lazy(u, goalAt)
		}
		p := nodes[u]
		if u < ns {
			a := g.neighbours(b, u)
			for k, v := range a.to {
				if !x.done[v] && clearOf(p, nodes[v], others) {
					relax(u, int(v), a.cost[k])
				}
			}
			for v := ns; v < movable; v++ {
				if !x.done[v] {
					lazy(u, v)
				}
			}
			continue
		}
		for v := range movable {
			if !x.done[v] {
				lazy(u, v)
			}
		}
	}
	return x
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

func clearOf(p, q Point, others []Point) bool {
	for _, o := range others {
		if distPointSeg(o, p, q) < 2*BaseRadius-clearEps {
			return false
		}
	}
	return true
}

// stopPast is how far past a door or window line a base centre stops:
// just inside (or outside), its whole base across the line (R11).
const stopPast = BaseRadius + 0.05

// Stops lists where R11 ends a move along a path of base centres: entering
// a building through a door or window stops just inside; leaving through a
// window stops just outside; doors out and large openings cost nothing.
func (b *Board) Stops(path []Point) []Stop {
	var out []Stop
	along := 0.0
	for i := 0; i+1 < len(path); i++ {
		p, q := path[i], path[i+1]
		l := p.Dist(q)
		type hit struct {
			t    float64
			feat int32
		}
		var hits []hit
		b.los.walk(p, q, func(cx, cy int) bool {
			for _, ei := range b.los.cell(cx, cy) {
				e := &b.edges[ei]
				if e.flags&fPortal == 0 {
					continue
				}
				if t, ok := segmentParam(p, q, e.a, e.b); ok {
					dup := false
					for _, h := range hits {
						dup = dup || h.feat == e.feat
					}
					if !dup {
						hits = append(hits, hit{t, e.feat})
					}
				}
			}
			return true
		})
		sort.Slice(hits, func(i, j int) bool { return hits[i].t < hits[j].t })
		dir := q.Sub(p).Unit()
		for _, h := range hits {
			x := p.Lerp(q, h.t)
			before, _ := b.InsideBuilding(x.Sub(dir.Scale(0.01)))
			after, _ := b.InsideBuilding(x.Add(dir.Scale(0.01)))
			enter := after != nil && after != before
			leave := before != nil && after != before
			f := &b.Features[h.feat]
			if !enter && !(leave && f.Kind == Window) {
				continue
			}
			s := Stop{Along: math.Min(along+float64(l*h.t)+stopPast, pathLength(path)), Feature: int(h.feat), Enter: enter}
			if k := len(out) - 1; k >= 0 && out[k].Feature == s.Feature && math.Abs(out[k].Along-s.Along) < 1e-6 {
				continue // the path turned on the door line itself
			}
			s.At = PointAlong(path, s.Along)
			out = append(out, s)
		}
		along += l
	}
	return out
}

func pathLength(path []Point) float64 {
	l := 0.0
	for i := 0; i+1 < len(path); i++ {
		l += path[i].Dist(path[i+1])
	}
	return l
}

// PointAlong is the point s inches along a path of base centres: the
// start for s <= 0, the end past the end, the zero point for no path.
func PointAlong(path []Point, s float64) Point {
	if len(path) == 0 {
		return Point{}
	}
	for i := 0; i+1 < len(path); i++ {
		l := path[i].Dist(path[i+1])
		if s <= l && l > 0 {
			return path[i].Lerp(path[i+1], math.Max(0, s)/l)
		}
		s -= l
	}
	return path[len(path)-1]
}

// Reach is how far a move along a path gets.
type Reach struct {
	At      Point
	Along   float64 // inches along the path
	Used    float64 // allowance used
	Stopped *Stop   // the R11 stop that ended it, if one did
}

// Reach follows a path with an allowance in inches (R9, R10) and returns
// the furthest point reached, stopping at the first R11 stop.
func (b *Board) Reach(p Path, allowance float64) Reach {
	limit := pathLength(p.Points)
	var stop *Stop
	if len(p.Stops) > 0 {
		limit, stop = p.Stops[0].Along, &p.Stops[0]
	}
	used, along := 0.0, 0.0
	const step = 0.01
	var nearBuf [8]int
	for i := 0; i+1 < len(p.Points); i++ {
		a, c := p.Points[i], p.Points[i+1]
		l := a.Dist(c)
		// Only the areas whose box meets the leg's can hold a sample point.
		near := nearBuf[:0]
		segBox := boxOf(a, c)
		for k := range b.areas {
			if segBox.overlaps(b.areaBoxes[k]) {
				near = append(near, k)
			}
		}
		for s := 0.0; s < l; s += step {
			ds := math.Min(step, l-s)
			if along+ds > limit {
				ds = limit - along
			}
			rate := 1.0
			if len(near) > 0 && b.inAreas(a.Lerp(c, (s+float64(ds/2))/l), near) {
				rate = 2
			}
			if used+float64(ds*rate) > allowance {
				ds = (allowance - used) / rate
				along += ds
				return Reach{At: PointAlong(p.Points, along), Along: along, Used: allowance}
			}
			used += float64(ds * rate)
			along += ds
			if along >= limit-1e-12 {
				r := Reach{At: PointAlong(p.Points, along), Along: along, Used: used}
				if stop != nil && along < pathLength(p.Points)+1e-9 {
					r.Stopped = stop
				}
				return r
			}
		}
	}
	return Reach{At: PointAlong(p.Points, along), Along: along, Used: used}
}

// inAreas reports whether p lies in one of the difficult areas b.areas[k]
// for k in near.
func (b *Board) inAreas(p Point, near []int) bool {
	for _, k := range near {
		if b.areaBoxes[k].contains(p) && b.Features[b.areas[k]].Contains(p) {
			return true
		}
	}
	return false
}

// box is an axis-aligned box grown by boxSlack, for quick exact rejections:
// a point outside a polygon's box is outside the polygon (the even-odd test
// then counts an even number of crossings, or none), and a segment whose
// box misses it neither crosses it nor has a point inside.
type box struct{ minX, minY, maxX, maxY float64 }

const boxSlack = 1e-6

func boxOf(pts ...Point) box {
	bx := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		bx.minX, bx.maxX = math.Min(bx.minX, p.X), math.Max(bx.maxX, p.X)
		bx.minY, bx.maxY = math.Min(bx.minY, p.Y), math.Max(bx.maxY, p.Y)
	}
	return box{bx.minX - boxSlack, bx.minY - boxSlack, bx.maxX + boxSlack, bx.maxY + boxSlack}
}

func (a box) overlaps(c box) bool {
	return a.minX <= c.maxX && c.minX <= a.maxX && a.minY <= c.maxY && c.minY <= a.maxY
}

func (a box) contains(p Point) bool {
	return p.X >= a.minX && p.X <= a.maxX && p.Y >= a.minY && p.Y <= a.maxY
}

// Prepare builds the path graph now, so that clones made afterwards share
// it instead of each building their own on first use.
func (b *Board) Prepare() { b.pathGraph() }
