package scene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
)

func (e *editor) xy(p game.Point) (float32, float32) {
	x, y := e.cam.ToScreen(p)
	return float32(x), float32(y)
}

func (e *editor) Draw(a *App, dst *ebiten.Image) {
	dst.Fill(clothFill)
	if !e.fitted || a.W != e.lastW || a.H != e.lastH {
		e.fit(a)
	}
	e.layout(a)
	if e.board != nil {
		e.drawTable(a, dst)
	}
	e.drawPanel(a, dst)
}

// drawTable draws the town, the objectives, the models and their names.
func (e *editor) drawTable(a *App, dst *ebiten.Image) {
	t := &e.town
	t.th = a.Theme
	shown := e.shownBoard()
	if t.img == nil || (t.scale != e.cam.Scale && e.quiet > 12) || doorState(shown) != t.doors {
		t.sides = len(e.s.Posses)
		t.paint(shown, e.cam.Scale)
	}
	op := t.drawOptions(e.cam)
	dst.DrawImage(t.img, &op)

	u := float32(a.Theme.U)
	ui := a.ui
	drawObjectiveMarks(ui, u, float32(e.cam.Scale), e.board.Width, e.board.Height, e.xy, e.marks())
	r := float32(board.BaseRadius * e.cam.Scale)
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At == nil {
				continue
			}
			x, y := e.xy(*md.At)
			col := sideColour(pi)
			if md.Activated {
				col = col.mix(hex(0x777777), 0.55)
			}
			if md.Overwatch != nil { // the arc covered: 90 degrees ahead
				d := *md.Overwatch * math.Pi / 180
				xs, ys := []float32{x}, []float32{y}
				for i := -8; i <= 8; i++ {
					ang := d + float64(i)*math.Pi/32
					xs = append(xs, x+float32(math.Cos(ang))*r*5)
					ys = append(ys, y+float32(math.Sin(ang))*r*5)
				}
				ui.fan(xs, ys, col.alpha(0.22))
			}
			drawMini(ui, u, r, x, y, md.Facing*math.Pi/180, col, pi)
			if len(md.Wounds) > 0 { // a red cross: wounded
				s := max(r*0.45, 4*u)
				ui.rect(x+r*0.55-s*0.2, y-r*0.95-s*0.5, s*0.4, s, oBad)
				ui.rect(x+r*0.55-s*0.5, y-r*0.95-s*0.2, s, s*0.4, oBad)
			}
			if f := md.LitFuse; f != nil { // a lit stick, as the battle draws it
				fx, fy := e.xy(*f)
				ui.rect(fx-r*0.15, fy-r*0.5, r*0.3, r, hex(0xb02020))
				ui.star(fx, fy-r*0.6, r*0.35, colGold)
			}
			if md.AimAt != "" {
				if t := e.modelNamed(md.AimAt); t != nil && t.At != nil {
					tx, ty := e.xy(*t.At)
					ui.dashed(x, y, tx, ty, 1.5*u, 4*u, 4*u, oBad.alpha(0.8))
				}
			}
			switch {
			case e.problem.posse == pi && e.problem.model == mi:
				ui.ring(x, y, r+5*u, 3*u, colBad)
			case e.sel.posse == pi && e.sel.model == mi:
				ui.ring(x, y, r+4*u, 2.5*u, colWhite)
			}
		}
	}
	if i := e.sel.obj; i >= 0 {
		if p, ok := e.objectivePoint(i); ok {
			x, y := e.xy(p)
			ui.ring(x, y, 14*u, 2.5*u, colWhite)
		}
	}
	if f := e.selectedDoor(); f != nil {
		x, y := e.xy(f.Centroid())
		ui.ring(x, y, 14*u, 2.5*u, colWhite)
	}
	if i := e.problem.obj; i >= 0 && i < len(e.s.Objectives) {
		if p, ok := e.objectivePoint(i); ok {
			x, y := e.xy(p)
			ui.ring(x, y, 16*u, 3*u, colBad)
		}
	}
	if e.sel.place != "" && e.inView(a) { // the model waiting, under the cursor
		ui.circle(float32(a.In.X), float32(a.In.Y), r, sideColour(e.sel.placePosse).alpha(0.5))
	}
	ui.flush(dst)

	// The names under the bases and the problem beside what is wrong.
	// A name that would cross one written before it is left out: the
	// chosen model's first, then the others in order.
	th := a.Theme
	var taken [][4]float64
	name := func(pi, mi int, md game.ModelSpec) {
		x, y := e.xy(*md.At)
		w := th.width(md.Name, th.Small)
		box := [4]float64{float64(x) - w/2, float64(y+r) + 3*th.U, float64(x) + w/2, float64(y+r) + 17*th.U}
		for _, t := range taken {
			if box[0] < t[2] && t[0] < box[2] && box[1] < t[3] && t[1] < box[3] {
				return
			}
		}
		taken = append(taken, box)
		c := colPaper
		if e.sel.posse == pi && e.sel.model == mi {
			c = colGold
		}
		th.shadowText(dst, md.Name, th.Small, float64(x), box[1], c, alignCenter)
	}
	if md := e.selected(); md != nil && md.At != nil {
		name(e.sel.posse, e.sel.model, *md)
	}
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At != nil && !(e.sel.posse == pi && e.sel.model == mi) {
				name(pi, mi, md)
			}
		}
	}
	for _, o := range e.marks() {
		if o.kind == "hold" || o.kind == "loot" {
			x, y := e.xy(o.at)
			th.shadowText(dst, upperFirst(o.name), th.Small, float64(x), float64(y)+14*th.U, colGold, alignCenter)
		}
	}
	if e.problem.text != "" {
		var at *game.Point
		if md := e.modelOf(e.problem.posse, e.problem.model); md != nil {
			at = md.At
		} else if i := e.problem.obj; i >= 0 && i < len(e.s.Objectives) {
			if p, ok := e.objectivePoint(i); ok {
				at = &p
			}
		}
		if at != nil {
			x, y := e.xy(*at)
			_, _, vw, _ := e.viewport(a)
			lines := wrapText(th, e.problem.text, th.Small, 260*th.U)
			lx := max(4*th.U, min(float64(x)-134*th.U, vw-272*th.U)) // under his name, inside the table's part
			ly := float64(y) + float64(r) + 20*th.U
			if ly+60*th.U > float64(a.H) {
				ly = float64(y) - float64(r) - 60*th.U
			}
			h := float64(len(lines))*16*th.U + 8*th.U
			a.ui.rect(float32(lx), float32(ly), float32(268*th.U), float32(h), colPanel.alpha(0.92))
			a.ui.flush(dst)
			for i, l := range lines {
				th.text(dst, l, th.Small, lx+5*th.U, ly+4*th.U+float64(i)*16*th.U, colBad, alignLeft)
			}
		}
	}
}

