package scene

import (
	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
)

// modelAt is where a model is drawn and which way it faces: the animation
// runs it along its last path.
func (b *battle) modelAt(i int) (game.Point, float64) {
	if b.anim.active && b.anim.model == i {
		return b.anim.at()
	}
	md := &b.t.M.Models[i]
	return md.Pos, md.Facing
}

// drawModels draws every miniature: shadow, base in the side's colour with
// the side's emblem, facing mark, and rings for the states.
func (b *battle) drawModels(a *App, ui *batch) {
	m := b.t.M
	u := float32(a.Theme.U)
	r := float32(board.BaseRadius * b.cam.Scale)
	v := b.t.View()
	for i := range m.Models {
		md := &m.Models[i]
		if md.Removed() {
			continue
		}
		p, facing := b.modelAt(i)
		x, y := b.xy(p)
		col := sideColour(md.Posse)
		done := md.Activated && m.Active != i
		if done {
			col = col.mix(hex(0x777777), 0.55)
		}
		ui.circle(x+r*0.15, y+r*0.22, r*1.02, colBlack.alpha(0.35))
		// facing mark: a wedge on the rim
		fx, fy := angleXY(facing)
		px, py := -fy, fx
		tipX, tipY := x+fx*r*1.45, y+fy*r*1.45
		ui.tri(tipX+fx*u, tipY+fy*u, x+fx*r*0.6+px*r*0.62, y+fy*r*0.6+py*r*0.62, x+fx*r*0.6-px*r*0.62, y+fy*r*0.6-py*r*0.62, colInk)
		ui.tri(tipX, tipY, x+fx*r*0.7+px*r*0.5, y+fy*r*0.7+py*r*0.5, x+fx*r*0.7-px*r*0.5, y+fy*r*0.7-py*r*0.5, colPaper)
		ui.circle(x, y, r, col)
		ui.ring(x, y, r, max(1.5*u, r*0.12), col.mix(colBlack, 0.45))
		emblem(ui, md.Posse, x, y, r*0.8)
		if done {
			ui.circle(x, y, r, colBlack.alpha(0.25))
		}
		switch {
		case m.Active == i:
			ui.ring(x, y, r+4*u, 3*u, colGold)
		case b.t.Selected == i:
			ui.ring(x, y, r+4*u, 2.5*u, colWhite)
		case v.HoverModel == i:
			ui.ring(x, y, r+3*u, 1.5*u, colWhite.alpha(0.7))
		case b.t.Ready(i):
			ui.ring(x, y, r+3*u, 1.5*u, colGold.alpha(0.5))
		}
		if i < len(b.draw.engaged) && b.draw.engaged[i] {
			ui.arc(x, y, r+7*u, 2.5*u, 0, 10, oBad)
			ui.arc(x, y, r+7*u, 2.5*u, 20, 30, oBad)
		}
		if md.AimAt >= 0 && md.AimAt < len(m.Models) {
			tx, ty := b.xy(m.Models[md.AimAt].Pos)
			ui.dashed(x, y, tx, ty, 1.5*u, 4*u, 4*u, oBad.alpha(0.8))
		}
	}
	for _, f := range m.Fuses {
		x, y := b.xy(f.At)
		ui.rect(x-r*0.15, y-r*0.5, r*0.3, r, hex(0xb02020))
		ui.star(x, y-r*0.6, r*0.35, colGold)
	}
}

// labelBox is a placed label's rectangle, for keeping labels apart.
type labelBox struct{ x0, y0, x1, y1 float64 }

// labels places labels greedily: a label that would overlap one already
// placed is left out. Its array is reused every frame.
type labels struct {
	boxes [96]labelBox
	n     int
	names [64]labelBox // the name labels drawn this frame (tests read them)
	nn    int
	// view is the table's part of the screen: a label is moved inside it
	// rather than cut at its edge (a model at the edge of the view).
	view labelBox
}

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

// fit reports whether a w x h label at (x, y) (top centre) is free, and
// claims its place if so.
func (l *labels) fit(x, y, w, h float64) bool {
	b := labelBox{x - w/2, y, x + w/2, y + h}
	for i := range l.n {
		o := &l.boxes[i]
		if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
			return false
		}
	}
	if l.n < len(l.boxes) {
		l.boxes[l.n] = b
		l.n++
	}
	return true
}

