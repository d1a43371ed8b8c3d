package scene

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/rules"
	"cowpoke/scene/table"

	"cowpoke/game/words"
)

// Solo play in the window: who decides for each posse (a person at this
// computer or the computer, as the scenario's posses name it), and the
// computer's turns played through game.Controller at a pace a person can
// follow. The computer decides on a fork of the match (Match.Fork) on
// another goroutine, so the window never waits for it and never shares the
// live match with it; its answer is applied only if the match is still the
// one it was asked about.

// players are the controllers of a battle's posses.
type players struct {
	specs  []string          // per posse: "" for a person, else the computer's name
	ctrls  []game.Controller // per posse: nil for a person
	people int               // posses played by people

	asking  *game.Match // the match the computer is deciding for, nil when none
	askedAt int         // its command count then
	stalled int         // frames the table has waited on its answer: "thinking" past thinkingFrames
	answers chan computerAnswer
	wait    int  // frames before the computer plays its next command
	paused  bool // Esc paused the computer

	marks   []whyMark    // the computer's reasons, placed in the combat log
	last    *shownChoice // the computer's last decision, drawn on C
	showWhy bool         // C: its alternatives are drawn on the table
	why     whyText      // what C draws, kept between frames

	banner    string // the status line while the computer plays
	bannerFor bannerKey
}

// computerAnswer is a decision coming back from the computer's goroutine.
type computerAnswer struct {
	d     game.Decision
	ok    bool
	fault string      // a panic inside Decide, in words
	about *game.Match // the match asked about (compared, never read)
	at    int         // its command count
}

// whyMark is a computer reason in the combat log, before the events of
// its command.
type whyMark struct {
	command int // the command's index
	events  int // the events before it
	text    string
}

// shownChoice is a computer decision with where its model stood.
type shownChoice struct {
	command int // the command's index
	posse   int
	d       game.Decision
	from    game.Point
}

// newPlayers reads who plays each posse from the match's scenario.
func newPlayers(m *game.Match) players {
	p := players{answers: make(chan computerAnswer, 1)}
	for i, ps := range m.Scenario.Posses {
		var c game.Controller
		if ps.Computer != "" {
			var err error
			if c, err = ai.New(ps.Computer, m.Seed+uint64(i)); err != nil {
				c = nil // the scenario was checked when read; a person plays it
			}
		}
		spec := ps.Computer
		if c == nil {
			spec = ""
			p.people++
		}
		p.specs = append(p.specs, spec)
		p.ctrls = append(p.ctrls, c)
	}
	return p
}

// computer reports whether the computer plays posse i.
func (p *players) computer(i int) bool { return i >= 0 && i < len(p.ctrls) && p.ctrls[i] != nil }

// any reports whether the computer plays some posse.
func (p *players) any() bool { return p.people < len(p.ctrls) }

// up reports whether the computer must decide now.
func (p *players) up(m *game.Match) bool { return !m.Over && p.computer(m.Decider()) }

// busy reports whether the computer is playing (the screen keeps being
// drawn while it does).
func (p *players) busy(m *game.Match) bool { return p.wait > 0 || (p.up(m) && !p.paused) }

// handoff reports whether the table must be hidden before posse d's
// player decides: only between two people.
func (p *players) handoff(d int) bool { return p.people >= 2 && !p.computer(d) }

// describe is "normal, cautious" for a computer's name.
func describe(spec string) string {
	level, pers, ok := strings.Cut(spec, ":")
	if !ok {
		return level
	}
	return level + ", " + pers
}

// paceFrames is how long the computer waits after a command before its
// next one (at 60 frames a second): long enough to see what it did.
func paceFrames(k game.CommandKind, speed float64, demo bool) int {
	f := 40.0
	switch k {
	case game.CmdActivate, game.CmdEnd:
		f = 24
	case game.CmdShoot, game.CmdBlaze, game.CmdThrow, game.CmdFire, game.CmdBrawl:
		f = 60
	}
	if demo {
		f *= 2.2 // time to read the caption
	}
	if speed <= 0 {
		speed = 1
	}
	return int(f / speed)
}

