package scene

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/scene/sound"
	"cowpoke/scene/table"
)

// battle is the table: the town, the miniatures, the measuring overlays,
// the activation panel and the combat log, with the hot-seat handoff
// screen in front of it whenever control passes between people.
type battle struct {
	t    *table.Table
	cam  table.Camera
	town town

	grid   bool
	fitted bool
	lastW  int
	lastH  int
	lastU  float64 // the UI scale the table was fitted at

	reach       bool   // the active model's range bands drawn (reach.go)
	reachButton button // toggles them
	zoomQuiet   int    // frames since the zoom last changed

	shownTo int  // the posse the board was last shown to, -1 at first
	handoff bool // the handoff screen is up
	overAck bool // the result banner was clicked

	anim   anim
	tray   tray
	booms  []boom
	labels labels
	panel  panel
	draw   drawCache

	stage *game.Point // the screenshot flag's cursor, in table inches

	zoom *stageZoom     // the screenshot flag's close-up, or nil
	menu *escMenu       // the Esc menu, when open
	init initiativeView // the seeds' initiative methods on the table

	// sess is the battle's mode: hot-seat, solo, a campaign's match, the
	// demo or the replay viewer (session.go). The battle asks it, never
	// which mode it is in.
	sess session

	// footer keeps room under the status line (logical pixels): the
	// replay viewer's scrubber.
	footer float64
	cues   []sound.Cue // sounds waiting for their frame (Delay counts down)

	tapeText string // the tape's reading last drawn, and its width
	tapeW    float64
	boutW    float64 // the width of a bout label, and the face it was measured in
	boutFace *text.GoTextFace

	players players // who decides for each posse: people, the computer (solo.go)
	demo    *demo   // the demo's captions (also its session), or nil (demo.go)

	luck luckView // the question whether to spend Luck, and the tokens' badges (luck.go)

	an    analyst // who is winning and why (analyst.go), made at its first use
	win   winBar  // the win chances bar (winbar.go)
	coach coach   // "What would you do?" (coach.go)
}

// newBattle puts a match on the table.
func newBattle(a *App, m *game.Match) *battle {
	b := &battle{t: table.New(m), grid: true, shownTo: -1, players: newPlayers(m)}
	b.town.th = a.Theme
	b.t.Computer = b.players.computer
	b.t.KeyOf = tableKeys(&a.binds) // the hints name the keys in force
	b.sess = newSession(b)
	b.panel.init()
	return b
}

// newDefaultBattle starts the one-click default match.
func newDefaultBattle(a *App) (*battle, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return nil, err
	}
	seed := a.Cfg.Seed
	if seed == 0 {
		seed = 1
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		return nil, err
	}
	return newBattle(a, m), nil
}

// newShowcaseBattle starts the showcase scenario (README: "The showcase").
func newShowcaseBattle(a *App) (*battle, error) {
	s, err := game.ShowcaseScenario()
	if err != nil {
		return nil, err
	}
	seed := a.Cfg.Seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		return nil, err
	}
	return newBattle(a, m), nil
}

// Table exposes the battle's logic (for tests).
func (b *battle) Table() *table.Table { return b.t }

// statusHeight is the status line's height under the table, logical pixels.
const statusHeight = 30

// viewport is the part of the screen the table is drawn in.
func (b *battle) viewport(a *App) (x, y, w, h float64) {
	mat := b.init.matWidthFor(a, b.t.M) // the initiative mat, at the left
	top := b.demo.band(a)               // the demo's captions sit above the table, never on it
	top += b.objectiveBand(a)           // so do the objectives and their score (objectives_draw.go)
	return mat, top, float64(a.W) - panelWidth*a.Theme.U - mat, float64(a.H) - (statusHeight+b.footer)*a.Theme.U - top
}

// tableBox is the viewport's top, width and foot (its bottom edge).
func (b *battle) tableBox(a *App) (top, w, foot float64) {
	_, y, w, h := b.viewport(a)
	return y, w, y + h
}

// inView reports whether the cursor is over the table's part of the screen.
func (b *battle) inView(a *App) bool {
	x, y, w, h := b.viewport(a)
	return a.In.X >= x && a.In.X < x+w && a.In.Y >= y && a.In.Y < y+h
}

