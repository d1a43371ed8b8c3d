package board

import (
	"math"
	"sync"

	"github.com/solarlune/resolv"
)

// resolv v0.8.1 keeps package-level scratch slices, so no two goroutines may
// be inside it at once. Every call into resolv in this package holds resolvMu.
// Neither building a board nor a query calls resolv: the grids below are
// filled with resolv's own cell arithmetic (edgeCells), and resolv itself
// is the reference they are tested against (TestGridMatchesResolv) and the
// LineTest baseline of the benchmarks.
var resolvMu sync.Mutex

const (
	unitsPerInch = 100 // resolv's own unit: 1" = 100 units (its math is scale-dependent)
	cellInches   = 1   // grid cell size
	regPad       = 1e-3
)

// grid lists terrain edges by cell: cell (cx, cy) holds
// items[start[i]:start[i+1]] with i = cy*nx+cx. It never changes after the
// board is built.
type grid struct {
	nx, ny int
	start  []int32
	items  []int32
	pad    float64 // how far each edge's shape reaches beyond the edge
}

// buildGrids lists every edge in two grids: los in the cells of the edge
// as a thin quad padded by regPad, move in the cells of its box grown by a
// base radius (for clearance tests).
func buildGrids(w, h float64, edges []edge) (los, move grid) {
	return fillGrid(w, h, edges, regPad), fillGrid(w, h, edges, BaseRadius+regPad)
}

// gridSize is the number of cells each way: one spare cell each way, so
// that shapes on the far border sit in a cell.
func gridSize(w, h float64) (nx, ny int) {
	return int(math.Floor(w/cellInches)) + 1, int(math.Floor(h/cellInches)) + 1
}

// fillGrid lists each edge in the cells its resolv shape (edgeShape) would
// be registered in by a resolv Space of gridSize cells of cellInches
// (TestGridMatchesResolv checks that cell for cell), in edge order within
// a cell. It counts first and fills second, so its cost is linear in the
// edge-cell incidences; resolv's own registration scans each cell's list
// per shape, quadratic in a crowded cell.
func fillGrid(w, h float64, edges []edge, pad float64) grid {
	nx, ny := gridSize(w, h)
	g := grid{nx: nx, ny: ny, start: make([]int32, nx*ny+1), pad: pad}
	for i := range edges {
		x0, y0, x1, y1 := edgeCells(edges[i], pad, nx, ny)
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				g.start[cy*nx+cx+1]++
			}
		}
	}
	for i := 1; i < len(g.start); i++ {
		g.start[i] += g.start[i-1]
	}
	g.items = make([]int32, g.start[len(g.start)-1])
	next := append([]int32(nil), g.start[:nx*ny]...)
	for i := range edges {
		x0, y0, x1, y1 := edgeCells(edges[i], pad, nx, ny)
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				c := cy*nx + cx
				g.items[next[c]] = int32(i)
				next[c]++
			}
		}
	}
	return g
}

// Incidences is how many edge-cell entries fillGrid makes for edges
// (bounded by the prescan before a grid is built).
func incidences(w, h float64, edges []edge, pad float64) int {
	nx, ny := gridSize(w, h)
	n := 0
	for i := range edges {
		x0, y0, x1, y1 := edgeCells(edges[i], pad, nx, ny)
		if x1 >= x0 && y1 >= y0 {
			n += (x1 - x0 + 1) * (y1 - y0 + 1)
		}
	}
	return n
}

// edgeCorners are the corners of the shape an edge is registered as, in
// resolv units: for pad < BaseRadius the edge itself as a thin quad padded
// by pad all round (the terrain as resolv sees it), else the edge's box
// grown by pad (everything a base centre in the cell could touch).
func edgeCorners(e edge, pad float64) [4]resolv.Vector {
	var out [4]resolv.Vector
	if pad < BaseRadius {
		d := e.b.Sub(e.a).Unit().Scale(pad)
		n := d.Perp()
		for k, q := range [4]Point{e.a.Sub(d).Sub(n), e.b.Add(d).Sub(n), e.b.Add(d).Add(n), e.a.Sub(d).Add(n)} {
			out[k] = resolv.NewVector(float64(q.X*unitsPerInch), float64(q.Y*unitsPerInch))
		}
		return out
	}
	minX, maxX := math.Min(e.a.X, e.b.X)-pad, math.Max(e.a.X, e.b.X)+pad
	minY, maxY := math.Min(e.a.Y, e.b.Y)-pad, math.Max(e.a.Y, e.b.Y)+pad
	out[0] = resolv.NewVector(float64(minX*unitsPerInch), float64(minY*unitsPerInch))
	out[2] = resolv.NewVector(float64(maxX*unitsPerInch), float64(maxY*unitsPerInch))
	out[1], out[3] = resolv.NewVector(out[2].X, out[0].Y), resolv.NewVector(out[0].X, out[2].Y)
	return out
}

