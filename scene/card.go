package scene

import (
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
