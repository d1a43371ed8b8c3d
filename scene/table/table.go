package table

import (
	"errors"
	"math"

	"cowpoke/game"
	"cowpoke/game/board"
)

// Mode is what a click on the table does for the active model.
type Mode int

// The modes of the battle screen.
const (
	ModeIdle      Mode = iota // clicks select models
	ModeMove                  // clicks move the active model (Move, 1 AP)
	ModeRunTo                 // clicks walk a rolled Run
	ModeFace                  // clicks turn the active model to face the point
	ModeShoot                 // clicks shoot an enemy (Spread: add targets, click again to fire)
	ModeAim                   // clicks put the Aim marker on an enemy
	ModeBlaze                 // clicks Blaze Away at an enemy
	ModeThrow                 // clicks throw a stick of dynamite at the spot
	ModeOverwatch             // clicks (or a drag) set the Overwatch arc's direction
	ModeBrawl                 // clicks order the bouts against the enemies in contact
)

// String names the mode for the status line.
func (m Mode) String() string {
	switch m {
	case ModeMove:
		return "Move"
	case ModeRunTo:
		return "Run"
	case ModeFace:
		return "Face"
	case ModeShoot:
		return "Shoot"
	case ModeAim:
		return "Aim"
	case ModeBlaze:
		return "Blaze Away"
	case ModeThrow:
		return "Throw Dynamite"
	case ModeOverwatch:
		return "Overwatch"
	case ModeBrawl:
		return "Brawl"
	}
	return "Select"
}

// ModeOf is the mode an action puts the table in (the button to light
// up while it lasts), or -1 for actions that act at once.
func ModeOf(a Action) Mode {
	switch a {
	case ActMove:
		return ModeMove
	case ActRun:
		return ModeRunTo
	case ActFace:
		return ModeFace
	case ActShoot:
		return ModeShoot
	case ActAim:
		return ModeAim
	case ActBlaze:
		return ModeBlaze
	case ActThrow:
		return ModeThrow
	case ActOverwatch:
		return ModeOverwatch
	case ActBrawl:
		return ModeBrawl
	}
	return -1
}

// Action is a player's intent from a key or a button, not a raw key.
type Action int

// The actions of the battle screen.
const (
	ActNone      Action = iota
	ActMove             // choose a destination for a Move
	ActRun              // declare a Run: the 2D6 are rolled at once
	ActFace             // choose a direction to face
	ActEnd              // end the activation
	ActActivate         // activate the selected model
	ActNext             // select the next model that can still act
	ActCancel           // leave the mode, or clear the selection
	ActHold             // an overwatcher lets the mover pass
	ActShoot            // choose a target to shoot
	ActAim              // choose a target to aim at
	ActBlaze            // choose a target to Blaze Away at
	ActThrow            // choose a spot to throw dynamite at
	ActReload           // reload the empty weapon
	ActOverwatch        // choose the Overwatch arc's direction
	ActBrawl            // brawl every enemy in contact (choosing the order first when there are several)
	ActInteract         // open, close or unlock the nearest door in reach
	ActFire             // an overwatcher fires at the chosen or suggested point
	ActSlot1            // use the first weapon
	ActSlot2            // use the second weapon
	ActRefocus          // card stacks: restack the cards for 1 AP (R35)
	ActTape             // take out or put away the tape measure
)

