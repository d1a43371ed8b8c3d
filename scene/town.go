package scene

import (
	"hash/fnv"
	"image"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/scene/table"
)

// town paints the static table (ground, street, buildings, terrain) once
// into a cached image at the camera's zoom. It is painted on the CPU (see
// canvas) in two layers: the base (everything but doors and windows) and
// the top, a copy of the base with those on it. A door
// opening or closing paints the top again (a copy and a few shapes); a new
// zoom paints both. Ebitengine gets one texture, written with WritePixels.
type town struct {
	img       *ebiten.Image
	scale     float64 // pixels per inch it was painted at
	pad       float64 // pixels of table rim around the playing area
	doors     uint64  // the door states it was painted with
	th        *Theme
	base, top *canvas
	cv        *canvas // the canvas being painted
	pts       []fpt
	paints    int // full paints so far (tests and benchmarks read it)
	sides     int // how many posses play: other sides' zones are not drawn (0: all)

	ground    *image.RGBA // the ground and its soft blotches, groundTexel px an inch, made once
	groundFor string      // the board it was made for
}

// groundTexel is the resolution of the ground's texture, pixels an inch:
// its blotches are soft and at least 0.4" wide, so a repaint stretches
// the texture instead of blending some 1,000,000 pixels of blotches again.
const groundTexel = 8

// doorState sums up every door's state, to notice when one changes.
func doorState(b *board.Board) uint64 {
	var h uint64 = 1469598103934665603
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind != board.Door {
			continue
		}
		v := uint64(i) << 2
		if f.Open {
			v |= 1
		}
		if f.Locked {
			v |= 2
		}
		h = (h ^ v) * 1099511628211
	}
	return h
}

// Painted colours of the town.
var (
	tGround   = hex(0xd9bb8a)
	tStreet   = hex(0xc7a273)
	tPlank    = hex(0x9a6b3f)
	tPlankDk  = hex(0x6e4626)
	tWallWood = hex(0x4f301a)
	tWallStn  = hex(0x77736b)
	tFloorWd  = hex(0xb48552)
	tFloorStn = hex(0xa9a39a)
	tGlass    = hex(0x9fd3e6)
	tMud      = hex(0x6b4a2e)
	tWater    = hex(0x4f8fb0)
	tBrush    = hex(0x7c8a3e)
	tRock     = hex(0x8d877d)
	tHay      = hex(0xe0c060)
	tRim      = hex(0x4a2f1b)
)

// paint draws the whole static table at scale px per inch.
func (t *town) paint(b *board.Board, scale float64) {
	t.scale, t.pad = scale, math.Round(0.7*scale)
	w := int(math.Ceil(b.Width*scale + 2*t.pad))
	h := int(math.Ceil(b.Height*scale + 2*t.pad))
	if t.base == nil || t.base.img.Rect.Dx() != w || t.base.img.Rect.Dy() != h {
		t.base, t.top = newCanvas(w, h), newCanvas(w, h)
		if t.img != nil {
			t.img.Deallocate()
		}
		t.img = ebiten.NewImage(w, h)
	}
	t.paints++
	t.cv = t.base
	hs := fnv.New64a()
	hs.Write([]byte(b.Name))
	rng := rand.New(rand.NewPCG(hs.Sum64(), 7))

	// The rim of the table and its ground.
	t.cv.fillAll(tRim)
	t.cv.stretch(t.groundTexture(b), t.pad, t.pad, b.Width*scale+t.pad, b.Height*scale+t.pad)
	t.speckle(rng, b)
	t.street(b, rng)
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == board.Deploy && (t.sides == 0 || f.Side <= t.sides) {
			t.deployment(f)
		}
	}
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == board.Difficult {
			t.difficult(f, rng)
		}
	}
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == board.Interior {
			t.floor(b, f)
		}
	}
	// Shadows first, then the things that cast them.
	for i := range b.Features {
		f := &b.Features[i]
		switch {
		case f.Kind == board.Wall || f.Kind == board.Fence:
			t.poly(f.Points, f.Closed, 0.12, 0.18, 0.3, false, colBlack.alpha(0.25))
		case f.Kind.IsObstacle():
			t.poly(f.Points, true, 0.14, 0.2, 0, true, colBlack.alpha(0.28))
		}
	}
	for i := range b.Features {
		f := &b.Features[i]
		switch {
		case f.Kind == board.Wall:
			c := tWallWood
			if f.Material == board.Stone {
				c = tWallStn
			}
			t.poly(f.Points, f.Closed, 0, 0, 0.26, false, c)
			t.poly(f.Points, f.Closed, -0.03, -0.03, 0.08, false, c.mix(colWhite, 0.25))
		case f.Kind == board.Fence:
			t.fence(f)
		case f.Kind.IsObstacle():
			t.obstacle(f, rng)
		}
	}
	t.paintTop(b)
}

