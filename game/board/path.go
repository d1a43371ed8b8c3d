package board

import (
	"fmt"
	"math"
	"slices"
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
		if e.flags&fMove != 0 && !farFromBox(p, e.a, e.b, BaseRadius) && distPointSeg(p, e.a, e.b) < BaseRadius-clearEps {
			return false
		}
	}
	for _, o := range others {
		if math.Abs(o.X-p.X) < 2*BaseRadius && math.Abs(o.Y-p.Y) < 2*BaseRadius && o.Dist(p) < 2*BaseRadius-clearEps {
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
	return clearOf(p, q, others) && b.terrainClear(p, q)
}

// terrainClear reports whether a base can slide from p to q as far as
// terrain goes (segClear without other bases).
func (b *Board) terrainClear(p, q Point) bool {
	// The movement grid lists every blocker in every cell within a base
	// radius of it, so a blocker that p-q crosses is met in the cell of
	// the crossing, and distSegSeg finds the crossing: no separate
	// crossing test is needed. An edge listed in several cells along the
	// way is measured once.
	seg := boxOf(p, q)
	var measured [16]int32
	n := 0
	ok := true
	b.move.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.move.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&fMove == 0 || seg.apart(e.a, e.b, BaseRadius) && !segmentsCross(p, q, e.a, e.b) {
				continue
			}
			if slices.Contains(measured[:n], ei) {
				continue
			}
			if distSegSeg(p, q, e.a, e.b) < BaseRadius-clearEps {
				ok = false
				return false
			}
			if n < len(measured) {
				measured[n] = ei
				n++
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
	return b.plan(from, to, others, limit, 0)
}

// PathBeyond is Path for a move known to cost more than atLeast (a search
// within atLeast found no path): the same answer, found sooner, the first
// try of the search reaching beyondSlack past atLeast.
func (b *Board) PathBeyond(from, to Point, others []Point, atLeast float64) (Path, error) {
	return b.plan(from, to, others, math.Inf(1), atLeast)
}

// plan is PathWithin, knowing that a path costs more than atLeast.
func (b *Board) plan(from, to Point, others []Point, limit, atLeast float64) (Path, error) {
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
		if p, err := b.search(from, to, nil, limit, atLeast); err == nil && pathClearOf(p.Points, others) {
			return p, nil
		}
	}
	return b.search(from, to, others, limit, atLeast)
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
func (b *Board) search(from, to Point, others []Point, limit, atLeast float64) (Path, error) {
	if math.IsInf(limit, 1) {
		if p, err, ok := b.searchUnlimited(from, to, others, atLeast); ok {
			return p, err
		}
	}
	x := b.explore(from, &to, others, limit)
	defer b.release(x)
	return b.pathFound(x, from, to, limit)
}

// searchUnlimited tries to answer a search without a limit with a search
// limited to a few times the straight distance, which looks at far fewer
// nodes (an unlimited search queues every node it sees). Its answer is the
// unlimited search's, bit for bit, when it found the goal, no two items
// that matter ever tied for the head of its queue, and it took nothing
// from the queue near its limit: then the unlimited search, whose queue
// holds the same items plus others all dearer than the limit, takes the
// same items in the same order. When the limited searches find nothing,
// walledOff may prove that the unlimited search would find nothing either
// (a goal shut in a locked building), without searching the whole table.
// ok is false when it cannot tell.
func (b *Board) searchUnlimited(from, to Point, others []Point, atLeast float64) (p Path, err error, ok bool) {
	limit := max(float64(unlimitedTry*from.Dist(to))+unlimitedSlack, atLeast+beyondSlack)
	for try := range 2 {
		x := b.explore(from, &to, others, limit)
		found := x.prev[len(x.nodes)-1] >= 0 || from == to
		// Items left out for the limit, or for lying outside its ellipse,
		// have priorities above the limit less the roundings of a path's sum.
		margin := float64(limit*1e-9) + 1e-9
		trusted := !x.tie && x.maxPopped <= limit-margin
		if found && trusted {
			p, err := b.pathFound(x, from, to, math.Inf(1))
			b.release(x)
			return p, err, true
		}
		b.release(x)
		// A goal shut in is proved so before the wider search, which would
		// look at the whole table. The proof needs no trust in the search.
		if !found && try == 0 && b.walledOff(from, to, others) {
			return Path{}, noPath(from, to, math.Inf(1)), true
		}
		if !trusted {
			return Path{}, nil, false
		}
		limit = float64(limit * 4)
	}
	return Path{}, nil, false
}

// walledOffBudget bounds the points walledOff gathers from each end before
// it gives up. An open spot reaches it at once, at the cost of a grid walk
// per node it tries; a shut room or a ring of bases holds fewer nodes (the
// random match's proofs were the same with 16 as with 200).
const walledOffBudget = 24

// walledOff reports whether no path can join from to to, whatever the
// search: gathering, from one end outwards, every path node (and the other
// end) that a straight edge joins to one already gathered, it runs out of
// nodes before the other end, within walledOffBudget nodes. It tries from
// the goal (shut in a building, or boxed in by bases), then from the start.
// An edge counts as possibly open unless a movement blocker or another
// base surely blocks it (surely: whichever end the test starts from), and
// the nodes gathered include every node around the other bases, so they
// include all a real search could come from.
func (b *Board) walledOff(from, to Point, others []Point) bool {
	if from == to {
		return false
	}
	return b.shutIn(to, from, others) || b.shutIn(from, to, others)
}

// shutIn is walledOff gathering from end a towards end z.
func (b *Board) shutIn(a, z Point, others []Point) bool {
	g := b.pathGraph()
	x := b.newExploration()
	defer b.release(x)
	nodes := b.appendBaseNodes(x.staticNodes(g), others, func(Point) bool { return true })
	other := len(nodes)
	nodes = append(nodes, z, a)
	x.nodes = nodes
	x.done = resize(x.done, len(nodes))
	clear(x.done)
	gathered := x.prev[:0]
	gathered = append(gathered, int32(len(nodes)-1))
	x.done[len(nodes)-1] = true
	defer func() { x.prev = gathered }()
	for k := 0; k < len(gathered); k++ {
		p := nodes[gathered[k]]
		for v := range nodes {
			if x.done[v] || surelyTouches(p, nodes[v], others) || b.surelyBlocked(p, nodes[v]) {
				continue
			}
			if v == other || len(gathered) >= walledOffBudget {
				return false
			}
			x.done[v] = true
			gathered = append(gathered, int32(v))
		}
	}
	return true
}

// surelyBlocked reports whether a movement blocker crosses p-q so clearly
// (each end of each segment well off the other's line) that segmentsCross
// says so from either end, and so terrainClear refuses p-q and q-p. It
// walks the grid from p.
func (b *Board) surelyBlocked(p, q Point) bool {
	const sure = 1e-9
	blocked := false
	b.move.walk(p, q, func(cx, cy int) bool {
		for _, ei := range b.move.cell(cx, cy) {
			e := &b.edges[ei]
			if e.flags&fMove == 0 {
				continue
			}
			d1, d2 := orient(e.a, e.b, p), orient(e.a, e.b, q)
			d3, d4 := orient(p, q, e.a), orient(p, q, e.b)
			if (d1 > sure && d2 < -sure || d1 < -sure && d2 > sure) && (d3 > sure && d4 < -sure || d3 < -sure && d4 > sure) {
				blocked = true
				return false
			}
		}
		return true
	})
	return blocked
}

// surelyTouches reports whether a base sliding along p-q comes so clearly
// within a base diameter of one of the bases at others that clearOf
// refuses p-q and q-p alike.
func surelyTouches(p, q Point, others []Point) bool {
	const sure = 1e-9
	return comesWithin(p, q, others, 2*BaseRadius-clearEps-sure)
}

// noPath is the search's refusal when no path is found within limit.
func noPath(from, to Point, limit float64) error {
	if !math.IsInf(limit, 1) {
		return fmt.Errorf("no path from (%.2f, %.2f) to (%.2f, %.2f) within %.1f\"", from.X, from.Y, to.X, to.Y, limit)
	}
	return fmt.Errorf("no path from (%.2f, %.2f) to (%.2f, %.2f)", from.X, from.Y, to.X, to.Y)
}

// An unlimited search is first tried limited to unlimitedTry times the
// straight distance plus unlimitedSlack (or, for a path known to cost more
// than some allowance, to beyondSlack past that, if more), then to four
// times that. Most paths cost little more than the straight line (the
// random match's moves past their allowance, half of them by less than
// 1.5"); a wider first try queued a quarter more items for the same
// answers.
const unlimitedTry, unlimitedSlack = 1.5, 3.0

// beyondSlack: in the random match, nine moves in ten that cost more than
// their allowance cost less than 7" more (half of them less than 1.5").
const beyondSlack = 7.0

// pathFound reads the path to the goal out of a finished exploration.
func (b *Board) pathFound(x *exploration, from, to Point, limit float64) (Path, error) {
	goal := len(x.nodes) - 1
	if x.prev[goal] < 0 && from != to {
		return Path{}, noPath(from, to, limit)
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
	h     []float64 // straight distance to the goal once worked out, else -1
	pq    nodeHeap
	graph *graph   // the graph whose nodes begin nodes (staticNodes)
	near  []int32  // static nodes in a box, for one popped node's edges
	seen  []uint64 // a bit per static node, clear: nodeIndex.appendIn's scratch

	ends endEdges // the start's and the goal's edges to the static graph

	tie       bool    // two items that matter tied for the head of the queue
	maxPopped float64 // the largest priority taken from the queue
}

// endEdges remembers, for one board, door state and static graph, the
// terrain clearance and cost of the edges from a start point and to a goal
// point to each static node: the searches of one move (within its
// allowance, then beyond; without the other bases, then with them) and of
// the random player's trial moves from one spot ask for them again and
// again. The other bases are tested apart, search by search. Holding the
// board keeps its address from being reused by another board.
type endEdges struct {
	board      *Board
	doors      uint64
	graph      *graph
	from, goal Point
	hasGoal    bool
	fromClear  []int8 // per static node: 0 not known yet, 1 clear, 2 blocked
	fromCost   []float64
	goalClear  []int8
	goalCost   []float64
}

// prepare keeps what is known for the same board, doors, graph and ends,
// and forgets the rest: the goal's edges too when the board changes in a
// search without a goal (a later search towards the same goal on this
// board must not read another board's).
func (e *endEdges) prepare(b *Board, g *graph, from Point, goal *Point) {
	same := e.board == b && e.doors == b.doorChanges && e.graph == g
	if !same {
		e.hasGoal = false
	}
	n := len(g.nodes)
	if !same || e.from != from {
		e.fromClear, e.fromCost = resize(e.fromClear, n), resize(e.fromCost, n)
		clear(e.fromClear)
		e.from = from
	}
	if goal != nil && (!same || !e.hasGoal || e.goal != *goal) {
		e.goalClear, e.goalCost = resize(e.goalClear, n), resize(e.goalCost, n)
		clear(e.goalClear)
		e.goal, e.hasGoal = *goal, true
	}
	e.board, e.doors, e.graph = b, b.doorChanges, g
}

// edge answers terrainClear(p, q) and moveCost(p, q) for the edge between
// an end and static node v, from memory when it can.
func (e *endEdges) edge(b *Board, v int, p, q Point, known *[]int8, cost *[]float64) (bool, float64) {
	switch (*known)[v] {
	case 1:
		return true, (*cost)[v]
	case 2:
		return false, 0
	}
	if !b.terrainClear(p, q) {
		(*known)[v] = 2
		return false, 0
	}
	c := b.moveCost(p, q)
	(*known)[v], (*cost)[v] = 1, c
	return true, c
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
// check: they are queued lazily at their straight length, a lower bound
// of their cost, and checked only when popped. The caller releases the
// result.
//
// The exploration also records what searchUnlimited needs to know that a
// limited search found exactly what an unlimited one would: whether two
// items ever tied for the head of the queue (their order would depend on
// the queue's shape, which items beyond the limit change) and the largest
// priority it took from the queue.
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
	nodes := b.appendBaseNodes(x.staticNodes(g), others, near)
	movable := len(nodes) // nodes a path may pass through
	x.start = len(nodes)
	nodes = append(nodes, from)
	goalAt := -1
	if goal != nil {
		goalAt = len(nodes)
		nodes = append(nodes, *goal)
	}
	x.nodes = nodes
	x.ends.prepare(b, g, from, goal)
	if words := (ns + 63) / 64; len(x.seen) < words {
		x.seen = make([]uint64, words)
	}
	n := len(nodes)
	x.dist, x.prev, x.done, x.h = resize(x.dist, n), resize(x.prev, n), resize(x.done, n), resize(x.h, n)
	for i := range n {
		x.dist[i], x.prev[i], x.done[i], x.h[i] = math.Inf(1), -1, false, -1
	}
	x.tie, x.maxPopped = false, math.Inf(-1)
	// h is the straight distance to the goal, worked out once per node.
	h := func(v int) float64 {
		if goal == nil {
			return 0
		}
		if x.h[v] < 0 {
			x.h[v] = nodes[v].Dist(*goal)
		}
		return x.h[v]
	}
	// hAtLeast is a cheap lower bound of h(v) (h itself once known).
	hAtLeast := func(v int) float64 {
		if goal == nil {
			return 0
		}
		if x.h[v] >= 0 {
			return x.h[v]
		}
		return distAtLeast(nodes[v], *goal)
	}
	bounded := !math.IsInf(limit, 1)
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
		// Far nodes are ruled out on lower bounds first, without a square
		// root: the sums round the same way, so no less than the test's.
		if bounded && x.dist[u]+distAtLeast(nodes[u], nodes[v])+hAtLeast(v) > limit {
			return
		}
		if d := x.dist[u] + nodes[u].Dist(nodes[v]); d < x.dist[v] && d+h(v) <= limit {
			pq.push(heapItem{node: v, f: d + h(v), parent: int32(u), lazy: true})
		}
	}
	for len(*pq) > 0 {
		it := pq.pop()
		u := it.node
		if x.done[u] {
			continue // stale: a no-op whenever it is taken
		}
		x.maxPopped = math.Max(x.maxPopped, it.f)
		if !x.tie && pq.tiesWith(it, x.done) {
			x.tie = true
		}
		if it.lazy {
			par := int(it.parent)
			p, q := nodes[par], nodes[u]
			if !clearOf(p, q, others) {
				continue
			}
			switch {
			case par == x.start && u < ns:
				if ok, c := x.ends.edge(b, u, p, q, &x.ends.fromClear, &x.ends.fromCost); ok {
					relax(par, u, c)
				}
			case u == goalAt && par < ns:
				if ok, c := x.ends.edge(b, par, p, q, &x.ends.goalClear, &x.ends.goalCost); ok {
					relax(par, u, c)
				}
			default:
				if b.terrainClear(p, q) {
					relax(par, u, b.moveCost(p, q))
				}
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
				// relax's own tests first, the costly clearance last: the
				// same answer, with far fewer clearances tested.
				if x.done[v] {
					continue
				}
				if d := x.dist[u] + a.cost[k]; !(d < x.dist[v]) || bounded && d+hAtLeast(int(v)) > limit {
					continue
				}
				if clearOf(p, nodes[v], others) {
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
		if !bounded {
			for v := range movable {
				if !x.done[v] {
					lazy(u, v)
				}
			}
			continue
		}
		// Within the limit, an edge from u can reach only static nodes in
		// the box of the two discs, around u and around the goal, of the
		// limit left (grown by a margin far beyond rounding): lazy would
		// queue nothing else. They are tried in the same order.
		left := limit - x.dist[u] + 1e-6
		minX, minY, maxX, maxY := p.X-left, p.Y-left, p.X+left, p.Y+left
		if goal != nil {
			minX, minY = max(minX, goal.X-left), max(minY, goal.Y-left)
			maxX, maxY = min(maxX, goal.X+left), min(maxY, goal.Y+left)
		}
		if minX <= maxX && minY <= maxY {
			x.near = g.index.appendIn(x.near[:0], x.seen, minX, minY, maxX, maxY)
			for _, v := range x.near {
				if !x.done[v] {
					lazy(u, int(v))
				}
			}
		}
		for v := ns; v < movable; v++ {
			if !x.done[v] {
				lazy(u, v)
			}
		}
	}
	return x
}

// staticNodes returns x.nodes holding g's nodes and nothing after them,
// copying them only when x last held another graph's: the searches after
// them only append.
func (x *exploration) staticNodes(g *graph) []Point {
	if x.graph != g || len(x.nodes) < len(g.nodes) {
		x.nodes, x.graph = append(x.nodes[:0], g.nodes...), g
	}
	return x.nodes[:len(g.nodes)]
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// clearOf reports whether a base sliding from p to q keeps clear of the
// bases at others.
func clearOf(p, q Point, others []Point) bool {
	return !comesWithin(p, q, others, 2*BaseRadius-clearEps)
}

// comesWithin reports whether the segment p-q passes nearer than d (at most
// a base diameter) to one of the points at others.
func comesWithin(p, q Point, others []Point, d float64) bool {
	for _, o := range others {
		if !farFromBox(o, p, q, 2*BaseRadius) && distPointSeg(o, p, q) < d {
			return true
		}
	}
	return false
}

// stopPast is how far past a door or window line a base centre stops:
// just inside (or outside), its whole base across the line (R11).
const stopPast = BaseRadius + 0.05

// Crossing is a path of base centres crossing a door or window line (a
// door in a fence, a gate, included).
type Crossing struct {
	Along   float64 // inches along the path to the line
	Feature int     // index in Board.Features of the door or window
	Enter   bool    // into a building
	Leave   bool    // out of a building
}

// Crossings lists, in path order, every door and window line a path of
// base centres crosses.
func (b *Board) Crossings(path []Point) []Crossing {
	var out []Crossing
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
			out = append(out, Crossing{Along: along + float64(l*h.t), Feature: int(h.feat),
				Enter: after != nil && after != before, Leave: before != nil && after != before})
		}
		along += l
	}
	return out
}

// Stops lists where R11 ends a move along a path of base centres: entering
// a building through a door or window stops just inside; leaving through a
// window stops just outside; doors out and large openings cost nothing.
func (b *Board) Stops(path []Point) []Stop {
	var out []Stop
	for _, c := range b.Crossings(path) {
		if !c.Enter && !(c.Leave && b.Features[c.Feature].Kind == Window) {
			continue
		}
		s := Stop{Along: math.Min(c.Along+stopPast, pathLength(path)), Feature: c.Feature, Enter: c.Enter}
		if k := len(out) - 1; k >= 0 && out[k].Feature == s.Feature && math.Abs(out[k].Along-s.Along) < 1e-6 {
			continue // the path turned on the door line itself
		}
		s.At = PointAlong(path, s.Along)
		out = append(out, s)
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

// apart reports whether the segment pq lies at least r beyond the box
// along one axis (the box's slack only makes it say so less often). For
// the box of a segment: then, unless segmentsCross misjudges the two
// (ask it: only for nearly collinear segments could its roundings), each
// end of either is that far from the other's box and distSegSeg computes
// no less than r less a few roundings.
func (a box) apart(p, q Point, r float64) bool {
	return a.maxX <= min(p.X, q.X)-r || a.minX >= max(p.X, q.X)+r ||
		a.maxY <= min(p.Y, q.Y)-r || a.minY >= max(p.Y, q.Y)+r
}

func (a box) contains(p Point) bool {
	return p.X >= a.minX && p.X <= a.maxX && p.Y >= a.minY && p.Y <= a.maxY
}

// Prepare builds the path graph now, so that clones made afterwards share
// it instead of each building their own on first use.
func (b *Board) Prepare() { b.pathGraph() }