// Table is the state of the battle screen around one match.
type Table struct {
	Tape     Tape // the tape measure, out or away
	M        *game.Match
	Selected int  // the model whose card and rangefinder are shown, or -1
	Mode     Mode // what a click on the table does
	Status   string
	Error    bool // Status is a refusal rather than a hint

	// Computer reports whether the computer plays a posse (solo play):
	// the hints for keys and clicks are left out of its decisions.
	Computer func(posse int) bool

	// KeyOf names the key in force for an action, for the hints that name
	// one ("H to hold"); the screen sets it from the player's bindings. Nil
	// or "" gives the first-start key.
	KeyOf func(Action) string

	Slot    int   // the weapon slot the active model shoots with
	Picked  []int // Shoot: the targets chosen so far (Spread); Brawl: the bouts ordered so far
	FireAt  float64
	FireSet bool // the overwatcher chose FireAt on the path (else the suggestion is used)

	hover     game.Point
	hoverOn   bool
	mouse     game.Point // the last cursor position the screen reported
	mouseOn   bool
	keyAim    int  // the candidate Tab last put the aim point on
	nudged    int  // the match stamp at the last Shift+arrow
	nudgeMode Mode // the mode at the last Shift+arrow
	gen       int  // bumped whenever the view is worked out
	view      View // what the screen draws, worked out when something changed
	stamp     int  // bumped whenever the match changes
	options   []game.Option
	optFor    int // stamp the options were listed at
}

// New puts a match on the table.
func New(m *game.Match) *Table {
	t := &Table{M: m, Selected: -1}
	t.changed()
	return t
}

