package tmxgen

import (
	"fmt"
	"math/rand/v2"
)

// Stress is a dense random map for tests and benchmarks: n shapes of every
// kind on a 36" table (buildings with gaps, fences, rotated obstacles).
func Stress(seed uint64, n int) *Map {
	r := rand.New(rand.NewPCG(seed, 1))
	m := New("Stress", "random dense terrain for tests", 36, 36)
	f := func(lo, hi float64) float64 { return lo + r.Float64()*(hi-lo) }
	mats := []string{"wood", "stone"}
	kinds := []string{"crate", "barrel", "trough", "wagon", "rock", "haybale"}
	var slots [4][4]bool // buildings go one to a 9" slot, so they never overlap
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("s%d", i)
		sx, sy := r.IntN(4), r.IntN(4)
		kind := r.IntN(6)
		if kind == 0 && slots[sx][sy] {
			kind = 2
		}
		switch kind {
		case 0: // a small building
			slots[sx][sy] = true
			w, h := f(3, 6), f(3, 6)
			x, y := float64(sx*9)+f(0.5, 8.5-w), float64(sy*9)+f(0.5, 8.5-h)
			m.Building(name, x, y, w, h, mats[r.IntN(2)],
				Gap{Kind: "door", Side: 'N', Off: f(0, w-1.5), Width: 1.5},
				Gap{Kind: "window", Side: 'S', Off: f(0, w-1.5), Width: 1.5})
		case 1: // a fence or wall polyline
			x, y := f(1, 35), f(1, 35)
			pts := []P{{x, y}}
			for k := 0; k < 2; k++ {
				x = min(max(x+f(-4, 4), 0.2), 35.8)
				y = min(max(y+f(-4, 4), 0.2), 35.8)
				pts = append(pts, P{x, y})
			}
			typ := "fence"
			if r.IntN(3) == 0 {
				typ = "wall"
			}
			m.Polyline(Walls, typ, name, pts, "material", mats[r.IntN(2)])
		default: // a rotated obstacle
			w, h := f(0.4, 2.5), f(0.4, 2.5)
			x, y := f(3, 33), f(3, 33)
			blocks := "false"
			if r.IntN(4) == 0 {
				blocks = "true"
			}
			if r.IntN(3) == 0 {
				m.Ellipse(Obstacles, kinds[r.IntN(len(kinds))], name, x, y, w, h, "blocks", blocks, "material", mats[r.IntN(2)])
			} else {
				m.RotRect(Obstacles, kinds[r.IntN(len(kinds))], name, x, y, w, h, f(0, 360), "blocks", blocks, "material", mats[r.IntN(2)])
			}
		}
	}
	m.Rect(Areas, "deployment", "north", 0, 0, 36, 2, "side", "1")
	m.Rect(Areas, "deployment", "south", 0, 34, 36, 2, "side", "2")
	m.Ellipse(Areas, "difficult", "mud", 10, 10, 6, 4)
	return m
}
