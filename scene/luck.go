package scene

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
)

// Luck tokens on the table (round effects, rules edition 3, R41): a token
// is spent only when its owner declares it on a roll. When a person's model
// holding Luck is about to roll (its own shot, Blaze or brawl, an
// overwatcher's shot, a defender's brawl roll), the panel asks whether to
// spend one, with the odds with and without the die. "Never ask" keeps the
// tokens from then on in this match without asking. Each model holding
// tokens carries a small gold badge with their count on its base.

// luckView is the battle's part for Luck.
type luckView struct {
	held     *game.Command // a person's command waiting for the answer
	answered bool          // the command now applied is the answer: not asked again
	neverAsk bool          // "never ask": kept for this match
	spend    button
	keep     button
	never    button
	question []string // the question and the odds, wrapped
	asked    int      // the table's stamp the question was written for
}

// mayTakeLuck reports whether a command rolls a die pool of its model's
// own that a Luck token may go on.
func mayTakeLuck(c game.Command) bool {
	switch c.Kind {
	case game.CmdShoot, game.CmdBlaze, game.CmdBrawl, game.CmdFire:
		return true
	}
	return false
}

// offer holds back a person's command that a Luck token could go on and
// opens the question; it returns the command to apply now, if any.
func (v *luckView) offer(b *battle, c game.Command, ok bool) (game.Command, bool) {
	m := b.t.M
	if v.answered {
		v.answered = false
		return c, ok
	}
	if !ok || v.neverAsk || c.Luck || !mayTakeLuck(c) || !b.sess.plays() || b.players.computer(m.Decider()) ||
		m.Edition() < game.Edition3 || m.LuckTokens(c.Model) == 0 || m.Validate(c) != nil {
		return c, ok
	}
	if !luckHelps(m, c) {
		return c, ok // the die would change nothing here: not worth a token, nor a question
	}
	v.held, v.asked = &c, -1
	return c, false
}

// shotOddsWithLuck is a shot's first roll as the engine would size it,
// without and with a Luck die; ok is false when either cannot be sized.
func shotOddsWithLuck(m *game.Match, c game.Command) (without, with game.Odds, ok bool) {
	l := c
	l.Luck = true
	w0, err1 := m.CommandOdds(c)
	w1, err2 := m.CommandOdds(l)
	if err1 != nil || err2 != nil || len(w0) == 0 || len(w1) == 0 {
		return without, with, false
	}
	return w0[0], w1[0], true
}

// luckHelps reports whether one more die changes the odds of a person's
// roll (it does not on a Hail Mary that stays one die).
func luckHelps(m *game.Match, c game.Command) bool {
	switch c.Kind {
	case game.CmdShoot, game.CmdBlaze, game.CmdFire:
		without, with, ok := shotOddsWithLuck(m, c)
		return !ok || with.Odds.PHit != without.Odds.PHit
	}
	return true
}

// asking is the command the question is about: a held command, or a
// person's defender answering a brawl. ok is false when nothing is asked.
func (v *luckView) asking(b *battle) (game.Command, bool) {
	m := b.t.M
	if v.held != nil {
		return *v.held, true
	}
	if d := m.Defence; d != nil && !m.Over && !!b.sess.plays() && !b.players.computer(m.Decider()) {
		return game.Command{Kind: game.CmdDefend, Model: d.Asking[0]}, true
	}
	return game.Command{}, false
}

// update lays the question out over the action bar and takes the answer.
// asked reports that the question is up (nothing else takes input then);
// ok that c is to be applied.
func (v *luckView) update(a *App, b *battle) (c game.Command, ok, asked bool) {
	c, asked = v.asking(b)
	v.spend.W, v.keep.W, v.never.W = 0, 0, 0
	if !asked {
		return c, false, false
	}
	if v.neverAsk { // a defender asked after "never ask": keep the token
		v.answered = true
		return c, true, true
	}
	in := &a.In
	u := a.Theme.U
	p := &b.panel
	p.activate.W, p.hold.W, p.fire.W = 0, 0, 0
	for i := range p.actions {
		p.actions[i].W = 0
	}
	x0 := float64(a.W) - panelWidth*u + 16*u
	w := (panelWidth - 32) * u
	v.spend = button{Label: "Spend Luck", Key: "Enter", Enabled: true}
	v.keep = button{Label: "Keep it", Key: keyName(a.binds[KeyHold]), Enabled: true}
	v.never = button{Label: "Keep, and never ask", Enabled: true, Compact: true}
	v.spend.place(x0, pButtons*u, (w-10*u)/2, 36*u)
	v.keep.place(x0+(w+10*u)/2, pButtons*u, (w-10*u)/2, 36*u)
	v.never.place(x0, pButtons*u+44*u, w, 28*u)
	if v.asked != b.t.Stamp() {
		v.asked = b.t.Stamp()
		v.question = wrapText(a.Theme, luckQuestion(b.t.M, c), a.Theme.Small, w)
	}
	switch {
	case v.spend.clicked(in) || in.Pressed(KeyConfirm):
		c.Luck = true
	case v.keep.clicked(in) || in.Pressed(KeyHold) || in.Pressed(KeyCancel):
	case v.never.clicked(in):
		v.neverAsk = true
	default:
		in.Click = false
		in.Keys[KeyConfirm], in.Keys[KeyHold], in.Keys[KeyCancel] = false, false, false
		return c, false, true
	}
	in.Click = false
	in.Keys[KeyConfirm], in.Keys[KeyHold], in.Keys[KeyCancel] = false, false, false
	v.held, v.answered = nil, true
	return c, true, true
}

