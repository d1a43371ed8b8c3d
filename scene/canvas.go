package scene

import (
	"image"
	"image/color"
	"math"

	xvector "golang.org/x/image/vector"
)

// canvas paints anti-aliased shapes into an image in memory, on the CPU,
// with golang.org/x/image/vector. The town is painted this way and handed
// to Ebitengine as one texture: some 2,800 anti-aliased vector paths drawn
// through Ebitengine cost it 1-2 GB of atlas images and 150 ms a paint
// (issue 14); here they cost the image itself and a few tens of
// milliseconds.
//
// Shapes are rasterised over their own bounding box, in strips, so the
// rasteriser's buffer stays small however large the image.
type canvas struct {
	img  *image.RGBA
	r    xvector.Rasterizer
	pts  []fpt   // one polygon being built
	subs [][]fpt // the polygons of one shape (drawn as their union)
	pool [][]fpt // reusable polygon buffers
	src  image.Uniform
}

// fpt is a point in canvas pixels.
type fpt struct{ x, y float32 }

// stripRows bounds the rasteriser's buffer to one strip of rows.
const stripRows = 128

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
}

// fillAll paints the whole image with c.
func (cv *canvas) fillAll(c rgba) {
	pc := colorOf(c)
	p := cv.img.Pix
	for i := 0; i+3 < len(p); i += 4 {
		p[i], p[i+1], p[i+2], p[i+3] = pc.R, pc.G, pc.B, pc.A
	}
}

// begin starts a shape; add polygons with poly, then fill it.
func (cv *canvas) begin() {
	for _, s := range cv.subs {
		cv.pool = append(cv.pool, s[:0])
	}
	cv.subs = cv.subs[:0]
}

// newPoly returns an empty polygon buffer.
func (cv *canvas) newPoly() []fpt {
	if n := len(cv.pool); n > 0 {
		p := cv.pool[n-1]
		cv.pool = cv.pool[:n-1]
		return p
	}
	return make([]fpt, 0, 16)
}

// poly adds a closed polygon to the shape. Every polygon is turned to the
// same winding, so overlapping pieces of one shape (the quads and round
// joins of a stroke) make a union and do not darken where they overlap.
func (cv *canvas) poly(p []fpt) {
	if len(p) < 3 {
		return
	}
	var area float32
	for i := range p {
		j := (i + 1) % len(p)
		area += p[i].x*p[j].y - p[j].x*p[i].y
	}
	if area < 0 {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	cv.subs = append(cv.subs, p)
}

// circle adds a disc of radius r pixels at (x, y).
func (cv *canvas) circle(x, y, r float32) {
	n := int(math.Ceil(float64(r) * 2 * math.Pi / 3))
	n = max(8, min(n, 96))
	p := cv.newPoly()
	for i := range n {
		a := float64(i) * 2 * math.Pi / float64(n)
		p = append(p, fpt{x + r*float32(math.Cos(a)), y + r*float32(math.Sin(a))})
	}
	cv.poly(p)
}

// segment adds a line from a to b, w pixels wide, with round ends.
func (cv *canvas) segment(a, b fpt, w float32) {
	dx, dy := b.x-a.x, b.y-a.y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	h := w / 2
	if l > 1e-6 {
		nx, ny := -dy/l*h, dx/l*h
		p := cv.newPoly()
		p = append(p, fpt{a.x + nx, a.y + ny}, fpt{b.x + nx, b.y + ny}, fpt{b.x - nx, b.y - ny}, fpt{a.x - nx, a.y - ny})
		cv.poly(p)
	}
	cv.circle(a.x, a.y, h)
	cv.circle(b.x, b.y, h)
}

// polyline adds the stroke of a polyline w pixels wide with round joins.
func (cv *canvas) polyline(pts []fpt, closed bool, w float32) {
	for i := 0; i+1 < len(pts); i++ {
		cv.segment(pts[i], pts[i+1], w)
	}
	if closed && len(pts) > 2 {
		cv.segment(pts[len(pts)-1], pts[0], w)
	}
}

// fill paints the union of the shape's polygons in colour c.
func (cv *canvas) fill(c rgba) {
	if len(cv.subs) == 0 || c.a <= 0 {
		return
	}
	x0, y0 := float32(math.Inf(1)), float32(math.Inf(1))
	x1, y1 := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, s := range cv.subs {
		for _, p := range s {
			x0, y0, x1, y1 = min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)
		}
	}
	b := image.Rect(int(math.Floor(float64(x0))), int(math.Floor(float64(y0))), int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1)))).Intersect(cv.img.Bounds())
	if b.Empty() {
		return
	}
	cv.src.C = color.RGBA(colorOf(c))
	for sy := b.Min.Y; sy < b.Max.Y; sy += stripRows {
		strip := image.Rect(b.Min.X, sy, b.Max.X, min(sy+stripRows, b.Max.Y))
		cv.r.Reset(strip.Dx(), strip.Dy())
		ox, oy := float32(strip.Min.X), float32(strip.Min.Y)
		for _, s := range cv.subs {
			cv.r.MoveTo(s[0].x-ox, s[0].y-oy)
			for _, p := range s[1:] {
				cv.r.LineTo(p.x-ox, p.y-oy)
			}
			cv.r.ClosePath()
		}
		cv.r.Draw(cv.img, strip, &cv.src, image.Point{})
	}
}
