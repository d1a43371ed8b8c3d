package scene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/scene/table"
)

// Every word written on the table (names and their states, what a sight
// line gives, the odds by the cursor, the move's length and its warning,
// the range, the blast dice, the bouts, the fuses) goes through one
// placer, labels: a label is tried at a few places round what it names,
// each moved inside the frame, and takes the first where it overlaps no
// miniature, no cursor and no label placed before it. A label with no
// free place is not drawn. So no word overprints a model or another word,
// and none runs off the table.

// labelBox is a rectangle on the screen, device pixels.
type labelBox struct{ x0, y0, x1, y1 float64 }

func (b labelBox) overlaps(o labelBox) bool {
	return b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1
}

// The battle and the position editor fill the placer the same way: the
// town first (keepOffTown: the walls to keep off, the building names to
// leave clear), the bases, then their words, a model's name by writeName.

// placedLabel is a label drawn this frame: its box and its words.
type placedLabel struct {
	box  labelBox
	text string
}

// labels is the placer. Its arrays are reused every frame.
type labels struct {
	boxes [160]labelBox // what a label may not cover: bases, the cursor, labels placed
	n     int
	drawn [128]placedLabel // the labels placed this frame (tests read them)
	nd    int
	names [64]labelBox // the name labels drawn this frame (tests read them)
	nn    int
	// view is the frame: the part of the table on screen (the viewport
	// and the board's edges, whichever is tighter). A label is moved
	// inside it rather than cut at its edge.
	view labelBox
	tape labelBox // where the tape's reading goes (empty: not drawn)
	// walls are the walls' and fences' edges on screen this frame: a label
	// goes where it crosses none if it can, else over one.
	walls []labelBox // x0, y0 to x1, y1: a segment, not a box
	// buildings are the building names painted on the floors, on screen
	// this frame (tests read them); townFor is the board whose names
	// townNames holds, in table inches (they change only with the map).
	buildings []labelBox
	townFor   *board.Board
	townNames []labelBox
}

// reset empties the placer for a frame whose table shows in frame.
func (l *labels) reset(frame labelBox) { l.n, l.nd, l.nn, l.view = 0, 0, 0, frame }

// shows reports whether a base of radius r centred at (x, y) is at least
// partly in the view: the labels of a model out of view are not drawn
// (moved into the view they would name nothing there).
func (l *labels) shows(x, y, r float64) bool {
	v := l.view
	return x > v.x0-r && x < v.x1+r && y > v.y0-r && y < v.y1+r
}

// inView moves a w-wide label centred at x and h high at y (top) inside
// the view, as far as it fits.
func (l *labels) inView(x, y, w, h float64) (float64, float64) {
	v := l.view
	x = max(v.x0+w/2, min(x, v.x1-w/2))
	y = max(v.y0, min(y, v.y1-h))
	return x, y
}

// free reports whether a w x h box at (x, y) (top centre) overlaps
// nothing claimed.
func (l *labels) free(x, y, w, h float64) bool {
	b := labelBox{x - w/2, y, x + w/2, y + h}
	for i := range l.n {
		if b.overlaps(l.boxes[i]) {
			return false
		}
	}
	return true
}

// block claims a w x h box at (x, y) (top centre) that no label may
// cover: a miniature's base, the cursor's spot.
func (l *labels) block(x, y, w, h float64) {
	if l.n < len(l.boxes) {
		l.boxes[l.n] = labelBox{x - w/2, y, x + w/2, y + h}
		l.n++
	}
}

// fit reports whether a w x h label at (x, y) (top centre) is free, and
// claims its place if so (and records it as drawn, with its words).
func (l *labels) fit(s string, x, y, w, h float64) bool {
	if !l.free(x, y, w, h) || l.n >= len(l.boxes) {
		return false
	}
	l.block(x, y, w, h)
	if l.nd < len(l.drawn) {
		l.drawn[l.nd] = placedLabel{labelBox{x - w/2, y, x + w/2, y + h}, s}
		l.nd++
	}
	return true
}

// place finds a place for a w x h label about the point (x, y): the first
// of the offsets (each the label's top centre from the point) that, moved
// inside the frame, is free. It claims it and returns the label's top
// centre; ok is false when there was no room (the label is not drawn).
func (l *labels) place(s string, x, y, w, h float64, offsets [][2]float64) (lx, ly float64, ok bool) {
	if w > l.view.x1-l.view.x0 || h > l.view.y1-l.view.y0 {
		return 0, 0, false
	}
	// The nearest places clear of walls first (a label far from what it
	// names is worse than one over a wall), then every place.
	near := offsets[:min(len(offsets), 4)]
	for pass := range 2 {
		if pass == 1 {
			near = offsets
		}
		for _, o := range near {
			px, py := l.inView(x+o[0], y+o[1], w, h)
			if pass == 0 && l.onWall(labelBox{px - w/2, py, px + w/2, py + h}) {
				continue
			}
			if l.fit(s, px, py, w, h) {
				return px, py, true
			}
		}
	}
	return 0, 0, false
}

