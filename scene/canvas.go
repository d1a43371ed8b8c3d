package scene

import (
	"encoding/binary"
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

// The shapes below skip the rasteriser: a disc and an axis-aligned
// rectangle have coverage that is cheap to work out row by row, and
// blending only (no accumulation buffer to clear and sum over the shape's
// box) costs a few times less per pixel. The ground's speckle (some 1,500
// discs) and the rectangles of the ground, the street and the floors were
// three quarters of a repaint (issue 14: a repaint <= 20 ms).

// discSubRows is the vertical supersampling of a disc's edge: each pixel
// row is cut into this many rows whose spans are exact.
const discSubRows = 4

// blend puts premultiplied colour pc over the pixel at offset i with
// coverage cov (0 to 0xffff), two channels at a time in one uint32 (the
// pixel is R, G, B, A in memory: little-endian A<<24 | B<<16 | G<<8 | R).
func blend(p []uint8, i int, pc color.RGBA, cov uint32) {
	c := cov >> 8 // 0..255
	c += c >> 7   // 0..256
	src := uint32(pc.R) | uint32(pc.G)<<8 | uint32(pc.B)<<16 | uint32(pc.A)<<24
	src = ((src&0x00ff00ff)*c>>8)&0x00ff00ff | ((src>>8)&0x00ff00ff*c)&0xff00ff00
	over(p[i:i+4:i+4], src)
}

// over puts the premultiplied source pixel src (packed as blend says) over
// the pixel p. The sum cannot pass 255 in a channel: a premultiplied
// channel is at most its alpha a, and the rest is scaled by (256-a)/256.
func over(p []uint8, src uint32) {
	inv := 256 - src>>24
	d := binary.LittleEndian.Uint32(p)
	d = ((d&0x00ff00ff)*inv>>8)&0x00ff00ff | ((d>>8)&0x00ff00ff*inv)&0xff00ff00
	binary.LittleEndian.PutUint32(p, d+src)
}

// overlap is the length of [a0, a1] inside [b0, b1].
func overlap(a0, a1, b0, b1 float32) float32 { return max(0, min(a1, b1)-max(a0, b0)) }

// disc paints an anti-aliased disc of radius r pixels at (cx, cy) in c.
func (cv *canvas) disc(cx, cy, r float32, c rgba) {
	pc := colorOf(c)
	if pc.A == 0 || !(r > 0) {
		return
	}
	img := cv.img
	bd := img.Rect
	y0, y1 := max(int(math.Floor(float64(cy-r))), bd.Min.Y), min(int(math.Ceil(float64(cy+r))), bd.Max.Y)
	for y := y0; y < y1; y++ {
		var l, rt [discSubRows]float32
		lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
		inLo, inHi := lo, hi
		inLo, inHi = hi, lo // the span every sub-row covers
		for k := range discSubRows {
			d := float32(y) + (float32(k)+0.5)/discSubRows - cy
			l[k], rt[k] = cx, cx // an empty sub-row
			if h2 := r*r - d*d; h2 > 0 {
				h := float32(math.Sqrt(float64(h2)))
				l[k], rt[k] = cx-h, cx+h
			}
			lo, hi = min(lo, l[k]), max(hi, rt[k])
			inLo, inHi = max(inLo, l[k]), min(inHi, rt[k])
		}
		if !(lo < hi) {
			continue
		}
		x0, x1 := max(int(math.Floor(float64(lo))), bd.Min.X), min(int(math.Ceil(float64(hi))), bd.Max.X)
		full0, full1 := int(math.Ceil(float64(inLo))), int(math.Floor(float64(inHi)))
		row := img.PixOffset(0, y)
		for x := x0; x < x1; x++ {
			if x >= full0 && x+1 <= full1 {
				blend(img.Pix, row+4*x, pc, 0xffff)
				continue
			}
			var cov float32
			for k := range discSubRows {
				cov += overlap(l[k], rt[k], float32(x), float32(x+1))
			}
			if cov > 0 {
				blend(img.Pix, row+4*x, pc, uint32(cov/discSubRows*0xffff))
			}
		}
	}
}

// rect paints an anti-aliased axis-aligned rectangle (pixels) in c.
func (cv *canvas) rect(x0, y0, x1, y1 float32, c rgba) {
	pc := colorOf(c)
	img := cv.img
	bd := img.Rect
	if pc.A == 0 || !(x0 < x1 && y0 < y1) {
		return
	}
	px0, px1 := max(int(math.Floor(float64(x0))), bd.Min.X), min(int(math.Ceil(float64(x1))), bd.Max.X)
	py0, py1 := max(int(math.Floor(float64(y0))), bd.Min.Y), min(int(math.Ceil(float64(y1))), bd.Max.Y)
	for y := py0; y < py1; y++ {
		cy := overlap(float32(y), float32(y+1), y0, y1)
		row := img.PixOffset(0, y)
		for x := px0; x < px1; x++ {
			cov := cy
			if x < int(x0)+1 || float32(x+1) > x1 {
				cov *= overlap(float32(x), float32(x+1), x0, x1)
			}
			switch {
			case cov >= 1 && pc.A == 0xff:
				i := row + 4*x
				img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = pc.R, pc.G, pc.B, pc.A
			case cov > 0:
				blend(img.Pix, row+4*x, pc, uint32(min(cov, 1)*0xffff))
			}
		}
	}
}

// lerpPx mixes two packed pixels: w/256 of q into p (w 0..256), two
// channels at a time.
func lerpPx(p, q, w uint32) uint32 {
	v := 256 - w
	rb := ((p&0x00ff00ff)*v + (q&0x00ff00ff)*w) >> 8 & 0x00ff00ff
	ag := ((p>>8&0x00ff00ff)*v + (q>>8&0x00ff00ff)*w) & 0xff00ff00
	return rb | ag
}

// stretch paints the image tex, scaled bilinearly, over the pixels whose
// centres lie in the rectangle (x0, y0)-(x1, y1), replacing what is there.
func (cv *canvas) stretch(tex *image.RGBA, x0, y0, x1, y1 float64) {
	img := cv.img
	bd := img.Rect.Intersect(image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))))
	if bd.Empty() {
		return
	}
	tw, th := tex.Rect.Dx(), tex.Rect.Dy()
	// where a pixel's centre falls in the texture: a texel index and the
	// weight of the next one, per column and per row
	sample := func(p, p0, p1 float64, n int) (int, uint32) {
		u := (p+0.5-p0)/(p1-p0)*float64(n) - 0.5
		u = math.Max(0, math.Min(u, float64(n-1)))
		i := min(int(u), n-2)
		return i, uint32(math.Round((u - float64(i)) * 256))
	}
	cols := make([]struct {
		i int
		w uint32
	}, bd.Dx())
	for x := range cols {
		cols[x].i, cols[x].w = sample(float64(bd.Min.X+x), x0, x1, tw)
	}
	row := make([]uint32, tw) // the texture's two rows mixed for one row of pixels
	lastY, lastW := -1, uint32(0)
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		ty, wy := sample(float64(y), y0, y1, th)
		if ty != lastY || wy != lastW {
			r0, r1 := tex.Pix[ty*tex.Stride:], tex.Pix[(ty+1)*tex.Stride:]
			for i := range row {
				row[i] = lerpPx(binary.LittleEndian.Uint32(r0[4*i:]), binary.LittleEndian.Uint32(r1[4*i:]), wy)
			}
			lastY, lastW = ty, wy
		}
		out := img.Pix[img.PixOffset(bd.Min.X, y):]
		out = out[:4*len(cols)]
		for x, c := range cols {
			binary.LittleEndian.PutUint32(out[4*x:], lerpPx(row[c.i], row[c.i+1], c.w))
		}
	}
}
