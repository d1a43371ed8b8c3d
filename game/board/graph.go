package board

import (
	"math"
	"math/bits"
	"sort"
	"sync"
	"sync/atomic"
)

// graph is the static part of the visibility graph paths are found in:
// its nodes, a spatial index of them, and each node's neighbours (the
// nodes a base can slide to in a straight line, with the move's cost),
// worked out the first time a search reaches the node and kept. A graph
// belongs to one set of locked doors (the only door state that changes
// where a base can walk) and is shared by every board of that state; it
// is safe for concurrent use.
type graph struct {
	nodes []Point
	adj   []atomic.Pointer[adjacency]
	index nodeIndex
}

// nodeIndex lists a graph's nodes by square cell of the table, each
// cell's in ascending order, for the searches that need only the nodes in
// a box.
type nodeIndex struct {
	nx, ny int
	start  []int32 // cell i holds items[start[i]:start[i+1]]
	items  []int32
}

// nodeCell is the side of a nodeIndex cell, inches.
const nodeCell = 2.0

func newNodeIndex(nodes []Point, w, h float64) nodeIndex {
	ix := nodeIndex{nx: int(w/nodeCell) + 1, ny: int(h/nodeCell) + 1}
	ix.start = make([]int32, ix.nx*ix.ny+1)
	for _, p := range nodes {
		ix.start[ix.cellOf(p)+1]++
	}
	for i := 1; i < len(ix.start); i++ {
		ix.start[i] += ix.start[i-1]
	}
	ix.items = make([]int32, len(nodes))
	next := append([]int32(nil), ix.start[:len(ix.start)-1]...)
	for i, p := range nodes {
		c := ix.cellOf(p)
		ix.items[next[c]] = int32(i)
		next[c]++
	}
	return ix
}

func (ix *nodeIndex) cellOf(p Point) int {
	cx := min(max(int(math.Floor(p.X/nodeCell)), 0), ix.nx-1)
	cy := min(max(int(math.Floor(p.Y/nodeCell)), 0), ix.ny-1)
	return cy*ix.nx + cx
}

// appendIn appends to dst, in ascending order, every node in the box
// [minX, maxX] x [minY, maxY] (and perhaps some just outside it). seen is
// scratch of at least one bit per node, all clear, and left so.
func (ix *nodeIndex) appendIn(dst []int32, seen []uint64, minX, minY, maxX, maxY float64) []int32 {
	x0 := min(max(int(math.Floor(minX/nodeCell)), 0), ix.nx-1)
	x1 := min(max(int(math.Floor(maxX/nodeCell)), 0), ix.nx-1)
	y0 := min(max(int(math.Floor(minY/nodeCell)), 0), ix.ny-1)
	y1 := min(max(int(math.Floor(maxY/nodeCell)), 0), ix.ny-1)
	lo, hi := len(seen), -1
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			c := cy*ix.nx + cx
			for _, v := range ix.items[ix.start[c]:ix.start[c+1]] {
				w := int(v >> 6)
				seen[w] |= 1 << (v & 63)
				lo, hi = min(lo, w), max(hi, w)
			}
		}
	}
	// The bits come out in ascending order, a word at a time.
	for w := lo; w <= hi; w++ {
		for m := seen[w]; m != 0; m &= m - 1 {
			dst = append(dst, int32(w<<6+bits.TrailingZeros64(m)))
		}
		seen[w] = 0
	}
	return dst
}

// adjacency is one node's neighbours in ascending node order, with the
// cost (R10) of the straight move to each.
type adjacency struct {
	to   []int32
	cost []float64
}

// graphCache holds the graphs of a loaded board and all its clones, one
// per set of locked doors, so that a clone whose door is unlocked and
// locked again, or a second clone unlocking the same door, builds nothing.
type graphCache struct {
	mu      sync.Mutex
	graphs  map[string]*graph
	scratch []*exploration // search buffers not in use (at most maxScratch)
}

// maxScratch bounds the search buffers a board family keeps for reuse
// (one per goroutine searching it at once is enough).
const maxScratch = 8

func newGraphCache() *graphCache { return &graphCache{graphs: map[string]*graph{}} }

// pathGraph returns the graph for the board's locked doors, building it on
// first use.
func (b *Board) pathGraph() *graph {
	b.graphMu.Lock()
	defer b.graphMu.Unlock()
	if b.graph != nil {
		return b.graph
	}
	key := b.lockKey()
	b.graphs.mu.Lock()
	defer b.graphs.mu.Unlock()
	g := b.graphs.graphs[key]
	if g == nil {
		g = b.buildGraph()
		b.graphs.graphs[key] = g
	}
	b.graph = g
	return g
}

// lockKey names the set of locked doors: one byte per door, in map order.
func (b *Board) lockKey() string {
	var key []byte
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == Door {
			if f.Locked {
				key = append(key, 'L')
			} else {
				key = append(key, 'u')
			}
		}
	}
	return string(key)
}

// dedupGap: a candidate node this close to one already placed is dropped.
const dedupGap = 0.05