// edgeShape is the resolv shape of an edge (edgeCorners), as the
// benchmarks' LineTest baseline and TestGridMatchesResolv build it.
func edgeShape(e edge, pad float64) *resolv.ConvexPolygon {
	c := edgeCorners(e, pad)
	if pad < BaseRadius {
		return resolv.NewConvexPolygonVec(resolv.NewVector(0, 0), c[:])
	}
	return resolv.NewRectangleFromCorners(c[0].X, c[0].Y, c[2].X, c[2].Y)
}

// edgeCells is the range of cells, clipped to the grid, that resolv
// registers an edge's shape in: the floor of its bounds over the cell
// size, with resolv's own arithmetic for the bounds (a rectangle's bounds
// are its centre plus and minus its half size, rounded as resolv rounds).
func edgeCells(e edge, pad float64, nx, ny int) (x0, y0, x1, y1 int) {
	c := edgeCorners(e, pad)
	var minX, minY, maxX, maxY float64
	if pad < BaseRadius {
		minX, maxX, minY, maxY = c[0].X, c[0].X, c[0].Y, c[0].Y
		for _, v := range c[1:] {
			minX, maxX = math.Min(minX, v.X), math.Max(maxX, v.X)
			minY, maxY = math.Min(minY, v.Y), math.Max(maxY, v.Y)
		}
	} else {
		minX, maxX = rectBounds(c[0].X, c[2].X)
		minY, maxY = rectBounds(c[0].Y, c[2].Y)
	}
	cu := float64(cellInches * unitsPerInch)
	x0, x1 = int(math.Floor(minX/cu)), int(math.Floor(maxX/cu))
	y0, y1 = int(math.Floor(minY/cu)), int(math.Floor(maxY/cu))
	return max(x0, 0), max(y0, 0), min(x1, nx-1), min(y1, ny-1)
}

// rectBounds is the span resolv gives a rectangle from lo to hi: centred
// at pos = lo + half with points at -half and +half, its bounds found
// around pos, moved back by pos and moved out again by pos.
func rectBounds(lo, hi float64) (float64, float64) {
	half := float64((hi - lo) / 2) // converted: Go turns /2 into *0.5, which arm64 would fuse with the sums below
	pos := lo + half
	a, b := -half+pos, half+pos
	a, b = a+(-pos), b+(-pos)
	return a + pos, b + pos
}

// resolvSpace builds the resolv Space fillGrid stands for (the benchmarks'
// LineTest baseline and TestGridMatchesResolv). Callers hold resolvMu.
func resolvSpace(w, h float64, edges []edge, pad float64) *resolv.Space {
	nx, ny := gridSize(w, h)
	cu := cellInches * unitsPerInch
	space := resolv.NewSpace(nx*cu, ny*cu, cu, cu)
	for i, e := range edges {
		s := edgeShape(e, pad)
		s.SetData(int32(i))
		space.Add(s)
	}
	return space
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
		tMaxX = (float64(float64(cx+1)*cellInches) - p.X) / dx
		tDX = cellInches / dx
	} else if dx < 0 {
		stepX = -1
		tMaxX = (float64(float64(cx)*cellInches) - p.X) / dx
		tDX = -cellInches / dx
	}
	if dy > 0 {
		tMaxY = (float64(float64(cy+1)*cellInches) - p.Y) / dy
		tDY = cellInches / dy
	} else if dy < 0 {
		stepY = -1
		tMaxY = (float64(float64(cy)*cellInches) - p.Y) / dy
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