// ModelAt returns the standing model whose base covers p, or -1.
func (t *Table) ModelAt(p game.Point) int {
	best, bestD := -1, board.BaseRadius
	for i := range t.M.Models {
		md := &t.M.Models[i]
		if md.Removed() {
			continue
		}
		if d := md.Pos.Dist(p); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Options lists the active model's actions, each refusal in a player's
// words from the engine (Match.PlayerOptions), cached until the match
// changes: the action bar asks for them every frame.
func (t *Table) Options() []game.Option {
	if t.optFor != t.stamp {
		t.options = t.M.PlayerOptions()
		t.optFor = t.stamp
	}
	return t.options
}

// Allowed reports whether the active model may take an action of a kind
// now, and if not, why.
func (t *Table) Allowed(k game.CommandKind) (bool, string) {
	for _, o := range t.Options() {
		if o.Kind == k {
			return o.Allowed, o.Reason
		}
	}
	return false, "no model is activating"
}

// Ready reports whether a model can still be activated by the side that is up.
func (t *Table) Ready(id int) bool { return t.M.CanActivate(id) }

// Click turns a left click on the table at p into a command, or changes
// the selection. ok is false when there is nothing to apply.
func (t *Table) Click(p game.Point) (c game.Command, ok bool) {
	m := t.M
	if m.Pending != nil {
		return t.clickFire(p)
	}
	if m.Over {
		return c, false
	}
	hit := t.ModelAt(p)
	if m.Active < 0 {
		switch {
		case hit >= 0 && hit == t.Selected && t.Ready(hit):
			return game.Command{Kind: game.CmdActivate, Model: hit}, true
		case hit >= 0:
			t.Select(hit)
			if t.Ready(hit) {
				t.hint(m.Models[hit].Name + ": click again, or press Enter, to activate.")
			}
		default:
			t.Select(-1)
		}
		return c, false
	}
	id := m.Active
	switch t.Mode {
	case ModeFace:
		to := p
		if hit >= 0 {
			to = m.Models[hit].Pos
		}
		d := to.Sub(m.Models[id].Pos)
		if d.Len() < 1e-9 {
			return c, false
		}
		return game.Command{Kind: game.CmdFace, Model: id, Facing: math.Atan2(d.Y, d.X)}, true
	case ModeMove, ModeRunTo:
		kind := game.CmdMove
		if t.Mode == ModeRunTo {
			kind = game.CmdRunTo
		}
		if hit == id {
			return c, false
		}
		to := t.destination(p, hit)
		if end, ok := t.ghostFor(kind, id, to); ok {
			to = end // out of reach: the click walks as far as the ghost
		}
		return game.Command{Kind: kind, Model: id, To: &to}, true
	case ModeShoot, ModeAim, ModeBlaze, ModeThrow, ModeOverwatch, ModeBrawl:
		return t.clickAction(p, hit)
	}
	if hit >= 0 {
		t.Select(hit)
	} else {
		t.Select(id)
	}
	return c, false
}

// destination is where a click at p sends the active model: the point
// itself, or base contact with the model clicked on.
func (t *Table) destination(p game.Point, hit int) game.Point {
	if hit < 0 || hit == t.M.Active {
		return p
	}
	m := t.M
	from, at := m.Models[m.Active].Pos, m.Models[hit].Pos
	d := from.Sub(at)
	if d.Len() < 1e-9 {
		return p
	}
	// The side facing the mover first, then round the base either way to
	// a free side: another base or a wall may hold the nearest one.
	others := make([]game.Point, 0, len(m.Models))
	for i := range m.Models {
		if i != m.Active && !m.Models[i].Removed() {
			others = append(others, m.Models[i].Pos)
		}
	}
	base := math.Atan2(d.Y, d.X)
	r := 2*board.BaseRadius + 0.01
	for k := 0; k <= 24; k++ {
		a := base + float64((k+1)/2)*math.Pi/12*float64(1-2*(k%2))
		q := at.Add(game.Point{X: r * math.Cos(a), Y: r * math.Sin(a)})
		if m.Board.CanStand(q, others) {
			return q
		}
	}
	return at.Add(d.Unit().Scale(r))
}

// Do turns an action into a command, or changes the mode. ok is false
// when there is nothing to apply.
func (t *Table) Do(a Action) (c game.Command, ok bool) {
	m := t.M
	if a == ActHold {
		if m.Pending == nil {
			return c, false
		}
		return game.Command{Kind: game.CmdHold, Model: m.Pending.Watcher}, true
	}
	if m.Pending != nil && (a == ActFire || a == ActActivate) {
		return t.fire()
	}
	if m.Pending != nil && a == ActNext {
		t.nextFirePoint()
		return c, false
	}
	if m.Over || m.Pending != nil {
		return c, false
	}
	switch a {
	case ActActivate:
		if m.Active >= 0 {
			return t.confirm()
		}
		if !t.Ready(t.Selected) {
			t.fail("Choose one of " + m.Posses[m.Up.Posse].Name + " who has not acted yet.")
			return c, false
		}
		return game.Command{Kind: game.CmdActivate, Model: t.Selected}, true
	case ActNext:
		if t.targeting() {
			t.nextAimPoint()
			return c, false
		}
		t.selectNext()
		return c, false
	case ActCancel:
		switch {
		case m.RunLeft > 0:
			t.hint("The Run is rolled: choose where to run, or end the activation.")
		case t.Mode != ModeIdle:
			t.SetMode(ModeIdle)
		case m.Active < 0:
			t.Select(-1)
		}
		return c, false
	}
	if m.Active < 0 {
		t.fail("Choose a model of " + m.Posses[m.Up.Posse].Name + " to activate first.")
		return c, false
	}
	id := m.Active
	switch a {
	case ActMove:
		return t.enter(game.CmdMove, ModeMove)
	case ActFace:
		return t.enter(game.CmdFace, ModeFace)
	case ActRun:
		if ok, why := t.Allowed(game.CmdRun); !ok {
			t.fail(why)
			return c, false
		}
		return game.Command{Kind: game.CmdRun, Model: id}, true
	case ActEnd:
		return game.Command{Kind: game.CmdEnd, Model: id}, true
	case ActTape:
		t.ToggleTape()
		return c, false
	case ActRefocus:
		if ok, why := t.Allowed(game.CmdRefocus); !ok {
			t.fail(why)
			return c, false
		}
		return game.Command{Kind: game.CmdRefocus, Model: id}, true
	}
	return t.doAction(a)
}

// enter switches to a mode when its action is allowed.
func (t *Table) enter(k game.CommandKind, mode Mode) (game.Command, bool) {
	if ok, why := t.Allowed(k); !ok {
		t.fail(why)
		return game.Command{}, false
	}
	t.SetMode(mode)
	return game.Command{}, false
}

// SetMode changes the mode and says what a click will do.
func (t *Table) SetMode(mode Mode) {
	t.Mode = mode
	t.Picked = t.Picked[:0]
	t.keyAim = -1
	switch mode {
	case ModeMove:
		t.hint("Move: click where to go (or on a model to close in). Esc cancels.")
	case ModeRunTo:
		t.hint("Run: click where to run.")
	case ModeFace:
		t.hint("Face: click the point or model to face. Esc cancels.")
	case ModeShoot, ModeAim, ModeBlaze, ModeThrow, ModeOverwatch, ModeBrawl:
		t.hint(modeHint(mode))
	default:
		t.hint("")
	}
	t.refresh()
}

// Select shows a model's card and measures from it.
func (t *Table) Select(id int) {
	if t.M.Active >= 0 && id < 0 {
		id = t.M.Active
	}
	t.Selected = id
	t.refresh()
}

// selectNext selects the next model of the side that is up that can still
// activate, after the selected one.
func (t *Table) selectNext() {
	n := len(t.M.Models)
	for k := 1; k <= n; k++ {
		id := (t.Selected + k + n) % n
		if t.Ready(id) {
			t.Select(id)
			t.hint(t.M.Models[id].Name + ": press Enter or click again to activate.")
			return
		}
	}
}

func (t *Table) hint(s string) { t.Status, t.Error = s, false }
func (t *Table) fail(s string) { t.Status, t.Error = Plain(s), true }

// Apply validates and applies a command, updating the selection, the mode
// and the caches. A refusal is put in Status and returned.
func (t *Table) Apply(c game.Command) ([]game.Event, error) {
	early := t.endsEarly(c) // ghost.go
	evs, err := t.M.Apply(c)
	evs, err = t.settle(c.Kind, evs, err)
	if err == nil && early != "" && t.M.CanUndo() {
		t.hint(early)
	}
	return evs, err
}

// settle puts a refusal in Status, or updates the table after a command.
func (t *Table) settle(k game.CommandKind, evs []game.Event, err error) ([]game.Event, error) {
	if err != nil {
		t.fail(err.Error())
		return nil, err
	}
	t.hint("")
	t.after(k)
	return evs, nil
}

// after sets the mode that follows an applied command.
func (t *Table) after(k game.CommandKind) {
	t.changed()
	m := t.M
	t.Mode = ModeIdle
	t.Picked = t.Picked[:0]
	t.FireSet = false
	if m.Active < 0 {
		t.Slot = 0
	}
	switch {
	case m.Over || m.Pending != nil:
	case m.Active < 0:
		t.Selected = -1
	case m.RunLeft > 0:
		t.Selected = m.Active
		t.SetMode(ModeRunTo)
	case k == game.CmdActivate:
		t.Selected = m.Active
		if ok, _ := t.Allowed(game.CmdMove); ok {
			t.SetMode(ModeMove)
		}
	default:
		t.Selected = m.Active
	}
	t.refresh()
}

// Undo takes back the last command when the engine allows it.
func (t *Table) Undo() error {
	if !t.M.CanUndo() {
		err := errors.New("nothing to undo since the last roll of the dice")
		if t.M.Pending != nil {
			err = errors.New("an overwatcher is deciding: that cannot be undone")
		}
		t.fail(err.Error())
		return err
	}
	u, err := t.M.Undo()
	if err != nil {
		t.fail(err.Error())
		return err
	}
	t.M = u
	t.hint("Undone.")
	t.after(game.CmdFace)
	if t.M.Active < 0 {
		t.Selected = -1
	}
	return nil
}

// Replace puts another match on the table (after Load).
func (t *Table) Replace(m *game.Match) {
	t.M = m
	t.after(game.CmdFace)
}

// changed notes that the match changed.
func (t *Table) changed() { t.stamp++ }

// Stamp changes whenever the match does.
func (t *Table) Stamp() int { return t.stamp }

// firstKeys are the actions' keys at first start, for a table whose screen
// names none (KeyOf nil): the window's own list is its action table.
var firstKeys = map[Action]string{ActHold: "H", ActTape: "Q"}

// key names the key of an action for a hint.
func (t *Table) key(a Action) string {
	if t.KeyOf != nil {
		if s := t.KeyOf(a); s != "" {
			return s
		}
	}
	return firstKeys[a]
}