// soloInput runs the keys of solo play every frame (C draws the computer's
// alternatives) and, while the computer decides, the computer's turn: Esc
// pauses it, a click on the table only selects a model to read its card,
// and the computer's commands are played. It reports whether it took the
// frame's input.
func (b *battle) soloInput(a *App) bool {
	p := &b.players
	in := &a.In
	if in.Pressed(KeyWhy) {
		switch {
		case p.last == nil:
			b.t.Status, b.t.Error = "The computer has not decided anything yet.", false
		default:
			p.showWhy = !p.showWhy
		}
	}
	if !p.up(b.t.M) {
		p.wait = 0 // a person decides: the computer's pause is over
		return false
	}
	for i := range b.panel.actions {
		ab := &b.panel.actions[i]
		ab.Enabled, ab.Why = false, "the computer is playing"
	}
	b.panel.fire.Enabled, b.panel.hold.Enabled = false, false
	if b.panel.menu.clicked(in) {
		b.menu = newEscMenu(a, b)
		return true
	}
	if in.Pressed(KeyCancel) {
		p.paused = !p.paused
	}
	if in.Click && b.inView(a) {
		if id := b.t.ModelAt(b.cam.ToTable(in.X, in.Y)); id >= 0 {
			b.t.Select(id)
		}
	}
	b.computerStep(a)
	return true
}

// computerStep asks the computer for its next command on a fork as soon
// as it is to decide, so that its thinking overlaps the last command's
// animation and the pause after it, and applies the answer once it came,
// the animations are over and the pause has passed.
func (b *battle) computerStep(a *App) {
	p := &b.players
	m := b.t.M
	if p.asking == nil && !p.paused && p.up(m) {
		b.askComputer()
	}
	if b.anim.active || (b.tray.on && !b.tray.done()) || len(b.booms) > 0 {
		return
	}
	if p.wait > 0 {
		p.wait--
		if a.In.Pressed(KeySkip) {
			p.wait = 0
		}
		return
	}
	if p.asking == nil || p.paused {
		return
	}
	select {
	case ans := <-p.answers:
		p.asking, p.stalled = nil, 0
		if ans.about == m && ans.at == len(m.Commands()) {
			b.playComputer(a, ans)
		} // else the match changed under it (undo): it is asked again
	default:
		p.stalled++ // the table waits on the computer
	}
}

// askComputer starts the computer's decision on a fork of the match, on a
// goroutine that gets the fork, the controller and the channel, never the
// battle or the live match (about is only compared on return).
func (b *battle) askComputer() {
	p := &b.players
	m := b.t.M
	c := p.ctrls[m.Decider()]
	fork := m.Fork(rules.NewSeeded(m.Seed ^ uint64(len(m.Commands()))))
	p.asking, p.askedAt, p.stalled = m, len(m.Commands()), 0
	go func(answers chan<- computerAnswer, about *game.Match, at int) {
		ans := computerAnswer{about: about, at: at}
		defer func() {
			if r := recover(); r != nil {
				ans.fault = fmt.Sprint(r)
			}
			answers <- ans
		}()
		ans.d, ans.ok = c.Decide(fork)
	}(p.answers, m, p.askedAt)
}

// playComputer applies the computer's decision as a person's command is
// applied: animated, rolled in the tray, autosaved, its reason in the log.
func (b *battle) playComputer(a *App, ans computerAnswer) {
	p := &b.players
	m := b.t.M
	side := m.Decider()
	if ans.fault != "" || !ans.ok {
		p.paused = true
		b.t.Status, b.t.Error = "The computer found no move ("+ans.fault+"): it is paused; Ctrl+Z takes back your last decision.", true
		return
	}
	d := ans.d
	before := b.demo.position(m) // the position it decided in, for the demo's captions
	shown := &shownChoice{command: len(m.Commands()), posse: side, d: d}
	if id := d.Command.Model; id >= 0 && id < len(m.Models) {
		shown.from = m.Models[id].Pos
	}
	mark := whyMark{command: len(m.Commands()), events: len(m.Events()), text: m.Posses[side].Name + " (computer): " + chosenWhy(d.Why)}
	evs, err := b.t.ApplyDecision(d)
	if err != nil {
		p.paused = true
		b.t.Status, b.t.Error = "The computer's "+string(d.Command.Kind)+" was refused ("+err.Error()+"): it is paused.", true
		return
	}
	if d.Why != "" {
		p.marks = append(p.marks, mark)
	}
	p.last = shown
	if p.up(b.t.M) {
		b.t.SetMode(table.ModeIdle) // nothing of the computer's stays armed under the person's cursor
	}
	b.played(a, evs)
	b.demo.saw(b, before, side, d, evs)
	p.wait = paceFrames(d.Command.Kind, a.Settings.AnimSpeed, b.demo.slow())
}

