package scene

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
)

// The replay viewer's own drawing: the command and its reason in the side
// panel (where the battle screen has its action bar and odds), and the
// scrubber under the table. Everything else is the battle screen's.

// infoLine kinds: how a line of the panel's replay text is drawn.
const (
	infoCaption = iota // "Command 412 of 1,203"
	infoFile           // the save's name
	infoDid            // what the command was
	infoHead           // "The computer's reason"
	infoWhy            // the reason, wrapped
	infoDim            // no reason recorded
)

func (w *watch) Draw(a *App, dst *ebiten.Image) {
	w.syncLog(a)
	_, _, logY := w.panelPlan(a)
	w.b.panel.wordsEnd = logY - 6 // the log starts under Play from here
	w.b.Draw(a, dst)
	w.drawInfo(a, dst)
	drawButtons(a, dst, &w.play, &w.rev)
	w.drawScrubber(a, dst)
	if w.ask != nil {
		w.ask.draw(a, dst)
	}
}

// syncLog gives the battle's panel the combat log up to the shown
// position. That log is a prefix of the whole match's, so the whole log is
// wrapped once (again when the UI's scale changes) and each position shows
// a slice of it: wrapping 1,200 events again on every step was nearly all
// of a step's cost.
func (w *watch) syncLog(a *App) {
	if w.logTheme != a.Theme {
		all := w.r.Tape.EventsUpTo(w.r.Len())
		w.logLines, w.logEnds = w.logLines[:0], w.logEnds[:0]
		for i := range all {
			w.logLines = appendLogLines(w.logLines, a.Theme, w.b.t.M, &all[i])
			w.logEnds = append(w.logEnds, len(w.logLines))
		}
		w.logTheme = a.Theme
	}
	n := len(w.b.t.M.Events())
	k := 0
	if n > 0 {
		k = w.logEnds[n-1]
	}
	w.b.draw.log = w.logLines[:k:k] // capped: the panel's own wrapping never writes into it
	w.b.draw.logEvents = n
}

// layoutInfo wraps the panel's replay text for the shown position.
func (w *watch) layoutInfo(a *App) {
	if w.infoAt == w.r.At && w.infoTheme == a.Theme {
		return
	}
	th := a.Theme
	width := (panelWidth - 36) * th.U
	w.info, w.infoFace = w.info[:0], w.infoFace[:0]
	add := func(kind int, s string) {
		w.info = append(w.info, s)
		w.infoFace = append(w.infoFace, kind)
	}
	add(infoCaption, w.r.Caption())
	add(infoFile, th.clipped("Replay of "+w.name, th.Small, width))
	if did := w.r.Did(); did != "" {
		n := len(w.info)
		w.info = appendWrapped(w.info, th, did+".", th.Body, width, "")
		for range len(w.info) - n {
			w.infoFace = append(w.infoFace, infoDid)
		}
	}
	switch why := w.r.Why(); {
	case w.r.At == 0:
	case why == "":
		add(infoDim, "No reason recorded: a person chose, or a test player that picks any legal move at random.")
	default:
		add(infoHead, "The computer's reason")
		n := len(w.info)
		w.info = appendWrapped(w.info, th, why, th.Small, width, "")
		for range len(w.info) - n {
			w.infoFace = append(w.infoFace, infoWhy)
		}
	}
	w.infoAt, w.infoTheme = w.r.At, a.Theme
}

// infoStyle is how line i of the panel's replay text is drawn: its face,
// colour, the space before it and its height, logical pixels.
func (w *watch) infoStyle(th *Theme, i int) (face *text.GoTextFace, col rgba, before, step float64) {
	face, col, step = th.Small, colText, 17
	switch w.infoFace[i] {
	case infoCaption:
		face, col, step = th.Bold, colGold, 20
	case infoFile:
		col, step = colTextDim, 26
	case infoDid:
		face, col, step = th.Body, colPaper, 19
	case infoHead:
		face, col, before = th.Bold, colTextDim, 8
	case infoDim:
		col, before = colTextDim, 8
	}
	return face, col, before, step
}

