package board

import (
	"math"
	"sync"

	"github.com/solarlune/resolv"
)

// resolv v0.8.1 keeps package-level scratch slices, so no two goroutines may
// be inside it at once. Every call into resolv in this package holds resolvMu,
// and only building a board (and the LineTest baseline of the benchmarks)
// calls resolv at all: queries read the flat grids below.
var resolvMu sync.Mutex

const (
	unitsPerInch = 100 // resolv's own unit: 1" = 100 units (its math is scale-dependent)
	cellInches   = 1   // grid cell size
	regPad       = 1e-3
)

// grid lists terrain edges by cell: cell (cx, cy) holds
// items[start[i]:start[i+1]] with i = cy*nx+cx. It is copied out of a
// resolv Space's cells when a board is built and never changes after.
type grid struct {
	nx, ny int
	start  []int32
	items  []int32
	space  *resolv.Space // the Space the grid was read from (terrain store)
}

// buildGrids inserts every edge into two resolv Spaces (scaled to
// unitsPerInch) and reads their cells back: los registers each edge in the
// cells of its box padded by regPad, move in the cells of its box grown by a
// base radius (for clearance tests).
func buildGrids(w, h float64, edges []edge) (los, move grid) {
	resolvMu.Lock()
	defer resolvMu.Unlock()
	los = fillGrid(w, h, edges, regPad)
	move = fillGrid(w, h, edges, BaseRadius+regPad)
	return los, move
}

func fillGrid(w, h float64, edges []edge, pad float64) grid {
	// One spare cell each way: shapes on the far border must sit in a cell.
	nx := int(math.Floor(w/cellInches)) + 1
	ny := int(math.Floor(h/cellInches)) + 1
	cu := cellInches * unitsPerInch
	space := resolv.NewSpace(nx*cu, ny*cu, cu, cu)
	for i, e := range edges {
		var s *resolv.ConvexPolygon
		if pad < BaseRadius {
			// The edge itself, as a thin quad padded by pad all round: the
			// terrain as resolv sees it (and as the LineTest baseline tests).
			d := e.b.Sub(e.a).Unit().Scale(pad)
			n := d.Perp()
			pts := []resolv.Vector{}
			for _, q := range [4]Point{e.a.Sub(d).Sub(n), e.b.Add(d).Sub(n), e.b.Add(d).Add(n), e.a.Sub(d).Add(n)} {
				pts = append(pts, resolv.NewVector(q.X*unitsPerInch, q.Y*unitsPerInch))
			}
			s = resolv.NewConvexPolygonVec(resolv.NewVector(0, 0), pts)
		} else {
			// The edge's box grown by pad: everything a base centre in the
			// cell could touch.
			minX, maxX := math.Min(e.a.X, e.b.X)-pad, math.Max(e.a.X, e.b.X)+pad
			minY, maxY := math.Min(e.a.Y, e.b.Y)-pad, math.Max(e.a.Y, e.b.Y)+pad
			s = resolv.NewRectangleFromCorners(minX*unitsPerInch, minY*unitsPerInch, maxX*unitsPerInch, maxY*unitsPerInch)
		}
		s.SetData(int32(i))
		space.Add(s)
	}
	g := grid{nx: nx, ny: ny, start: make([]int32, nx*ny+1), space: space}
	for cy := range ny {
		for cx := range nx {
			c := space.Cell(cx, cy)
			for _, s := range c.Shapes {
				g.items = append(g.items, s.Data().(int32))
			}
			g.start[cy*nx+cx+1] = int32(len(g.items))
		}
	}
	return g
}

// cell returns the edges listed in cell (cx, cy).
func (g *grid) cell(cx, cy int) []int32 {
	i := cy*g.nx + cx
	return g.items[g.start[i]:g.start[i+1]]
}

// walk calls visit for each cell the segment p-q passes through, in order
// from p, until visit returns false. Both points must lie on the table.
func (g *grid) walk(p, q Point, visit func(cx, cy int) bool) {
	cx, cy := g.clampX(p.X), g.clampY(p.Y)
	ex, ey := g.clampX(q.X), g.clampY(q.Y)
	dx, dy := q.X-p.X, q.Y-p.Y
	stepX, stepY := 1, 1
	tMaxX, tMaxY := math.Inf(1), math.Inf(1)
	tDX, tDY := math.Inf(1), math.Inf(1)
	if dx > 0 {
		tMaxX = (float64(cx+1)*cellInches - p.X) / dx
		tDX = cellInches / dx
	} else if dx < 0 {
		stepX = -1
		tMaxX = (float64(cx)*cellInches - p.X) / dx
		tDX = -cellInches / dx
	}
	if dy > 0 {
		tMaxY = (float64(cy+1)*cellInches - p.Y) / dy
		tDY = cellInches / dy
	} else if dy < 0 {
		stepY = -1
		tMaxY = (float64(cy)*cellInches - p.Y) / dy
		tDY = -cellInches / dy
	}
	n := abs(ex-cx) + abs(ey-cy)
	for range n + 1 {
		if !visit(cx, cy) {
			return
		}
		if cx == ex && cy == ey {
			return
		}
		if tMaxX < tMaxY {
			if cx == ex {
				cy += stepY
				tMaxY += tDY
				continue
			}
			cx += stepX
			tMaxX += tDX
		} else {
			if cy == ey {
				cx += stepX
				tMaxX += tDX
				continue
			}
			cy += stepY
			tMaxY += tDY
		}
	}
}

func (g *grid) clampX(x float64) int {
	c := int(math.Floor(x / cellInches))
	return min(max(c, 0), g.nx-1)
}

func (g *grid) clampY(y float64) int {
	c := int(math.Floor(y / cellInches))
	return min(max(c, 0), g.ny-1)
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