// luckQuestion says who holds how many tokens, what the roll is, and its
// odds with and without the die, in the engine's own figures (R53).
func luckQuestion(m *game.Match, c game.Command) string {
	md := &m.Models[c.Model]
	q := fmt.Sprintf("%s holds %s. Spend one for one more die on this roll?", md.Name, words.Count(m.LuckTokens(c.Model), "Luck token", "Luck tokens"))
	switch c.Kind {
	case game.CmdShoot, game.CmdBlaze, game.CmdFire:
		if without, with, ok := shotOddsWithLuck(m, c); ok {
			q += fmt.Sprintf(" The shot at %s: %s to hit, %s with Luck.", m.Models[without.Target].Name, pctText(without.Odds.PHit), pctText(with.Odds.PHit))
		}
	case game.CmdBrawl:
		order := c.Order
		if len(order) == 0 {
			order = m.EngagedWith(c.Model)
		}
		if len(order) > 0 {
			e := order[0]
			without, with := m.BoutOdds(c.Model, e), m.BoutOddsWith(c.Model, e, true, false)
			q += fmt.Sprintf(" The bout with %s: %s to win it, %s with Luck.", m.Models[e].Name, pctText(without.PAttackerWins), pctText(with.PAttackerWins))
		}
	case game.CmdDefend:
		br := m.Defence.Brawler
		without, with := m.BoutOdds(br, c.Model), m.BoutOddsWith(br, c.Model, false, true)
		q = fmt.Sprintf("%s brawls %s, who holds %s. Spend one for one more die on his roll? He wins the bout %s, %s with Luck.",
			m.Models[br].Name, md.Name, words.Count(m.LuckTokens(c.Model), "Luck token", "Luck tokens"), pctText(without.PDefenderWins), pctText(with.PDefenderWins))
	}
	return q
}

func pctText(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// drawLuck draws the tokens' badges on the bases, and the question over
// the action bar when it is up.
func (b *battle) drawLuck(a *App, dst *ebiten.Image) {
	m := b.t.M
	th := a.Theme
	u := th.U
	if m.Edition() >= game.Edition3 {
		r := board.BaseRadius * b.cam.Scale
		rad := float32(7 * u)
		for i := range m.Models {
			n := m.LuckTokens(i)
			if n == 0 || m.Models[i].Removed() {
				continue
			}
			p, _ := b.modelAt(i)
			x, y := b.cam.ToScreen(p)
			bx, by := float32(x-r-2*u), float32(y-r-2*u) // the base's top left
			a.ui.circle(bx, by, rad+float32(u), colInk)
			a.ui.circle(bx, by, rad, colGold)
			a.ui.flush(dst)
			th.text(dst, fmt.Sprint(n), th.Small, float64(bx), float64(by)-8*u, colInk, alignCenter)
		}
	}
	v := &b.luck
	if v.spend.W == 0 {
		return
	}
	x0 := v.spend.X
	y := v.never.Y + v.never.H + 12*u
	drawButtons(a, dst, &v.spend, &v.keep, &v.never)
	for _, s := range v.question {
		th.text(dst, s, th.Small, x0, y, colText, alignLeft)
		y += 16 * u
	}
}

// luckTokensText is a model's tokens on its stat card.
func luckTokensText(n int) string {
	return words.Count(n, "token", "tokens") + ", one die more on a roll of your choosing"
}

// editionText names the rules edition the match is played under, for the
// panel's match information.
func editionText(m *game.Match) string {
	return fmt.Sprintf("Rules edition %d.", m.Edition())
}