// marks are the position's objectives as the table draws them.
func (e *editor) marks() []objMark {
	var out []objMark
	for i, o := range e.s.Objectives {
		if o.Done { // carried off, got away or collected: nothing left on the table
			continue
		}
		mk := objMark{kind: o.Kind, name: o.Name, edge: o.Edge, colour: colGold, radius: o.Radius}
		if mk.radius == 0 {
			mk.radius = 3
		}
		if p := e.posseIndex(o.Posse); p >= 0 && o.Posse != "" {
			mk.colour = sideColour(p)
		}
		if o.Kind == game.ObjHold && o.Posse == "" {
			mk.colour = colPaper
		}
		if p, ok := e.objectivePoint(i); ok {
			mk.at = p
		}
		if o.Kind == game.ObjLoot {
			for _, ps := range e.s.Posses {
				for _, md := range ps.Models {
					if md.Carrying == o.Name && md.At != nil {
						at := *md.At
						mk.carrier = &at
					}
				}
			}
		}
		if o.Kind == game.ObjBounty {
			if t := e.modelNamed(o.Target); t != nil && t.At != nil {
				at := *t.At
				mk.target = &at
			}
		}
		out = append(out, mk)
	}
	return out
}

func (e *editor) modelNamed(name string) *game.ModelSpec {
	for pi := range e.s.Posses {
		for mi := range e.s.Posses[pi].Models {
			if e.s.Posses[pi].Models[mi].Name == name {
				return &e.s.Posses[pi].Models[mi]
			}
		}
	}
	return nil
}

func (e *editor) modelOf(pi, mi int) *game.ModelSpec {
	if pi < 0 || pi >= len(e.s.Posses) || mi < 0 || mi >= len(e.s.Posses[pi].Models) {
		return nil
	}
	return &e.s.Posses[pi].Models[mi]
}