func (b *battle) Update(a *App) error {
	m := b.t.M
	in := &a.In
	b.playCues(a)
	if b.sess.frame(a, b) {
		return nil // back to the title, or the demo started again
	}
	if b.menu != nil {
		if !b.menu.update(a, b) {
			b.menu = nil
		}
		b.relayout(a) // the size of the words may have changed under the menu
		return nil
	}
	if b.unfitted(a) || in.Pressed(KeyFit) {
		b.fit(a)
	}
	b.zoomQuiet++

	// The handoff screen hides everything until the next person clicks;
	// only between two people, never before or after the computer.
	if d := m.Decider(); d >= 0 && d != b.shownTo && !b.anim.active && b.sess.handoff(b, d) {
		b.handoff = true
		if in.Click || in.Pressed(KeyConfirm) || b.stage != nil {
			b.handoff, b.shownTo = false, d
		}
		in.consume()
		return nil
	}
	b.updateWinBar(a)
	if b.updateCoach(a) {
		return nil
	}
	if in.Pressed(KeyDiceAnim) {
		b.tray.instant = !b.tray.instant
		if b.tray.instant {
			b.t.Status, b.t.Error = "Dice animations off: results show at once ("+a.keyOf(KeyDiceAnim)+" turns them on).", false
		} else {
			b.t.Status, b.t.Error = "Dice animations on ("+a.keyOf(KeyDiceAnim)+" turns them off).", false
		}
	}
	kept := b.booms[:0]
	for _, bm := range b.booms {
		if bm.frame++; bm.frame < boomFrames {
			kept = append(kept, bm)
		}
	}
	b.booms = kept
	if b.anim.active {
		if in.Click || in.Pressed(KeySkip) || in.Pressed(KeyCancel) {
			b.anim.active = false
			in.Click = false
		} else {
			b.anim.step(a.Settings.AnimSpeed)
		}
	}
	if !b.anim.active && b.tray.update(in, a.Settings.AnimSpeed) {
		in.Keys[KeySkip] = false
	}
	if b.tray.on && b.tray.done() && (in.Click || in.Pressed(KeyCancel)) {
		b.tray.on = false // a click on the table once the dice are read puts them away, and still counts
	}
	if m.Over && b.t.Mode != table.ModeIdle {
		b.t.SetMode(table.ModeIdle) // nothing stays armed under the winner's name
	}
	if m.Over && !b.anim.active {
		if in.Click || in.Pressed(KeyConfirm) {
			if next := b.sess.over(a, b); next != nil {
				a.Goto(next) // the summary, the Survival Rolls
			}
		}
		b.camera(a)
		return nil
	}
	b.camera(a)
	if b.stage != nil {
		x, y := b.cam.ToScreen(*b.stage)
		in.X, in.Y = x, y
	}
	if b.inView(a) && !b.idleDemoCursor(a) {
		b.t.SetHover(b.cam.ToTable(in.X, in.Y), true)
		b.t.TapeHover(b.cam.ToTable(in.X, in.Y))
	} else {
		b.t.SetHover(game.Point{}, false)
	}
	if in.AimX != 0 || in.AimY != 0 {
		b.t.NudgeAim(in.AimX*table.AimStep, in.AimY*table.AimStep)
	}
	b.panel.layout(a, b)
	b.updateReach(a)
	if in.Pressed(KeyGrid) {
		if b.t.M.Scenario.Options.DeadReckoning {
			b.t.Status, b.t.Error = "Dead Reckoning: no grid, no measuring before you commit.", false
		} else {
			b.grid = !b.grid
		}
	}
	switch {
	case in.Pressed(KeyUndo):
		b.sess.undo(a, b)
	case in.Pressed(KeySave):
		b.save(a)
	case in.Pressed(KeyLoad):
		a.Goto(newLoadScreen(a, b))
		return nil
	}
	if in.Pressed(KeyTape) {
		b.t.ToggleTape()
	}
	if b.t.Tape.On {
		// The tape takes the clicks on the table and Esc until put away.
		if in.Pressed(KeyCancel) {
			b.t.ToggleTape()
			in.Keys[KeyCancel] = false
		}
		if in.Click && b.inView(a) {
			b.t.TapeClick(b.cam.ToTable(in.X, in.Y))
			in.Click = false
		}
	}
	if b.soloInput(a) {
		return nil // the computer decides: the person watches, pans, zooms, hovers
	}
	if b.panel.menu.clicked(in) || (in.Pressed(KeyCancel) && b.t.Mode == table.ModeIdle && m.Pending == nil) {
		b.menu = newEscMenu(a, b)
		return nil
	}
	if c, ok, asked := b.luck.update(a, b); asked { // Luck: spend it on this roll? (luck.go)
		b.apply(a, c, ok)
		return nil
	}
	if c, ok := b.init.update(a, b); ok {
		b.apply(a, c, true)
	} else if act := b.panel.action(a, b); act != table.ActNone {
		c, ok := b.t.Do(act)
		b.apply(a, c, ok)
	}
	drop := in.DragEnd && b.t.Mode == table.ModeOverwatch // a dragged direction
	if (in.Click || drop) && b.inView(a) && !b.anim.active {
		c, ok := b.t.Click(b.cam.ToTable(in.X, in.Y))
		b.apply(a, c, ok)
	}
	return nil
}

