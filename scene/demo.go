package scene

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"cowpoke/game"
	"cowpoke/rules"
	"cowpoke/scene/table"

	"cowpoke/game/words"
)

// The demo: "Watch" on the title (or a minute idle there) plays the
// showcase computer against computer, with a caption above the table for
// what is happening and why, on a loop; any key or click returns to the
// title. The demo's match is never autosaved.

// Who plays the demo's posses: a Lawman with dynamite to throw, and
// Desperados that keep their Overwatch.
var demoPlayers = []string{"normal:dynamiter", "normal:cautious"}

const (
	// demoTurns is the game turns before the demo starts again on the
	// next seed. The showcase's sticks are nearly all thrown in its first
	// turn (99 of 116 over 60 matches headless), so three turns rather
	// than four start the openings a newcomer should see more often: the
	// demo's bar is a throw a minute (scene/README.md).
	demoTurns      = 3
	demoEndFrames  = 4 * 60  // the result stays this long
	titleIdleWatch = 60 * 60 // frames idle on the title before the demo starts
)

// demo is the demo's state inside its battle.
type demo struct {
	seed     uint64
	head     string   // the caption: what happens
	detail   []string // and why, wrapped
	why      string   // the reason the detail was wrapped from
	wrappedW float64
	ended    int          // frames since the match ended (or reached its last turn)
	keys     []ebiten.Key // reused for the keys pressed
}

// newDemoBattle starts the demo on the showcase with the given seed.
func newDemoBattle(a *App, seed uint64) (*battle, error) {
	s, err := game.ShowcaseScenario()
	if err != nil {
		return nil, err
	}
	for i := range s.Posses {
		s.Posses[i].Computer = demoPlayers[i%len(demoPlayers)]
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		return nil, err
	}
	b := newBattle(a, m)
	b.demo = &demo{seed: seed, head: "The showcase plays itself: the Lawmen against the Desperados in Dry Gulch, both played by the computer."}
	b.demo.detail = []string{"Watch how far each model moves, who can see whom, and the odds of every shot. Any key or click returns to the title."}
	b.sess = b.demo
	return b, nil
}

// The demo is its battle's session: its loop runs first every frame, and
// its match is never handed off, undone, kept or summed up (it starts
// again instead).

func (d *demo) frame(a *App, b *battle) bool  { return d.update(a, b) }
func (d *demo) handoff(b *battle, p int) bool { return false }
func (d *demo) undo(a *App, b *battle)        {}
func (d *demo) keep(a *App, b *battle)        {} // the demo never replaces the player's autosave
func (d *demo) over(a *App, b *battle) Scene  { return nil }
func (d *demo) result() (bool, string)        { return false, "" }
func (d *demo) plays() bool                   { return true }
func (d *demo) keptWhere(a *App) string       { return "" }
func (d *demo) saved(path string) string      { return "Saved to " + path + "." }

// band is the height of the caption band above the table (0 outside the
// demo).
func (d *demo) band(a *App) float64 {
	if d == nil {
		return 0
	}
	return 86 * a.Theme.U
}

// update returns to the title on any key or click, and starts the demo
// again once its match is over. It reports whether the battle is done.
func (d *demo) update(a *App, b *battle) bool {
	in := &a.In
	pressed := in.Click || in.Wheel != 0
	for _, k := range in.Keys {
		pressed = pressed || k
	}
	d.keys = inpututil.AppendJustPressedKeys(d.keys[:0])
	if pressed || len(d.keys) > 0 {
		a.Goto(newTitle(a))
		return true
	}
	m := b.t.M
	if m.Over || m.Turn > demoTurns || b.players.paused { // paused: the computer found no move
		if d.ended == 0 {
			d.head = "The showcase starts again in a moment."
			d.detail, d.why = nil, ""
			if m.Over && m.Winner >= 0 {
				d.head = fmt.Sprintf("The %s win. The showcase starts again in a moment.", m.Posses[m.Winner].Name)
			}
			b.players.paused = true // the computer stops at the end of its last turn
		}
		if d.ended++; d.ended > demoEndFrames && !b.anim.active {
			if nb, err := newDemoBattle(a, d.seed+1); err == nil {
				a.Goto(nb)
				return true
			}
		}
	}
	in.Click = false // the table takes no clicks in the demo
	b.t.Status, b.t.Error = "Demo: the computer plays both sides. Any key or click returns to the title.", false
	return false
}

