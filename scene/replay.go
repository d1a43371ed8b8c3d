package scene

import (
	"fmt"
	"path/filepath"

	"cowpoke/game"
	"cowpoke/scene/table"
)

// watch is the replay viewer: a saved match shown as it stood after any
// of its commands, stepped back and forth with the arrow keys, Home and
// End, a game turn at a time with Up and Down, played on by Space, or
// dragged on the scrubber under the table. It draws each position with
// the battle screen's drawing (a battle that is only ever shown
// positions, never asked to play), with the command's dice in the tray,
// the combat log up to it and the computer's reason for it. It never
// writes the save or the autosave.
type watch struct {
	r    *table.Replay
	b    *battle
	name string // the save's file name, for the panel
	back Scene  // Esc returns here

	play button         // "Play from here": a new match from the shown position
	rev  button         // "Review the match": the review of the match (review.go)
	ask  *abandonPrompt // asks before that new match replaces one in progress

	heldX, heldY int  // frames the arrows have been held, for their repeat
	scrubbing    bool // the left button went down on the scrubber and is held
	wasDown      bool // the left button was down last frame
	playing      bool // Space: a command every playEvery frames
	playWait     int

	hoverText  string // what the scrubber's point under the cursor is, for hoverAt
	hoverAt    int
	label      string // the scrubber's reading, for the position labelAt
	labelAt    int
	turnLabels []string // the number of each game turn the scrubber marks

	logLines []string // the whole match's combat log, wrapped (syncLog)
	logEnds  []int    // logEnds[k]: its lines for the first k+1 events
	logTheme *Theme   // the theme it was wrapped with

	info      []string // the panel's replay lines, wrapped, for the position infoAt
	infoAt    int
	infoTheme *Theme // and the theme (the UI's scale) they were wrapped with
	infoFace  []int  // per line: how it is drawn (infoCaption, infoDid, ...)
	infoShown int    // the lines drawn last frame (the rest cut with "…": no room)
}

// Scrubber geometry, logical pixels: the strip under the status line.
const (
	scrubHeight = 40 // the strip
	scrubLabel  = 150
	playEvery   = 8 // frames per command while playing
)

// newWatch opens a match's record in the viewer. back is where Esc goes
// (nil: the title).
func newWatch(a *App, m *game.Match, name string, back Scene) (*watch, error) {
	tape, err := game.NewTape(m)
	if err != nil {
		return nil, err
	}
	r := table.NewReplay(tape)
	b := newBattle(a, r.T.M)
	b.t = r.T
	b.sess, b.footer = watching{}, scrubHeight
	b.tray.instant, b.tray.keep = true, true
	w := &watch{r: r, b: b, name: filepath.Base(name), back: back, infoAt: -1,
		play: button{Label: "Play from here", Enabled: true}}
	for _, s := range r.TurnStarts() {
		w.turnLabels = append(w.turnLabels, fmt.Sprint(tape.Turn(s)))
	}
	w.shown()
	return w, nil
}

// openWatch loads a save file into the viewer.
func openWatch(a *App, path string, back Scene) (*watch, error) {
	m, err := game.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return newWatch(a, m, path, back)
}

// shown puts the new position's dice in the tray.
func (w *watch) shown() {
	b := w.b
	if !b.tray.fill(b.t.M, w.r.Tape.Events(w.r.At)) {
		b.tray.on = false
	}
	b.t.Status, b.t.Error = "", false
}

// seek moves to a position and shows it.
func (w *watch) seek(i int) {
	if w.r.Seek(i) {
		w.shown()
	}
}

// repeats reports whether a held arrow steps this frame: at once, then
// after a short wait every third frame.
func repeats(held *int, down bool) bool {
	if !down {
		*held = 0
		return false
	}
	*held++
	return *held == 1 || *held > 15 && *held%3 == 0
}

// scrubber is the scrubber's track in screen pixels.
func (w *watch) scrubber(a *App) (x, y, width, h float64) {
	u := a.Theme.U
	_, _, vw, _ := w.b.viewport(a)
	y = float64(a.H) - scrubHeight*u
	return scrubLabel * u, y, vw - (scrubLabel+24)*u, scrubHeight * u
}

