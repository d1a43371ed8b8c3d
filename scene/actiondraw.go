package scene

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/scene/table"
)

// drawArcShape shades one Overwatch arc with its side's pattern: the
// first, third... side's arcs have a solid rim and solid spokes, the
// others a dashed rim and dashed spokes, so the sides differ by more than
// colour.
func (b *battle) drawArcShape(ui *batch, arc []game.Point, posse int, alpha float32) {
	c := sideColour(posse).alpha(alpha)
	xs, ys := b.draw.xs[:0], b.draw.ys[:0]
	for _, p := range arc {
		x, y := b.xy(p)
		xs, ys = append(xs, x), append(ys, y)
	}
	ui.fan(xs, ys, c)
	edge := sideColour(posse).alpha(min(1, alpha*3.5))
	dashed := posse%2 == 1
	for k := 1; k+1 < len(xs); k++ {
		if dashed && k%3 == 0 {
			continue
		}
		ui.line(xs[k], ys[k], xs[k+1], ys[k+1], 2.5, edge)
	}
	if len(xs) > 2 {
		for k := 1; k < len(xs); k += 15 {
			if dashed {
				ui.dashed(xs[0], ys[0], xs[k], ys[k], 1.5, 4, 6, edge)
			} else {
				ui.line(xs[0], ys[0], xs[k], ys[k], 1.5, edge)
			}
		}
	}
	b.draw.xs, b.draw.ys = xs, ys
}

// drawActionOverlays draws the chosen action's preview on the table: the
// target line, the Overwatch arc being chosen, the throw's reach and the
// blast rings, the brawl's bouts, and the Fire/Hold prompt's path.
func (b *battle) drawActionOverlays(a *App, ui *batch) {
	t := b.t
	m := t.M
	v := t.View()
	u := float32(a.Theme.U)
	s := float32(b.cam.Scale)
	r := float32(board.BaseRadius) * s
	if v.Fire && m.Pending != nil {
		in := m.Pending
		for i := 0; i+1 < len(in.Path); i++ {
			x0, y0 := b.xy(in.Path[i])
			x1, y1 := b.xy(in.Path[i+1])
			ui.line(x0, y0, x1, y1, 5*u, colBlack.alpha(0.4))
			ui.dashed(x0, y0, x1, y1, 3*u, 8*u, 5*u, oPath)
		}
		wc := sideColour(m.Models[in.Watcher].Posse)
		for _, sp := range in.Chances() {
			from := math.Max(sp.From, in.Progress)
			for x := from; x < sp.To; x += 0.25 {
				p0, p1 := board.PointAlong(in.Path, x), board.PointAlong(in.Path, math.Min(x+0.25, sp.To))
				x0, y0 := b.xy(p0)
				x1, y1 := b.xy(p1)
				ui.line(x0, y0, x1, y1, 8*u, wc.alpha(0.8))
			}
		}
		return
	}
	if m.Active < 0 || m.Active != v.From {
		return
	}
	me := m.Models[m.Active].Pos
	mx, my := b.xy(me)
	switch t.Mode {
	case table.ModeShoot, table.ModeBlaze, table.ModeAim:
		for _, q := range t.Picked {
			tx, ty := b.xy(m.Models[q].Pos)
			ui.ring(tx, ty, r+6*u, 3*u, oBad)
		}
		if v.Target >= 0 {
			tx, ty := b.xy(m.Models[v.Target].Pos)
			col := oBad
			if v.HasOdds && v.Odds.Pool.Impossible {
				col = colTextDim
			}
			ui.line(mx, my, tx, ty, 3*u, col)
			ui.ring(tx, ty, r+6*u, 2*u, col)
			ui.line(tx-r-10*u, ty, tx-r+2*u, ty, 2*u, col)
			ui.line(tx+r-2*u, ty, tx+r+10*u, ty, 2*u, col)
			ui.line(tx, ty-r-10*u, tx, ty-r+2*u, 2*u, col)
			ui.line(tx, ty+r-2*u, tx, ty+r+10*u, 2*u, col)
		}
	case table.ModeOverwatch:
		if len(v.Arc) > 2 {
			b.drawArcShape(ui, v.Arc, m.Models[m.Active].Posse, 0.22)
		}
	case table.ModeThrow:
		// the Sure Throw reach (6" from the base edge) and the Hail Mary band (to 12")
		sure := float32(board.SureThrowRange+board.BaseRadius) * s
		far := float32(12+board.BaseRadius) * s
		ui.arc(mx, my, (sure+far)/2, far-sure, 0, circleSegments, colGold.alpha(0.10))
		ui.ring(mx, my, sure, 2.5*u, colGood.alpha(0.9))
		ui.ring(mx, my, far, 2*u, colGold.alpha(0.7))
		if v.Throwing {
			tx, ty := b.xy(v.ThrowTo)
			col := colGood
			switch {
			case !v.ThrowOK:
				col = oBad
			case v.ThrowKind == board.HailMary:
				col = colGold
			}
			ui.line(mx, my, tx, ty, 5*u, colBlack.alpha(0.4))
			ui.dashed(mx, my, tx, ty, 3*u, 8*u, 5*u, col)
			if v.ThrowOK {
				ui.circle(tx, ty, float32(2+board.BaseRadius)*s, oBad.alpha(0.18))
				ui.ring(tx, ty, float32(2+board.BaseRadius)*s, 2.5*u, oBad)
				r6 := float32(6+board.BaseRadius) * s
				for k := 0; k < circleSegments; k += 2 {
					ui.arc(tx, ty, r6, 2.5*u, k, k+1, oBad)
				}
				for _, o := range v.Blast {
					ox, oy := b.xy(m.Models[o.Target].Pos)
					if o.Pool.Impossible {
						ui.ring(ox, oy, r+5*u, 2*u, oStone)
					} else {
						ui.ring(ox, oy, r+5*u, 3*u, oBad)
					}
				}
			} else {
				ui.line(tx-8*u, ty-8*u, tx+8*u, ty+8*u, 3*u, oBad)
				ui.line(tx-8*u, ty+8*u, tx+8*u, ty-8*u, 3*u, oBad)
			}
		}
	case table.ModeBrawl:
		for _, bt := range v.Bouts {
			ex, ey := b.xy(m.Models[bt.Enemy].Pos)
			ui.line(mx, my, ex, ey, 3*u, oBad)
		}
	}
}

