package scene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/scene/table"
)

// Colours of the overlays. Lines of sight differ by dash as well as by
// colour: clear is solid, wood cover dashed, stone cover dotted.
var (
	oClear = hex(0xffffff)
	oWood  = hex(0xf0a030)
	oStone = hex(0xb8c4d0)
	oPath  = hex(0xfff3c4)
	oBad   = hex(0xff5a3c)
	oArc   = hex(0xff5a3c)
)

func (b *battle) Draw(a *App, dst *ebiten.Image) {
	dst.Fill(clothFill)
	if b.handoff {
		b.drawHandoff(a, dst)
		return
	}
	if !b.fitted {
		b.fit(a) // drawn before its first Update
	}
	b.draw.refresh(a, b)
	b.drawTown(a, dst)
	ui := a.ui
	if b.grid && !b.t.M.Scenario.Options.DeadReckoning { // a grid would measure
		b.drawGrid(ui)
	}
	b.drawArcs(ui)
	b.drawOverlays(a, ui)
	b.drawObjectives(a, ui) // objectives_draw.go
	b.drawActionOverlays(a, ui)
	b.drawReach(a, ui)
	b.drawModels(a, ui)
	b.drawFireMarker(a, ui)
	b.drawWhyShapes(a, ui)
	b.drawCoachShapes(a, ui)
	b.drawBooms(ui)
	b.drawTape(ui, float32(a.Theme.U))
	ui.flush(dst)
	b.drawLabels(a, dst)
	b.drawObjectivesText(a, dst)
	b.drawActionLabels(a, dst)
	b.drawTapeLabel(a, dst)
	b.drawWhyLabels(a, dst)
	drawButtons(a, dst, &b.reachButton)
	b.demo.draw(a, b, dst)
	b.drawInitiative(a, dst)
	b.tray.draw(a, b, dst)
	b.drawStatus(a, dst)
	b.drawPanel(a, dst)
	b.drawLuck(a, dst) // Luck tokens' badges and question (luck.go)
	b.drawCoach(a, dst)
	b.drawWinBar(a, dst)
	if banner, _ := b.sess.result(); b.t.M.Over && !b.anim.active && banner {
		b.drawOver(a, dst)
	}
	if b.menu != nil {
		b.menu.draw(a, dst)
	}
}

// xy converts table inches to screen pixels.
func (b *battle) xy(p game.Point) (float32, float32) {
	x, y := b.cam.ToScreen(p)
	return float32(x), float32(y)
}

// drawTown draws the cached painting of the town, painting it again only
// once the zoom has settled on a new value or a door changed.
func (b *battle) drawTown(a *App, dst *ebiten.Image) {
	t := &b.town
	bd := b.t.M.Board
	switch {
	case t.img == nil || (t.scale != b.cam.Scale && b.zoomQuiet > 12):
		t.th = a.Theme
		t.sides = len(b.t.M.Posses)
		t.paint(bd, b.cam.Scale)
	case doorState(bd) != t.doors:
		t.paintTop(bd)
	}
	op := t.drawOptions(b.cam)
	// the table's shadow on the cloth
	x0, y0 := b.xy(game.Point{X: -0.7, Y: -0.7})
	x1, y1 := b.xy(game.Point{X: bd.Width + 0.7, Y: bd.Height + 0.7})
	s := float32(8 * a.Theme.U)
	a.ui.rect(x0+s, y0+s, x1-x0, y1-y0, colBlack.alpha(0.35))
	a.ui.flush(dst)
	dst.DrawImage(t.img, &op)
}

// drawGrid draws the 1" grid, faint enough not to fight the painting.
func (b *battle) drawGrid(ui *batch) {
	bd := b.t.M.Board
	w := float32(math.Max(1, b.cam.Scale/40))
	c := colInk.alpha(0.10)
	for x := 1.0; x < bd.Width; x++ {
		x0, y0 := b.xy(game.Point{X: x, Y: 0})
		x1, y1 := b.xy(game.Point{X: x, Y: bd.Height})
		ui.line(x0, y0, x1, y1, w, c)
	}
	for y := 1.0; y < bd.Height; y++ {
		x0, y0 := b.xy(game.Point{X: 0, Y: y})
		x1, y1 := b.xy(game.Point{X: bd.Width, Y: y})
		ui.line(x0, y0, x1, y1, w, c)
	}
}

