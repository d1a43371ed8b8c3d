package scene

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// title is the first screen: New game, Continue, Load, Quit.
type title struct {
	newGame, showcase, watch, cont, load, quit button
	posses, campaigns                          button // the posse builder, the campaigns
	err                                        string
	saves                                      savedMatches   // the autosave and its backup
	ask                                        *abandonPrompt // up before a new match replaces one in progress
}

func newTitle(a *App) *title {
	t := &title{
		newGame:   button{Label: "New game", Key: "Enter", Enabled: true},
		showcase:  button{Label: "Showcase", Key: "S", Enabled: true},
		watch:     button{Label: "Watch", Key: "W", Enabled: true},
		cont:      button{Label: "Continue"},
		load:      button{Label: "Load", Key: "Ctrl+O", Enabled: true},
		posses:    button{Label: "Posses", Enabled: true},
		campaigns: button{Label: "Campaigns", Enabled: true},
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
	return t
}

func (t *title) Update(a *App) error {
	u := a.Theme.U
	w, bh := 260*u, 44*u
	x := float64(a.W)/2 - w/2
	y := float64(a.H) * 0.31
	for i, b := range []*button{&t.newGame, &t.showcase, &t.watch, &t.cont, &t.load, &t.posses, &t.campaigns, &t.quit} {
		b.place(x, y+float64(i)*(bh+14*u), w, bh)
	}
	if t.ask != nil {
		if !t.ask.update(a) {
			t.ask = nil
		}
		return nil
	}
	in := &a.In
	switch {
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
	drawButtons(a, dst, &t.newGame, &t.showcase, &t.watch, &t.cont, &t.load, &t.posses, &t.campaigns, &t.quit)
	if t.showcase.hover(&a.In) {
		th.text(dst, "A minute's tour: a run through an Overwatch arc, an aimed rifle shot, dynamite behind the wagon, a brawl at the saloon door.", th.Small, cx, t.quit.Y+t.quit.H+20*th.U, colTextDim, alignCenter)
	}
	if t.watch.hover(&a.In) {
		th.text(dst, "The computer plays the showcase against itself, with captions; it starts by itself after a minute here. Any key returns.", th.Small, cx, t.quit.Y+t.quit.H+20*th.U, colTextDim, alignCenter)
	}
	if t.cont.hover(&a.In) && !t.cont.Enabled {
		th.text(dst, "No match to continue yet: it appears here after your first move.", th.Small, cx, t.quit.Y+t.quit.H+20*th.U, colTextDim, alignCenter)
	}
	if t.err != "" {
		th.text(dst, t.err, th.Body, cx, float64(a.H)-60*th.U, colBad, alignCenter)
	}
	if a.Cfg.Data != nil {
		bad, info := t.saves.notes(a.Cfg.Data.Dir)
		y := t.quit.Y + t.quit.H + 60*th.U
		for _, l := range bad {
			th.text(dst, l, th.Body, cx, y, colBad, alignCenter)
			y += 24 * th.U
		}
		for _, l := range info {
			th.text(dst, l, th.Body, cx, y, colText, alignCenter)
			y += 24 * th.U
		}
	}
	th.text(dst, "F1 help  ·  F11 full screen", th.Small, cx, float64(a.H)-28*th.U, colTextDim, alignCenter)
	if t.ask != nil {
		t.ask.draw(a, dst)
	}
}