// fit shows the whole table (Home) and sets the zoom limits: at most five
// times closer, and never a cached town image wider than 3072 pixels (two CPU layers and a texture of it are kept).
func (b *battle) fit(a *App) {
	bd := b.t.M.Board
	vx, vy, vw, vh := b.viewport(a)
	b.cam.Max = 0
	b.cam.Fit(bd.Width, bd.Height, vx, vy, vw, vh)
	b.cam.Max = math.Min(b.cam.Scale*5, 3072/(math.Max(bd.Width, bd.Height)+2))
	b.fitted, b.lastW, b.lastH, b.lastU = true, a.W, a.H, a.Theme.U
	if z := b.zoom; z != nil {
		x, y := b.cam.ToScreen(z.at)
		b.cam.ZoomAt(x, y, z.factor)
		if z.right {
			b.cam.Pan(vx+vw-4*a.Theme.U-x, vy+vh/4-y)
		} else {
			b.cam.Pan(vx+vw/2-x, vy+vh/2-y)
		}
	}
}

// camera applies zoom and pan input.
func (b *battle) camera(a *App) {
	in := &a.In
	m := b.t.M
	vx, vy, vw, vh := b.viewport(a)
	zoom := func(x, y, f float64) {
		b.cam.ZoomAt(x, y, f)
		b.zoomQuiet = 0
	}
	if in.Wheel != 0 && b.inView(a) {
		zoom(in.X, in.Y, math.Pow(1.15, in.Wheel))
	}
	if in.Pressed(KeyZoomIn) {
		zoom(vx+vw/2, vy+vh/2, 1.25)
	}
	if in.Pressed(KeyZoomOut) {
		zoom(vx+vw/2, vy+vh/2, 1/1.25)
	}
	step := 12 * a.Theme.U
	b.cam.Pan(in.PanX-in.HeldX*step, in.PanY-in.HeldY*step)
	b.cam.Clamp(m.Board.Width, m.Board.Height, vx, vy, vw, vh)
}

// apply applies a command from a click or a key, starts its animation
// and autosaves.
func (b *battle) apply(a *App, c game.Command, ok bool) {
	if c, ok = b.luck.offer(b, c, ok); !ok { // a person holding Luck is asked first (luck.go)
		return
	}
	evs, err := b.t.Apply(c)
	if err != nil {
		return
	}
	b.played(a, evs)
}

// played starts the animations of a command's events (a person's or the
// computer's) and autosaves.
func (b *battle) played(a *App, evs []game.Event) {
	for i := range evs {
		e := &evs[i]
		if e.Kind == game.EvMoved && len(e.Path) > 1 && !b.tray.instant {
			b.anim.start(e.Model, e.Path)
		}
		if e.Kind == game.EvExploded && e.To != nil {
			b.booms = append(b.booms, boom{at: *e.To})
		}
	}
	b.init.started(b, evs)
	b.cues = append(b.cues, sound.ForEvents(b.t.M, evs)...)
	if !b.tray.fill(b.t.M, evs) {
		b.tray.on = false
	}
	b.keep(a) // the autosave, the campaign's file and record
}

// playCues starts the sounds whose frame has come.
func (b *battle) playCues(a *App) {
	kept := b.cues[:0]
	for _, c := range b.cues {
		if c.Delay <= 0 {
			a.Sound.Play(c.Kind)
			continue
		}
		c.Delay--
		kept = append(kept, c)
	}
	b.cues = kept
}

// stageScreenshot plays an opening move for the -screenshot flag and
// leaves the next side choosing a move, so the picture shows the
// overlays.
func (b *battle) stageScreenshot() {
	t := b.t
	centre := game.Point{X: t.M.Board.Width / 2, Y: t.M.Board.Height / 2}
	nearest := func() int {
		best, bestD := -1, math.Inf(1)
		for i := range t.M.Models {
			if d := t.M.Models[i].Pos.Dist(centre); t.Ready(i) && d < bestD {
				best, bestD = i, d
			}
		}
		return best
	}
	toward := func(id int, d float64) game.Point {
		p := t.M.Models[id].Pos
		return p.Add(centre.Sub(p).Unit().Scale(d))
	}
	id := nearest()
	t.Apply(game.Command{Kind: game.CmdActivate, Model: id})
	to := toward(id, 5.5)
	t.Apply(game.Command{Kind: game.CmdMove, Model: id, To: &to})
	t.Apply(game.Command{Kind: game.CmdEnd, Model: id})
	id = nearest()
	t.Apply(game.Command{Kind: game.CmdActivate, Model: id})
	p := toward(id, 4.5).Add(game.Point{X: 1.5})
	b.stage = &p
}

// Animating reports whether the battle moves by itself: a model walking,
// dice rolling or lingering, an explosion, a zoom waiting to be painted
// sharp.
func (b *battle) Animating() bool {
	return b.anim.active || b.tray.on || b.init.animating() || len(b.booms) > 0 || (b.zoomQuiet <= 14 && b.town.scale != b.cam.Scale) ||
		b.players.busy(b.t.M)
}
