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
	if e.unfitted(a) {
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

	e.drawTableWords(a, dst)
}

// drawTableWords writes the words on the table through the battle's
// placer (labels.go), so none covers another, a base, an objective's mark
// or a building's name: with the town and the marks kept clear, the chosen
// model's name and the hovered one's, then the engine's problem beside
// what is wrong, the objectives' names, then every other model's name.
func (e *editor) drawTableWords(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	l := &e.labels
	r := board.BaseRadius * e.cam.Scale
	vx, vy, vw, vh := e.viewport(a)
	bx0, by0 := e.cam.ToScreen(game.Point{})
	bx1, by1 := e.cam.ToScreen(game.Point{X: e.board.Width, Y: e.board.Height})
	l.reset(frameOf(vx, vy, vw, vh, bx0, by0, bx1, by1))
	l.keepOffTown(th, e.shownBoard(), &e.cam)
	for _, ps := range e.s.Posses {
		for _, md := range ps.Models {
			if md.At == nil {
				continue
			}
			x, y := e.cam.ToScreen(*md.At)
			l.keepOffBase(x, y, r)
			if f := md.LitFuse; f != nil {
				x, y := e.cam.ToScreen(*f)
				l.keepOffFuse(x, y, r)
			}
		}
	}
	marks := e.marks()
	for _, o := range marks { // the strongbox and the zone's star
		x, y := e.cam.ToScreen(o.at)
		switch {
		case o.kind == game.ObjLoot && o.carrier == nil:
			s := lootHalfWidth(r, u)
			l.block(x, y-s*0.7, 2*s, 1.4*s)
		case o.kind == game.ObjHold:
			l.block(x, y-7*u, 14*u, 14*u)
		}
	}
	if e.sel.place != "" && e.inView(a) { // the model waiting under the cursor
		l.keepOffBase(a.In.X, a.In.Y, r)
	}

	hover := [2]int{-1, -1}
	if e.inView(a) {
		hover[0], hover[1] = e.modelAt(e.cam.ToTable(a.In.X, a.In.Y))
	}
	name := func(pi, mi int) {
		md := &e.s.Posses[pi].Models[mi]
		x, y := e.cam.ToScreen(*md.At)
		c := colPaper
		switch {
		case e.sel.posse == pi && e.sel.model == mi:
			c = colGold
		case md.Activated:
			c = colTextDim
		}
		l.writeName(th, dst, md.Name, "", th.measure(md.Name, th.Small), 0, x, y, r, c)
	}
	first := func(pi, mi int) bool {
		return (e.sel.posse == pi && e.sel.model == mi) || (hover[0] == pi && hover[1] == mi)
	}
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At != nil && first(pi, mi) {
				name(pi, mi)
			}
		}
	}
	e.drawProblem(a, dst)
	var offs [30][2]float64
	for _, o := range marks {
		if o.kind != game.ObjHold && (o.kind != game.ObjLoot || o.carrier != nil) {
			continue
		}
		x, y := e.cam.ToScreen(o.at)
		rr := 7 * u // the zone's star
		if o.kind == game.ObjLoot {
			rr = lootHalfWidth(r, u) * 0.7
		}
		s := upperFirst(o.name)
		w, h := th.measure(s, th.Small)+4*u, th.Small.Size*1.25
		if x, y, ok := l.place(s, x, y, w, h, around(&offs, rr, 3*u, w, h)); ok {
			th.shadowText(dst, s, th.Small, x, y, colGold, alignCenter)
		}
	}
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At != nil && !first(pi, mi) {
				name(pi, mi)
			}
		}
	}
}

// drawProblem writes the engine's problem with the position in a box
// beside the model or objective it is about, placed as the other words.
// It is the one thing the player must read: with no free place it goes
// under the thing anyway.
func (e *editor) drawProblem(a *App, dst *ebiten.Image) {
	if e.problem.text == "" {
		return
	}
	th := a.Theme
	u := th.U
	l := &e.labels
	var at *game.Point
	rr := board.BaseRadius * e.cam.Scale
	if md := e.modelOf(e.problem.posse, e.problem.model); md != nil {
		at = md.At
	} else if i := e.problem.obj; i >= 0 && i < len(e.s.Objectives) {
		if p, ok := e.objectivePoint(i); ok {
			at, rr = &p, 16*u // its red ring
		}
	}
	if at == nil {
		return
	}
	x, y := e.cam.ToScreen(*at)
	// As wide as 260 pixels of text, narrower on a table zoomed out small.
	tw := max(60*u, min(260*u, l.view.x1-l.view.x0-8*u))
	lines := wrapText(th, e.problem.text, th.Small, tw)
	w, h := tw+8*u, float64(len(lines))*16*u+8*u
	var offs [30][2]float64
	lx, ly, ok := l.place(e.problem.text, x, y, w, h, around(&offs, rr, 6*u, w, h))
	if !ok { // under it anyway, and the names after it keep off
		lx, ly = l.inView(x, y+rr+6*u, w, h)
		l.block(lx, ly, w, h)
	}
	a.ui.rect(float32(lx-w/2), float32(ly), float32(w), float32(h), colPanel.alpha(0.92))
	a.ui.flush(dst)
	for i, s := range lines {
		th.text(dst, s, th.Small, lx-w/2+5*u, ly+4*u+float64(i)*16*u, colBad, alignLeft)
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
// models off the table, the objectives, the chosen thing's settings (the
// part that scrolls), then the foot over what scrolled under it: the
// engine's line and the actions.
func (e *editor) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	px := float64(a.W) - editorPanelWidth*u
	a.ui.rect(float32(px), 0, float32(editorPanelWidth*u), float32(a.H), colPanel)
	a.ui.flush(dst)
	x0 := px + 12*u
	w := editorPanelWidth*u - 24*u
	ui := &e.ui
	dy := -e.scroll.off
	th.text(dst, "Set up a position", th.Head, x0, 12*u+dy, colGold, alignLeft)
	drawButtons(a, dst, e.scrolled()...)
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
	sy := e.selY
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

	// The foot, over what scrolled under it: the engine's line, the last
	// note and the run's progress, above the actions.
	foot := float32(e.scroll.foot)
	a.ui.rect(float32(px), foot, float32(editorPanelWidth*u), float32(a.H)-foot, colPanel)
	if e.scroll.most > 0 {
		a.ui.line(float32(px), foot, float32(a.W), foot, float32(u), colGold.alpha(0.35))
	}
	a.ui.flush(dst)
	e.scroll.drawBar(a, dst)
	lh := editorLineHeight * u
	y := ui.sim.Y - 6*u - float64(len(e.status))*lh
	for i, l := range e.status {
		th.text(dst, l.s, th.Small, x0, y+float64(i)*lh, l.c, alignLeft)
	}
	drawButtons(a, dst, e.footButtons()...)
	controls, footN := e.controls()
	e.scroll.drawFocus(a, dst, controls, footN)
}