// Objective markers are not painted: no scenario has objectives (the
// engine has no objective rules), and stars on the map promised some.

// paintTop paints the doors, windows and openings over a copy
// of the base, hands the result to Ebitengine and writes the building names.
func (t *town) paintTop(b *board.Board) {
	t.doors = doorState(b)
	copy(t.top.img.Pix, t.base.img.Pix)
	t.cv = t.top
	for i := range b.Features {
		f := &b.Features[i]
		switch f.Kind {
		case board.Window:
			t.window(f)
		case board.Door:
			t.door(b, f)
		case board.Opening:
			t.opening(b, f)
		}
	}
	t.img.WritePixels(t.top.img.Pix)
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == board.Interior {
			t.label(f)
		}
	}
}

// xy converts table inches to canvas pixels.
func (t *town) xy(p game.Point) fpt {
	return fpt{float32(p.X*t.scale + t.pad), float32(p.Y*t.scale + t.pad)}
}

// poly fills (fill) or strokes (width w, inches) a shape moved by (dx, dy) inches.
func (t *town) poly(pts []game.Point, closed bool, dx, dy, w float64, fill bool, c rgba) {
	if x0, y0, x1, y1, ok := axisRect(pts); ok && fill {
		t.rect(x0+dx, y0+dy, x1-x0, y1-y0, c)
		return
	}
	cv := t.cv
	cv.begin()
	t.pts = t.pts[:0]
	for _, p := range pts {
		t.pts = append(t.pts, t.xy(game.Point{X: p.X + dx, Y: p.Y + dy}))
	}
	switch {
	case fill:
		cv.poly(append(cv.newPoly(), t.pts...))
	case c.a >= 1:
		// An opaque stroke is filled a segment at a time: the rasteriser
		// works over a shape's whole box, and a building's walls as one
		// shape would cover the building (overlaps at the joins do not
		// show in an opaque colour).
		n := len(t.pts)
		if !closed {
			n--
		}
		for i := range n {
			cv.begin()
			cv.segment(t.pts[i], t.pts[(i+1)%len(t.pts)], float32(w*t.scale))
			cv.fill(c)
		}
		return
	default:
		cv.polyline(t.pts, closed, float32(w*t.scale))
	}
	cv.fill(c)
}

func (t *town) rect(x, y, w, h float64, c rgba) {
	a, b := t.xy(game.Point{X: x, Y: y}), t.xy(game.Point{X: x + w, Y: y + h})
	t.cv.rect(min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y), c)
}

func (t *town) disc(p game.Point, r float64, c rgba) {
	q := t.xy(p)
	t.cv.disc(q.x, q.y, float32(r*t.scale), c)
}

// axisRect reports whether a closed shape is an axis-aligned rectangle
// (four corners, a repeated first corner allowed), and its box.
func axisRect(pts []game.Point) (x0, y0, x1, y1 float64, ok bool) {
	n := len(pts)
	if n == 5 && pts[0] == pts[4] {
		n = 4
	}
	if n != 4 {
		return 0, 0, 0, 0, false
	}
	for i := range 4 {
		a, b := pts[i], pts[(i+1)%4]
		if a.X != b.X && a.Y != b.Y {
			return 0, 0, 0, 0, false
		}
	}
	x0, y0, x1, y1 = bounds(pts[:4])
	return x0, y0, x1, y1, x0 < x1 && y0 < y1
}

func (t *town) seg(a, b game.Point, w float64, c rgba) {
	t.cv.begin()
	t.cv.segment(t.xy(a), t.xy(b), float32(w*t.scale))
	t.cv.fill(c)
}

