package board

import (
	"container/heap"
	"math"
	"sort"
)

// Field is what a base at one spot can reach with an allowance: the cost
// (R10) of the cheapest legal path to any point, for drawing a model's move
// range. It does not apply R11 stops: a move into a building stops at the
// door or window, which a move preview shows.
type Field struct {
	b      *Board
	from   Point
	others []Point
	limit  float64
	nodes  []Point   // path-graph nodes reached within the limit
	cost   []float64 // their costs
}

// ReachField finds the cheapest way from a base centre to every node of the
// path graph (and the nodes around the bases at others) within limit inches
// of allowance.
func (b *Board) ReachField(from Point, others []Point, limit float64) *Field {
	g := b.pathGraph()
	ns := len(g.nodes)
	nodes := g.nodes
	if dyn := b.baseNodes(others); len(dyn) > 0 {
		nodes = append(append([]Point(nil), g.nodes...), dyn...)
	}
	start := len(nodes)
	pos := func(i int) Point {
		if i == start {
			return from
		}
		return nodes[i]
	}
	dist := make([]float64, start+1)
	done := make([]bool, start+1)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[start] = 0
	pq := &nodeHeap{{node: start}}
	relax := func(u, v int, c float64) {
		if d := dist[u] + c; d < dist[v] && d <= limit {
			dist[v] = d
			heap.Push(pq, heapItem{node: v, f: d})
		}
	}
	lazy := func(u, v int) {
		if d := dist[u] + pos(u).Dist(pos(v)); d < dist[v] && d <= limit {
			heap.Push(pq, heapItem{node: v, f: d, parent: int32(u), lazy: true})
		}
	}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(heapItem)
		u := it.node
		if done[u] {
			continue
		}
		if it.lazy {
			if p, q := pos(int(it.parent)), pos(u); b.segClear(p, q, others) {
				relax(int(it.parent), u, b.moveCost(p, q))
			}
			continue
		}
		done[u] = true
		p := pos(u)
		if u < ns {
			for k, v := range g.adj[u] {
				if !done[v] && clearOf(p, nodes[v], others) {
					relax(u, int(v), g.cost[u][k])
				}
			}
			for v := ns; v < len(nodes); v++ {
				if !done[v] {
					lazy(u, v)
				}
			}
			continue
		}
		for v := range nodes {
			if !done[v] {
				lazy(u, v)
			}
		}
	}
	f := &Field{b: b, from: from, others: others, limit: limit}
	order := make([]int, 0, len(nodes))
	for i := range nodes {
		if done[i] {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(i, j int) bool { return dist[order[i]] < dist[order[j]] })
	for _, i := range order {
		f.nodes = append(f.nodes, nodes[i])
		f.cost = append(f.cost, dist[i])
	}
	return f
}

// baseNodes are the path nodes around the bases at others.
func (b *Board) baseNodes(others []Point) []Point {
	var dyn []Point
	for _, o := range others {
		r := (2*BaseRadius + nodeGap) / math.Cos(math.Pi/8)
		for k := range 8 {
			a := float64(k) * math.Pi / 4
			p := Point{o.X + r*math.Cos(a), o.Y + r*math.Sin(a)}
			if b.pointClear(p, others) {
				dyn = append(dyn, p)
			}
		}
	}
	return dyn
}

// Cost is the allowance the cheapest legal path to q needs (R10), or +Inf
// when a base cannot stand at q or q lies beyond the field's limit.
func (f *Field) Cost(q Point) float64 {
	if !f.b.pointClear(q, f.others) || f.from.Dist(q) > f.limit {
		return math.Inf(1)
	}
	best := math.Inf(1)
	if f.b.segClear(f.from, q, f.others) {
		best = f.b.moveCost(f.from, q)
	}
	// Nodes are in order of cost; a node's cost plus the straight distance
	// is a lower bound of any path through it.
	for i, n := range f.nodes {
		if f.cost[i] >= best {
			break
		}
		if lb := f.cost[i] + n.Dist(q); lb >= best || lb > f.limit {
			continue
		}
		if f.b.segClear(n, q, f.others) {
			best = math.Min(best, f.cost[i]+f.b.moveCost(n, q))
		}
	}
	if best > f.limit {
		return math.Inf(1)
	}
	return best
}

// CanStand reports whether a base centred at p stands on the table clear
// of terrain that blocks movement and of the bases at others (R2).
func (b *Board) CanStand(p Point, others []Point) bool { return b.pointClear(p, others) }