// drawArcs shades every Overwatch arc; the ones covering the chosen
// destination are stronger.
func (b *battle) drawArcs(ui *batch) {
	v := b.t.View()
	for i, arc := range b.draw.arcs {
		if len(arc) == 0 {
			continue
		}
		alpha := float32(0.12)
		for _, w := range v.Threats {
			if w == i {
				alpha = 0.3
			}
		}
		b.drawArcShape(ui, arc, b.t.M.Models[i].Posse, alpha)
	}
}

// drawOverlays draws the sight lines, the move preview and the rangefinder.
func (b *battle) drawOverlays(a *App, ui *batch) {
	v := b.t.View()
	m := b.t.M
	u := float32(a.Theme.U)
	if v.From < 0 || b.anim.active {
		return
	}
	fx, fy := b.xy(v.LoSFrom)
	for _, s := range v.Sights {
		if !s.Sight.Visible {
			continue
		}
		tx, ty := b.xy(m.Models[s.Model].Pos)
		w := 2 * u
		ui.line(fx, fy, tx, ty, w+2*u, colBlack.alpha(0.35))
		switch s.Label() {
		case "clear":
			ui.line(fx, fy, tx, ty, w, oClear.alpha(0.85))
		case "wood cover":
			ui.dashed(fx, fy, tx, ty, w, 10*u, 6*u, oWood)
		default:
			ui.dashed(fx, fy, tx, ty, w, 3*u, 5*u, oStone)
		}
	}
	r := float32(board.BaseRadius * b.cam.Scale)
	if v.Moving {
		pv := &v.Preview
		dr := m.Scenario.Options.DeadReckoning
		col := oPath
		if v.Blocked && !v.Reach {
			col = oBad
		}
		if !dr && len(pv.Path) > 1 {
			for i := 0; i+1 < len(pv.Path); i++ {
				x0, y0 := b.xy(pv.Path[i])
				x1, y1 := b.xy(pv.Path[i+1])
				ui.line(x0, y0, x1, y1, 5*u, colBlack.alpha(0.4))
				ui.dashed(x0, y0, x1, y1, 3*u, 8*u, 5*u, col)
			}
		}
		dx, dy := b.xy(v.Dest)
		if v.Blocked {
			hx, hy := b.xy(v.Hover)
			ui.line(hx-r*0.6, hy-r*0.6, hx+r*0.6, hy+r*0.6, 3*u, oBad)
			ui.line(hx-r*0.6, hy+r*0.6, hx+r*0.6, hy-r*0.6, 3*u, oBad)
			if v.Reach {
				// the ghost where the reachable part of the way ends
				ex, ey := b.xy(v.ReachEnd)
				ui.circle(ex, ey, r, sideColour(m.Models[m.Active].Posse).alpha(0.25))
				ui.ring(ex, ey, r, 2*u, col)
			}
		} else {
			ui.circle(dx, dy, r, sideColour(m.Models[m.Active].Posse).alpha(0.35))
			ui.ring(dx, dy, r, 2*u, col)
			if len(v.Threats) > 0 {
				ui.ring(dx, dy, r+4*u, 3*u, oBad)
			}
		}
		if v.HasStop {
			sx, sy := b.xy(v.StopAt)
			ui.circle(sx, sy, 6*u, oBad)
			ui.rect(sx-4*u, sy-1.5*u, 8*u, 3*u, colWhite)
		}
		return
	}
	if v.Measure && !b.t.Tape.On { // the tape, when out, is the one measure at the cursor
		to := v.Hover
		if v.HoverModel >= 0 {
			to = m.Models[v.HoverModel].Pos
		}
		from := m.Models[v.From].Pos
		d := to.Sub(from)
		if l := d.Len(); l > 2*board.BaseRadius {
			e0 := from.Add(d.Scale(board.BaseRadius / l))
			e1 := to.Sub(d.Scale(board.BaseRadius / l))
			x0, y0 := b.xy(e0)
			x1, y1 := b.xy(e1)
			ui.line(x0, y0, x1, y1, 4*u, colBlack.alpha(0.4))
			ui.line(x0, y0, x1, y1, 2*u, colGold)
			if v.HoverModel < 0 {
				tx, ty := b.xy(to)
				ui.ring(tx, ty, r, 1.5*u, colGold.alpha(0.8))
			}
		}
	}
}