// What the computer's turns ask of the demo (nil outside it): the
// position each decision was made in (for its caption), the caption, a
// slower pace to read it by, and no solo banner under it.

// position is a copy of the position the computer decides in, or nil.
func (d *demo) position(m *game.Match) *game.Match {
	if d == nil {
		return nil
	}
	return m.Fork(rules.NewSeeded(1))
}

// slow reports whether the computer waits longer after each command.
func (d *demo) slow() bool { return d != nil }

// captions reports whether the demo's captions say what the computer does.
func (d *demo) captions() bool { return d != nil }

// saw writes the caption for a computer decision just played: before is
// the position it was decided in, evs what came of it.
func (d *demo) saw(b *battle, before *game.Match, side int, dec game.Decision, evs []game.Event) {
	if d == nil {
		return
	}
	c := dec.Command
	m := before
	name := func(id int) string {
		if id >= 0 && id < len(m.Models) {
			return m.Models[id].Name
		}
		return "someone"
	}
	head := ""
	for _, e := range evs {
		switch e.Kind {
		case game.EvInterrupt:
			if in := b.t.M.Pending; in != nil {
				head = fmt.Sprintf("%s moves into %s Overwatch arc: %s may fire once as he passes, at the point of his choosing.",
					name(in.Mover), possessive(name(in.Watcher)), name(in.Watcher))
			}
		case game.EvExploded:
			head = possessive(name(e.Model)) + " stick of dynamite goes off: 6 dice against everyone within 2\", 3 dice within 6\"; every six is a hit."
		}
	}
	if head == "" {
		head = d.headline(b, m, side, c, evs)
	}
	if head == "" {
		return // an End: the caption stays
	}
	d.head = head
	d.why = m.Posses[side].Name + ", why: " + chosenWhy(dec.Why)
	if dec.Why == "" {
		d.why = ""
	}
	d.wrappedW = 0
}

