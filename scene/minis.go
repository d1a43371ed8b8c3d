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
		drawMini(ui, u, r, x, y, facing, col, md.Posse)
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

// drawLabels writes the words on the table through the placer (labels.go):
// with the building names, the bases, the cursor's spot and the fuses kept
// clear and the walls kept off, first what the player is looking at (the odds, the move, the range by the
// cursor), then the bouts, the active, selected and hovered models' names
// and states, what each sight line gives, then the other names.
func (b *battle) drawLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	m := b.t.M
	v := b.t.View()
	r := board.BaseRadius * b.cam.Scale
	lh := th.Small.Size * 1.25
	l := &b.labels
	vx, vy, vw, vh := b.viewport(a)
	bx0, by0 := b.cam.ToScreen(game.Point{})
	bx1, by1 := b.cam.ToScreen(game.Point{X: m.Board.Width, Y: m.Board.Height})
	l.reset(frameOf(vx, vy, vw, vh, bx0, by0, bx1, by1))
	l.keepOffTown(th, m.Board, &b.cam)
	if b.inView(a) {
		l.block(a.In.X, a.In.Y-4*th.U, 24*th.U, 24*th.U) // keep the cursor's spot clear
	}
	if rb := &b.reachButton; rb.W > 0 {
		l.block(rb.X+rb.W/2, rb.Y, rb.W, rb.H)
	}
	for i := range m.Models {
		if !m.Models[i].Removed() { // no label over a miniature
			p, _ := b.modelAt(i)
			x, y := b.cam.ToScreen(p)
			l.keepOffBase(x, y, r)
		}
	}
	if b.showsBaseCards() { // no label over a base's initiative card
		for i := range m.Models {
			if x, y, w, h, ok := b.baseCardRect(a, i); ok {
				l.block(x+w/2, y, w, h)
			}
		}
	}
	for _, f := range m.Fuses { // the lit stick on the table
		x, y := b.cam.ToScreen(f.At)
		l.keepOffFuse(x, y, r)
	}
	b.placeTapeLabel(a)
	b.drawCursorLabels(a, dst)
	b.drawReachLabels(a, dst)
	b.drawBoutLabels(a, dst)
	b.drawFuseLabels(a, dst) // before the names: a lit fuse keeps its words in a crowd
	first := func(i int) bool { return i == m.Active || i == b.t.Selected || i == v.HoverModel }
	name := func(i int) {
		md := &m.Models[i]
		p, _ := b.modelAt(i)
		cx, cy := b.cam.ToScreen(p)
		col := colPaper
		if md.Activated && m.Active != i {
			col = colTextDim
		}
		l.writeName(th, dst, md.Name, b.draw.tags[i], b.draw.nameW[i], b.draw.tagW[i], cx, cy, r, col)
	}
	for i := range m.Models {
		if !m.Models[i].Removed() && first(i) {
			name(i)
		}
	}
	if v.From >= 0 && !b.anim.active {
		for _, s := range v.Sights {
			x, y := b.cam.ToScreen(m.Models[s.Model].Pos)
			if !l.shows(x, y, r) {
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
			lw := th.measure(label, th.Small) + 4*th.U
			above := [...][2]float64{{0, -r - lh - 2*th.U}, {0, -r - 2*lh - 4*th.U}, {r + lw/2 + 3*th.U, -r - lh}, {-r - lw/2 - 3*th.U, -r - lh}}
			if x, y, ok := l.place(label, x, y, lw, lh, above[:]); ok {
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

// drawCursorLabels writes what the player is looking at: the odds of the
// action by the cursor (by the Fire point while an Overwatch chooses),
// the move's length and warning by the ghost, the range to the cursor
// (not while the tape measures: it has its own).
func (b *battle) drawCursorLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	v := b.t.View()
	l := &b.labels
	r := board.BaseRadius * b.cam.Scale
	u := th.U
	lh := th.Bold.Size * 1.3
	maxW := l.view.x1 - l.view.x0 - 8*u
	// Beside the point, right then left, below then above, then rings
	// further out: what the player looks at always finds a place.
	var offs [36][2]float64
	beside := func(r, w, h float64) [][2]float64 {
		g := r + 10*u
		out := append(offs[:0], [2]float64{g + w/2, 8 * u}, [2]float64{g + w/2, -h - 8*u}, [2]float64{-g - w/2, 8 * u},
			[2]float64{-g - w/2, -h - 8*u}, [2]float64{0, g + 6*u}, [2]float64{0, -g - h - 6*u})
		var ring [30][2]float64
		return append(out, around(&ring, r+2*u, 3*r+4*u, w, h)...)
	}
	if v.Tip != "" {
		x, y := a.In.X, a.In.Y
		rr := 6 * u
		if v.Fire {
			x, y = b.cam.ToScreen(v.FirePt)
			rr = r
		}
		s := th.clipped(v.Tip, th.Bold, maxW)
		w := th.measure(s, th.Bold) + 4*u
		if x, y, ok := l.place(s, x, y, w, lh, beside(rr, w, lh)); ok {
			th.shadowText(dst, s, th.Bold, x, y, colGold, alignCenter)
		}
	}
	if v.From < 0 || b.anim.active {
		return
	}
	m := b.t.M
	switch {
	case v.Moving && !v.Blocked && v.MoveText != "" && !m.Scenario.Options.DeadReckoning:
		x, y := b.cam.ToScreen(v.Dest)
		mv := th.clipped(v.MoveText, th.Bold, maxW)
		warn := ""
		w, h := th.measure(mv, th.Bold)+4*u, lh
		if v.Warn != "" {
			warn = th.clipped(v.Warn, th.Bold, maxW)
			w, h = max(w, th.measure(warn, th.Bold)+4*u), 2*lh
		}
		if x, y, ok := l.place(mv, x, y, w, h, beside(r, w, h)); ok {
			th.shadowText(dst, mv, th.Bold, x, y, oPath, alignCenter)
			if warn != "" {
				th.shadowText(dst, warn, th.Bold, x, y+lh, oBad, alignCenter)
			}
		}
	case v.Measure && !v.Moving && !b.t.Tape.On && b.inView(a):
		s := v.RangeText
		w := th.measure(s, th.Bold) + 4*u
		if x, y, ok := l.place(s, a.In.X, a.In.Y, w, lh, beside(6*u, w, lh)); ok {
			th.shadowText(dst, s, th.Bold, x, y, colGold, alignCenter)
		}
	}
}

// drawMini draws a miniature of posse's side at (x, y), base radius r,
// facing the angle given (radians): its shadow, the facing mark (a wedge
// on the rim), the base in col with a darker rim, and the side's emblem.
// The battle and the position editor draw their models by it.
func drawMini(ui *batch, u, r, x, y float32, facing float64, col rgba, posse int) {
	ui.circle(x+r*0.15, y+r*0.22, r*1.02, colBlack.alpha(0.35))
	fx, fy := angleXY(facing)
	px, py := -fy, fx
	tipX, tipY := x+fx*r*1.45, y+fy*r*1.45
	ui.tri(tipX+fx*u, tipY+fy*u, x+fx*r*0.6+px*r*0.62, y+fy*r*0.6+py*r*0.62, x+fx*r*0.6-px*r*0.62, y+fy*r*0.6-py*r*0.62, colInk)
	ui.tri(tipX, tipY, x+fx*r*0.7+px*r*0.5, y+fy*r*0.7+py*r*0.5, x+fx*r*0.7-px*r*0.5, y+fy*r*0.7-py*r*0.5, colPaper)
	ui.circle(x, y, r, col)
	ui.ring(x, y, r, max(1.5*u, r*0.12), col.mix(colBlack, 0.45))
	emblem(ui, posse, x, y, r*0.8)
}