// keepOffTown readies the placer for the town under the camera: the
// walls' and fences' edges (a label crosses none where it has a choice)
// and the building names painted on the floors, which no label covers.
func (l *labels) keepOffTown(th *Theme, b *board.Board, cam *table.Camera) {
	l.walls = l.walls[:0]
	for fi := range b.Features {
		f := &b.Features[fi]
		if f.Kind != board.Wall && f.Kind != board.Fence {
			continue
		}
		for k := 1; k < len(f.Points); k++ {
			x0, y0 := cam.ToScreen(f.Points[k-1])
			x1, y1 := cam.ToScreen(f.Points[k])
			l.walls = append(l.walls, labelBox{x0, y0, x1, y1})
		}
		if f.Closed && len(f.Points) > 2 {
			x0, y0 := cam.ToScreen(f.Points[len(f.Points)-1])
			x1, y1 := cam.ToScreen(f.Points[0])
			l.walls = append(l.walls, labelBox{x0, y0, x1, y1})
		}
	}
	if l.townFor != b {
		l.townNames, l.townFor = buildingNameBoxes(th, b, l.townNames[:0]), b
	}
	l.buildings = l.buildings[:0]
	for _, n := range l.townNames {
		x0, y0 := cam.ToScreen(game.Point{X: n.x0, Y: n.y0})
		x1, y1 := cam.ToScreen(game.Point{X: n.x1, Y: n.y1})
		l.block((x0+x1)/2, y0, x1-x0, y1-y0)
		l.buildings = append(l.buildings, labelBox{x0, y0, x1, y1})
	}
}

// keepOffBase keeps labels off a base of radius r centred at (x, y).
func (l *labels) keepOffBase(x, y, r float64) { l.block(x, y-r, 2*r, 2*r) }

// keepOffFuse keeps labels off a lit stick drawn at (x, y) beside bases of
// radius r (the stick and its spark as the table draws them).
func (l *labels) keepOffFuse(x, y, r float64) { l.block(x, y-r*0.7, r*0.9, r*1.3) }

// buildingNameBoxes appends to dst the box of each building's name as the
// town paints it (town.label), in table inches: the face's size, and so
// the box, grows with the scale, so one measure serves every zoom.
func buildingNameBoxes(th *Theme, b *board.Board, dst []labelBox) []labelBox {
	const scale = 64.0 // pixels an inch to measure at
	for fi := range b.Features {
		f := &b.Features[fi]
		if f.Kind != board.Interior || f.Name == "" {
			continue
		}
		w, h := text.Measure(f.Name, buildingNameFace(th, f, scale), 0)
		c := buildingNameCentre(f)
		w, h = w/scale, h/scale
		dst = append(dst, labelBox{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2})
	}
	return dst
}

// writeName writes a model's name, in col, and his states under it in
// gold when he has any (tag; the widths are the words' in th.Small),
// beside his base of radius r at (cx, cy): below it, else above, right or
// left of it, then further out, so models in base contact keep their
// words apart. With no room for both, the states alone (the card names
// the model). A model out of the frame gets nothing.
func (l *labels) writeName(th *Theme, dst *ebiten.Image, name, tag string, nameW, tagW, cx, cy, r float64, col rgba) {
	if !l.shows(cx, cy, r) {
		return
	}
	var offs [30][2]float64
	lh := th.Small.Size * 1.25
	w, h := nameW+4*th.U, lh
	if tag != "" {
		w, h = max(w, tagW+4*th.U), 2*lh
	}
	x, y, ok := l.place(name, cx, cy, w, h, around(&offs, r, 3*th.U, w, h))
	if !ok && tag != "" {
		w, h = tagW+4*th.U, lh
		if x, y, ok = l.place(tag, cx, cy, w, h, around(&offs, r, 3*th.U, w, h)); ok {
			th.shadowText(dst, tag, th.Small, x, y, colGold, alignCenter)
		}
		return
	}
	if !ok {
		return
	}
	th.shadowText(dst, name, th.Small, x, y, col, alignCenter)
	if l.nn < len(l.names) {
		l.names[l.nn] = labelBox{x - w/2, y, x + w/2, y + h}
		l.nn++
	}
	if tag != "" {
		th.shadowText(dst, tag, th.Small, x, y+lh, colGold, alignCenter)
	}
}

// onWall reports whether a box crosses a wall or a fence.
func (l *labels) onWall(b labelBox) bool {
	for _, s := range l.walls {
		if segmentMeetsBox(s.x0, s.y0, s.x1, s.y1, b) {
			return true
		}
	}
	return false
}

// segmentMeetsBox reports whether the segment from (x0, y0) to (x1, y1)
// touches the box (Liang-Barsky clipping).
func segmentMeetsBox(x0, y0, x1, y1 float64, b labelBox) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, e := range [4][2]float64{{-dx, x0 - b.x0}, {dx, b.x1 - x0}, {-dy, y0 - b.y0}, {dy, b.y1 - y0}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// around is the offsets that put a w x h label beside a thing of radius r
// (a base, the cursor) at a gap: below, above, right, left, the corners,
// then the same twice and three times as far out.
func around(dst *[30][2]float64, r, gap, w, h float64) [][2]float64 {
	out := dst[:0]
	for k := 1.0; k <= 3; k++ {
		g := r + gap*k + (k-1)*h
		out = append(out,
			[2]float64{0, g}, [2]float64{0, -g - h},
			[2]float64{g + w/2, -h / 2}, [2]float64{-g - w/2, -h / 2},
			[2]float64{g + w/2, g - h/2}, [2]float64{-g - w/2, g - h/2},
			[2]float64{g + w/2, -g - h/2}, [2]float64{-g - w/2, -g - h/2},
		)
	}
	return out
}

// frameOf is the part of the screen where the table's words may go: the
// viewport, narrowed to the board's edges where those are on screen.
func frameOf(vx, vy, vw, vh float64, bx0, by0, bx1, by1 float64) labelBox {
	f := labelBox{math.Max(vx, bx0), math.Max(vy, by0), math.Min(vx+vw, bx1), math.Min(vy+vh, by1)}
	if f.x1 <= f.x0 || f.y1 <= f.y0 {
		return labelBox{vx, vy, vx + vw, vy + vh}
	}
	return f
}
