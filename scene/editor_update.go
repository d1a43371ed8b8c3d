package scene

import (
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/maps"
	"cowpoke/rules"
)

// editorPanelWidth is the panel's width, logical pixels.
const editorPanelWidth = 372

// viewport is the table's part of the screen: left of the panel.
func (e *editor) viewport(a *App) (x, y, w, h float64) {
	return 0, 0, float64(a.W) - editorPanelWidth*a.Theme.U, float64(a.H)
}

func (e *editor) inView(a *App) bool {
	x, y, w, h := e.viewport(a)
	return a.In.X >= x && a.In.X < x+w && a.In.Y >= y && a.In.Y < y+h
}

// fit shows the whole table.
func (e *editor) fit(a *App) {
	if e.board == nil {
		return
	}
	vx, vy, vw, vh := e.viewport(a)
	e.cam.Max = 0
	e.cam.Fit(e.board.Width, e.board.Height, vx, vy, vw, vh)
	e.cam.Max = math.Min(e.cam.Scale*5, 3072/(math.Max(e.board.Width, e.board.Height)+2))
	e.fitted, e.lastW, e.lastH, e.lastU = true, a.W, a.H, a.Theme.U
}

// unfitted reports whether the table must be fitted again, as the battle's:
// the first frame, a new window size or a new UI scale (the panel's width).
func (e *editor) unfitted(a *App) bool {
	return !e.fitted || a.W != e.lastW || a.H != e.lastH || a.Theme.U != e.lastU
}