// drawStatus writes the hint or the refusal at the foot of the table.
func (b *battle) drawStatus(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	vx, _, vw, _ := b.viewport(a)
	_, _, vh := b.tableBox(a)
	vw += vx // the status line runs under the initiative mat too
	msg, col := b.t.Status, colText
	if b.t.Error {
		col = colBad
	}
	if msg == "" {
		for i := range b.panel.actions {
			ab := &b.panel.actions[i]
			if ab.W > 0 && !ab.Enabled && ab.hover(&a.In) && ab.Why != "" {
				msg, col = ab.Label+": "+ab.Why, colBad
			}
		}
		if rf := &b.init.refocus; msg == "" && rf.W > 0 && !rf.Enabled && rf.hover(&a.In) && rf.Why != "" {
			msg, col = rf.Label+": "+rf.Why, colBad
		}
	}
	if msg == "" {
		msg = b.soloBanner(a)
	}
	if msg == "" {
		msg, col = "F1: keys and mouse  ·  wheel zooms, right-drag pans, Home fits the table", colTextDim
	}
	a.ui.rect(0, float32(vh), float32(vw), float32(statusHeight*u), colBlack.alpha(0.55))
	a.ui.flush(dst)
	th.text(dst, th.clipped(msg, th.Body, vw-24*u), th.Body, 12*u, vh+6*u, col, alignLeft) // never under the panel
}

// drawHandoff hides the board until the next person clicks.
func (b *battle) drawHandoff(a *App, dst *ebiten.Image) {
	th := a.Theme
	m := b.t.M
	d := m.Decider()
	cx, cy := float64(a.W)/2, float64(a.H)/2
	a.ui.circle(float32(cx), float32(cy-90*th.U), float32(36*th.U), sideColour(d))
	emblem(a.ui, d, float32(cx), float32(cy-90*th.U), float32(36*th.U))
	a.ui.flush(dst)
	th.shadowText(dst, handoffTitle(m), th.Huge, cx, cy-30*th.U, sideColour(d).mix(colWhite, 0.4), alignCenter)
	th.text(dst, "Pass the mouse to the "+m.Posses[d].Name+" player, then click to continue.", th.Body, cx, cy+40*th.U, colText, alignCenter)
	th.text(dst, "The table stays hidden until then.", th.Small, cx, cy+66*th.U, colTextDim, alignCenter)
}

func handoffTitle(m *game.Match) string {
	d := m.Decider()
	if m.Pending != nil {
		return m.Posses[d].Name + ": Overwatch!"
	}
	name := m.Posses[d].Name
	if name[len(name)-1] == 's' {
		return name + "' turn"
	}
	return name + "'s turn"
}

// drawOver shows the result over the table until a click.
func (b *battle) drawOver(a *App, dst *ebiten.Image) {
	th := a.Theme
	vy, vw, vh := b.tableBox(a)
	vh = vy + vh // twice the centre
	a.ui.rect(0, float32(vh/2-60*th.U), float32(vw), float32(120*th.U), colBlack.alpha(0.6))
	a.ui.flush(dst)
	th.shadowText(dst, b.draw.header+"!", th.Huge, vw/2, vh/2-45*th.U, colGold, alignCenter)
	if _, hint := b.sess.result(); hint != "" {
		th.text(dst, hint, th.Body, vw/2, vh/2+18*th.U, colText, alignCenter)
	}
}

