package scene

import (
	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game/words"
	"cowpoke/rules"
)

// drawCardShapes draws the stat card's boxes: HP boxes (marked ones
// crossed out), the active model's AP pips, and the body diagram with each
// location's marked damage, as the rulebook's stat cards have them.
func (b *battle) drawCardShapes(a *App, ui *batch, id int, x0 float64) {
	u := float32(a.Theme.U)
	m := b.t.M
	md := &m.Models[id]
	hp := md.Health
	bx, by := float32(x0)+28*u, float32(pCard+111)*u
	for i := range hp.MaxHP {
		x := bx + float32(i)*18*u
		ui.rect(x, by, 14*u, 14*u, colPaper.alpha(0.85))
		if i >= hp.HP() {
			ui.rect(x, by, 14*u, 14*u, oBad)
			ui.line(x+2*u, by+2*u, x+12*u, by+12*u, 2*u, colInk)
			ui.line(x+2*u, by+12*u, x+12*u, by+2*u, 2*u, colInk)
		}
	}
	if m.Active >= 0 && m.Active == id {
		for i := range 2 {
			cx := float32(x0) + 180*u + float32(i)*20*u
			cy := by + 7*u
			if i < m.AP {
				ui.circle(cx, cy, 7*u, colGold)
			} else {
				ui.ring(cx, cy, 6*u, 2*u, colTextDim)
			}
		}
	}
	// body diagram, at the card's right
	cx := float32(x0) + float32(panelWidth-70)*u
	top := float32(pCard+4) * u
	col := func(l rules.Location) rgba {
		switch d := hp.Marked[l]; {
		case d >= 2:
			return hex(0xd7261e)
		case d == 1:
			return hex(0xf08c28)
		}
		return colPaper.alpha(0.3)
	}
	s := 1.0 * u
	ui.circle(cx, top+9*s, 8*s, col(rules.Head))             // head
	ui.rect(cx-10*s, top+19*s, 20*s, 22*s, col(rules.Chest)) // chest
	ui.rect(cx-9*s, top+43*s, 18*s, 16*s, col(rules.Gut))    // gut
	ui.rect(cx-20*s, top+19*s, 8*s, 38*s, col(rules.Arms))   // arms
	ui.rect(cx+12*s, top+19*s, 8*s, 38*s, col(rules.Arms))   //
	ui.rect(cx-9*s, top+61*s, 8*s, 38*s, col(rules.Legs))    // legs
	ui.rect(cx+1*s, top+61*s, 8*s, 38*s, col(rules.Legs))    //
	if hp.Removed() {
		ui.line(cx-22*s, top, cx+22*s, top+100*s, 3*s, oBad)
		ui.line(cx+22*s, top, cx-22*s, top+100*s, 3*s, oBad)
	}
}

// drawWeaponTip shows, while the cursor is over a weapon's line on the
// stat card, that weapon's dice at each range band, in a box left of the
// panel: the chart of the rulebook for the weapons the model carries.
func (b *battle) drawWeaponTip(a *App, dst *ebiten.Image, x0 float64) {
	c := &b.draw
	id := c.cardID
	m := b.t.M
	if id < 0 || id >= len(m.Models) {
		return
	}
	th := a.Theme
	u := th.U
	in := &a.In
	ws := m.Models[id].Profile.Weapons
	slot := -1
	for s := range ws {
		y := (pCard + 8 + float64(s+2)*16) * u
		if in.X >= x0 && in.X < x0+(panelWidth-90)*u && in.Y >= y && in.Y < y+16*u {
			slot = s
		}
	}
	if slot < 0 {
		return
	}
	w := ws[slot]
	dice, last := weaponBands(w)
	head := [...]string{"under 2\"", "2-6\"", "6-12\"", "12-24\"", "24\" on"}
	colW, lh := 62*u, 18*u
	bw, bh := 5*colW+20*u, 3*lh+20*u
	bx, by := x0-16*u-bw-10*u, (pCard+8+float64(slot+2)*16)*u
	by = min(by, float64(a.H)-bh-4*u)
	a.ui.rect(float32(bx), float32(by), float32(bw), float32(bh), colPanel.alpha(0.96))
	a.ui.flush(dst)
	title := w.String() + ": dice at each range"
	if last < 0 {
		title = w.String() + ": does not shoot"
	}
	th.text(dst, title, th.Bold, bx+10*u, by+8*u, colPaper, alignLeft)
	if last < 0 {
		return
	}
	for i := range head {
		x := bx + 10*u + float64(i)*colW + colW/2
		th.text(dst, head[i], th.Small, x, by+10*u+lh, colTextDim, alignCenter)
		d := "none"
		col := colTextDim
		if dice[i] >= 1 {
			d, col = words.Count(dice[i], "die", "dice"), colText
		}
		th.text(dst, d, th.Bold, x, by+10*u+2*lh, col, alignCenter)
	}
}
