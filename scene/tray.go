package scene

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// tray is the bucket of dice: after a roll it shows every die (sixes
// stand out), then what they did in words: hits, each wound (where, how
// bad, the HP left), a Tough save, who is out of play. Rows are built from
// the events' typed fields when the events arrive; drawing them allocates
// nothing. The dice roll in one every two
// frames, the results follow; Space or a click on the tray shows all at
// once. Once all is shown, Space, Esc or any click puts the tray away (the
// click still acts on the table), or it goes by itself after six seconds.
// Y (the dice animation's key) turns the rolling off.
type tray struct {
	rows    []trayRow
	on      bool
	frame   int // frames since the roll
	dice    int // dice in all rows
	instant bool
	keep    bool    // stays until put away (the frame-cost test holds it open)
	x, y    float64 // where it was last drawn, and its size
	w, h    float64
	models  []int   // the models the rolls were about: the tray keeps clear of them
	clipW   float64 // the width the rows' texts were fitted to
	acc     float64 // frames owed at the animation speed

	animKey, doneHint string // the dice animation's key in force, and the hint naming it
}

// trayRow is one roll: a label, the faces, what they did, its wounds.
type trayRow struct {
	label  string
	faces  []int
	split  int // a brawl: faces[:split] are the attacker's, the rest the defender's
	result string
	notes  []trayNote // wounds, saves, removals
	// label and notes fitted to the tray's width (ending "…" when cut)
	shownLabel string
	shownNotes []string
}

// trayNote is a line under a roll: a wound, a save, or a model out of play
// (out: drawn in red).
type trayNote struct {
	text string
	out  bool
}

// traySpeed is frames per die as the dice roll in.
const traySpeed = 2

// trayLinger is how long the tray stays once every die is shown: two and
// a half seconds at 60 frames, the last of them fading, then it goes by
// itself (it hid part of the table for six seconds, issue 14).
const (
	trayLinger = 150
	trayFade   = 45
)

// done reports whether every die and result is shown.
func (t *tray) done() bool { return t.frame >= t.dice*traySpeed+12 }

// skip shows everything at once.
func (t *tray) skip() { t.frame = t.dice*traySpeed + 12 }

// fill builds the rows from a command's events. It reports whether any
// dice were rolled.
func (t *tray) fill(m *game.Match, evs []game.Event) bool {
	t.rows = t.rows[:0]
	t.models = t.models[:0]
	t.clipW = 0
	for i := range evs {
		for _, id := range [...]int{evs[i].Model, evs[i].Target} {
			if id >= 0 && id < len(m.Models) {
				t.models = append(t.models, id)
			}
		}
	}
	t.dice = 0
	name := func(id int) string {
		if id < 0 || id >= len(m.Models) {
			return "?"
		}
		return m.Models[id].Name
	}
	last := func() *trayRow {
		if len(t.rows) == 0 {
			t.rows = append(t.rows, trayRow{label: "Wounds"})
		}
		return &t.rows[len(t.rows)-1]
	}
	for i := range evs {
		e := &evs[i]
		switch e.Kind {
		case game.EvShot, game.EvBlast, game.EvPartingShot:
			r := trayRow{faces: append([]int(nil), e.Faces...), result: hitsWord(e.Hits)}
			switch e.Kind {
			case game.EvShot:
				verb := " shoots "
				if e.BlazedAway() {
					verb = " blazes away at "
				}
				r.label = name(e.Model) + verb + name(e.Target)
			case game.EvBlast:
				r.label = fmt.Sprintf("The blast catches %s (%.1f\")", name(e.Model), e.Distance)
			default:
				r.label = name(e.Model) + "'s parting shot at " + name(e.Target)
			}
			if e.Pool != nil {
				where := ""
				if band, err := rules.BandFor(e.Distance); err == nil && e.Kind == game.EvShot {
					where = "at " + band.String() + " range"
				}
				r.label += ": " + table.PoolWords(e.Pool, where)
			}
			t.rows = append(t.rows, r)
		case game.EvBrawl:
			r := trayRow{label: name(e.Model) + " brawls " + name(e.Target), faces: append([]int(nil), e.Faces...)}
			if len(e.Order) == 2 {
				r.split = e.Order[0]
			}
			r.result = table.BoutWords(e.Bout, name(e.Model), name(e.Target))
			t.rows = append(t.rows, r)
		case game.EvRunRolled:
			t.rows = append(t.rows, trayRow{label: name(e.Model) + " runs: " + table.RunWords(e), faces: append([]int(nil), e.Faces...),
				result: table.Inches(e.Distance)})
		case game.EvThrown:
			if len(e.Faces) > 0 {
				t.rows = append(t.rows, trayRow{label: name(e.Model) + "'s long throw (a Hail Mary): 6\" plus 1D6", faces: append([]int(nil), e.Faces...),
					result: "reach " + fmt.Sprint(e.Faces[0]+6) + "\""})
			}
		case game.EvWound:
			if w := e.Wound; w != nil {
				last().notes = append(last().notes, trayNote{text: table.WoundWords(name(e.Model), w)})
			}
		case game.EvRemoved:
			last().notes = append(last().notes, trayNote{text: name(e.Model) + " is out of play.", out: true})
		case game.EvShielded:
			t.rows = append(t.rows, trayRow{label: name(e.Model) + " is shielded from the blast by a wall"})
		}
	}
	for _, r := range t.rows {
		t.dice += len(r.faces)
	}
	if len(t.rows) == 0 {
		return false
	}
	t.on, t.frame = true, 0
	if t.instant {
		t.skip()
	}
	return true
}