// groundTexture is the ground with a painted, dry-brushed look: soft
// blotches of darker and lighter earth, at groundTexel pixels an inch,
// made at the first paint of a board.
func (t *town) groundTexture(b *board.Board) *image.RGBA {
	if t.ground != nil && t.groundFor == b.Name {
		return t.ground
	}
	w, h := int(math.Ceil(b.Width*groundTexel))+1, int(math.Ceil(b.Height*groundTexel))+1
	cv := newCanvas(w, h)
	cv.fillAll(tGround)
	hs := fnv.New64a()
	hs.Write([]byte(b.Name))
	rng := rand.New(rand.NewPCG(hs.Sum64(), 11))
	for range int(b.Width * b.Height / 3) {
		p := game.Point{X: rng.Float64() * b.Width, Y: rng.Float64() * b.Height}
		c := tGround.mix(hex(0xb08850), float32(rng.Float64()))
		if rng.IntN(3) == 0 {
			c = tGround.mix(colWhite, 0.5)
		}
		cv.disc(float32(p.X*groundTexel), float32(p.Y*groundTexel), float32((0.4+rng.Float64()*1.6)*groundTexel), c.alpha(0.10))
	}
	t.ground, t.groundFor = cv.img, b.Name
	return t.ground
}

// speckle scatters pebbles and tufts of grass on the ground.
func (t *town) speckle(rng *rand.Rand, b *board.Board) {
	area := b.Width * b.Height
	for range int(area * 0.8) {
		p := game.Point{X: rng.Float64() * b.Width, Y: rng.Float64() * b.Height}
		t.disc(p, 0.03+rng.Float64()*0.05, hex(0x8a6a48).alpha(0.45))
	}
	for range int(area / 14) {
		p := game.Point{X: 0.5 + rng.Float64()*(b.Width-1), Y: 0.5 + rng.Float64()*(b.Height-1)}
		for k := range 5 {
			a := -math.Pi/2 + (float64(k)-2)*0.35
			q := p.Add(game.Point{X: math.Cos(a) * 0.3, Y: math.Sin(a) * 0.3})
			t.seg(p, q, 0.05, hex(0x7a8a3a).alpha(0.7))
		}
	}
}

// street finds a main street between two rows of buildings and paints it
// with boardwalks in front of the buildings that face it.
func (t *town) street(b *board.Board, rng *rand.Rand) {
	west, east := 0.0, b.Width
	nw, ne := 0, 0
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind != board.Interior {
			continue
		}
		x0, _, x1, _ := bounds(f.Points)
		if f.Centroid().X < b.Width/2 {
			west = math.Max(west, x1)
			nw++
		} else {
			east = math.Min(east, x0)
			ne++
		}
	}
	if nw == 0 || ne == 0 || east-west < 3 {
		return
	}
	x0, x1 := west+0.9, east-0.9
	t.rect(x0, 0, x1-x0, b.Height, tStreet.alpha(0.55))
	// wheel ruts
	for _, f := range []float64{0.38, 0.62} {
		x := x0 + (x1-x0)*f
		t.rect(x-0.2, 0, 0.4, b.Height, hex(0xa88458).alpha(0.25))
	}
	for range int(b.Height * 3) {
		p := game.Point{X: x0 + rng.Float64()*(x1-x0), Y: rng.Float64() * b.Height}
		t.disc(p, 0.2+rng.Float64()*0.6, hex(0xe8d4aa).alpha(0.12))
	}
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind != board.Interior {
			continue
		}
		bx0, by0, bx1, by1 := bounds(f.Points)
		switch {
		case math.Abs(bx1-west) < 0.01:
			t.boardwalk(bx1, by0, 0.9, by1-by0)
		case math.Abs(bx0-east) < 0.01:
			t.boardwalk(bx0-0.9, by0, 0.9, by1-by0)
		}
	}
}

// boardwalk paints planks running along a building front.
func (t *town) boardwalk(x, y, w, h float64) {
	t.rect(x, y, w, h, tPlank)
	for yy := y + 0.3; yy < y+h; yy += 0.3 {
		t.seg(game.Point{X: x, Y: yy}, game.Point{X: x + w, Y: yy}, 0.03, tPlankDk.alpha(0.6))
	}
	t.seg(game.Point{X: x + w, Y: y}, game.Point{X: x + w, Y: y + h}, 0.06, tPlankDk)
}