// chosenWhy is the reason without its "Not: ..." (C draws those).
func chosenWhy(why string) string {
	if i := strings.Index(why, " Not: "); i >= 0 {
		return why[:i]
	}
	return why
}

// solo is a match against the computer: the computer plays some posses
// (players), the handoff screen shows only between two people, and Ctrl+Z
// goes back to the person's last decision. It is kept in the title's
// autosave like a hot-seat match.
type solo struct{ hotSeat }

func (s *solo) handoff(b *battle, d int) bool { return b.players.handoff(d) }

// undo takes back the commands back to the person's last decision, the
// computer's commands after it with it, as long as no dice were rolled
// since.
func (s *solo) undo(a *App, b *battle) {
	p := &b.players
	u := b.t.M
	taken := 0
	for {
		if !u.CanUndo() {
			msg := "Nothing of yours to undo since the last roll of the dice."
			if u.Pending != nil {
				msg = "An overwatcher is deciding: that cannot be undone."
			}
			b.t.Status, b.t.Error = msg, true
			return
		}
		var err error
		if u, err = u.Undo(); err != nil {
			b.t.Status, b.t.Error = err.Error(), true
			return
		}
		taken++
		if !p.computer(u.Decider()) {
			break // u is the position of the person's decision
		}
	}
	b.t.Replace(u)
	n := len(u.Commands())
	kept := p.marks[:0]
	for _, mk := range p.marks {
		if mk.command < n {
			kept = append(kept, mk)
		}
	}
	p.marks = kept
	if p.last != nil && p.last.command >= n {
		p.last, p.showWhy = nil, false
	}
	p.wait = 0
	b.anim.active = false
	b.tray.on = false
	if taken > 1 {
		b.t.Status, b.t.Error = fmt.Sprintf("Undone: back to your last decision (the computer's %s taken back too).", words.Count(taken-1, "command", "commands")), false
	} else {
		b.t.Status, b.t.Error = "Undone.", false
	}
	b.keep(a)
}

// soloBanner is the status line while the computer plays, worked out
// when what it says changes (the status line is drawn every frame).
func (b *battle) soloBanner(a *App) string {
	p := &b.players
	m := b.t.M
	if b.demo.captions() || !p.up(m) {
		return "" // the demo's captions say what the computer does
	}
	key := bannerKey{decider: m.Decider(), paused: p.paused, watcher: -1, why: a.keyOf(KeyWhy),
		thinking: p.stalled > thinkingFrames}
	if m.Pending != nil {
		key.watcher = m.Pending.Watcher
	}
	if key == p.bannerFor && p.banner != "" {
		return p.banner
	}
	who := fmt.Sprintf("The computer (%s) plays the %s", describe(p.specs[key.decider]), m.Posses[key.decider].Name)
	switch {
	case key.paused:
		p.banner = who + ": paused. Esc resumes; pan, zoom and hover meanwhile."
	case key.watcher >= 0:
		p.banner = who + ": " + m.Models[key.watcher].Name + " decides whether to fire.  Esc pauses."
	case key.thinking:
		p.banner = who + ": thinking...  Esc pauses"
	default:
		p.banner = who + ".  Esc pauses · Space hurries · " + key.why + " shows what it weighed"
	}
	p.bannerFor = key
	return p.banner
}

// bannerKey is what the banner says depends on.
type bannerKey struct {
	decider, watcher int
	paused, thinking bool
	why              string // the key that draws what it weighed
}

