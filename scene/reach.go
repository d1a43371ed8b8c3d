package scene

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// The reach on demand: N (or the Reach button at the table's top left)
// draws round the active model (else the selected one) a ring at each
// range band's far edge that its weapon rolls dice in, each named with its
// dice ("under 6": 3 dice"), the last one the weapon's reach. Range is base
// edge to base edge, so a ring lies a base's radius beyond the band's
// distance from the model's centre: an enemy whose base reaches inside a
// ring is within that band. The rings are cut at the board's edges.

// bandLimits are the bands' far edges in inches (rules.BandFor); the last
// band has none.
var bandLimits = [...]float64{2, 6, 12, 24}

// weaponBands are a weapon's base dice per band and the last band with
// dice (-1: none: a melee weapon, dynamite).
func weaponBands(w rules.Weapon) (dice [5]int, last int) {
	last = -1
	spec, ok := w.Spec()
	if !ok || !spec.CanShoot() {
		return dice, -1
	}
	for i, b := range rules.Bands() {
		dice[i] = rules.BaseDice(w, b)
		if dice[i] >= 1 {
			last = i
		}
	}
	return dice, last
}

// weaponReach is a weapon's reach in words for the stat card: `reaches
// 12"`, "any range", or "" for a weapon that does not shoot.
func weaponReach(w rules.Weapon) string {
	_, last := weaponBands(w)
	switch {
	case last < 0:
		return ""
	case last >= len(bandLimits):
		return "any range"
	}
	return fmt.Sprintf("reaches %.0f\"", bandLimits[last])
}

// reachModel is the model whose reach is drawn: the active one, else the
// selected one; -1 for none.
func (b *battle) reachModel() int {
	m := b.t.M
	id := m.Active
	if id < 0 {
		id = b.t.Selected
	}
	if id < 0 || id >= len(m.Models) || m.Models[id].Removed() {
		return -1
	}
	return id
}

// reachWeapon is the weapon whose reach is drawn: the active model's
// chosen slot, else its first weapon that shoots.
func (b *battle) reachWeapon(id int) (rules.Weapon, bool) {
	ws := b.t.M.Models[id].Profile.Weapons
	if id == b.t.M.Active && b.t.Slot < len(ws) {
		if _, last := weaponBands(ws[b.t.Slot]); last >= 0 {
			return ws[b.t.Slot], true
		}
	}
	for _, w := range ws {
		if _, last := weaponBands(w); last >= 0 {
			return w, true
		}
	}
	return 0, false
}

// updateReach places the Reach button and toggles the reach by it or N.
func (b *battle) updateReach(a *App) {
	u := a.Theme.U
	vx, vy, _, _ := b.viewport(a)
	bt := &b.reachButton
	*bt = button{Label: "Reach", Key: keyName(a.binds[KeyReach]), Enabled: true, Compact: true, On: b.reach}
	if b.reachModel() >= 0 { // shown once a model is chosen: it has a reach
		bt.place(vx+8*u, vy+8*u, 96*u, 26*u)
	}
	if (bt.W > 0 && bt.clicked(&a.In)) || a.In.Pressed(KeyReach) {
		b.reach = !b.reach
		bt.On = b.reach
		a.In.Click = false // not a click on the table under it
	}
}

// reachShown is the model and weapon whose reach is drawn; ok is false
// when the reach is off or nobody's weapon reaches anywhere.
func (b *battle) reachShown() (id int, w rules.Weapon, ok bool) {
	if !b.reach {
		return -1, w, false
	}
	if id = b.reachModel(); id < 0 {
		return -1, w, false
	}
	w, ok = b.reachWeapon(id)
	return id, w, ok
}

// drawReach draws the rings (shapes only; drawReachLabels writes them).
func (b *battle) drawReach(a *App, ui *batch) {
	id, w, ok := b.reachShown()
	if !ok {
		return
	}
	dice, last := weaponBands(w)
	m := b.t.M
	u := float32(a.Theme.U)
	c := m.Models[id].Pos
	for i := 0; i <= last && i < len(bandLimits); i++ {
		if dice[i] < 1 {
			continue
		}
		col := colGold.alpha(0.55)
		wd := 2 * u
		if i == last {
			col, wd = colGold.alpha(0.95), 3*u
		}
		b.boardArc(ui, c, bandLimits[i]+board.BaseRadius, wd, col)
	}
}

// boardArc draws a ring of radius r inches about c, leaving out the parts
// off the board.
func (b *battle) boardArc(ui *batch, c game.Point, r float64, w float32, col rgba) {
	bd := b.t.M.Board
	const n = 96
	on := func(k int) (game.Point, bool) {
		a := 2 * math.Pi * float64(k) / n
		p := game.Point{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}
		return p, p.X >= 0 && p.Y >= 0 && p.X <= bd.Width && p.Y <= bd.Height
	}
	p0, in0 := on(0)
	for k := 1; k <= n; k++ {
		p1, in1 := on(k)
		if in0 && in1 {
			x0, y0 := b.xy(p0)
			x1, y1 := b.xy(p1)
			ui.line(x0, y0, x1, y1, w, col)
		}
		p0, in0 = p1, in1
	}
}

// drawReachLabels names each ring with its dice, on the ring where it is
// on the board and free of other words.
func (b *battle) drawReachLabels(a *App, dst *ebiten.Image) {
	id, w, ok := b.reachShown()
	if !ok {
		return
	}
	th := a.Theme
	dice, last := weaponBands(w)
	m := b.t.M
	c := m.Models[id].Pos
	lh := th.Small.Size * 1.25
	for i := 0; i <= last && i < len(bandLimits); i++ {
		if dice[i] < 1 {
			continue
		}
		s := fmt.Sprintf("under %.0f\": %s", bandLimits[i], words.Count(dice[i], "die", "dice"))
		if i == last {
			s = fmt.Sprintf("%s reach %.0f\": %s", w, bandLimits[i], words.Count(dice[i], "die", "dice"))
		}
		lw := th.measure(s, th.Small) + 4*th.U
		r := bandLimits[i] + board.BaseRadius
		// Try the ring's top, bottom, right, left, then the diagonals.
		for _, ang := range [...]float64{-90, 90, 0, 180, -45, -135, 45, 135} {
			a := ang * math.Pi / 180
			p := game.Point{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}
			if p.X < 0 || p.Y < 0 || p.X > m.Board.Width || p.Y > m.Board.Height {
				continue
			}
			x, y := b.cam.ToScreen(p)
			if !b.labels.shows(x, y, 0) {
				continue
			}
			offs := [...][2]float64{{0, -lh / 2}}
			if x, y, ok := b.labels.place(s, x, y, lw, lh, offs[:]); ok {
				th.shadowText(dst, s, th.Small, x, y, colGold, alignCenter)
				break
			}
		}
	}
	if last >= len(bandLimits) {
		s := fmt.Sprintf("%s: %s beyond 24\"", w, words.Count(dice[last], "die", "dice"))
		x, y := b.cam.ToScreen(c)
		lw := th.measure(s, th.Small) + 4*th.U
		offs := [...][2]float64{{0, (24+board.BaseRadius)*b.cam.Scale + 4*th.U}, {0, -(24+board.BaseRadius)*b.cam.Scale - lh - 4*th.U}}
		if x, y, ok := b.labels.place(s, x, y, lw, lh, offs[:]); ok {
			th.shadowText(dst, s, th.Small, x, y, colGold, alignCenter)
		}
	}
}