// buildGraph places the nodes: just clear of each end of every segment
// that blocks movement, at and either side of every unlocked door, window
// and opening, and just outside each corner of difficult terrain. A
// candidate within dedupGap of a node already placed is dropped, found
// through a hash of dedupGap cells (a node that close lies in a
// neighbouring cell). Neighbours are found later, node by node.
func (b *Board) buildGraph() *graph {
	g := &graph{}
	k := BaseRadius + nodeGap
	type cell struct{ x, y int64 }
	near := map[cell][]int32{}
	cellOf := func(p Point) cell {
		return cell{int64(math.Floor(p.X / dedupGap)), int64(math.Floor(p.Y / dedupGap))}
	}
	add := func(p Point) {
		if !b.pointClear(p, nil) {
			return
		}
		c := cellOf(p)
		for dy := int64(-1); dy <= 1; dy++ {
			for dx := int64(-1); dx <= 1; dx++ {
				for _, i := range near[cell{c.x + dx, c.y + dy}] {
					if g.nodes[i].Dist(p) < dedupGap {
						return
					}
				}
			}
		}
		near[c] = append(near[c], int32(len(g.nodes)))
		g.nodes = append(g.nodes, p)
	}
	for _, e := range b.edges {
		if e.flags&fMove == 0 {
			continue
		}
		d := e.b.Sub(e.a).Unit()
		n := d.Perp()
		for _, s := range [2]float64{-1, 1} {
			add(e.a.Sub(d.Scale(k)).Add(n.Scale(float64(s * k))))
			add(e.b.Add(d.Scale(k)).Add(n.Scale(float64(s * k))))
		}
	}
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind.IsGap() && !f.Locked {
			m := f.Points[0].Lerp(f.Points[1], 0.5)
			n := f.Points[1].Sub(f.Points[0]).Unit().Perp().Scale(k + 0.1)
			add(m)
			add(m.Add(n))
			add(m.Sub(n))
		}
		if f.Kind == Difficult {
			c := f.Centroid()
			for _, p := range f.Points {
				add(p.Add(p.Sub(c).Unit().Scale(0.05)))
			}
		}
	}
	g.adj = make([]atomic.Pointer[adjacency], len(g.nodes))
	g.index = newNodeIndex(g.nodes, b.Width, b.Height)
	return g
}

// neighbours returns node u's neighbours, working them out on first use
// with board b (any board of the graph's door state gives the same
// answer). Each pair is tested from its lower-numbered node to its higher,
// so that a pair's answer and cost do not depend on which end asks; a pair
// whose other end already knows its neighbours is read from there.
func (g *graph) neighbours(b *Board, u int) *adjacency {
	if a := g.adj[u].Load(); a != nil {
		return a
	}
	a := &adjacency{}
	for v := range len(g.nodes) {
		if v == u {
			continue
		}
		if known := g.adj[v].Load(); known != nil {
			k := sort.Search(len(known.to), func(k int) bool { return known.to[k] >= int32(u) })
			if k < len(known.to) && known.to[k] == int32(u) {
				a.to = append(a.to, int32(v))
				a.cost = append(a.cost, known.cost[k])
			}
			continue
		}
		p, q := g.nodes[min(u, v)], g.nodes[max(u, v)]
		if b.segClear(p, q, nil) {
			a.to = append(a.to, int32(v))
			a.cost = append(a.cost, b.moveCost(p, q))
		}
	}
	g.adj[u].CompareAndSwap(nil, a)
	return g.adj[u].Load()
}

// nodeHeap is the search's priority queue of items by f. It sifts exactly
// as container/heap does (the same order of equal items, so the same
// paths), without boxing each item in an interface.
type nodeHeap []heapItem

type heapItem struct {
	node   int
	f      float64
	parent int32 // lazy items: the node the unchecked edge comes from
	lazy   bool  // the edge parent-node is not checked yet
}

// tiesWith reports whether an item left in the queue has the priority of
// it, just taken, and taking it first instead could change the search:
// an item of a node not yet done, unless both are plain (not lazy) items
// of the same node (whichever comes first settles the node as it stands).
// Items of the head's priority form a subtree at the root.
func (h nodeHeap) tiesWith(it heapItem, done []bool) bool {
	var walk func(i int) bool
	walk = func(i int) bool {
		if i >= len(h) || h[i].f != it.f {
			return false
		}
		j := h[i]
		if !done[j.node] && !(j.node == it.node && !j.lazy && !it.lazy) {
			return true
		}
		return walk(2*i+1) || walk(2*i+2)
	}
	return walk(0)
}

func (h *nodeHeap) push(it heapItem) {
	*h = append(*h, it)
	q := *h
	j := len(q) - 1
	for {
		i := (j - 1) / 2 // parent
		if i == j || !(q[j].f < q[i].f) {
			break
		}
		q[i], q[j] = q[j], q[i]
		j = i
	}
}

func (h *nodeHeap) pop() heapItem {
	q := *h
	n := len(q) - 1
	q[0], q[n] = q[n], q[0]
	i := 0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && q[j2].f < q[j1].f {
			j = j2
		}
		if !(q[j].f < q[i].f) {
			break
		}
		q[i], q[j] = q[j], q[i]
		i = j
	}
	it := q[n]
	*h = q[:n]
	return it
}