// thinkingFrames is how long the table waits on the computer's answer,
// after the last command's animation and pause, before the status line
// says it is thinking: a fifth of a second, so that normal's decisions (a
// millisecond or two) never flash it, and hard's slow ones (half a second
// and more, game/ai README) show it.
const thinkingFrames = 12

// drawWhyShapes draws the computer's last decision and the alternatives it
// rejected on the table (C): the chosen one in gold, each alternative
// numbered; destinations and spots as rings, targets as lines from where
// the model stood, Overwatch directions as arrows.
func (b *battle) drawWhyShapes(a *App, ui *batch) {
	p := &b.players
	if !p.showWhy || p.last == nil {
		return
	}
	u := float32(a.Theme.U)
	draw := func(c game.Command, col rgba) {
		m := b.t.M
		fx, fy := b.xy(p.last.from)
		switch {
		case c.To != nil:
			x, y := b.xy(*c.To)
			ui.dashed(fx, fy, x, y, 2*u, 6*u, 4*u, col.alpha(0.8))
			ui.ring(x, y, 10*u, 3*u, col)
		case c.Kind == game.CmdShoot || c.Kind == game.CmdAim || c.Kind == game.CmdBlaze:
			if c.Target >= 0 && c.Target < len(m.Models) {
				x, y := b.xy(m.Models[c.Target].Pos)
				ui.line(fx, fy, x, y, 3*u, col.alpha(0.85))
				ui.ring(x, y, 14*u, 3*u, col)
			}
		case c.Kind == game.CmdOverwatch || c.Kind == game.CmdFace:
			to := p.last.from.Add(game.Point{X: 4 * math.Cos(c.Facing), Y: 4 * math.Sin(c.Facing)})
			x, y := b.xy(to)
			ui.line(fx, fy, x, y, 3*u, col)
			ui.circle(x, y, 5*u, col)
		}
	}
	for i := len(p.last.d.Alternatives) - 1; i >= 0; i-- {
		draw(p.last.d.Alternatives[i].Command, altColour(i))
	}
	draw(p.last.d.Command, colGold)
}

// altColour is the colour of the i-th alternative.
func altColour(i int) rgba {
	return [...]rgba{hex(0x8fd3ff), hex(0xd59bff), hex(0xffa07a)}[i%3]
}

// whyPoint is where a command's label goes on the table, if anywhere.
func (b *battle) whyPoint(c game.Command) (game.Point, bool) {
	m := b.t.M
	switch {
	case c.To != nil:
		return *c.To, true
	case (c.Kind == game.CmdShoot || c.Kind == game.CmdAim || c.Kind == game.CmdBlaze) && c.Target >= 0 && c.Target < len(m.Models):
		return m.Models[c.Target].Pos, true
	}
	return game.Point{}, false
}

// drawWhyLabels numbers the drawn choices on the table and lists them with
// their terms in a box at the foot of the table.
func (b *battle) drawWhyLabels(a *App, dst *ebiten.Image) {
	p := &b.players
	if !p.showWhy || p.last == nil {
		return
	}
	th := a.Theme
	u := th.U
	_, vw, vh := b.tableBox(a)
	w := vw - 40*u
	c := &p.why
	c.refresh(a, b, w)
	// Each label goes on the side of its place with the fewest models
	// under it, on a dark backing that keeps it legible.
	c.boxes = c.boxes[:0]
	for i, p := range c.at {
		x, y := b.cam.ToScreen(p)
		w, h := c.markW[i], 22*u
		var box [4]float64
		best := -1
		for _, spot := range [...][2]float64{{x + 12*u, y - 32*u}, {x + 12*u, y + 12*u}, {x - 12*u - w, y - 32*u}, {x - 12*u - w, y + 12*u}} {
			n := 0
			for j := range b.t.M.Models {
				mx, my := b.cam.ToScreen(b.t.M.Models[j].Pos)
				r := 0.6 * b.cam.Scale
				if mx+r > spot[0] && mx-r < spot[0]+w && my+r > spot[1] && my-r < spot[1]+h+16*u { // the name under a base too
					n++
				}
			}
			if best < 0 || n < best {
				best, box = n, [4]float64{spot[0], spot[1], w, h}
			}
		}
		c.boxes = append(c.boxes, box)
		a.ui.rect(float32(box[0]), float32(box[1]), float32(box[2]), float32(box[3]), colBlack.alpha(0.7))
	}
	a.ui.flush(dst)
	for i, box := range c.boxes {
		th.text(dst, c.marks[i], th.Bold, box[0]+4*u, box[1]+2*u, c.markCols[i], alignLeft)
	}
	vx := 0.0
	lh := 17 * u
	h := float64(len(c.lines))*lh + 34*u
	y := vh - h - 10*u
	c.box = [4]float64{vx + 20*u, y, w, h}
	a.ui.rect(float32(vx+20*u), float32(y), float32(w), float32(h), colBlack.alpha(0.72))
	a.ui.flush(dst)
	th.text(dst, c.head, th.Bold, vx+30*u, y+6*u, colTextDim, alignLeft)
	for i, l := range c.lines {
		th.text(dst, l, th.Small, vx+30*u, y+28*u+float64(i)*lh, c.cols[i], alignLeft)
	}
}