func (t *town) deployment(f *board.Feature) {
	c := sideColour(f.Side - 1)
	t.poly(f.Points, true, 0, 0, 0, true, c.alpha(0.10))
	t.poly(f.Points, true, 0, 0, 0.06, false, c.alpha(0.45))
}

func (t *town) difficult(f *board.Feature, rng *rand.Rand) {
	base := tMud
	switch f.Terrain {
	case "water":
		base = tWater
	case "brush":
		base = tBrush
	}
	t.poly(f.Points, true, 0, 0, 0.5, false, base.alpha(0.35))
	t.poly(f.Points, true, 0, 0, 0, true, base)
	x0, y0, x1, y1 := bounds(f.Points)
	n := int((x1 - x0) * (y1 - y0) * 3)
	for range n {
		p := game.Point{X: x0 + rng.Float64()*(x1-x0), Y: y0 + rng.Float64()*(y1-y0)}
		if !f.Contains(p) {
			continue
		}
		switch f.Terrain {
		case "water":
			q := p.Add(game.Point{X: 0.5 + rng.Float64()*0.6})
			if f.Contains(q) {
				t.seg(p, q, 0.06, colWhite.alpha(0.35))
			}
		case "brush":
			t.disc(p, 0.15+rng.Float64()*0.2, hex(0x5a6a2a).alpha(0.8))
		default:
			t.disc(p, 0.1+rng.Float64()*0.25, base.mix(colBlack, 0.3).alpha(0.5))
			t.disc(p.Add(game.Point{X: -0.05, Y: -0.05}), 0.05, colWhite.alpha(0.25))
		}
	}
}

// floor paints a building's floor: planks, or flagstones in stone buildings.
func (t *town) floor(b *board.Board, f *board.Feature) {
	stone := false
	for i := range b.Features {
		if w := &b.Features[i]; w.Kind == board.Wall && w.Building == f.Building {
			stone = w.Material == board.Stone
		}
	}
	x0, y0, x1, y1 := bounds(f.Points)
	if stone {
		t.poly(f.Points, true, 0, 0, 0, true, tFloorStn)
		row := 0
		for y := y0; y < y1; y += 0.8 {
			off := 0.0
			if row%2 == 1 {
				off = 0.6
			}
			t.seg(game.Point{X: x0, Y: y}, game.Point{X: x1, Y: y}, 0.04, colBlack.alpha(0.18))
			for x := x0 + off; x < x1; x += 1.2 {
				t.seg(game.Point{X: x, Y: y}, game.Point{X: x, Y: math.Min(y+0.8, y1)}, 0.04, colBlack.alpha(0.18))
			}
			row++
		}
		return
	}
	t.poly(f.Points, true, 0, 0, 0, true, tFloorWd)
	for y := y0 + 0.4; y < y1; y += 0.4 {
		t.seg(game.Point{X: x0, Y: y}, game.Point{X: x1, Y: y}, 0.03, tPlankDk.alpha(0.35))
	}
}

// label writes a building's name on its floor (the label placer keeps
// other words off it: buildingNameBoxes).
func (t *town) label(f *board.Feature) {
	face := buildingNameFace(t.th, f, t.scale)
	op := &text.DrawOptions{}
	c := t.xy(buildingNameCentre(f))
	op.GeoM.Translate(float64(c.x), float64(c.y))
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	op.ColorScale.Scale(0.18, 0.11, 0.06, 0.45)
	text.Draw(t.img, f.Name, face, op)
}

// buildingNameFace is the face of a building's name painted at scale
// (pixels an inch): at most three quarters of an inch, smaller on a narrow
// floor.
func buildingNameFace(th *Theme, f *board.Feature, scale float64) *text.GoTextFace {
	x0, _, x1, _ := bounds(f.Points)
	return &text.GoTextFace{Source: th.Bold.Source, Size: math.Min(0.75*scale, (x1-x0)*scale/float64(len(f.Name)+2)*1.7)}
}

