package table

import (
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// modeHint says what a click does in a targeting mode.
func modeHint(mode Mode) string {
	switch mode {
	case ModeShoot:
		return "Shoot: hover an enemy for the odds, click to fire (Tab picks a target, Enter fires). Esc cancels."
	case ModeAim:
		return "Aim: click the enemy to aim at (Tab, Enter). Esc cancels."
	case ModeBlaze:
		return "Blaze Away: click the enemy (Tab, Enter). Every six hits; the gun runs dry. Esc cancels."
	case ModeThrow:
		return "Throw Dynamite: click where the stick should land (Tab picks an enemy, Enter throws). Esc cancels."
	case ModeOverwatch:
		return "Overwatch: point or drag the arc's direction, click to set it (Tab faces an enemy, Enter sets). Esc cancels."
	case ModeBrawl:
		return "Brawl: click the enemies in the order to fight them (Enter fights in the order shown). Esc cancels."
	}
	return ""
}

// targeting reports whether clicks on the table choose a target or spot.
func (t *Table) targeting() bool {
	switch t.Mode {
	case ModeShoot, ModeAim, ModeBlaze, ModeThrow, ModeOverwatch, ModeBrawl, ModeMove, ModeRunTo, ModeFace:
		return t.M.Active >= 0
	}
	return false
}

// confirm is Enter during an activation: the click a mouse would give at
// the aim point.
func (t *Table) confirm() (game.Command, bool) {
	switch t.Mode {
	case ModeBrawl:
		return t.brawlCommand(), true
	case ModeShoot:
		if len(t.Picked) > 0 && t.View().Target < 0 {
			return t.shootCommand(), true
		}
	}
	if !t.targeting() || !t.hoverOn {
		return game.Command{}, false
	}
	hit := t.ModelAt(t.hover)
	if t.Mode == ModeShoot && hit >= 0 && len(t.Picked) > 0 && t.Picked[len(t.Picked)-1] == hit {
		return t.shootCommand(), true
	}
	return t.Click(t.hover)
}

// candidates are the points Tab steps the aim through: the standing
// enemies (in Brawl, those in contact).
func (t *Table) aimCandidates() []int {
	m := t.M
	me := m.Models[m.Active].Posse
	var out []int
	for i := range m.Models {
		o := &m.Models[i]
		if o.Posse == me || o.Removed() {
			continue
		}
		if t.Mode == ModeBrawl && !slices.Contains(m.EnemiesInContact(m.Active), i) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// nextAimPoint puts the aim point on the next enemy: keys alone can aim.
func (t *Table) nextAimPoint() {
	cs := t.aimCandidates()
	if len(cs) == 0 {
		t.fail("No enemy to point at.")
		return
	}
	k := 0
	for i, c := range cs {
		if c > t.keyAim {
			k = i
			break
		}
	}
	if t.keyAim >= cs[len(cs)-1] {
		k = 0
	}
	t.keyAim = cs[k]
	t.hover, t.hoverOn = t.M.Models[cs[k]].Pos, true
	t.refresh()
}

// AimStep is how far one Shift+arrow press moves the aim point, inches.
const AimStep = 0.5

// NudgeAim moves the aim point by (dx, dy) inches, starting from the
// active model: with Enter, keys alone can choose any spot on the table
// for a Move, a Run, a Throw, a facing or an Overwatch arc. The point stays
// until the mouse moves.
func (t *Table) NudgeAim(dx, dy float64) {
	if !t.targeting() {
		return
	}
	p := t.hover
	if !t.hoverOn || p == t.mouse || t.nudged != t.stamp || t.nudgeMode != t.Mode {
		// The first press of a mode, or after the match changed, starts at
		// the model, not where the mouse rests or the last command went.
		p = t.M.Models[t.M.Active].Pos
	}
	t.nudged, t.nudgeMode = t.stamp, t.Mode
	b := t.M.Board
	p.X = math.Max(0, math.Min(b.Width, p.X+dx))
	p.Y = math.Max(0, math.Min(b.Height, p.Y+dy))
	t.hover, t.hoverOn = p, true
	t.refresh()
}

// clickAction is a click in one of the action modes.
func (t *Table) clickAction(p game.Point, hit int) (game.Command, bool) {
	m := t.M
	id := m.Active
	md := &m.Models[id]
	enemy := hit >= 0 && m.Models[hit].Posse != md.Posse
	switch t.Mode {
	case ModeShoot, ModeAim, ModeBlaze:
		if !enemy {
			t.fail("Click an enemy model.")
			return game.Command{}, false
		}
		switch t.Mode {
		case ModeAim:
			return game.Command{Kind: game.CmdAim, Model: id, Target: hit}, true
		case ModeBlaze:
			return game.Command{Kind: game.CmdBlaze, Model: id, Slot: t.Slot, Target: hit}, true
		}
		spread := t.spread()
		for _, q := range t.Picked {
			if q == hit {
				return t.shootCommand(), true // a chosen target clicked again fires
			}
		}
		if len(t.Picked) == 0 {
			if err := m.Validate(game.Command{Kind: game.CmdShoot, Model: id, Slot: t.Slot, Target: hit}); err != nil {
				t.fail(err.Error())
				return game.Command{}, false
			}
		}
		t.Picked = append(t.Picked, hit)
		if len(t.Picked) > spread {
			return t.shootCommand(), true
		}
		t.hint(fmt.Sprintf("Spread: click up to %d more enemies, or click a chosen one again (or Enter) to fire.", spread+1-len(t.Picked)))
		t.refresh()
		return game.Command{}, false
	case ModeThrow:
		to := p
		if hit >= 0 {
			to = m.Models[hit].Pos
		}
		return game.Command{Kind: game.CmdThrow, Model: id, To: &to}, true
	case ModeOverwatch:
		to := p
		if hit >= 0 {
			to = m.Models[hit].Pos
		}
		d := to.Sub(md.Pos)
		if d.Len() < 1e-9 {
			return game.Command{}, false
		}
		return game.Command{Kind: game.CmdOverwatch, Model: id, Facing: math.Atan2(d.Y, d.X)}, true
	case ModeBrawl:
		if !enemy || !board.InContact(md.Pos, m.Models[hit].Pos) {
			t.fail("Click an enemy in base contact.")
			return game.Command{}, false
		}
		for _, q := range t.Picked {
			if q == hit {
				return game.Command{}, false
			}
		}
		t.Picked = append(t.Picked, hit)
		if len(t.Picked) >= len(t.aimCandidates()) {
			return t.brawlCommand(), true
		}
		t.refresh()
		return game.Command{}, false
	}
	return game.Command{}, false
}

// spread is how many extra targets the chosen weapon may add (R20).
func (t *Table) spread() int {
	md := &t.M.Models[t.M.Active]
	w, ok := md.Weapon(t.Slot)
	if !ok {
		return 0
	}
	spec, _ := w.Spec()
	return spec.Spread
}

// shootCommand shoots the targets picked so far.
func (t *Table) shootCommand() game.Command {
	c := game.Command{Kind: game.CmdShoot, Model: t.M.Active, Slot: t.Slot, Target: t.Picked[0]}
	if len(t.Picked) > 1 {
		c.Extra = append([]int(nil), t.Picked[1:]...)
	}
	return c
}

// brawlOrder is the order of the bouts: those clicked first, then the
// rest of the enemies in contact.
func (t *Table) brawlOrder() []int {
	order := append([]int(nil), t.Picked...)
	for _, e := range t.aimCandidates() {
		seen := false
		for _, q := range order {
			seen = seen || q == e
		}
		if !seen {
			order = append(order, e)
		}
	}
	return order
}

func (t *Table) brawlCommand() game.Command {
	return game.Command{Kind: game.CmdBrawl, Model: t.M.Active, Order: t.brawlOrder()}
}

// doAction handles the chapter-5 actions of the action bar.
func (t *Table) doAction(a Action) (game.Command, bool) {
	m := t.M
	id := m.Active
	switch a {
	case ActSlot1, ActSlot2:
		s := 0
		if a == ActSlot2 {
			s = 1
		}
		if w, ok := m.Models[id].Weapon(s); ok {
			t.Slot = s
			t.hint("Weapon: " + w.String())
			t.refresh()
		} else {
			t.fail(fmt.Sprintf("%s has no weapon %d.", m.Models[id].Name, s+1))
		}
		return game.Command{}, false
	case ActShoot:
		return t.enter(game.CmdShoot, ModeShoot)
	case ActAim:
		return t.enter(game.CmdAim, ModeAim)
	case ActBlaze:
		return t.enter(game.CmdBlaze, ModeBlaze)
	case ActThrow:
		return t.enter(game.CmdThrow, ModeThrow)
	case ActOverwatch:
		return t.enter(game.CmdOverwatch, ModeOverwatch)
	case ActBrawl:
		if ok, why := t.Allowed(game.CmdBrawl); !ok {
			t.fail(why)
			return game.Command{}, false
		}
		t.SetMode(ModeBrawl)
		return game.Command{}, false
	case ActReload:
		md := &m.Models[id]
		slot := -1
		for s := range md.Profile.Weapons {
			if md.Empty[s] && (slot < 0 || s == t.Slot) {
				slot = s
			}
		}
		if slot < 0 {
			_, why := t.Allowed(game.CmdReload)
			t.fail(why)
			return game.Command{}, false
		}
		return game.Command{Kind: game.CmdReload, Model: id, Slot: slot}, true
	case ActInteract:
		return t.interact()
	}
	return game.Command{}, false
}

// interact opens, closes or unlocks the nearest door the engine allows.
func (t *Table) interact() (game.Command, bool) {
	m := t.M
	id := m.Active
	if c, ok := t.lootInteract(id); ok { // loot within reach comes first (interact.go)
		return c, t.askRoll(c)
	}
	pos := m.Models[id].Pos
	best, bestD := game.Command{}, math.Inf(1)
	var firstErr error
	firstD := math.Inf(1)
	for i := range m.Board.Features {
		f := &m.Board.Features[i]
		if f.Kind != board.Door {
			continue
		}
		c := game.Command{Kind: game.CmdInteract, Model: id, Door: f.ID, Open: !f.Open || f.Locked}
		d := featureDist(pos, f)
		if err := m.Validate(c); err != nil {
			if d < firstD {
				firstErr, firstD = err, d
			}
			continue
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	if bestD < math.Inf(1) {
		return best, t.askRoll(best)
	}
	if firstErr != nil {
		t.fail(firstErr.Error())
	} else {
		t.fail("There is no door on this map.")
	}
	return game.Command{}, false
}

// featureDist is the distance from p to a feature's nearest edge point.
func featureDist(p game.Point, f *board.Feature) float64 {
	d := math.Inf(1)
	pts := f.Points
	if len(pts) == 1 {
		return p.Dist(pts[0])
	}
	for i := range pts {
		if i+1 == len(pts) && !f.Closed {
			break
		}
		a, b := pts[i], pts[(i+1)%len(pts)]
		ab := b.Sub(a)
		l2 := ab.Dot(ab)
		u := 0.0
		if l2 > 0 {
			u = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
		}
		d = math.Min(d, p.Dist(a.Add(ab.Scale(u))))
	}
	return d
}

// clickFire is a click while an overwatcher decides: a click on the
// marked stretch of the mover's path fires there.
func (t *Table) clickFire(p game.Point) (game.Command, bool) {
	at, ok := t.pathPoint(p)
	if !ok {
		t.fail("Click the marked stretch of the path to fire there, or press Enter for the suggested point, " + t.key(ActHold) + " to hold.")
		return game.Command{}, false
	}
	t.FireAt, t.FireSet = at, true
	return t.fire()
}

// pathPoint is the point of the pending path's chances nearest p, within
// an inch.
func (t *Table) pathPoint(p game.Point) (float64, bool) {
	in := t.M.Pending
	best, bestD := 0.0, 1.0
	ok := false
	for _, s := range in.Chances() {
		from := math.Max(s.From, in.Progress)
		for x := from; ; x += 0.05 {
			x = math.Min(x, s.To)
			if d := board.PointAlong(in.Path, x).Dist(p); d < bestD {
				best, bestD, ok = x, d, true
			}
			if x >= s.To {
				break
			}
		}
	}
	return best, ok
}

// fire fires at the chosen point, or at the engine's suggestion.
func (t *Table) fire() (game.Command, bool) {
	m := t.M
	in := m.Pending
	slot, at, _, ok := m.BestFire()
	if t.FireSet {
		at = t.FireAt
		slot = t.fireSlot(at)
		ok = true
	}
	if !ok {
		t.fail("There is no shot to take here: hold (" + t.key(ActHold) + ").")
		return game.Command{}, false
	}
	return game.Command{Kind: game.CmdFire, Model: in.Watcher, Slot: slot, At: at}, true
}

// fireSlot is the overwatcher's weapon with the best chance at a point.
func (t *Table) fireSlot(at float64) int {
	m := t.M
	best, slot := -1.0, 0
	for s := range m.Models[m.Pending.Watcher].Profile.Weapons {
		if o, err := m.FireOdds(s, at); err == nil && !o.Pool.Impossible && o.Odds.PHit > best {
			best, slot = o.Odds.PHit, s
		}
	}
	return slot
}

// nextFirePoint steps the chosen point an inch further along the chances
// (keys alone): Tab.
func (t *Table) nextFirePoint() {
	in := t.M.Pending
	cur := t.FireAt
	if !t.FireSet {
		_, cur, _, _ = t.M.BestFire()
	}
	var first float64
	have := false
	for _, s := range in.Chances() {
		from := math.Max(s.From, in.Progress)
		if !have {
			first, have = from, true
		}
		if next := math.Max(cur+1, from); next <= s.To+1e-9 {
			t.FireAt, t.FireSet = next, true
			t.refresh()
			return
		}
	}
	if have {
		t.FireAt, t.FireSet = first, true
		t.refresh()
	}
}

// Tone is how a line of the panel's readout is coloured.
type Tone int

// The tones of the readout.
const (
	ToneText Tone = iota
	ToneHead
	ToneDim
	ToneGood
	ToneBad
)

// Line is one line of the panel's readout.
type Line struct {
	Text string
	Tone Tone
}

// Pct writes a probability as the screen shows it.
func Pct(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// poolLines explains a pool modifier by modifier, in words: the weapon's
// dice at this range, each modifier, and what is rolled. An impossible
// pool says why not (the engine's WhyNot, given by the caller).
func poolLines(out []Line, p *rules.Pool, weapon, whyNot string) []Line {
	if p.Base != rules.NoShot {
		out = append(out, Line{weapon + ": " + words.Count(p.Base, "die", "dice") + " at this range", ToneText})
	}
	for _, md := range p.Modifiers() {
		if md.Dice == 0 {
			continue
		}
		more := "more"
		if md.Dice < 0 {
			more = "fewer"
		}
		out = append(out, Line{fmt.Sprintf("   %d %s %s", abs(md.Dice), more, modifierWhy(md.Name)), ToneText})
	}
	switch {
	case p.Impossible:
		if whyNot == "" {
			whyNot = "no die to roll"
		}
		out = append(out, Line{"No shot: " + whyNot, ToneBad})
	case p.HailMary:
		out = append(out, Line{"= 1 die, a Hail Mary: none left, one rolled anyway", ToneHead})
	case p.EverySix:
		out = append(out, Line{"= " + words.Count(p.Dice, "die", "dice") + ", every six a hit", ToneHead})
	default:
		out = append(out, Line{"= " + words.Count(p.Dice, "die", "dice"), ToneHead})
	}
	return out
}

// oddsLines writes P(hit) and P(removed) of an Odds.
func oddsLines(out []Line, o *game.Odds, target string) []Line {
	if o.Pool.Impossible {
		return out
	}
	return append(out,
		Line{"At least one hit: " + Pct(o.Odds.PHit), ToneGood},
		Line{"Removes " + target + ": " + Pct(o.Odds.PRemoved), ToneGood})
}

// previewAction fills in the chosen action's preview for the aim point.
func (t *Table) previewAction(v *View) {
	m := t.M
	id := m.Active
	md := &m.Models[id]
	if v.HoverModel >= 0 && m.Models[v.HoverModel].Posse != md.Posse {
		v.Target = v.HoverModel
	}
	switch t.Mode {
	case ModeShoot, ModeBlaze:
		blaze := t.Mode == ModeBlaze
		for i, q := range t.Picked {
			o, err := m.ShotOdds(id, t.Slot, q, false)
			role := "Primary target: "
			if i > 0 {
				role = "Extra target: "
			}
			v.Info = append(v.Info, Line{role + m.Models[q].Name, ToneHead})
			if i > 0 && md.AimAt == q {
				v.Info = append(v.Info, Line{"(the Aim counts for the primary only: no preview)", ToneDim})
				continue
			}
			if err == nil {
				v.Info = oddsLines(v.Info, &o, m.Models[q].Name)
			}
		}
		if v.Target < 0 {
			if len(t.Picked) == 0 {
				v.Info = append(v.Info, Line{"Hover an enemy to see the odds.", ToneDim})
			}
			return
		}
		w, _ := md.Weapon(t.Slot)
		verb := "Shoot "
		if blaze {
			verb = "Blaze Away at "
		}
		v.Info = append(v.Info, Line{verb + m.Models[v.Target].Name + " with the " + w.String(), ToneHead})
		kind := game.CmdShoot
		if blaze {
			kind = game.CmdBlaze
		}
		// Why not, from the engine, in a player's words (per target).
		whyNot := m.WhyNot(game.Command{Kind: kind, Model: id, Slot: t.Slot, Target: v.Target})
		o, err := m.ShotOdds(id, t.Slot, v.Target, blaze)
		if err != nil {
			if whyNot == "" {
				whyNot = Plain(err.Error())
			}
			v.Info = append(v.Info, Line{whyNot, ToneBad})
			v.Tip = "no shot"
			return
		}
		v.HasOdds, v.Odds = true, o
		if !blaze && len(t.Picked) > 0 && md.AimAt == v.Target {
			v.Info = append(v.Info, Line{"(as an extra target the Aim does not count)", ToneDim})
		}
		v.Info = poolLines(v.Info, &o.Pool, w.String(), whyNot)
		v.Info = oddsLines(v.Info, &o, m.Models[v.Target].Name)
		v.Tip = tip(&o)
	case ModeAim:
		if v.Target < 0 {
			v.Info = append(v.Info, Line{"Hover an enemy to aim at.", ToneDim})
			return
		}
		c := game.Command{Kind: game.CmdAim, Model: id, Target: v.Target}
		if why := m.WhyNot(c); why != "" {
			v.Info = append(v.Info, Line{why, ToneBad})
			return
		}
		v.Info = append(v.Info, Line{"Aim at " + m.Models[v.Target].Name + ": the next shot at him gains the Aim bonus.", ToneText})
		if o, err := m.ShotOdds(id, t.Slot, v.Target, false); err == nil {
			v.Info = append(v.Info, Line{"Without the Aim, now:", ToneDim})
			w, _ := md.Weapon(t.Slot)
			v.Info = poolLines(v.Info, &o.Pool, w.String(), m.WhyNot(game.Command{Kind: game.CmdShoot, Model: id, Slot: t.Slot, Target: v.Target}))
			v.Info = oddsLines(v.Info, &o, m.Models[v.Target].Name)
		}
	case ModeThrow:
		if !v.HoverOn {
			return
		}
		to := t.hover
		if v.Target >= 0 {
			to = m.Models[v.Target].Pos
		}
		v.Throwing, v.ThrowTo = true, to
		kind, p, err := m.ThrowPreview(to)
		if err != nil {
			v.Info = append(v.Info, Line{Plain(err.Error()), ToneBad})
			return
		}
		v.ThrowOK, v.ThrowKind, v.PReach = true, kind, p
		if kind == board.SureThrow {
			v.Tip = "Sure Throw"
			v.Info = append(v.Info, Line{"Sure Throw: it lands where you click.", ToneGood})
		} else {
			v.Tip = "long throw: reaches " + Pct(p)
			v.Info = append(v.Info, Line{"A long throw (a Hail Mary): it flies 6\" plus 1D6, and reaches the spot " + Pct(p) + ".", ToneHead})
		}
		v.Blast = append(v.Blast, m.BlastOdds(to)...)
		if len(v.Blast) == 0 {
			v.Info = append(v.Info, Line{"The blast would catch nobody.", ToneDim})
		}
		for i := range v.Blast {
			o := &v.Blast[i]
			name := m.Models[o.Target].Name
			if o.Pool.Impossible {
				v.Info = append(v.Info, Line{name + ": shielded by a wall", ToneDim})
				continue
			}
			tone := ToneGood
			if m.Models[o.Target].Posse == md.Posse {
				tone = ToneBad
			}
			v.Info = append(v.Info, Line{fmt.Sprintf("%s: %s, hit %s, removed %s", name, words.Count(o.Pool.Dice, "die", "dice"), Pct(o.Odds.PHit), Pct(o.Odds.PRemoved)), tone})
		}
	case ModeOverwatch:
		if !v.HoverOn {
			return
		}
		to := t.hover
		if v.Target >= 0 {
			to = m.Models[v.Target].Pos
		}
		d := to.Sub(md.Pos)
		if d.Len() < 1e-9 {
			return
		}
		v.Facing = math.Atan2(d.Y, d.X)
		r := m.OverwatchRange(id)
		if r <= 0 {
			v.Info = append(v.Info, Line{md.Name + " has no loaded gun to cover an arc with.", ToneBad})
			return
		}
		v.Arc = m.Board.ArcPolygon(md.Pos, v.Facing, r, v.Arc[:0])
		if r >= math.Hypot(m.Board.Width, m.Board.Height) {
			v.Info = append(v.Info, Line{"A 90-degree arc across the table, cut off by walls.", ToneText})
		} else {
			v.Info = append(v.Info, Line{fmt.Sprintf("A 90-degree arc out to %.0f\", cut off by walls.", r), ToneText})
		}
		v.Info = append(v.Info, Line{"An enemy moving inside it can be shot mid-move.", ToneDim})
	case ModeBrawl:
		order := t.brawlOrder()
		for i, o := range m.BoutOddsInOrder(id, order) { // as the engine rolls each bout (R53)
			v.Bouts = append(v.Bouts, Bout{Enemy: order[i], Odds: o})
		}
		for i, b := range v.Bouts {
			o := &b.Odds
			v.Info = append(v.Info,
				Line{fmt.Sprintf("Bout %d: %s against %s's %d", i+1, words.Count(o.AttackerDice, "die", "dice"), m.Models[b.Enemy].Name, o.DefenderDice), ToneHead},
				Line{fmt.Sprintf("win %s, lose %s, bloody draw %s, scuffle %s", Pct(o.PAttackerWins), Pct(o.PDefenderWins), Pct(o.PBloodyDraw), Pct(o.PScuffle)), ToneText},
				Line{fmt.Sprintf("removes him %s, removes %s %s", Pct(o.PDefenderRemoved), md.Name, Pct(o.PAttackerRemoved)), ToneText})
		}
	case ModeMove:
		if m.Engaged(id) {
			v.Parting = m.PartingShotOdds(id)
			v.Info = append(v.Info, Line{"Disengaging draws a parting shot from each enemy in contact:", ToneBad})
			for _, o := range v.Parting {
				v.Info = append(v.Info, Line{fmt.Sprintf("   %s: hit %s, removed %s", words.Count(o.Pool.Dice, "die", "dice"), Pct(o.Odds.PHit), Pct(o.Odds.PRemoved)), ToneText})
			}
		}
	}
}

// previewFire fills in the Fire/Hold prompt: the point (chosen or
// suggested) and the odds there.
func (t *Table) previewFire(v *View) {
	m := t.M
	in := m.Pending
	v.Fire = true
	wm, mv := &m.Models[in.Watcher], &m.Models[in.Mover]
	slot, at, o, ok := m.BestFire()
	v.Suggested = true
	if t.hoverOn {
		if a, near := t.pathPoint(t.hover); near {
			at, slot, ok, v.Suggested = a, t.fireSlot(a), true, false
		}
	}
	if t.FireSet && v.Suggested {
		at, slot, ok, v.Suggested = t.FireAt, t.fireSlot(t.FireAt), true, false
	}
	v.FireAt, v.FireSlot, v.FireOK = at, slot, ok
	v.FirePt = board.PointAlong(in.Path, at)
	if !ok {
		v.Info = append(v.Info, Line{wm.Name + " has no shot at " + mv.Name + ": hold (" + t.key(ActHold) + ").", ToneBad})
		return
	}
	o, err := m.FireOdds(slot, at)
	if err != nil {
		v.Info = append(v.Info, Line{Plain(err.Error()), ToneBad})
		v.FireOK = false
		return
	}
	v.HasOdds, v.Odds, v.Target = true, o, in.Mover
	w, _ := wm.Weapon(slot)
	where := "at the point you chose"
	if v.Suggested {
		where = "at the suggested point (best odds)"
	}
	v.Info = append(v.Info, Line{fmt.Sprintf("%s may fire at %s: %s, %s", wm.Name, mv.Name, words.Count(o.Pool.Dice, "die", "dice"), Pct(o.Odds.PHit)), ToneHead},
		Line{"with the " + w.String() + " " + where, ToneDim})
	v.Info = poolLines(v.Info, &o.Pool, w.String(), "")
	v.Info = oddsLines(v.Info, &o, mv.Name)
	v.Tip = tip(&o)
	if t.Computer != nil && t.Computer(wm.Posse) {
		v.Info = append(v.Info, Line{"The computer chooses whether and where to fire.", ToneDim})
		return
	}
	v.Info = append(v.Info, Line{"Hover the marked path to choose. Enter fires, " + t.key(ActHold) + " holds.", ToneDim})
}

// tip is the cursor's short line for a shot.
func tip(o *game.Odds) string {
	if o.Pool.Impossible {
		return "no shot" // the panel says why
	}
	return words.Count(o.Pool.Dice, "die", "dice") + ": hit " + Pct(o.Odds.PHit) + ", removes " + Pct(o.Odds.PRemoved)
}