// layout places the panel's buttons and the selection's rows for this
// frame; Update and Draw both read them. The panel's foot (the engine's
// line, the last note, the actions) stays at the bottom; what is above it
// scrolls when it is taller than the room left (a large UI scale, a small
// window): e.scroll, as the new-game form.
func (e *editor) layout(a *App) {
	u := a.Theme.U
	x0 := float64(a.W) - editorPanelWidth*u + 12*u
	w := editorPanelWidth*u - 24*u
	half := (w - 8*u) / 2
	rh, gap := 24*u, 5*u
	y := 44 * u
	mapName := e.s.Map
	if e.board != nil && e.board.Name != "" {
		mapName = e.board.Name
	}
	ui := &e.ui
	ui.mapB = button{Label: "Map: " + mapName, Enabled: true, Compact: true}
	ui.mapB.place(x0, y, half, rh)
	limit := "no turn limit"
	if e.s.TurnLimit > 0 {
		limit = words.Count(e.s.TurnLimit, "turn", "turns") + " to play"
	}
	ui.turns = button{Label: limit, Enabled: true, Compact: true}
	ui.turns.place(x0+half+8*u, y, half, rh)
	y += rh + gap
	first := "Turn: decided by a roll"
	if e.s.FirstTurn != "" {
		first = "Turn: the " + e.s.FirstTurn + " act first"
	}
	ui.first = button{Label: first, Enabled: true, Compact: true}
	ui.first.place(x0, y, w, rh)
	y += rh + gap
	for i := range 2 {
		ui.posse[i] = button{Label: fmt.Sprintf("Posse %d: %s", i+1, e.roster[i].Name), Enabled: true, Compact: true}
		ui.posse[i].place(x0+float64(i)*(half+8*u), y, half, rh)
	}
	y += rh + 2*gap + 16*u // the list's heading
	e.listed = e.offTable()
	for i := range e.listed {
		l := &e.listed[i]
		l.b = button{Label: a.Theme.clipped(l.name, a.Theme.Bold, half-14*u), Enabled: true, Compact: true, On: e.sel.place == l.name && e.sel.placePosse == l.posse}
		col, row := i%2, i/2
		l.b.place(x0+float64(col)*(half+8*u), y+float64(row)*(rh-2*u+gap), half, rh-2*u)
	}
	if rows := (len(e.listed) + 1) / 2; rows > 0 {
		y += float64(rows)*(rh-2*u+gap) + gap + 16*u
	} else { // only its heading: "every model is on the table"
		y += 12*u + 16*u
	}
	ui.loot = button{Label: "Add loot", Enabled: true, Compact: true, On: e.sel.placeObj == game.ObjLoot}
	ui.hold = button{Label: "Add a zone to hold", Enabled: true, Compact: true, On: e.sel.placeObj == game.ObjHold}
	ui.escape = button{Label: "Add an escape", Enabled: true, Compact: true}
	ui.boun = button{Label: "Bounty on the chosen", Compact: true, Enabled: e.selected() != nil, Why: "choose a model on the table first"}
	ui.loot.place(x0, y, half, rh)
	ui.hold.place(x0+half+8*u, y, half, rh)
	y += rh + gap
	ui.escape.place(x0, y, half, rh)
	ui.boun.place(x0+half+8*u, y, half, rh)
	y += rh + gap
	e.objs = e.objs[:0]
	for i, o := range e.s.Objectives { // each objective, to choose it
		b := button{Label: a.Theme.clipped(upperFirst(o.Name), a.Theme.Bold, half-14*u), Enabled: true, Compact: true, On: e.sel.obj == i}
		b.place(x0+float64(i%2)*(half+8*u), y+float64(i/2)*(rh-2*u+gap), half, rh-2*u)
		e.objs = append(e.objs, b)
	}
	y += float64((len(e.objs)+1)/2) * (rh - 2*u + gap)
	e.selY = y - gap + 10*u // the selection's heading
	y += gap + 18*u
	e.rows = e.selectionRows()
	for i := range e.rows {
		r := &e.rows[i]
		r.b.Label = a.Theme.clipped(r.b.Label, a.Theme.Bold, half-14*u)
		col, row := i%2, i/2
		r.b.place(x0+float64(col)*(half+8*u), y+float64(row)*(rh+gap), half, rh)
	}
	bottom := e.selY + 48*u // the three lines of help with nothing chosen
	if n := len(e.rows); n > 0 {
		bottom = y + float64((n+1)/2)*(rh+gap) - gap
	}

	// The foot: the actions on the whole position.
	foot := float64(a.H) - 12*u
	ui.back = button{Label: "Back", Key: "Esc", Enabled: true, Compact: true}
	ui.est = button{Label: "Estimate", Compact: true, Enabled: e.match != nil, Why: "the position has a problem"}
	ui.sim = button{Label: "Who wins? 1,000 times", Compact: true, Enabled: e.match != nil, Why: "the position has a problem"}
	if e.run != nil && !e.run.finished() {
		ui.sim.Label, ui.sim.Enabled = "Stop the 1,000", true
	}
	ui.save = button{Label: "Save", Compact: true, Enabled: e.match != nil, Why: "the position has a problem"}
	ui.play = button{Label: "Play it against the computer", Compact: true, Enabled: e.match != nil, Why: "the position has a problem"}
	ui.play.place(x0, foot-rh, w, rh)
	ui.save.place(x0, foot-2*rh-gap, half, rh)
	ui.back.place(x0+half+8*u, foot-2*rh-gap, half, rh)
	ui.sim.place(x0, foot-3*rh-2*gap, half, rh)
	ui.est.place(x0+half+8*u, foot-3*rh-2*gap, half, rh)

	// Above the actions, the engine's line and the notes; above them the
	// foot's top, where the scrolled part goes under.
	e.status = e.statusLines(a.Theme, w, e.status[:0])
	footTop := func() float64 { return ui.sim.Y - 6*u - float64(len(e.status))*editorLineHeight*u - 6*u }
	if bottom > footTop() { // it scrolls: a line says so
		e.status = append(e.status, editorLine{})
		copy(e.status[1:], e.status)
	}
	e.scroll.size(bottom, footTop())
	if e.sel != e.shown { // a new choice: as much of its settings in view as fits, its heading too
		e.shown = e.sel
		if len(e.rows) > 0 {
			e.scroll.off = max(0, min(e.scroll.most, e.selY-8*u))
		}
	}
	if e.scroll.most > 0 {
		e.status[0] = editorLine{"More below: the wheel over the panel scrolls it.", colTextDim}
		if e.scroll.off >= e.scroll.most {
			e.status[0].s = "The wheel over the panel scrolls it back up."
		}
	}
	dy := -e.scroll.off
	e.selY += dy
	for _, b := range e.scrolled() {
		b.Y += dy
	}
}

// editorLineHeight is the height of a line of the panel's foot, logical pixels.
const editorLineHeight = 16