// headline says in plain words what a command does, with its odds.
func (d *demo) headline(b *battle, m *game.Match, side int, c game.Command, evs []game.Event) string {
	name := func(id int) string {
		if id >= 0 && id < len(m.Models) {
			return m.Models[id].Name
		}
		return "someone"
	}
	weapon := func(id, slot int) string {
		if w := m.Models[id].Profile.Weapons; slot >= 0 && slot < len(w) {
			return w[slot].String()
		}
		return "gun"
	}
	who := name(c.Model)
	switch c.Kind {
	case game.CmdActivate:
		return fmt.Sprintf("%s steps up for the %s.", who, m.Posses[side].Name)
	case game.CmdMove:
		// The walk's own event carries the distance; a note before it
		// (stopping at a window, falling short) carries none.
		for _, e := range evs {
			if e.Kind == game.EvMoved && e.Model == c.Model && e.Distance > 0 {
				return fmt.Sprintf("%s moves %.1f\".", who, e.Distance)
			}
		}
		return who + " moves."
	case game.CmdRun:
		for _, e := range evs {
			if e.Kind == game.EvRunRolled {
				return fmt.Sprintf("%s runs: two dice added to the %.0f\" allowance give %.0f\". A run through an Overwatch arc draws fire.", who, rules.RunBaseInches, b.t.M.RunLeft)
			}
		}
		return who + " runs."
	case game.CmdRunTo:
		return fmt.Sprintf("%s runs on.", who)
	case game.CmdShoot, game.CmdBlaze:
		verb := "shoots at"
		if c.Kind == game.CmdBlaze {
			verb = "blazes away at"
		}
		os, err := m.CommandOdds(c) // as the engine rolls it, a declared Luck die included (R53)
		if err != nil {
			return fmt.Sprintf("%s %s %s.", who, verb, name(c.Target))
		}
		o := os[0]
		return fmt.Sprintf("%s %s %s with the %s: %s, %s to hit, %s to remove him.", who, verb, name(c.Target),
			weapon(c.Model, c.Slot), words.Count(o.Pool.Dice, "die", "dice"), table.Pct(o.Odds.PHit), table.Pct(o.Odds.PRemoved))
	case game.CmdAim:
		return fmt.Sprintf("%s takes aim at %s: his next shot at him gets extra dice.", who, name(c.Target))
	case game.CmdFire:
		fo, err := m.CommandOdds(c)
		if err != nil || m.Pending == nil {
			return who + " fires."
		}
		o := fo[0]
		return fmt.Sprintf("%s fires at %s as he passes, where the odds are best: %s, %s to hit, %s to remove him.", who,
			name(m.Pending.Mover), words.Count(o.Pool.Dice, "die", "dice"), table.Pct(o.Odds.PHit), table.Pct(o.Odds.PRemoved))
	case game.CmdHold:
		return fmt.Sprintf("%s holds his fire and lets him pass.", who)
	case game.CmdThrow:
		if c.To == nil {
			return who + " throws dynamite."
		}
		_, p, err := m.ThrowPreview(*c.To)
		how := "a Sure Throw, within 6\""
		if err == nil && p < 0.999 {
			how = fmt.Sprintf("a long throw, %s to reach", table.Pct(p)) // the dice tray shows its 6" plus 1D6
		}
		var caught, friends []string
		for _, o := range m.BlastOdds(*c.To) {
			switch {
			case o.Pool.Impossible || o.Target == c.Model:
			case m.Models[o.Target].Posse == m.Models[c.Model].Posse:
				friends = append(friends, name(o.Target))
			default:
				caught = append(caught, name(o.Target))
			}
		}
		// Who it would catch comes first: the band clips a long caption,
		// and the fuse is also in the log and on the table.
		s := who + " throws dynamite"
		if len(caught) > 0 {
			s += " to catch " + words.List(caught)
		}
		s += " (" + how + "). It goes off at his next activation."
		if len(friends) > 0 {
			s += " " + words.List(friends) + " would be caught too."
		}
		return s
	case game.CmdOverwatch:
		s := fmt.Sprintf("%s goes on Overwatch: an enemy moving through the shaded arc draws one shot.", who)
		if arcCut(b.t.M, c.Model) {
			s += " Walls cut the arc short where they block his view."
		}
		return s
	case game.CmdBrawl:
		return fmt.Sprintf("%s brawls: each side rolls its dice, more sixes win the bout.", who)
	case game.CmdReload:
		return fmt.Sprintf("%s reloads his %s.", who, weapon(c.Model, c.Slot))
	case game.CmdInteract:
		return fmt.Sprintf("%s works a door.", who)
	case game.CmdFace:
		return fmt.Sprintf("%s turns.", who)
	}
	return ""
}

// arcCut reports whether walls cut a model's Overwatch arc short of its
// reach somewhere.
func arcCut(m *game.Match, id int) bool {
	md := &m.Models[id]
	if !md.Overwatch {
		return false
	}
	r := m.OverwatchRange(id)
	poly := m.Board.ArcPolygon(md.Pos, md.WatchDir, r, nil)
	for _, p := range poly[1:] {
		if p.Dist(md.Pos) < r*0.97 {
			return true
		}
	}
	return false
}

// draw draws the caption band above the table.
func (d *demo) draw(a *App, b *battle, dst *ebiten.Image) {
	if d == nil {
		return
	}
	th := a.Theme
	u := th.U
	_, _, vw, _ := b.viewport(a)
	h := d.band(a)
	a.ui.rect(0, 0, float32(vw), float32(h), colPanel)
	a.ui.line(0, float32(h), float32(vw), float32(h), float32(2*u), colGold.alpha(0.6))
	a.ui.flush(dst)
	w := vw - 40*u
	if d.why != "" && d.wrappedW != w {
		d.detail = appendWrapped(d.detail[:0], th, d.why, th.Small, w, "  ")
		if len(d.detail) > 2 { // the band has two lines: the rest runs on in the second, clipped
			d.detail = append(d.detail[:1], th.clip(d.detail[1]+" "+strings.Join(d.detail[2:], " "), th.Small, w))
		}
		d.wrappedW = w
	}
	th.text(dst, th.clipped(d.head, th.Bold, w), th.Bold, 20*u, 10*u, colPaper, alignLeft)
	for i, l := range d.detail {
		th.text(dst, l, th.Small, 20*u, 38*u+float64(i)*18*u, colGold.mix(colText, 0.5), alignLeft)
	}
}