func (w *watch) Update(a *App) error {
	b := w.b
	in := &a.In
	if w.ask != nil {
		if !w.ask.update(a) {
			w.ask = nil
		}
		return nil
	}
	u := a.Theme.U
	_, playY, _ := w.panelPlan(a)
	// Play from here takes half the width: Review the match stands beside it.
	w.play.place(float64(a.W)-panelWidth*u+16*u, playY*u, (panelWidth-32)*u*0.5, 34*u)
	w.play.Enabled = !b.t.M.Over // nothing to play on from the end
	if w.play.clicked(in) {
		w.playFromHere(a)
		return nil
	}
	w.rev = button{Label: "Review the match", Enabled: w.r.Tape.Match().Over}
	w.rev.place(w.play.X+w.play.W+8*u, w.play.Y, (panelWidth-32)*u*0.5-8*u, 34*u)
	if w.rev.clicked(in) {
		a.Goto(newReview(a, w.r.Tape.Match(), w.name, w, w, reviewPerPosition))
		return nil
	}
	if in.Pressed(KeyCancel) {
		if w.back == nil {
			w.back = newTitle(a)
		}
		a.Goto(w.back)
		return nil
	}
	if b.unfitted(a) {
		b.fit(a)
	}
	b.zoomQuiet++ // (the tray shows its dice at once and stays: nothing to advance)

	r := w.r
	x, y, width, h := w.scrubber(a)
	overBar := in.X >= x-8*a.Theme.U && in.X < x+width+8*a.Theme.U && in.Y >= y && in.Y < y+h
	if in.LeftDown && !w.wasDown && overBar {
		w.scrubbing = true
	}
	if !in.LeftDown {
		w.scrubbing = false
	}
	w.wasDown = in.LeftDown
	switch {
	case w.scrubbing || (in.Click && overBar):
		w.playing = false
		w.seek(r.PosAt(in.X-x, width))
		in.Click = false
	case in.Pressed(KeyFit):
		w.playing = false
		w.seek(0)
	case in.Pressed(KeyLast):
		w.playing = false
		w.seek(r.Len())
	case in.Pressed(KeySkip):
		w.playing = !w.playing && r.At < r.Len()
		w.playWait = 0
	}
	if repeats(&w.heldX, in.HeldX != 0) {
		w.playing = false
		w.seek(r.At + int(in.HeldX))
	}
	if repeats(&w.heldY, in.HeldY != 0) {
		w.playing = false
		if r.Turn(int(in.HeldY)) {
			w.shown()
		}
	}
	if w.playing {
		if w.playWait++; w.playWait >= playEvery {
			w.playWait = 0
			w.seek(r.At + 1)
			w.playing = r.At < r.Len()
		}
	}
	// The arrows step through the match here; the wheel, the zoom keys and
	// a right-drag still move the camera.
	in.HeldX, in.HeldY = 0, 0
	b.camera(a)
	if in.Click && b.inView(a) {
		b.t.Select(b.t.ModelAt(b.cam.ToTable(in.X, in.Y)))
	}
	if in.Pressed(KeyGrid) && !b.t.M.Scenario.Options.DeadReckoning {
		b.grid = !b.grid
	}
	b.t.Status = "Left, Right: a command · Up, Down: a game turn · Home, End: first, last · Space plays · Esc: back"
	if _, _, vw, _ := b.viewport(a); a.Theme.width(b.t.Status, a.Theme.Body) > vw-24*u {
		b.t.Status = "Left, Right: a command · Up, Down: a game turn · Space plays · Esc: back"
	}
	if overBar && !w.scrubbing {
		b.t.Status = w.pointAt(r.PosAt(in.X-x, width))
	}
	return nil
}

// playFromHere starts a new match from the shown position on the battle
// screen, for hot-seat play: a copy with the history up to here, so its
// autosave and saves replay from the start like any match. The save
// watched is not touched; a match in progress in the autosave is asked
// about first, as New game asks.
func (w *watch) playFromHere(a *App) {
	start := func() {
		m := w.r.Tape.At(w.r.At)
		a.Goto(newBattle(a, m))
	}
	if saves := findSaves(a); saves.inProgress() {
		w.ask = newAbandonPrompt(saves.autosave, start)
		return
	}
	start()
}

// pointAt says which command the cursor points at on the scrubber, and
// who it took out of play: the marks on the bar, in words.
func (w *watch) pointAt(i int) string {
	if i == w.hoverAt && w.hoverText != "" {
		return w.hoverText
	}
	t := w.r.Tape
	s := "Before the first command"
	if i > 0 {
		s = fmt.Sprintf("Command %d, game turn %d: %s", i, t.Turn(i), game.CommandWords(t.Match(), t.Command(i)))
		for _, e := range t.Events(i) {
			if e.Kind == game.EvRemoved && e.Model >= 0 && e.Model < len(t.Match().Models) {
				s += "; " + t.Match().Models[e.Model].Name + " is out of play"
			}
		}
	}
	w.hoverAt, w.hoverText = i, s+". Click to go there."
	return w.hoverText
}

// Animating: the viewer moves by itself while it plays.
func (w *watch) Animating() bool { return w.playing || w.scrubbing || w.b.Animating() }

// watching is the replay viewer's session: its battle only shows
// positions (watch puts them on its table), never plays, keeps nothing.
type watching struct{}

func (watching) frame(a *App, b *battle) bool  { return false }
func (watching) handoff(b *battle, d int) bool { return false }
func (watching) undo(a *App, b *battle)        {}
func (watching) keep(a *App, b *battle)        {}
func (watching) over(a *App, b *battle) Scene  { return nil }
func (watching) result() (bool, string)        { return true, "" }
func (watching) plays() bool                   { return false }
func (watching) keptWhere(a *App) string       { return "" }
func (watching) saved(path string) string      { return "Saved to " + path + "." }
