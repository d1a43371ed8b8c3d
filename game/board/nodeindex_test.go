package board

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNodeIndexBoxes checks the path graph's cell index against looking at
// every node: for random boxes on the town (some off the table, some
// empty), appendIn lists each node in the box once, in ascending order,
// and leaves its scratch clear.
func TestNodeIndexBoxes(t *testing.T) {
	b := loadTown(t)
	g := b.pathGraph()
	seen := make([]uint64, (len(g.nodes)+63)/64)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		x0, y0 := float64(rng.Float64()*(b.Width+8))-4, float64(rng.Float64()*(b.Height+8))-4
		x1, y1 := x0+float64(rng.Float64()*14)-2, y0+float64(rng.Float64()*14)-2
		got := g.index.appendIn([]int32{-7}, seen, x0, y0, x1, y1)
		if got[0] != -7 {
			t.Fatal("appendIn changed what dst held")
		}
		got = got[1:]
		if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("box (%g, %g)-(%g, %g): %v is not ascending without repeats", x0, y0, x1, y1, got)
		}
		for i, p := range g.nodes {
			if p.X >= x0 && p.X <= x1 && p.Y >= y0 && p.Y <= y1 && !slices.Contains(got, int32(i)) {
				t.Fatalf("box (%g, %g)-(%g, %g): node %d at %v is missing", x0, y0, x1, y1, i, p)
			}
		}
		for _, w := range seen {
			if w != 0 {
				t.Fatal("appendIn left its scratch set")
			}
		}
	}
}