// buildingNameCentre is where a building's name is centred: its floor's middle.
func buildingNameCentre(f *board.Feature) game.Point {
	x0, y0, x1, y1 := bounds(f.Points)
	return game.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}
}

func (t *town) fence(f *board.Feature) {
	c := hex(0xa27a4a)
	t.poly(f.Points, f.Closed, 0, 0, 0.08, false, c)
	t.poly(f.Points, f.Closed, 0.08, 0.08, 0.05, false, c.mix(colBlack, 0.2))
	walkPosts(f.Points, 1.0, func(p game.Point) {
		t.rect(p.X-0.1, p.Y-0.1, 0.2, 0.2, hex(0x5e3e20))
	})
}

// walkPosts calls fn every step inches along a polyline.
func walkPosts(pts []game.Point, step float64, fn func(game.Point)) {
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		l := a.Dist(b)
		for s := 0.0; s <= l+1e-9; s += step {
			fn(a.Lerp(b, s/l))
		}
	}
}

func (t *town) obstacle(f *board.Feature, rng *rand.Rand) {
	c := f.Centroid()
	x0, y0, x1, y1 := bounds(f.Points)
	switch f.Kind {
	case board.Crate:
		t.poly(f.Points, true, 0, 0, 0, true, hex(0xb07a42))
		t.poly(f.Points, true, 0, 0, 0.07, false, hex(0x5e3b1c))
		t.seg(f.Points[0], f.Points[2], 0.07, hex(0x7a5028))
		t.seg(f.Points[1], f.Points[3], 0.07, hex(0x7a5028))
	case board.Barrel:
		r := (x1 - x0) / 2
		t.disc(c, r, hex(0x7b4a24))
		t.disc(c, r*0.8, hex(0x94602f))
		t.poly(f.Points, true, 0, 0, 0.06, false, hex(0x3a3a3a))
		t.disc(c, r*0.35, hex(0x5e3b1c))
	case board.Trough:
		t.poly(f.Points, true, 0, 0, 0, true, hex(0x8a5c31))
		t.rect(x0+0.15, y0+0.15, x1-x0-0.3, y1-y0-0.3, tWater)
		t.seg(game.Point{X: x0 + 0.25, Y: y0 + 0.4}, game.Point{X: x0 + 0.25, Y: y1 - 0.4}, 0.05, colWhite.alpha(0.4))
	case board.Wagon:
		t.wagon(f, x0, y0, x1, y1)
	case board.Rock:
		t.poly(f.Points, true, 0, 0, 0, true, tRock)
		t.poly(shrink(f.Points, c, 0.6, -0.12, -0.12), true, 0, 0, 0, true, tRock.mix(colWhite, 0.25))
		t.poly(f.Points, true, 0, 0, 0.05, false, tRock.mix(colBlack, 0.4))
	case board.HayBale:
		t.poly(f.Points, true, 0, 0, 0, true, tHay)
		for k := range 8 {
			p := game.Point{X: x0 + rng.Float64()*(x1-x0), Y: y0 + rng.Float64()*(y1-y0)}
			q := p.Add(game.Point{X: 0.3, Y: 0.1 * float64(k%3-1)})
			t.seg(p, q, 0.04, hex(0xa88a30))
		}
		t.poly(f.Points, true, 0, 0, 0.05, false, hex(0x9a7a28))
	case board.Well:
		r := (x1 - x0) / 2
		t.disc(c, r, tRock)
		t.poly(f.Points, true, 0, 0, 0.08, false, tRock.mix(colBlack, 0.35))
		t.disc(c, r*0.6, hex(0x1f3a4a))
		t.seg(game.Point{X: c.X - r, Y: c.Y}, game.Point{X: c.X + r, Y: c.Y}, 0.1, hex(0x5e3b1c))
	default:
		t.poly(f.Points, true, 0, 0, 0, true, hex(0x8f6a48))
	}
}

