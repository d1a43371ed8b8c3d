package scene

import (
	"context"
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// The win-probability bar: a slim bar at the table's right edge, one
// stretch per posse in its colour as long as its chance to win, the
// chances written in it and, under the cursor, said in full with where the
// figure comes from. It is worked out on a goroutine from a fork of the
// match after every command (the analyst's estimate); a frame only reads
// the last answer, and an answer about a position the table has left is
// dropped. It is on in solo play and off between people at one screen,
// where it would tell them; its key and the Esc menu turn it on or off.

// winBudget is how long the bar's estimate may think about a position.
const winBudget = 1500 * time.Millisecond

// winBar is the bar's state, kept by the battle.
type winBar struct {
	on, chosen bool // shown; chosen: the player said so (else the default)

	busy    bool               // a goroutine is estimating
	askedAt int                // the table's stamp it was asked about
	cancel  context.CancelFunc // stops it when the table moved on
	answers chan winAnswer

	shown    estimate // the last answer; kept until the next one comes
	shownAt  int      // the stamp it is for; -1 before any
	answered int      // answers taken, for the tests
	names    []string // the posses' names, for the tooltip
	tip      []string // the tooltip's lines, worked out with the answer
}

// winAnswer is an estimate coming back from its goroutine.
type winAnswer struct {
	e     estimate
	about *game.Match // compared, never read
	at    int
}

// analyst is the battle's analyst, made at its first use.
func (b *battle) analyst() analyst {
	if b.an == nil {
		b.an = newAnalyst(b.t.M.Seed)
	}
	return b.an
}

// winDefault: the bar is on unless two or more people share the screen.
func (b *battle) winDefault() bool { return b.players.people < 2 }

// toggleWinBar turns the bar on or off, as the player chose.
func (b *battle) toggleWinBar(a *App) {
	w := &b.win
	w.on, w.chosen = !w.on, true
	if w.on {
		b.t.Status, b.t.Error = "Win chances shown ("+a.keyOf(KeyWinBar)+" hides them).", false
	} else {
		b.t.Status, b.t.Error = "Win chances hidden ("+a.keyOf(KeyWinBar)+" shows them).", false
	}
}

// updateWinBar runs every frame of the battle: the key, the answer that
// came back, and a new question when the table changed.
func (b *battle) updateWinBar(a *App) {
	w := &b.win
	if w.answers == nil {
		w.answers, w.shownAt = make(chan winAnswer, 1), -1
	}
	if !w.chosen {
		w.on = b.winDefault()
	}
	if a.In.Pressed(KeyWinBar) {
		b.toggleWinBar(a)
	}
	m, stamp := b.t.M, b.t.Stamp()
	if w.busy {
		select {
		case ans := <-w.answers:
			w.busy = false
			if ans.about == m && ans.at == stamp {
				w.shown, w.shownAt = ans.e, stamp
				w.tip = nil
				w.answered++
			} // else stale: the table moved on while it thought
		default:
			if w.askedAt != stamp || !w.on {
				w.cancel() // its answer will be dropped
			}
		}
	}
	if !w.on || w.busy || w.shownAt == stamp {
		return
	}
	if b.players.people > 0 && b.players.busy(m) {
		// In solo play the bar waits while the computer plays: an estimate
		// then would take the CPU its decision needs, and be out of date
		// at its next command. (With nobody at the table, as in the demo,
		// it follows every command.)
		return
	}
	w.names = w.names[:0]
	for _, p := range m.Posses {
		w.names = append(w.names, p.Name)
	}
	fork := m.Fork(rules.NewSeeded(m.Seed ^ uint64(len(m.Commands()))*0x5851f42d4c957f2d))
	ctx, cancel := context.WithTimeout(context.Background(), 2*winBudget)
	w.busy, w.askedAt, w.cancel = true, stamp, cancel
	an := b.analyst()
	// The goroutine gets the fork and the channel, never the battle or
	// the live match (about is only compared on return).
	go func(answers chan<- winAnswer, about *game.Match, at int) {
		defer cancel()
		ans := winAnswer{about: about, at: at}
		defer func() {
			if r := recover(); r != nil {
				ans.e = estimate{} // no bar rather than a crash
			}
			answers <- ans
		}()
		ans.e = an.estimate(ctx, fork, winBudget)
	}(w.answers, m, stamp)
}

// winBarBox is where the bar is drawn: at the table's right edge.
func (b *battle) winBarBox(a *App) (x, y, w, h float64) {
	u := a.Theme.U
	vx, vy, vw, vh := b.viewport(a)
	w = 30 * u
	return vx + vw - w - 6*u, vy + 44*u, w, vh - 88*u
}

// drawWinBar draws the bar, and its tooltip under the cursor.
func (b *battle) drawWinBar(a *App, dst *ebiten.Image) {
	w := &b.win
	if !w.on || len(w.shown.win) == 0 || b.handoff {
		return
	}
	th := a.Theme
	u := th.U
	x, y, bw, bh := b.winBarBox(a)
	ui := a.ui
	ui.rect(float32(x-2*u), float32(y-2*u), float32(bw+4*u), float32(bh+4*u), colBlack.alpha(0.6))
	type stretch struct {
		y, h float64
		col  rgba
		p    float64
	}
	var parts [5]stretch
	n := 0
	at := y
	add := func(p float64, col rgba) {
		if n == len(parts) {
			return
		}
		hgt := p * bh
		parts[n] = stretch{at, hgt, col, p}
		n++
		at += hgt
	}
	for i, p := range w.shown.win {
		add(p*(1-w.shown.draw)/max(sum(w.shown.win), 1e-9), sideColour(i))
		if i == 0 && len(w.shown.win) == 2 && w.shown.draw > 0 {
			add(w.shown.draw, colTextDim) // a draw sits between the two
		}
	}
	if len(w.shown.win) != 2 && w.shown.draw > 0 {
		add(w.shown.draw, colTextDim)
	}
	for _, s := range parts[:n] {
		ui.rect(float32(x), float32(s.y), float32(bw), float32(s.h), s.col)
	}
	th.shadowText(dst, "Win", th.Small, x+bw/2, y-20*u, colText, alignCenter)
	mid := float32(y + bh/2) // the even split
	ui.line(float32(x-4*u), mid, float32(x), mid, float32(2*u), colGold)
	ui.flush(dst)
	for _, s := range parts[:n] {
		if s.h < 18*u {
			continue
		}
		th.shadowText(dst, fmt.Sprintf("%d%%", pct(s.p)), th.Small, x+bw/2, s.y+s.h/2-8*u, colWhite, alignCenter)
	}
	in := &a.In
	if in.X >= x-2*u && in.X < x+bw+2*u && in.Y >= y && in.Y < y+bh {
		b.drawWinTip(a, dst, x-8*u, in.Y)
	}
}

// drawWinTip says the chances in full beside the bar, its right edge at x.
func (b *battle) drawWinTip(a *App, dst *ebiten.Image, x, y float64) {
	w := &b.win
	th := a.Theme
	u := th.U
	if w.tip == nil {
		w.tip = winWords(w.shown, w.names)
	}
	tw := 0.0
	for _, l := range w.tip {
		tw = max(tw, th.width(l, th.Small))
	}
	lh := 17 * u
	bh := float64(len(w.tip))*lh + 12*u
	bx, by := x-tw-16*u, y-bh/2
	a.ui.rect(float32(bx), float32(by), float32(tw+16*u), float32(bh), colBlack.alpha(0.8))
	a.ui.flush(dst)
	for i, l := range w.tip {
		col := colText
		if i == 0 || i == len(w.tip)-1 {
			col = colTextDim
		}
		th.text(dst, l, th.Small, bx+8*u, by+6*u+float64(i)*lh, col, alignLeft)
	}
}

// winWords is the tooltip: each posse's chance (with its interval when
// played out), the draw, and where the figures come from.
func winWords(e estimate, names []string) []string {
	out := []string{"Chances to win from here"}
	for i, p := range e.win {
		name := "Posse " + fmt.Sprint(i+1)
		if i < len(names) {
			name = names[i]
		}
		l := fmt.Sprintf("%s: %d%%", name, pct(p))
		if i < len(e.ci95) {
			l += fmt.Sprintf(" (between %d%% and %d%%)", pct(e.ci95[i][0]), pct(e.ci95[i][1]))
		}
		out = append(out, l)
	}
	if e.draw > 0 {
		out = append(out, fmt.Sprintf("A draw: %d%%", pct(e.draw)))
	}
	if e.source == "search" && e.plays > 0 {
		out = append(out, "From "+words.Count(e.plays, "game", "games")+" played on by the computer")
	} else {
		out = append(out, "A quick estimate from the table as it stands")
	}
	return out
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// winBarLabel is the Esc menu's toggle.
func winBarLabel(on bool) string {
	if on {
		return "Win chances: shown"
	}
	return "Win chances: hidden"
}