// statusLines are the lines of the panel's foot, wrapped to w, appended to
// out: the settled objectives, the engine's line, the run's progress and
// the last note.
func (e *editor) statusLines(th *Theme, w float64, out []editorLine) []editorLine {
	add := func(s string, c rgba) {
		for _, l := range wrapText(th, s, th.Small, w) {
			out = append(out, editorLine{l, c})
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
	return out
}

// scrolled are the panel's buttons above its foot, in reading order: the
// part that scrolls.
func (e *editor) scrolled() []*button {
	ui := &e.ui
	bs := append(e.panelBs[:0], &ui.mapB, &ui.turns, &ui.first, &ui.posse[0], &ui.posse[1])
	for i := range e.listed {
		bs = append(bs, &e.listed[i].b)
	}
	bs = append(bs, &ui.loot, &ui.hold, &ui.escape, &ui.boun)
	for i := range e.objs {
		bs = append(bs, &e.objs[i])
	}
	for i := range e.rows {
		bs = append(bs, &e.rows[i].b)
	}
	e.panelBs = bs
	return bs
}

// footButtons are the actions in the panel's foot, in reading order.
func (e *editor) footButtons() []*button {
	ui := &e.ui
	return []*button{&ui.sim, &ui.est, &ui.save, &ui.back, &ui.play}
}

// controls are the panel's enabled buttons in reading order, the foot's
// last (footN of them): the order Tab moves the focus in.
func (e *editor) controls() (out []*button, footN int) {
	for _, b := range e.scrolled() {
		if b.W > 0 && b.Enabled {
			out = append(out, b)
		}
	}
	for _, b := range e.footButtons() {
		if b.W > 0 && b.Enabled {
			out = append(out, b)
			footN++
		}
	}
	return out, footN
}

// selectionRows are the settings of what is chosen.
func (e *editor) selectionRows() []editorRow {
	var rows []editorRow
	add := func(label string, do func(e *editor)) {
		rows = append(rows, editorRow{b: button{Label: label, Enabled: true, Compact: true}, do: do})
	}
	if md := e.selected(); md != nil {
		pi, mi := e.sel.posse, e.sel.model
		m := func(f func(md *game.ModelSpec)) func(e *editor) {
			return func(e *editor) { e.change(func() { f(&e.s.Posses[pi].Models[mi]) }) }
		}
		turn := func(d float64) func(e *editor) {
			return m(func(md *game.ModelSpec) {
				md.Facing = turned(md.Facing, d)
				if md.Overwatch != nil { // the arc covered is the one he faces
					f := md.Facing
					md.Overwatch = &f
				}
			})
		}
		add("Turn left", turn(-45))
		add("Turn right", turn(45))
		for loc := rules.Head; loc < rules.NumLocations; loc++ {
			d := woundOn(md, loc)
			add(loc.String()+": "+wordsOfDamage(d), m(func(md *game.ModelSpec) {
				setWound(md, loc, nextOf([]int{0, 1, 2, 4}, woundOn(md, loc)))
			}))
		}
		if prof, err := md.Profile(); err == nil {
			empty := emptySlots(md)
			for slot, w := range prof.Weapons {
				spec, _ := w.Spec()
				if !spec.CanShoot() {
					continue
				}
				state := "loaded"
				if empty[slot] {
					state = "out of ammo"
				}
				add(spec.Name+": "+state, m(func(md *game.ModelSpec) { toggleEmpty(md, slot) }))
			}
		}
		ow := "Overwatch: off"
		if md.Overwatch != nil {
			ow = "Overwatch: on, ahead"
		}
		add(ow, m(func(md *game.ModelSpec) {
			if md.Overwatch != nil {
				md.Overwatch = nil
			} else {
				f := md.Facing
				md.Overwatch = &f
			}
		}))
		aim := "Aim at: nobody"
		if md.AimAt != "" {
			aim = "Aim at: " + md.AimAt
		}
		enemies := append([]string{""}, e.enemiesOf(pi)...)
		add(aim, m(func(md *game.ModelSpec) { md.AimAt = nextOf(enemies, md.AimAt) }))
		acted := "Acted this turn: no"
		if md.Activated {
			acted = "Acted this turn: yes"
		}
		add(acted, m(func(md *game.ModelSpec) { md.Activated = !md.Activated }))
		if slices.Contains(md.Weapons, "dynamite") && md.At != nil {
			fuse := "Lit stick: none"
			if md.LitFuse != nil {
				fuse = "Lit stick: beside him"
			}
			add(fuse, m(func(md *game.ModelSpec) {
				if md.LitFuse != nil {
					md.LitFuse = nil
					return
				}
				// An inch and a half from his base: ahead, else the first
				// way round him the engine accepts (not in a wall).
				for k := range 8 {
					fx, fy := angleXY((md.Facing + float64(45*k)) * math.Pi / 180)
					p := game.Point{X: math.Round(10*(md.At.X+1.5*float64(fx))) / 10, Y: math.Round(10*(md.At.Y+1.5*float64(fy))) / 10}
					md.LitFuse = &p
					if _, err := game.NewMatchOn(e.s, e.board.Clone(), 1); err == nil {
						return
					}
				}
				fx, fy := angleXY(md.Facing * math.Pi / 180)
				p := game.Point{X: math.Round(10*(md.At.X+1.5*float64(fx))) / 10, Y: math.Round(10*(md.At.Y+1.5*float64(fy))) / 10}
				md.LitFuse = &p // nowhere: the engine's line says why
			}))
		}
		if loot := e.lootNames(); len(loot) > 0 {
			carry := "Carries: nothing"
			if md.Carrying != "" {
				carry = "Carries " + md.Carrying
			}
			loot = append([]string{""}, loot...)
			add(carry, m(func(md *game.ModelSpec) { md.Carrying = nextOf(loot, md.Carrying) }))
		}
		add("Take off the table", func(e *editor) { e.removeSelected() })
		return rows
	}
	if i := e.sel.obj; i >= 0 && i < len(e.s.Objectives) {
		o := e.s.Objectives[i]
		ob := func(f func(o *game.ObjectiveSpec)) func(e *editor) {
			return func(e *editor) { e.change(func() { f(&e.s.Objectives[i]) }) }
		}
		posses := []string{""}
		for _, p := range e.s.Posses {
			posses = append(posses, p.Name)
		}
		edges := []string{"north", "east", "south", "west"}
		pts := []int{1, 2, 3, 4, 5}
		scorer := func(o game.ObjectiveSpec) string {
			if o.Posse == "" {
				return "For: either posse"
			}
			return "For: the " + o.Posse
		}
		switch o.Kind {
		case game.ObjLoot:
			add("Carry off the "+o.Edge+" edge", ob(func(o *game.ObjectiveSpec) { o.Edge = nextOf(edges, o.Edge) }))
			add(scorer(o), ob(func(o *game.ObjectiveSpec) { o.Posse = nextOf(posses, o.Posse) }))
			roll := "Pick up: no roll"
			if o.Roll > 1 {
				roll = fmt.Sprintf("Pick up: %d+ on a die", o.Roll)
			}
			add(roll, ob(func(o *game.ObjectiveSpec) { o.Roll = nextOf([]int{0, 3, 4, 5, 6}, o.Roll) }))
			slow := "Carrier: full speed"
			if o.Slow > 0 {
				slow = fmt.Sprintf("Carrier: %g\" slower", o.Slow)
			}
			add(slow, ob(func(o *game.ObjectiveSpec) { o.Slow = nextOf([]float64{0, 1, 2, 3}, o.Slow) }))
		case game.ObjHold:
			r := o.Radius
			if r == 0 {
				r = 3
			}
			add(fmt.Sprintf("Zone: %g\" round", r), ob(func(o *game.ObjectiveSpec) { o.Radius = nextOf([]float64{2, 3, 4, 5, 6}, r) }))
			add(scorer(o), ob(func(o *game.ObjectiveSpec) { o.Posse = nextOf(posses, o.Posse) }))
		case game.ObjEscape:
			add("Off the "+o.Edge+" edge", ob(func(o *game.ObjectiveSpec) { o.Edge = nextOf(edges, o.Edge) }))
			add("Who: the "+o.Posse, ob(func(o *game.ObjectiveSpec) {
				o.Posse, o.Target, o.Count = nextOf(posses[1:], o.Posse), "", 0
			}))
			if o.Target == "" {
				n := max(o.Count, 1)
				add("How many: "+fmt.Sprint(n), ob(func(o *game.ObjectiveSpec) {
					size := len(e.s.Posses[max(0, e.posseIndex(o.Posse))].Models)
					o.Count = n%max(1, size) + 1
				}))
			}
		case game.ObjBounty:
			add("Target: "+o.Target, nil)
		}
		add("Worth "+words.Count(max(o.Points, 1), "point", "points"), ob(func(o *game.ObjectiveSpec) {
			o.Points = nextOf(pts, max(o.Points, 1))
		}))
		add("Remove it", func(e *editor) { e.removeSelected() })
	}
	if f := e.selectedDoor(); f != nil {
		e.doorRows(f, add)
	}
	return rows
}

// turned is a facing turned by d degrees, kept within -180..180.
func turned(f, d float64) float64 {
	f = math.Mod(f+d+540, 360) - 180
	if f == -180 {
		f = 180
	}
	return f
}

func (e *editor) posseIndex(name string) int {
	return slices.IndexFunc(e.s.Posses, func(p game.PosseSpec) bool { return p.Name == name })
}

func (e *editor) Update(a *App) error {
	in := &a.In
	u := a.Theme.U
	if e.unfitted(a) {
		e.fit(a)
	}
	e.poll()
	down := in.LeftDown
	pressed := down && !e.wasDown
	e.wasDown = down
	if pressed {
		e.inPanel = !e.inView(a)
	}
	// The wheel and Up/Down act on what the cursor is over: the panel
	// scrolls (a left drag from it too), the table zooms and pans.
	overPanel := !e.inView(a)
	panel := *in
	if !overPanel {
		panel.Wheel, panel.HeldY = 0, 0
	}
	panel.LeftDown = panel.LeftDown && e.inPanel
	e.scroll.update(&panel, u)
	e.layout(a)
	foot, body := *in, e.scroll.content(*in) // the foot's input and the scrolled part's
	controls, footN := e.controls()
	if e.scroll.keys(&foot, &body, controls, footN, u) {
		e.layout(a)
	}
	switch {
	case in.Pressed(KeyUndo):
		e.undoLast()
	case in.Pressed(KeyCancel):
		switch {
		case e.sel.place != "" || e.sel.placeObj != "":
			e.sel = noSel()
			e.noted("Cancelled.", false)
		case e.sel.posse >= 0 || e.sel.obj >= 0 || e.sel.door >= 0:
			e.sel = noSel()
		default:
			e.leave(a)
			return nil
		}
	case in.Pressed(KeyFit):
		e.fit(a)
	}
	// Zoom and pan, as on the battle's table.
	if in.Wheel != 0 && !overPanel {
		e.cam.ZoomAt(in.X, in.Y, math.Pow(1.15, in.Wheel))
		e.quiet = 0
	}
	e.quiet++
	if e.board != nil {
		heldY := in.HeldY
		if overPanel {
			heldY = 0
		}
		vx, vy, vw, vh := e.viewport(a)
		e.cam.Pan(in.PanX-in.HeldX*12*u, in.PanY-heldY*12*u)
		e.cam.Clamp(e.board.Width, e.board.Height, vx, vy, vw, vh)
	}
	vx, _, vw, _ := e.viewport(a)
	if !overPanel && e.board != nil {
		e.tableInput(a, pressed)
	}
	if foot.Click && foot.X >= vx+vw { // a click on the panel, or Space on its focused button
		e.panelClick(a, &foot, &body)
	}
	if e.pending != nil {
		next := e.pending(a)
		e.pending = nil
		if next != nil {
			a.Goto(next)
		}
	}
	return nil
}

// tableInput is a press, a drag or a click on the table.
func (e *editor) tableInput(a *App, pressed bool) {
	in := &a.In
	p := e.cam.ToTable(in.X, in.Y)
	if pressed {
		pi, mi := e.modelAt(p)
		oi := -1
		if pi < 0 {
			oi = e.objectiveAt(p)
		}
		e.press = &editorPress{posse: pi, model: mi, obj: oi}
	}
	switch {
	case in.DragEnd:
		if pr := e.press; pr != nil && (pr.posse >= 0 || pr.obj >= 0) && e.onTable(p) {
			e.moveTo(*pr, p)
		}
		e.press = nil
	case in.Click:
		e.press = nil
		switch {
		case e.sel.place != "":
			if e.onTable(p) {
				e.placeModel(p)
			}
		case e.sel.placeObj != "":
			if e.onTable(p) {
				e.placeObjective(p)
			}
		default:
			pi, mi := e.modelAt(p)
			e.sel = noSel()
			if pi >= 0 {
				e.sel.posse, e.sel.model = pi, mi
			} else if oi := e.objectiveAt(p); oi >= 0 {
				e.sel.obj = oi
			} else {
				e.sel.door = e.doorAt(p)
			}
		}
	}
}

// panelClick is a click on the panel: foot is the input the foot's
// actions see, in the scrolled part's (no click through the foot on what
// scrolled under it).
func (e *editor) panelClick(a *App, foot, in *Input) {
	ui := &e.ui
	for _, l := range e.listed {
		if l.b.clicked(in) {
			e.sel = noSel()
			e.sel.place, e.sel.placePosse = l.name, l.posse
			e.noted("Click the table where "+l.name+" stands.", false)
			return
		}
	}
	for i := range e.objs {
		if e.objs[i].clicked(in) {
			e.sel = noSel()
			e.sel.obj = i
			return
		}
	}
	for _, r := range e.rows {
		if r.b.clicked(in) && r.do != nil {
			r.do(e)
			return
		}
	}
	switch {
	case ui.mapB.clicked(in):
		e.change(func() { e.s.Map = nextOf(maps.Names(), e.s.Map) })
		e.loadBoard()
		e.check()
	case ui.turns.clicked(in):
		e.change(func() { e.s.TurnLimit = nextOf(e.turns, e.s.TurnLimit) })
	case ui.first.clicked(in):
		e.change(func() { e.s.FirstTurn = nextOf([]string{"", e.s.Posses[0].Name, e.s.Posses[1].Name}, e.s.FirstTurn) })
	case ui.posse[0].clicked(in):
		e.nextPosse(0)
	case ui.posse[1].clicked(in):
		e.nextPosse(1)
	case ui.loot.clicked(in):
		e.sel = noSel()
		e.sel.placeObj = game.ObjLoot
		e.noted("Click the table where the loot lies.", false)
	case ui.hold.clicked(in):
		e.sel = noSel()
		e.sel.placeObj = game.ObjHold
		e.noted("Click the table at the zone's centre.", false)
	case ui.escape.clicked(in):
		e.addEscape()
	case ui.boun.clicked(in):
		if md := e.selected(); md != nil {
			e.addObjective(game.ObjectiveSpec{Kind: game.ObjBounty, Name: e.freeName("the price on " + md.Name), Target: md.Name, Points: 3})
		}
	case ui.save.clicked(foot):
		e.save(a)
	case ui.play.clicked(foot):
		e.pending = e.play
	case ui.sim.clicked(foot):
		e.toggleSim(a)
	case ui.est.clicked(foot):
		e.estimate()
	case ui.back.clicked(foot):
		e.leave(a)
	}
}

// nextPosse puts the next posse of the list on a side; its models start
// off the table.
func (e *editor) nextPosse(side int) {
	other := e.roster[1-side].Name
	c := e.choice[side]
	for range e.choices {
		c = (c + 1) % len(e.choices)
		if e.choices[c].Name != other {
			break
		}
	}
	e.change(func() {
		old := e.s.Posses[side].Name
		e.choice[side], e.roster[side] = c, e.choices[c]
		for _, md := range e.s.Posses[side].Models {
			e.forgetName(md.Name)
		}
		e.s.Posses[side] = game.PosseSpec{Name: e.roster[side].Name}
		if e.s.FirstTurn == old {
			e.s.FirstTurn = ""
		}
		for i := range e.s.Objectives {
			if o := &e.s.Objectives[i]; o.Posse == old {
				o.Posse = e.roster[side].Name
			}
		}
	})
	e.sel = noSel()
}

// addEscape adds an escape for the chosen model's posse (else the first),
// by the edge farthest from where its models stand.
func (e *editor) addEscape() {
	p := 0
	if e.sel.posse >= 0 {
		p = e.sel.posse
	}
	var c game.Point
	n := 0
	for _, md := range e.s.Posses[p].Models {
		if md.At != nil {
			c.X += md.At.X
			c.Y += md.At.Y
			n++
		}
	}
	edge := "east"
	if n > 0 && e.board != nil {
		edge = e.farEdge(game.Point{X: c.X / float64(n), Y: c.Y / float64(n)})
	}
	e.addObjective(game.ObjectiveSpec{Kind: game.ObjEscape, Name: e.freeName("the getaway"), Posse: e.s.Posses[p].Name, Edge: edge, Count: 1, Points: 3})
}

// leave goes back where the editor was opened from.
func (e *editor) leave(a *App) {
	if e.run != nil {
		e.run.stop()
	}
	if e.back != nil {
		a.Goto(e.back)
		return
	}
	a.Goto(newTitle(a))
}

// Animating keeps the screen drawn while the simulator runs.
func (e *editor) Animating() bool { return e.run != nil && !e.run.finished() }