func (t *town) wagon(f *board.Feature, x0, y0, x1, y1 float64) {
	// wheels under the bed, on the long sides
	long := y1-y0 > x1-x0
	for _, u := range []float64{0.2, 0.8} {
		if long {
			y := y0 + (y1-y0)*u
			t.rect(x0-0.2, y-0.45, 0.25, 0.9, hex(0x2d2218))
			t.rect(x1-0.05, y-0.45, 0.25, 0.9, hex(0x2d2218))
		} else {
			x := x0 + (x1-x0)*u
			t.rect(x-0.45, y0-0.2, 0.9, 0.25, hex(0x2d2218))
			t.rect(x-0.45, y1-0.05, 0.9, 0.25, hex(0x2d2218))
		}
	}
	t.poly(f.Points, true, 0, 0, 0, true, hex(0x9a6a3a))
	if long {
		for x := x0 + 0.5; x < x1; x += 0.5 {
			t.seg(game.Point{X: x, Y: y0}, game.Point{X: x, Y: y1}, 0.04, tPlankDk.alpha(0.6))
		}
		t.seg(game.Point{X: (x0 + x1) / 2, Y: y0}, game.Point{X: (x0 + x1) / 2, Y: y0 - 1.2}, 0.12, hex(0x5e3b1c))
	} else {
		for y := y0 + 0.5; y < y1; y += 0.5 {
			t.seg(game.Point{X: x0, Y: y}, game.Point{X: x1, Y: y}, 0.04, tPlankDk.alpha(0.6))
		}
	}
	t.poly(f.Points, true, 0, 0, 0.1, false, hex(0x4a2e16))
}

// floorColour is the colour under a wall gap: the ground or a floor.
func floorColour(b *board.Board, f *board.Feature) rgba {
	if f.Building == "" {
		return tGround
	}
	for i := range b.Features {
		if w := &b.Features[i]; w.Kind == board.Wall && w.Building == f.Building && w.Material == board.Stone {
			return tFloorStn
		}
	}
	return tFloorWd
}

func (t *town) window(f *board.Feature) {
	a, b := f.Points[0], f.Points[len(f.Points)-1]
	t.seg(a, b, 0.2, hex(0xe8e0cc))
	t.seg(a, b, 0.11, tGlass)
	m := a.Lerp(b, 0.5)
	t.disc(m, 0.05, hex(0xe8e0cc))
}

func (t *town) door(b *board.Board, f *board.Feature) {
	a, e := f.Points[0], f.Points[len(f.Points)-1]
	t.seg(a, e, 0.3, floorColour(b, f))
	if f.Open {
		// the leaf swung inwards from its hinge
		d := e.Sub(a)
		n := d.Perp().Unit().Scale(d.Len())
		if in, ok := b.InsideBuilding(a.Lerp(e, 0.5).Add(n.Unit().Scale(0.5))); !ok || in == nil {
			n = n.Scale(-1)
		}
		t.seg(a, a.Add(n), 0.1, hex(0x8a5a2b))
		return
	}
	t.seg(a, e, 0.2, hex(0x8a5a2b))
	t.seg(a, e, 0.06, hex(0xb07a42))
	if f.Locked {
		m := a.Lerp(e, 0.5)
		t.disc(m, 0.16, colGold)
		t.disc(m, 0.06, colInk)
	}
}

func (t *town) opening(b *board.Board, f *board.Feature) {
	a, e := f.Points[0], f.Points[len(f.Points)-1]
	t.seg(a, e, 0.32, floorColour(b, f))
	t.disc(a, 0.12, hex(0x5e3e20))
	t.disc(e, 0.12, hex(0x5e3e20))
}

// bounds is the bounding box of points.
func bounds(pts []game.Point) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return
}

// shrink scales points towards c by k and moves them by (dx, dy).
func shrink(pts []game.Point, c game.Point, k, dx, dy float64) []game.Point {
	out := make([]game.Point, len(pts))
	for i, p := range pts {
		out[i] = c.Add(p.Sub(c).Scale(k)).Add(game.Point{X: dx, Y: dy})
	}
	return out
}

// drawOptions places the painting on the screen under the camera: the
// painting was made at t.scale, so it is scaled by the camera's scale over
// that (smoothly when it is not 1, while a new zoom waits to be painted).
func (t *town) drawOptions(cam table.Camera) ebiten.DrawImageOptions {
	k := cam.Scale / t.scale
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(-t.pad, -t.pad)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(cam.OffX, cam.OffY)
	if k != 1 {
		op.Filter = ebiten.FilterLinear
	}
	return op
}