// panelPlan is where the replay's words end, Play from here's top and the
// combat log's, logical pixels. On a tall panel they keep the battle's
// places (the log at pLog); on a short one (a large UI scale) Play from
// here follows the words and the log starts under it, as far as the
// screen has room.
func (w *watch) panelPlan(a *App) (wordsBottom, playY, logY float64) {
	if !shortPanel(a) {
		return pLog - 58, pLog - 50, pLog
	}
	w.layoutInfo(a)
	end := float64(pButtons)
	for i := range w.info {
		_, _, before, step := w.infoStyle(a.Theme, i)
		end += before + step
	}
	playY = min(end+8, float64(a.H)/a.Theme.U-42)
	return playY - 8, playY, playY + 34 + 16
}

// drawInfo writes the command and its reason where the battle screen has
// its action bar, down to Play from here.
func (w *watch) drawInfo(a *App, dst *ebiten.Image) {
	w.layoutInfo(a)
	th := a.Theme
	u := th.U
	x0 := float64(a.W) - panelWidth*u + 16*u
	y := pButtons * u
	wordsBottom, _, _ := w.panelPlan(a)
	bottom := wordsBottom * u
	w.infoShown = 0
	for i, line := range w.info {
		face, col, before, step := w.infoStyle(th, i)
		y += before * u
		if y+step*u > bottom+0.5 {
			th.text(dst, "…", th.Small, x0, y, colTextDim, alignLeft)
			break
		}
		th.text(dst, line, face, x0, y, col, alignLeft)
		w.infoShown++
		y += step * u
	}
}

// drawScrubber draws the strip under the status line: where the shown
// command lies in the match, a tick where each game turn begins (with its
// number when there is room), a mark in the side's colour where a model
// was taken out of play, and the handle.
func (w *watch) drawScrubber(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	r := w.r
	x, y, width, h := w.scrubber(a)
	_, _, vw, _ := w.b.viewport(a)
	ui := a.ui
	ui.rect(0, float32(y), float32(vw), float32(h), colPanel)
	ui.line(0, float32(y), float32(vw), float32(y), float32(u), colBlack.alpha(0.5))
	ty := float32(y + 14*u) // the track's centre
	x32, w32, u32 := float32(x), float32(width), float32(u)
	ui.rect(x32, ty-2*u32, w32, 4*u32, colPanelHi.mix(colWhite, 0.08))
	hx := x32 + float32(r.XOf(r.At, width))
	ui.rect(x32, ty-2*u32, hx-x32, 4*u32, colGold.alpha(0.55))
	for _, s := range r.TurnStarts() {
		tx := x32 + float32(r.XOf(s, width))
		ui.line(tx, ty-7*u32, tx, ty+7*u32, 1.5*u32, colTextDim.alpha(0.7))
	}
	m := r.Tape.Match()
	for _, i := range r.Removals() {
		tx := x32 + float32(r.XOf(i, width))
		for _, e := range r.Tape.Events(i) {
			if e.Kind == game.EvRemoved && e.Model >= 0 && e.Model < len(m.Models) {
				col := sideColour(m.Models[e.Model].Posse)
				ui.tri(tx, ty-4*u32, tx-5*u32, ty-13*u32, tx+5*u32, ty-13*u32, col)
				break
			}
		}
	}
	ui.circle(hx, ty, 8*u32, colGold)
	ui.ring(hx, ty, 8*u32, 2*u32, colInk)
	ui.flush(dst)
	// turn numbers under their ticks, skipping those that would touch
	last := -1e9
	for k, s := range r.TurnStarts() { // the numbers of game turns, under their ticks
		tx := x + r.XOf(s, width)
		if tx-last < 28*u {
			continue
		}
		th.text(dst, w.turnLabels[k], th.Small, tx, y+22*u, colTextDim, alignCenter)
		last = tx
	}
	if w.label == "" || w.labelAt != r.At {
		w.label = fmt.Sprintf("%d / %d", r.At, r.Len())
		w.labelAt = r.At
	}
	th.text(dst, w.label, th.Bold, 12*u, y+12*u, colText, alignLeft)
}