// drawPanel draws the panel: the settings of the whole position, the
// models off the table, the objectives, the chosen thing's settings, the
// engine's line and the actions.
func (e *editor) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	px := float64(a.W) - editorPanelWidth*u
	a.ui.rect(float32(px), 0, float32(editorPanelWidth*u), float32(a.H), colPanel)
	a.ui.flush(dst)
	x0 := px + 12*u
	w := editorPanelWidth*u - 24*u
	th.text(dst, "Set up a position", th.Head, x0, 12*u, colGold, alignLeft)
	ui := &e.ui
	bs := []*button{&ui.mapB, &ui.turns, &ui.first, &ui.posse[0], &ui.posse[1], &ui.loot, &ui.hold, &ui.escape, &ui.boun,
		&ui.save, &ui.play, &ui.sim, &ui.est, &ui.back}
	for i := range e.listed {
		bs = append(bs, &e.listed[i].b)
	}
	for i := range e.rows {
		bs = append(bs, &e.rows[i].b)
	}
	for i := range e.objs {
		bs = append(bs, &e.objs[i])
	}
	drawButtons(a, dst, bs...)
	// Each listed model's posse colour, a bar at its button's left.
	for _, l := range e.listed {
		a.ui.rect(float32(l.b.X), float32(l.b.Y), float32(3*u), float32(l.b.H), sideColour(l.posse))
	}
	a.ui.flush(dst)

	head := "Off the table: click one, then the table"
	if len(e.listed) == 0 {
		head = "Every model is on the table"
	}
	th.text(dst, head, th.Bold, x0, ui.posse[0].Y+ui.posse[0].H+8*u, colTextDim, alignLeft)
	th.text(dst, "Objectives", th.Bold, x0, ui.loot.Y-19*u, colTextDim, alignLeft)
	sy := ui.escape.Y + ui.escape.H + 10*u
	if n := len(e.objs); n > 0 {
		last := e.objs[n-1]
		sy = last.Y + last.H + 10*u
	}
	switch {
	case e.selected() != nil:
		md := e.selected()
		th.text(dst, th.clipped(md.Name+", "+md.Tier+" of the "+e.s.Posses[e.sel.posse].Name, th.Bold, w), th.Bold, x0, sy, colGold, alignLeft)
	case e.sel.obj >= 0 && e.sel.obj < len(e.s.Objectives):
		o := e.s.Objectives[e.sel.obj]
		th.text(dst, th.clipped(upperFirst(o.Name), th.Bold, w), th.Bold, x0, sy, colGold, alignLeft)
	case e.selectedDoor() != nil:
		th.text(dst, th.clipped(upperFirst(e.selectedDoor().Label()), th.Bold, w), th.Bold, x0, sy, colGold, alignLeft)
	default:
		th.text(dst, "Click a model, an objective or a door to set it up.", th.Small, x0, sy, colTextDim, alignLeft)
		th.text(dst, "Drag to move; right-drag pans, the wheel zooms.", th.Small, x0, sy+16*u, colTextDim, alignLeft)
		th.text(dst, "Ctrl+Z undoes; Esc cancels.", th.Small, x0, sy+32*u, colTextDim, alignLeft)
	}

	// The engine's line, the last note and the run's progress, above the actions.
	var lines []struct {
		s string
		c rgba
	}
	add := func(s string, c rgba) {
		for _, l := range wrapText(th, s, th.Small, w) {
			lines = append(lines, struct {
				s string
				c rgba
			}{l, c})
		}
	}
	if w := settledWords(e.s); w != "" {
		add(w, colText)
	}
	if e.problem.text != "" {
		add("Not ready: "+e.problem.text, colBad)
	} else {
		add("Ready to play: the engine accepts the position.", colGood)
	}
	if e.run != nil {
		if p := e.run.progress(); p != "" {
			add(p, colGold)
		}
	}
	if e.note != "" {
		c := colText
		if e.noteBad {
			c = colBad
		}
		add(e.note, c)
	}
	lh := 16 * u
	y := ui.sim.Y - 6*u - float64(len(lines))*lh
	for i, l := range lines {
		th.text(dst, l.s, th.Small, x0, y+float64(i)*lh, l.c, alignLeft)
	}
}
