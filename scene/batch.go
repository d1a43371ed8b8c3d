package scene

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// batch collects coloured triangles in reused buffers and draws them with
// one DrawTriangles call: the way every dynamic shape of a frame is drawn
// without allocating.
type batch struct {
	vs  []ebiten.Vertex
	is  []uint16
	src *ebiten.Image
	op  ebiten.DrawTrianglesOptions
}

// circleSegments is how many sides a drawn circle has.
const circleSegments = 40

var unitCircle = func() (c [circleSegments + 1][2]float32) {
	for i := range c {
		a := 2 * math.Pi * float64(i) / circleSegments
		c[i] = [2]float32{float32(math.Cos(a)), float32(math.Sin(a))}
	}
	return c
}()

func newBatch() *batch {
	img := ebiten.NewImage(3, 3)
	img.Fill(image.White)
	b := &batch{src: img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)}
	b.vs = make([]ebiten.Vertex, 0, 1<<14)
	b.is = make([]uint16, 0, 1<<15)
	b.op.AntiAlias = false
	return b
}

// vertex adds one vertex and returns its index.
func (b *batch) vertex(x, y float32, c rgba) uint16 {
	b.vs = append(b.vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5, ColorR: c.r, ColorG: c.g, ColorB: c.b, ColorA: c.a})
	return uint16(len(b.vs) - 1)
}

// room makes sure n more vertices fit in 16-bit indices, flushing to dst
// if not.
func (b *batch) room(dst *ebiten.Image, n int) {
	if len(b.vs)+n > 65000 {
		b.flush(dst)
	}
}

// flush draws what was batched and empties the buffers.
func (b *batch) flush(dst *ebiten.Image) {
	if len(b.is) > 0 {
		dst.DrawTriangles(b.vs, b.is, b.src, &b.op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

func (b *batch) tri(x0, y0, x1, y1, x2, y2 float32, c rgba) {
	i := b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.is = append(b.is, i, i+1, i+2)
}

// quad adds a four-cornered shape, corners in order.
func (b *batch) quad(x0, y0, x1, y1, x2, y2, x3, y3 float32, c rgba) {
	i := b.vertex(x0, y0, c)
	b.vertex(x1, y1, c)
	b.vertex(x2, y2, c)
	b.vertex(x3, y3, c)
	b.is = append(b.is, i, i+1, i+2, i, i+2, i+3)
}

func (b *batch) rect(x, y, w, h float32, c rgba) {
	b.quad(x, y, x+w, y, x+w, y+h, x, y+h, c)
}

// line adds a segment w wide.
func (b *batch) line(x0, y0, x1, y1, w float32, c rgba) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	b.quad(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny, c)
}

// dashed adds a dashed segment: dashes on, gaps off long.
func (b *batch) dashed(x0, y0, x1, y1, w, on, off float32, c rgba) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	for s := float32(0); s < l; s += on + off {
		e := min(s+on, l)
		b.line(x0+ux*s, y0+uy*s, x0+ux*e, y0+uy*e, w, c)
	}
}

// circle adds a filled disc.
func (b *batch) circle(cx, cy, r float32, c rgba) {
	ctr := b.vertex(cx, cy, c)
	for i := 0; i <= circleSegments; i++ {
		b.vertex(cx+unitCircle[i][0]*r, cy+unitCircle[i][1]*r, c)
	}
	for i := uint16(0); i < circleSegments; i++ {
		b.is = append(b.is, ctr, ctr+1+i, ctr+2+i)
	}
}

// ring adds a circle outline w wide.
func (b *batch) ring(cx, cy, r, w float32, c rgba) {
	b.arc(cx, cy, r, w, 0, circleSegments, c)
}

// arc adds part of a ring: segments from..to of circleSegments.
func (b *batch) arc(cx, cy, r, w float32, from, to int, c rgba) {
	ri, ro := r-w/2, r+w/2
	start := uint16(len(b.vs))
	for i := from; i <= to; i++ {
		u := unitCircle[i%circleSegments]
		b.vertex(cx+u[0]*ri, cy+u[1]*ri, c)
		b.vertex(cx+u[0]*ro, cy+u[1]*ro, c)
	}
	for k := uint16(0); k < uint16(to-from); k++ {
		i := start + 2*k
		b.is = append(b.is, i, i+1, i+3, i, i+3, i+2)
	}
}

// fan adds a polygon as a fan from its first point: right for convex and
// star-shaped polygons (an arc's visibility polygon from its centre).
func (b *batch) fan(xs, ys []float32, c rgba) {
	if len(xs) < 3 {
		return
	}
	start := uint16(len(b.vs))
	for i := range xs {
		b.vertex(xs[i], ys[i], c)
	}
	for i := uint16(1); i+1 < uint16(len(xs)); i++ {
		b.is = append(b.is, start, start+i, start+i+1)
	}
}

// star adds a five-pointed star of outer radius r, point up.
func (b *batch) star(cx, cy, r float32, c rgba) {
	ctr := b.vertex(cx, cy, c)
	for i := 0; i <= 10; i++ {
		a := -math.Pi/2 + float64(i)*math.Pi/5
		rr := r
		if i%2 == 1 {
			rr = r * 0.42
		}
		b.vertex(cx+float32(math.Cos(a))*rr, cy+float32(math.Sin(a))*rr, c)
	}
	for i := uint16(0); i < 10; i++ {
		b.is = append(b.is, ctr, ctr+1+i, ctr+2+i)
	}
}