// drawLabels writes names and states under the miniatures and what each
// sight line gives, leaving out labels that would overlap: the active,
// selected and hovered models' names first, then the sight lines, then
// the rest.
func (b *battle) drawLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	m := b.t.M
	v := b.t.View()
	r := board.BaseRadius * b.cam.Scale
	lh := th.Small.Size * 1.25
	b.labels.n, b.labels.nn = 0, 0
	vx, vy, vw, vh := b.viewport(a)
	b.labels.view = labelBox{vx, vy, vx + vw, vy + vh}
	b.labels.fit(a.In.X, a.In.Y-4*th.U, 24*th.U, 24*th.U) // keep the cursor's spot clear
	for i := range m.Models {
		if !m.Models[i].Removed() { // no label over a miniature
			p, _ := b.modelAt(i)
			x, y := b.cam.ToScreen(p)
			b.labels.fit(x, y-r, 2*r, 2*r)
		}
	}
	b.drawBoutLabels(a, dst)
	first := func(i int) bool { return i == m.Active || i == b.t.Selected || i == v.HoverModel }
	name := func(i int) {
		md := &m.Models[i]
		p, _ := b.modelAt(i)
		cx, cy := b.cam.ToScreen(p)
		if !b.labels.shows(cx, cy, r) {
			return
		}
		tag := b.draw.tags[i]
		w, h := b.draw.nameW[i]+4*th.U, lh
		if tag != "" {
			w, h = max(w, b.draw.tagW[i]+4*th.U), 2*lh
		}
		// Below the base, else above, right or left of it: models in
		// base contact (a brawl) keep their names and states apart.
		gap := r + 3*th.U
		x, y, ok := cx, cy+gap, false
		for _, c := range [...][2]float64{{0, gap}, {0, -gap - h}, {gap + w/2, -h / 2}, {-gap - w/2, -h / 2},
			{gap + w/2, gap}, {-gap - w/2, gap}, {gap + w/2, -gap - h}, {-gap - w/2, -gap - h}, {0, gap + 2*r}, {0, -gap - h - 2*r}} {
			px, py := b.labels.inView(cx+c[0], cy+c[1], w, h)
			if b.labels.fit(px, py, w, h) {
				x, y, ok = px, py, true
				break
			}
		}
		if !ok && tag == "" {
			return // a plain name may give way; a state (engaged, overwatch) may not
		}
		col := colPaper
		if md.Activated && m.Active != i {
			col = colTextDim
		}
		th.shadowText(dst, md.Name, th.Small, x, y, col, alignCenter)
		if l := &b.labels; l.nn < len(l.names) {
			l.names[l.nn] = labelBox{x - w/2, y, x + w/2, y + h}
			l.nn++
		}
		if tag != "" {
			th.shadowText(dst, tag, th.Small, x, y+lh, colGold, alignCenter)
		}
	}
	for i := range m.Models {
		if !m.Models[i].Removed() && first(i) {
			name(i)
		}
	}
	if v.From >= 0 && !b.anim.active {
		if v.Moving && !v.Blocked && v.MoveText != "" && !m.Scenario.Options.DeadReckoning {
			x, y := b.cam.ToScreen(v.Dest)
			// Right of the ghost base, or left of it at the view's right edge.
			tx, align := x+r+8*th.U, alignLeft
			if tx+b.draw.moveW > b.labels.view.x1 {
				tx, align = x-r-8*th.U, alignRight
			}
			th.shadowText(dst, v.MoveText, th.Bold, tx, y-8*th.U, oPath, align)
			if align == alignLeft {
				b.labels.fit(tx+b.draw.moveW/2, y-8*th.U, b.draw.moveW, lh)
			} else {
				b.labels.fit(tx-b.draw.moveW/2, y-8*th.U, b.draw.moveW, lh)
			}
			if v.Warn != "" {
				th.shadowText(dst, v.Warn, th.Bold, tx, y+10*th.U, oBad, align)
			}
		} else if v.Measure && !v.Moving {
			th.shadowText(dst, v.RangeText, th.Bold, a.In.X+14*th.U, a.In.Y+8*th.U, colGold, alignLeft)
		}
		for _, s := range v.Sights {
			x, y := b.cam.ToScreen(m.Models[s.Model].Pos)
			if !b.labels.shows(x, y, r) {
				continue
			}
			label := s.Label()
			c := colText
			switch label {
			case "wood cover":
				c = oWood
			case "stone cover":
				c = oStone
			case "no line of sight":
				c, label = colTextDim, "no sight"
			}
			y -= r + lh + 2*th.U
			lw := th.width(label, th.Small) + 4*th.U
			x, y = b.labels.inView(x, y, lw, lh)
			if b.labels.fit(x, y, lw, lh) {
				th.shadowText(dst, label, th.Small, x, y, c, alignCenter)
			}
		}
	}
	for i := range m.Models {
		if !m.Models[i].Removed() && !first(i) {
			name(i)
		}
	}
}
