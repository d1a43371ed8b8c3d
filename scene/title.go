package scene

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// title is the first screen: Play against the computer (at a level),
// New game, the showcase, the demo, a replay, Continue, Load, Quit.
type title struct {
	solo, level                                button // a match against the computer at once, and its level
	levelIdx                                   int    // of game.ComputerLevels
	yours                                      string // the posse the person plays against the computer
	newGame, showcase, watch, cont, load, quit button
	replays                                    button // the saves, to watch one
	posses, campaigns                          button // the posse builder, the campaigns
	position                                   button // the position editor (editor.go)
	err                                        string
	saves                                      savedMatches   // the autosave and its backup
	ask                                        *abandonPrompt // up before a new match replaces one in progress
}

func newTitle(a *App) *title {
	t := &title{
		solo:      button{Label: "Play against the computer", Enabled: true},
		level:     button{Enabled: true, Compact: true},
		levelIdx:  indexOf(game.ComputerLevels(), "normal"),
		newGame:   button{Label: "New game", Key: "Enter", Enabled: true},
		showcase:  button{Label: "Showcase", Key: "S", Enabled: true},
		watch:     button{Label: "Watch the computer play", Key: "W", Enabled: true},
		replays:   button{Label: "Watch a replay", Enabled: true},
		cont:      button{Label: "Continue"},
		load:      button{Label: "Load", Key: "Ctrl+O", Enabled: true},
		posses:    button{Label: "Posses", Enabled: true},
		campaigns: button{Label: "Campaigns", Enabled: true},
		position:  button{Label: "Set up a position", Enabled: true},
		quit:      button{Label: "Quit", Key: "Esc", Enabled: true},
	}
	t.saves = findSaves(a)
	switch {
	case t.saves.autosave != nil:
		t.cont.Enabled = true
	case t.saves.backup != nil:
		t.cont.Label, t.cont.Enabled = "Continue the backup", true
	default:
		t.cont.Why = "no autosave yet"
	}
	t.yours = "first posse"
	if s, err := game.DefaultScenario(); err == nil && len(s.Posses) > 0 {
		t.yours = s.Posses[0].Name
	}
	t.place(a)
	return t
}

// column is the title's buttons from the top.
func (t *title) column() []*button {
	return []*button{&t.solo, &t.newGame, &t.position, &t.showcase, &t.watch, &t.replays, &t.cont, &t.load, &t.posses, &t.campaigns, &t.quit}
}

// place lays the buttons out for the screen and the UI scale: one column,
// the computer's level beside Play against the computer; on a short screen
// the column starts higher and closes up.
func (t *title) place(a *App) {
	u := a.Theme.U
	levels := game.ComputerLevels()
	t.level.Label = "Level: " + levels[t.levelIdx]
	col := t.column()
	w := 280 * u
	top := titleTop(a) // under the name and the line below it
	foot := float64(a.H) - t.footRoom(a)
	each := min(56*u, (foot-top)/float64(len(col)))
	if each >= 34*u { // one column, Level beside Play against the computer
		bh, gap := each*0.8, each*0.2
		x := float64(a.W)/2 - w/2
		for i, b := range col {
			b.place(x, top+float64(i)*(bh+gap), w, bh)
		}
		t.level.place(x+w+8*u, t.solo.Y, 130*u, bh)
		return
	}
	// A short screen (a large UI scale): two columns, Level heading the
	// second.
	half := (len(col) + 1) / 2
	each = min(56*u, (foot-top)/float64(half+1))
	bh, gap := each*0.8, each*0.2
	x := float64(a.W)/2 - w - 6*u
	for i, b := range col {
		c, r := i/half, i%half
		if c == 1 {
			r++ // under Level
		}
		b.place(x+float64(c)*(w+12*u), top+float64(r)*(bh+gap), w, bh)
	}
	t.level.place(x+w+12*u, top, w, bh)
}

// footRoom is the room under the buttons: the notes about the autosave
// (24 logical pixels a line) and the line at the foot.
func (t *title) footRoom(a *App) float64 {
	n := 0
	if a.Cfg.Data != nil {
		bad, info := t.saves.notes(a.Cfg.Data.Dir)
		n = len(bad) + len(info)
	}
	return float64(40+24*n) * a.Theme.U
}

// titleTop is where the title's buttons start: under the star, the name
// and the line beneath it.
func titleTop(a *App) float64 { return float64(a.H)*0.16 + 122*a.Theme.U }