// mode is the table's mode (for tests).
func (b *battle) mode() table.Mode { return b.t.Mode }

// drawTape draws the tape measure: a yellow tape with a tick every inch
// between its ends (base edges when an end is on a miniature), and the
// sight line in the colour of what it gives when it starts on a model.
func (b *battle) drawTape(ui *batch, u float32) {
	tp := &b.t.Tape
	if !tp.On || !tp.Laid {
		return
	}
	d := tp.To.Sub(tp.From)
	l := d.Len()
	if l < 1e-6 {
		x, y := b.xy(tp.From)
		ui.ring(x, y, 5*u, 2*u, colGold)
		return
	}
	dir := d.Scale(1 / l)
	from, to := tp.From, tp.To
	if tp.FromModel >= 0 {
		from = from.Add(dir.Scale(board.BaseRadius))
	}
	if tp.ToModel >= 0 {
		to = to.Sub(dir.Scale(board.BaseRadius))
	}
	x0, y0 := b.xy(from)
	x1, y1 := b.xy(to)
	col := tapeYellow
	if tp.FromModel >= 0 && !tp.Sight.Visible {
		col = oBad
	}
	ui.line(x0, y0, x1, y1, 9*u, colBlack.alpha(0.45))
	ui.line(x0, y0, x1, y1, 6*u, col)
	// a tick every inch from the start, longer every 6"
	n := int(tp.Distance)
	px, py := float32(-dir.Y), float32(dir.X)
	for i := 1; i <= n; i++ {
		p := from.Add(dir.Scale(float64(i)))
		x, y := b.xy(p)
		k := 4 * u
		if i%6 == 0 {
			k = 8 * u
		}
		ui.line(x-px*k, y-py*k, x+px*k, y+py*k, 1.5*u, colInk)
	}
	for _, e := range [...][2]float32{{x0, y0}, {x1, y1}} {
		ui.circle(e[0], e[1], 4*u, colInk)
	}
}

// tapeYellow is the colour of the tape measure.
var tapeYellow = hex(0xf2d04a)

// drawTapeLabel writes the tape's reading beside its middle.
func (b *battle) drawTapeLabel(a *App, dst *ebiten.Image) {
	tp := &b.t.Tape
	if !tp.On || !tp.Laid || tp.Text == "" {
		return
	}
	th := a.Theme
	bx := b.labels.tape // placed first of the table's words (placeTapeLabel)
	if bx.x1 <= bx.x0 {
		return
	}
	a.ui.rect(float32(bx.x0), float32(bx.y0), float32(bx.x1-bx.x0), float32(bx.y1-bx.y0), colPanel.alpha(0.9))
	a.ui.flush(dst)
	th.text(dst, tp.Text, th.Bold, bx.x0+6*th.U, bx.y0+2*th.U, tapeYellow, alignLeft)
}

// placeTapeLabel finds the tape's reading a place beside its middle, before
// any other word on the table: the player asked for it.
func (b *battle) placeTapeLabel(a *App) {
	tp := &b.t.Tape
	b.labels.tape = labelBox{}
	if !tp.On || !tp.Laid || tp.Text == "" {
		return
	}
	th := a.Theme
	x, y := b.cam.ToScreen(tp.From.Lerp(tp.To, 0.5))
	if b.tapeText != tp.Text {
		b.tapeText, b.tapeW = tp.Text, th.width(tp.Text, th.Bold) // measured once per reading
	}
	w, h := b.tapeW+12*th.U, th.Bold.Size*1.5
	offs := [...][2]float64{{10*th.U + w/2, -h / 2}, {-10*th.U - w/2, -h / 2}, {0, 10 * th.U}, {0, -10*th.U - h}, {10*th.U + w/2, h}, {-10*th.U - w/2, h}}
	if x, y, ok := b.labels.place(tp.Text, x, y, w, h, offs[:]); ok {
		b.labels.tape = labelBox{x - w/2, y, x + w/2, y + h}
	}
}