// whyText is what C draws of the computer's last decision, worked out
// when the decision, the match, the scale or the table's width changes
// (it is drawn every frame).
type whyText struct {
	of    *shownChoice
	stamp int
	u, w  float64
	key   string // the key that hides it, named in the heading

	at       []game.Point // the labels' places on the table
	marks    []string     // each place's label: "Chose, Not 2"
	markCols []rgba
	markW    []float64 // each label's backing's width
	boxes    [][4]float64

	box   [4]float64 // the box at the table's foot as last drawn: x, y, w, h
	head  string     // the box's heading
	lines []string   // the choices with their terms, wrapped
	cols  []rgba
}

// refresh rebuilds the labels and the box's lines when they are stale.
func (c *whyText) refresh(a *App, b *battle, w float64) {
	p := &b.players
	th := a.Theme
	u := th.U
	if c.of == p.last && c.stamp == b.t.Stamp() && c.u == u && c.w == w && c.key == a.keyOf(KeyWhy) {
		return
	}
	c.of, c.stamp, c.u, c.w, c.key = p.last, b.t.Stamp(), u, w, a.keyOf(KeyWhy)
	d := p.last.d
	type row struct {
		mark, text string
		col        rgba
	}
	rows := []row{{"Chose", chosenWhy(d.Why), colGold}}
	for i, alt := range d.Alternatives {
		rows = append(rows, row{fmt.Sprintf("Not %d", i+1), alt.Why, altColour(i)})
	}
	// One label per place: choices at the same spot or target share it
	// ("Chose, Not 2").
	c.at, c.marks, c.markCols, c.markW = c.at[:0], c.marks[:0], c.markCols[:0], c.markW[:0]
	for i, r := range rows {
		cmd := d.Command
		if i > 0 {
			cmd = d.Alternatives[i-1].Command
		}
		p, ok := b.whyPoint(cmd)
		if !ok {
			continue
		}
		j := slices.IndexFunc(c.at, func(q game.Point) bool { return q.Dist(p) < 0.6 })
		if j < 0 {
			c.at, c.marks, c.markCols = append(c.at, p), append(c.marks, r.mark), append(c.markCols, r.col)
			continue
		}
		c.marks[j] += ", " + r.mark
	}
	for _, mk := range c.marks {
		c.markW = append(c.markW, th.width(mk, th.Bold)+8*u)
	}
	c.lines, c.cols = c.lines[:0], c.cols[:0]
	for _, r := range rows {
		n := len(c.lines)
		c.lines = appendWrapped(c.lines, th, r.mark+": "+r.text, th.Small, w-20*u, "  ")
		for range len(c.lines) - n {
			c.cols = append(c.cols, r.col)
		}
	}
	who := p.specs[p.last.posse]
	if who == "" {
		who = "the computer"
	}
	c.head = fmt.Sprintf("What the %s weighed (%s); %s hides this", b.t.M.Posses[p.last.posse].Name, describe(who), a.keyOf(KeyWhy))
}