func hitsWord(n int) string {
	switch n {
	case 0:
		return "no hit"
	case 1:
		return "1 hit"
	}
	return fmt.Sprintf("%d hits", n)
}

// update advances the tray and reads Space and clicks on it. It reports
// whether it took the input.
func (t *tray) update(in *Input, speed float64) bool {
	if !t.on {
		return false
	}
	// The animation speed setting: fast rolls two dice a frame or more.
	t.acc += speed
	for t.acc >= 1 {
		t.frame++
		t.acc--
	}
	if !t.keep && t.done() && t.frame > t.dice*traySpeed+12+trayLinger {
		t.on = false
		return false
	}
	overTray := in.X >= t.x && in.X < t.x+t.w && in.Y >= t.y && in.Y < t.y+t.h
	switch {
	case in.Pressed(KeySkip) && t.done():
		t.on = false
		return true
	case in.Pressed(KeySkip) || (in.Click && overTray && !t.done()):
		t.skip()
		in.Click = false
		return true
	}
	return false
}

// pip positions on a die, in thirds of its side, for faces 1-6.
var pips = [7][][2]float32{
	{}, {{1, 1}}, {{0, 0}, {2, 2}}, {{0, 0}, {1, 1}, {2, 2}}, {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
	{{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}}, {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
}

// draw draws the tray at the foot of the table.
func (t *tray) draw(a *App, b *battle, dst *ebiten.Image) {
	if !t.on {
		return
	}
	th := a.Theme
	u := th.U
	vy, vw, vh := b.tableBox(a)
	die := 22 * u
	h := 12 * u
	for _, r := range t.rows {
		h += 18 * u
		if len(r.faces) > 0 {
			h += die + 6*u
		}
		h += float64(len(r.notes)) * 16 * u
	}
	if b.sess.plays() {
		h += 16 * u // the hint's line
	}
	w := min(vw-24*u, 640*u)
	x, y := 12*u, vh-h-8*u
	// At the foot of the table, or at its head when a model the roll is
	// about stands in the lower half of the view; then wherever it covers
	// fewer miniatures (trayCovers, tray_place.go).
	for _, id := range t.models {
		p, _ := b.modelAt(id)
		if _, sy := b.cam.ToScreen(p); sy > (vy+vh)/2 && sy < vh {
			y = vy + 8*u
			break
		}
	}
	y = b.trayPlace(x, y, w, h, vy+8*u, vh-h-8*u, 8*u)
	t.x, t.y, t.w, t.h = x, y, w, h
	if t.clipW != w {
		t.fitTexts(th, w-36*u)
		t.clipW = w
	}
	fade := float32(1)
	if left := t.dice*traySpeed + 12 + trayLinger - t.frame; t.done() && !t.keep && left < trayFade {
		fade = float32(max(left, 0)) / trayFade
	}
	ui := a.ui
	ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel.alpha(0.93*fade))
	ui.line(float32(x), float32(y), float32(x+w), float32(y), float32(2*u), colGold.alpha(fade))
	shown := t.frame / traySpeed
	cy := y + 10*u
	k := 0
	for _, r := range t.rows {
		cy += 18 * u
		if len(r.faces) == 0 {
			cy += float64(len(r.notes)) * 16 * u
			continue
		}
		cx := x + 12*u
		for i, f := range r.faces {
			if i == r.split && r.split > 0 {
				cx += 22 * u
			}
			if cx+die > x+w-110*u {
				break // more dice than fit: the row's result says the rest
			}
			if k < shown {
				drawDie(ui, float32(cx), float32(cy), float32(die), f)
			}
			k++
			cx += die + 5*u
		}
		cy += die + 6*u + float64(len(r.notes))*16*u
	}
	ui.flush(dst)
	cy = y + 10*u
	k = 0
	for _, r := range t.rows {
		th.text(dst, r.shownLabel, th.Small, x+12*u, cy, colText.alpha(fade), alignLeft) // light on the dark tray, legible over a dimmed table
		cy += 18 * u
		k += len(r.faces)
		rowDone := k <= shown
		if len(r.faces) > 0 {
			if r.split > 0 {
				th.text(dst, "vs", th.Small, x+12*u+float64(r.split)*(die+5*u)+2*u, cy+5*u, colTextDim, alignLeft)
			}
			if rowDone {
				th.text(dst, r.result, th.Bold, x+w-12*u, cy+4*u, colGold, alignRight)
			}
			cy += die + 6*u
		}
		for j, n := range r.notes {
			if rowDone && t.frame >= k*traySpeed+8 {
				col := colText
				if n.out {
					col = colBad
				}
				th.text(dst, r.shownNotes[j], th.Small, x+22*u, cy, col.alpha(fade), alignLeft)
			}
			cy += 16 * u
		}
	}
	hint := "Space or click: show all"
	if t.done() {
		if k := a.keyOf(KeyDiceAnim); k != t.animKey { // the key in force, the string made once
			t.animKey, t.doneHint = k, "Space: put the dice away  ·  "+k+": dice animation on/off"
		}
		hint = t.doneHint
	}
	if b.sess.plays() { // the replay viewer's tray shows a command's dice until the next
		th.text(dst, hint, th.Small, x+w-12*u, y+h-18*u, colTextDim.alpha(0.8), alignRight)
	}
}

// drawDie draws one die with its pips; a six is gold with red pips.
func drawDie(ui *batch, x, y, s float32, face int) {
	body, pip := colPaper, colInk
	if face == 6 {
		body, pip = colGold, hex(0xb01818)
	}
	ui.rect(x+1.5, y+2, s, s, colBlack.alpha(0.4))
	ui.rect(x, y, s, s, body)
	if face < 1 || face > 6 {
		return
	}
	for _, p := range pips[face] {
		ui.circle(x+s*(0.22+0.28*p[0]), y+s*(0.22+0.28*p[1]), s*0.09, pip)
	}
}

// boom is an explosion being shown where a stick went off.
type boom struct {
	at    game.Point
	frame int
}

// boomFrames is how long an explosion shows.
const boomFrames = 70

// drawBooms draws the explosions: a flash out to the 2" ring, then the
// smoke ring out to 6".
func (b *battle) drawBooms(ui *batch) {
	for i := range b.booms {
		bm := &b.booms[i]
		if bm.frame >= boomFrames {
			continue
		}
		x, y := b.xy(bm.at)
		k := float32(bm.frame) / boomFrames
		s := float32(b.cam.Scale)
		r2 := float32(2+board.BaseRadius) * s
		r6 := float32(6+board.BaseRadius) * s
		ui.circle(x, y, r6*min(1, k*2.5), hex(0xffa020).alpha(0.35*(1-k)))
		ui.circle(x, y, r2*min(1, k*4), hex(0xfff0a0).alpha(0.9*(1-k)))
		ui.ring(x, y, r2, 3, oBad.alpha(1-k))
		ui.ring(x, y, r6, 3, hex(0xffa020).alpha(1-k))
		core := min(1, float32(boomFrames-bm.frame)/30) // full for the first 40 frames, then fading
		ui.star(x, y, r2*0.7*(1-k*0.5), hex(0xff4020).alpha(core))
	}
}

// fitTexts cuts the rows' labels and notes to the tray's width, once per
// width, so that nothing runs past its edge.
func (t *tray) fitTexts(th *Theme, w float64) {
	for i := range t.rows {
		r := &t.rows[i]
		r.shownLabel = th.clip(r.label, th.Small, w)
		r.shownNotes = r.shownNotes[:0]
		for _, n := range r.notes {
			r.shownNotes = append(r.shownNotes, th.clip(n.text, th.Small, w-10*th.U))
		}
	}
}