// drawFireMarker marks the point the overwatcher would fire at, over the
// miniatures (the suggestion is often where the mover stands).
func (b *battle) drawFireMarker(a *App, ui *batch) {
	v := b.t.View()
	m := b.t.M
	if !v.Fire || !v.FireOK || m.Pending == nil {
		return
	}
	u := float32(a.Theme.U)
	r := float32(board.BaseRadius * b.cam.Scale)
	fx, fy := b.xy(v.FirePt)
	wx, wy := b.xy(m.Models[m.Pending.Watcher].Pos)
	ui.line(wx, wy, fx, fy, 2*u, oBad)
	ui.ring(fx, fy, r+3*u, 3*u, oBad)
	if v.Suggested {
		ui.star(fx, fy, r*0.8, colGold)
	}
}

// drawActionLabels writes the preview's words on the table: each caught
// model's blast dice (the odds, bouts and fuses are placed with the names,
// minis.go).
func (b *battle) drawActionLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	t := b.t
	m := t.M
	v := t.View()
	r := board.BaseRadius * b.cam.Scale
	if t.Mode == table.ModeThrow && v.ThrowOK {
		for i, o := range v.Blast {
			if i >= len(b.draw.blast) {
				break
			}
			x, y := b.cam.ToScreen(m.Models[o.Target].Pos)
			col := oBad
			if o.Pool.Impossible {
				col = oStone
			}
			s := b.draw.blast[i]
			w, lh := th.measure(s, th.Bold)+4*th.U, th.Bold.Size*1.3
			offs := [...][2]float64{{0, -r - lh - 2*th.U}, {0, -r - 2*lh - 2*th.U}, {0, r + 2*lh + 4*th.U}, {r + w/2 + 2*th.U, -lh / 2}, {-r - w/2 - 2*th.U, -lh / 2}}
			if x, y, ok := b.labels.place(s, x, y, w, lh, offs[:]); ok {
				th.shadowText(dst, s, th.Bold, x, y, col, alignCenter)
			}
		}
	}
}

// drawFuseLabels says whose each lit stick is and when it blows. A lit
// fuse is placed before the models' names, so a crowd round it never
// takes its place; with no room for the whole sentence it says whose it
// is ("Sheriff Miller's fuse"), the name's own "fuse lit" saying the rest.
func (b *battle) drawFuseLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	m := b.t.M
	r := board.BaseRadius * b.cam.Scale
	lh := th.Small.Size * 1.25
	for i, f := range m.Fuses {
		if i >= len(b.draw.fuses) || i >= len(b.draw.fuseShort) {
			break
		}
		x, y := b.cam.ToScreen(f.At)
		if !b.labels.shows(x, y, r) {
			continue
		}
		for _, s := range [2]string{b.draw.fuses[i], b.draw.fuseShort[i]} {
			w := th.measure(s, th.Small) + 4*th.U
			offs := [...][2]float64{{0, r * 0.7}, {0, -r*0.7 - lh}, {r + w/2, -lh / 2}, {-r - w/2, -lh / 2}, {0, r*0.7 + lh},
				{r + w/2, r * 0.7}, {-r - w/2, r * 0.7}, {r + w/2, -r*0.7 - lh}, {-r - w/2, -r*0.7 - lh}}
			if lx, ly, ok := b.labels.place(s, x, y, w, lh, offs[:]); ok {
				th.shadowText(dst, s, th.Small, lx, ly, colGold, alignCenter)
				break
			}
		}
	}
}

// drawBoutLabels numbers the enemies of a brawl in the order they will be
// fought, beside each base where no other label or miniature is.
func (b *battle) drawBoutLabels(a *App, dst *ebiten.Image) {
	th := a.Theme
	t := b.t
	if t.Mode != table.ModeBrawl {
		return
	}
	r := board.BaseRadius * b.cam.Scale
	if b.boutW == 0 || b.boutFace != th.Bold {
		b.boutW, b.boutFace = th.width(boutNames[0], th.Bold), th.Bold // measured once, not per frame
	}
	w, lh := b.boutW+4*th.U, th.Bold.Size*1.3
	for i, bt := range t.View().Bouts {
		if i >= len(boutNames) {
			break
		}
		x, y := b.cam.ToScreen(t.M.Models[bt.Enemy].Pos)
		offs := [...][2]float64{{0, -r - lh - 2*th.U}, {r + w/2 + 2*th.U, -lh / 2}, {-r - w/2 - 2*th.U, -lh / 2}, {0, r + 2*th.U}}
		if x, y, ok := b.labels.place(boutNames[i], x, y, w, lh, offs[:]); ok {
			th.shadowText(dst, boutNames[i], th.Bold, x, y, oBad, alignCenter)
		}
	}
}

var boutNames = [...]string{"bout 1", "bout 2", "bout 3", "bout 4", "bout 5", "bout 6"}