func (t *title) Update(a *App) error {
	t.place(a)
	if t.ask != nil {
		if !t.ask.update(a) {
			t.ask = nil
		}
		return nil
	}
	in := &a.In
	switch {
	case t.level.clicked(in):
		t.levelIdx = (t.levelIdx + 1) % len(game.ComputerLevels())
		t.place(a)
	case t.solo.clicked(in):
		t.replacing(func() {
			b, err := newSoloBattle(a, game.ComputerLevels()[t.levelIdx])
			if err != nil {
				t.err = "The match cannot start: " + err.Error()
				return
			}
			a.Goto(b)
		})
	case t.replays.clicked(in):
		a.Goto(newLoadScreen(a, t))
	case t.newGame.clicked(in) || in.Pressed(KeyConfirm):
		t.replacing(func() { a.Goto(newNewGame(a)) })
	case t.showcase.clicked(in) || in.Pressed(KeyShowcase):
		t.replacing(func() {
			b, err := newShowcaseBattle(a)
			if err != nil {
				t.err = "The showcase cannot start: " + err.Error()
				return
			}
			a.Goto(b)
		})
	case t.watch.clicked(in) || in.Pressed(KeyWatch) || a.quiet > titleIdleWatch:
		b, err := newDemoBattle(a, seedFor(a))
		if err != nil {
			t.err = "The demo cannot start: " + err.Error()
			return nil
		}
		a.Goto(b)
	case t.cont.clicked(in):
		if m := t.saves.autosave; m != nil {
			b := newBattle(a, m)
			b.resumesAutosave(true)
			a.Goto(b)
		} else if m := t.saves.backup; m != nil {
			a.Goto(newBattle(a, m))
		}
	case t.posses.clicked(in) || in.Dropped != nil: // posse files dropped on the title: the builder imports them
		b := newBuilder(a)
		if in.Dropped != nil {
			b.importDropped(in.Dropped)
			b.refresh()
		}
		a.Goto(b)
	case t.position.clicked(in):
		a.Goto(newEditor(a, nil))
	case t.campaigns.clicked(in):
		a.Goto(newCampaignScreen(a))
	case t.load.clicked(in) || in.Pressed(KeyLoad):
		a.Goto(newLoadScreen(a, t))
	case t.quit.clicked(in) || in.Pressed(KeyCancel):
		a.Quit()
	}
	return nil
}

// replacing runs start at once, or after the player agrees to abandon
// the match in progress that the new one would replace.
func (t *title) replacing(start func()) {
	if t.saves.inProgress() {
		t.ask = newAbandonPrompt(t.saves.autosave, start)
		return
	}
	start()
}

func (t *title) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	cx := float64(a.W) / 2
	y := float64(a.H) * 0.16
	a.ui.star(float32(cx), float32(y), float32(26*th.U), colGold)
	a.ui.flush(dst)
	th.shadowText(dst, "COWPOKE", th.Huge, cx, y+34*th.U, colPaper, alignCenter)
	th.text(dst, "Reforged: a digital tabletop for Wild West skirmishes", th.Body, cx, y+96*th.U, colTextDim, alignCenter)
	drawButtons(a, dst, append(t.column(), &t.level)...)
	// The line at the foot says what the button under the cursor does,
	// else the keys for help and full screen.
	foot := "F1 help  ·  F11 full screen"
	hint := func(s string) { foot = s }
	switch {
	case t.solo.hover(&a.In):
		hint("You play the " + t.yours + "; the computer plays the other side and says why it does what it does.")
	case t.level.hover(&a.In):
		hint("How well the computer plays: easy, normal or hard. A click changes it.")
	case t.replays.hover(&a.In):
		hint("Pick a saved match, then Watch: step through it command by command.")
	}
	if t.showcase.hover(&a.In) {
		hint("A minute's tour: a run through an Overwatch arc, an aimed rifle shot, dynamite behind the wagon, a brawl at the saloon door.")
	}
	if t.watch.hover(&a.In) {
		hint("The computer plays the showcase against itself, with captions; it starts by itself after a minute here. Any key returns.")
	}
	if t.cont.hover(&a.In) && !t.cont.Enabled {
		hint("No match to continue yet: it appears here after your first move.")
	}
	if t.err != "" {
		th.text(dst, t.err, th.Body, cx, float64(a.H)-60*th.U, colBad, alignCenter)
	}
	if a.Cfg.Data != nil {
		bad, info := t.saves.notes(a.Cfg.Data.Dir)
		y := float64(a.H) - t.footRoom(a) + 8*th.U
		for _, l := range bad {
			th.text(dst, l, th.Body, cx, y, colBad, alignCenter)
			y += 24 * th.U
		}
		for _, l := range info {
			th.text(dst, l, th.Body, cx, y, colText, alignCenter)
			y += 24 * th.U
		}
	}
	th.text(dst, th.clipped(foot, th.Small, float64(a.W)-20*th.U), th.Small, cx, float64(a.H)-28*th.U, colTextDim, alignCenter)
	if t.ask != nil {
		t.ask.draw(a, dst)
	}
}

// newSoloBattle is a match on the default scenario with its second posse
// played by the computer at a level: Play against the computer.
func newSoloBattle(a *App, level string) (*battle, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return nil, err
	}
	if len(s.Posses) < 2 {
		return nil, errors.New("the default scenario has fewer than two posses")
	}
	s.Posses[1].Computer = level
	m, err := game.NewMatch(s, seedFor(a))
	if err != nil {
		return nil, err
	}
	return newBattle(a, m), nil
}
