package board

import (
	"math"
	"sort"

	"cowpoke/game/detmath"
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
	x := b.explore(from, nil, others, limit)
	defer b.release(x)
	f := &Field{b: b, from: from, others: others, limit: limit}
	order := make([]int, 0, x.start)
	for i := range x.start {
		if x.done[i] {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(i, j int) bool { return x.dist[order[i]] < x.dist[order[j]] })
	for _, i := range order {
		f.nodes = append(f.nodes, x.nodes[i])
		f.cost = append(f.cost, x.dist[i])
	}
	return f
}

// On returns the field read on b, a board of the same map and the same
// doors as the one it was found on (a clone of it, such as a fork's): its
// answers are the same, and b is the board they are checked against, so
// the field is not tied to a board that may change its doors later.
func (f *Field) On(b *Board) *Field {
	if f.b == b {
		return f
	}
	g := *f
	g.b = b
	return &g
}

// appendBaseNodes appends to dst the path nodes around the bases at
// others for which keep is true.
func (b *Board) appendBaseNodes(dst []Point, others []Point, keep func(Point) bool) []Point {
	for _, o := range others {
		r := (2*BaseRadius + nodeGap) / detmath.Cos(math.Pi/8)
		for k := range 8 {
			a := float64(float64(k)*math.Pi) / 4
			p := Point{o.X + float64(r*detmath.Cos(a)), o.Y + float64(r*detmath.Sin(a))}
			if b.pointClear(p, others) && keep(p) {
				dst = append(dst, p)
			}
		}
	}
	return dst
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
