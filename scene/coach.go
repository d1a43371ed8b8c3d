package scene

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// The coach: "What would you do?" (its key, or the button beside Reach)
// while a person decides asks the analyst, on a goroutine and a fork, for
// the command it would choose in the person's place. "Thinking" shows
// until it answers (within coachBudget and a little); then the suggestion
// is drawn on the table (the path of a move, the line to a target, the
// blast of a throw) with its reason and the chance to win it keeps, beside
// the person's own plan when they had one armed (the move under the
// cursor, the enemy aimed at): "your plan: 41%; suggested: 55%". Any
// command, or the key again, puts it away.

// coachBudget is what the analyst is asked to think (in playouts of its
// nominal cost); coachDeadline cuts it short on a busy machine, leaving
// room for the answer to be due within 2 s.
const (
	coachBudget   = 1200 * time.Millisecond
	coachDeadline = 1600 * time.Millisecond
)

type coach struct {
	btn button

	busy    bool
	askedAt int // the table's stamp asked about
	cancel  context.CancelFunc
	answers chan coachAnswer

	shown   *coachAnswer // the answer for the table as it stands
	lines   []string     // the box's lines, wrapped, worked out on arrival
	cols    []rgba
	path    []game.Point // the suggested move's path
	from    game.Point   // where the suggested command's model stands
	planFor string       // the plan in words, when the person had one
}

// coachAnswer comes back from the coach's goroutine.
type coachAnswer struct {
	s       suggestion
	err     error
	plan    []game.Command // the person's plan when asked, if any
	planWin float64
	planErr error
	posse   int
	about   *game.Match
	at      int
}

// coachable reports whether the coach may be asked: a person decides on a
// table they play.
func (b *battle) coachable() bool {
	m := b.t.M
	return b.sess.plays() && !m.Over && m.Decider() >= 0 && !b.players.up(m)
}

// updateCoach runs the coach's button and key and takes its answer; it
// reports whether it took the frame's click.
func (b *battle) updateCoach(a *App) bool {
	c := &b.coach
	u := a.Theme.U
	if c.answers == nil {
		c.answers = make(chan coachAnswer, 1)
	}
	m, stamp := b.t.M, b.t.Stamp()
	if c.shown != nil && (c.shown.about != m || c.shown.at != stamp) {
		c.shown = nil // the person acted: the suggestion was for before
	}
	if c.busy {
		select {
		case ans := <-c.answers:
			c.busy = false
			if ans.about == m && ans.at == stamp {
				c.show(a, b, &ans)
			}
		default:
			if c.askedAt != stamp {
				c.cancel()
			}
		}
	}
	vx, vy, _, _ := b.viewport(a)
	c.btn = button{Label: "What would you do?", Key: a.keyOf(KeyCoach), Compact: true, Enabled: b.coachable(), On: c.busy || c.shown != nil}
	if c.btn.Enabled {
		c.btn.Why = ""
		c.btn.place(vx+112*u, vy+8*u, 220*u, 26*u)
	}
	clicked := c.btn.W > 0 && c.btn.clicked(&a.In)
	if !clicked && !a.In.Pressed(KeyCoach) {
		return false
	}
	a.In.Click = false
	switch {
	case !b.coachable():
		b.t.Status, b.t.Error = "The coach answers for you when you decide.", false
	case c.shown != nil || c.busy:
		c.shown = nil // the key again puts it away
		if c.busy {
			c.cancel()
		}
	default:
		b.askCoach(a)
	}
	return clicked
}

// askCoach starts the question on a goroutine with a fork of the match.
func (b *battle) askCoach(a *App) {
	c := &b.coach
	if c.answers == nil {
		c.answers = make(chan coachAnswer, 1)
	}
	m, stamp := b.t.M, b.t.Stamp()
	plan, planWords := b.intendedPlan()
	c.planFor = planWords
	fork := m.Fork(rules.NewSeeded(m.Seed ^ uint64(len(m.Commands()))*0x2545f4914f6cdd1d))
	ctx, cancel := context.WithTimeout(context.Background(), coachDeadline)
	c.busy, c.askedAt, c.cancel = true, stamp, cancel
	an := b.analyst()
	go func(answers chan<- coachAnswer, about *game.Match, at int) {
		defer cancel()
		ans := coachAnswer{about: about, at: at, plan: plan, posse: fork.Decider()}
		defer func() {
			if r := recover(); r != nil {
				ans.err = fmt.Errorf("%v", r)
			}
			answers <- ans
		}()
		budget := coachBudget
		if len(plan) > 0 {
			budget = coachBudget * 2 / 3
		}
		ans.s, ans.err = an.suggest(ctx, fork, budget)
		if len(plan) > 0 && ans.err == nil {
			var e estimate
			e, ans.planErr = an.planChance(ctx, fork, plan, coachBudget-budget)
			if ans.planErr == nil && ans.posse < len(e.win) {
				ans.planWin = e.win[ans.posse]
			}
		}
	}(c.answers, m, stamp)
}

// intendedPlan is the command the person has armed under the cursor: the
// move to the spot shown, the shot, aim or Blaze Away at the enemy under
// the aim point, the throw at the spot. Nothing when none is armed.
func (b *battle) intendedPlan() ([]game.Command, string) {
	t := b.t
	m := t.M
	v := t.View()
	id := m.Active
	if id < 0 || m.Pending != nil {
		return nil, ""
	}
	var c game.Command
	switch {
	case t.Mode == table.ModeMove && v.Moving && !v.Blocked && !v.Reach:
		to := v.Dest
		c = game.Command{Kind: game.CmdMove, Model: id, To: &to}
		if m.Validate(c) == nil {
			return []game.Command{c}, fmt.Sprintf("%s moves %.1f\" to the spot under the cursor", m.Models[id].Name, v.Preview.Length)
		}
	case t.Mode == table.ModeShoot && v.Target >= 0:
		c = game.Command{Kind: game.CmdShoot, Model: id, Slot: t.Slot, Target: v.Target}
	case t.Mode == table.ModeAim && v.Target >= 0:
		c = game.Command{Kind: game.CmdAim, Model: id, Target: v.Target}
	case t.Mode == table.ModeBlaze && v.Target >= 0:
		c = game.Command{Kind: game.CmdBlaze, Model: id, Slot: t.Slot, Target: v.Target}
	case t.Mode == table.ModeThrow && v.ThrowOK:
		to := v.ThrowTo
		c = game.Command{Kind: game.CmdThrow, Model: id, To: &to}
	default:
		return nil, ""
	}
	if m.Validate(c) != nil {
		return nil, ""
	}
	return []game.Command{c}, game.CommandWords(m, c)
}

// show keeps an answer and works out what drawCoach draws of it.
func (c *coach) show(a *App, b *battle, ans *coachAnswer) {
	c.shown = ans
	m := b.t.M
	th := a.Theme
	u := th.U
	_, vw, _ := b.tableBox(a)
	w := vw - 60*u
	c.lines, c.cols, c.path = c.lines[:0], c.cols[:0], nil
	add := func(s string, col rgba) {
		n := len(c.lines)
		c.lines = appendWrapped(c.lines, th, s, th.Small, w, "  ")
		for range len(c.lines) - n {
			c.cols = append(c.cols, col)
		}
	}
	if ans.err != nil {
		add("The computer has no suggestion here: "+ans.err.Error()+".", colBad)
		return
	}
	best := ans.s.best
	if id := best.cmd.Model; id >= 0 && id < len(m.Models) {
		c.from = m.Models[id].Pos
	}
	if best.cmd.Kind == game.CmdMove || best.cmd.Kind == game.CmdRun {
		if pv := m.PreviewMove(best.cmd); pv.Err == nil {
			c.path = pv.Path
		}
	}
	add(fmt.Sprintf("What the computer would do for the %s (%s puts this away)", ans.s.decider, a.keyOf(KeyCoach)), colTextDim)
	add("Suggested for "+modelName(m, best.cmd.Model)+": "+ownReason(best.reason), colGold)
	switch {
	case len(ans.plan) > 0 && ans.planErr == nil:
		add(fmt.Sprintf("Your plan (%s): %d%% to win; suggested: %d%%.", trimStop(c.planFor), pct(ans.planWin), pct(best.win)), colText)
	default:
		add(fmt.Sprintf("It keeps a %d%% chance to win.", pct(best.win)), colText)
	}
	seen := map[string]bool{}
	for _, alt := range ans.s.alts {
		l := fmt.Sprintf("Or: %s: %d%% to win.", firstClause(alt.reason), pct(alt.win))
		if len(seen) == 2 || seen[l] {
			continue // two at most, none said twice
		}
		add(l, altColour(len(seen)))
		seen[l] = true
	}
}

// modelName is a model's name, or "whoever decides".
func modelName(m *game.Match, id int) string {
	if id >= 0 && id < len(m.Models) {
		return m.Models[id].Name
	}
	return "whoever decides"
}

// ownReason is the computer's reason without the chance its own search
// gave ("; played on 15 times ..."): the coach says the chance it worked
// out beside it, and two different figures would confuse.
func ownReason(why string) string {
	if i := strings.Index(why, "; played on "); i >= 0 {
		return why[:i] + "."
	}
	return why
}

// firstClause is a reason up to its first colon or comma: what it does.
func firstClause(why string) string {
	if i := strings.IndexAny(why, ":,"); i > 0 {
		return why[:i]
	}
	return trimStop(why)
}

// trimStop drops a sentence's full stop, to go inside another.
func trimStop(s string) string {
	if n := len(s); n > 0 && s[n-1] == '.' {
		return s[:n-1]
	}
	return s
}

// drawCoachShapes draws the suggestion on the table: the path of a move,
// the line to a target, the blast of a throw, in gold.
func (b *battle) drawCoachShapes(a *App, ui *batch) {
	c := &b.coach
	if c.shown == nil || c.shown.err != nil {
		return
	}
	m := b.t.M
	u := float32(a.Theme.U)
	cmd := c.shown.s.best.cmd
	fx, fy := b.xy(c.from)
	switch {
	case len(c.path) > 1:
		for i := 1; i < len(c.path); i++ {
			x0, y0 := b.xy(c.path[i-1])
			x1, y1 := b.xy(c.path[i])
			ui.dashed(x0, y0, x1, y1, 3*u, 8*u, 5*u, colGold)
		}
		x, y := b.xy(c.path[len(c.path)-1])
		ui.circle(x, y, float32(0.5*b.cam.Scale), colGold.alpha(0.35))
		ui.ring(x, y, float32(0.5*b.cam.Scale), 4*u, colGold)
	case cmd.Kind == game.CmdThrow && cmd.To != nil:
		x, y := b.xy(*cmd.To)
		ui.dashed(fx, fy, x, y, 2*u, 6*u, 4*u, colGold.alpha(0.8))
		ui.ring(x, y, float32(rules.BlastInnerInches*b.cam.Scale), 3*u, colGold)
		ui.ring(x, y, float32(rules.BlastOuterInches*b.cam.Scale), 2*u, colGold.alpha(0.6))
	case (cmd.Kind == game.CmdShoot || cmd.Kind == game.CmdAim || cmd.Kind == game.CmdBlaze) && cmd.Target >= 0 && cmd.Target < len(m.Models):
		x, y := b.xy(m.Models[cmd.Target].Pos)
		ui.line(fx, fy, x, y, 3*u, colGold.alpha(0.9))
		ui.ring(x, y, 14*u, 3*u, colGold)
	case cmd.Kind == game.CmdOverwatch || cmd.Kind == game.CmdFace:
		to := c.from.Add(game.Point{X: 4 * math.Cos(cmd.Facing), Y: 4 * math.Sin(cmd.Facing)})
		x, y := b.xy(to)
		ui.line(fx, fy, x, y, 3*u, colGold)
		ui.circle(x, y, 5*u, colGold)
	}
	if id := cmd.Model; id >= 0 && id < len(m.Models) {
		ui.ring(fx, fy, float32(0.75*b.cam.Scale), 3*u, colGold) // who the suggestion is for
	}
}

// drawCoach draws the button, "Thinking" while the coach thinks, and the
// suggestion's box at the foot of the table.
func (b *battle) drawCoach(a *App, dst *ebiten.Image) {
	c := &b.coach
	if b.handoff {
		return
	}
	drawButtons(a, dst, &c.btn)
	th := a.Theme
	u := th.U
	top, vw, vh := b.tableBox(a)
	vx, _, _, _ := b.viewport(a)
	lines, cols := c.lines, c.cols
	if c.busy {
		lines, cols = []string{"Thinking about what it would do in your place..."}, []rgba{colTextDim}
	} else if c.shown == nil {
		return
	}
	if c.shown != nil && !c.busy {
		if p, ok := c.mark(b); ok {
			// through the table's label placer: clear of bases and words
			x, y := b.cam.ToScreen(p)
			r, lw, lh := 0.6*b.cam.Scale, th.width("Suggested", th.Bold)+4*u, 20*u
			for _, at := range [...][2]float64{{x, y + r}, {x, y - r - lh}, {x + r + lw/2, y - lh/2}, {x - r - lw/2, y - lh/2},
				{x, y + 2.5*r}, {x + r + lw/2, y + r}, {x - r - lw/2, y + r}, {x + r + lw/2, y - r - lh}, {x - r - lw/2, y - r - lh}} {
				if b.labels.fit("Suggested", at[0], at[1], lw, lh) {
					th.shadowText(dst, "Suggested", th.Bold, at[0], at[1], colGold, alignCenter)
					break
				}
			}
		}
	}
	lh := 17 * u
	h := float64(len(lines))*lh + 16*u
	y := c.boxTop(b, vx+20*u, vw-40*u, h, top+42*u, vh-h-10*u)
	a.ui.rect(float32(vx+20*u), float32(y), float32(vw-40*u), float32(h), colBlack.alpha(0.86))
	a.ui.flush(dst)
	for i, l := range lines {
		th.text(dst, l, th.Small, vx+30*u, y+8*u+float64(i)*lh, cols[i], alignLeft)
	}
}

// boxTop is where the coach's words go: the table's foot, its head (under
// the buttons) or a band between, whichever covers the fewest miniatures
// (the dice tray's count) and not the suggestion's own mark; the foot when
// they tie.
func (c *coach) boxTop(b *battle, x, w, h, head, foot float64) float64 {
	cost := func(y float64) int {
		n := b.trayCovers(x, y, w, h)
		if p, ok := c.mark(b); ok && c.shown != nil {
			if sx, sy := b.cam.ToScreen(p); sx >= x && sx <= x+w && sy >= y-20 && sy <= y+h+20 {
				n += 3
			}
		}
		return n
	}
	best, bestCost := foot, cost(foot)
	for y := head; y < foot; y += h / 2 {
		if k := cost(y); k < bestCost {
			best, bestCost = y, k
		}
	}
	return best
}

// mark is where the suggestion's label goes: the end of its move, its
// spot or its target.
func (c *coach) mark(b *battle) (game.Point, bool) {
	if c.shown == nil || c.shown.err != nil {
		return game.Point{}, false
	}
	if len(c.path) > 1 {
		return c.path[len(c.path)-1], true
	}
	if p, ok := b.whyPoint(c.shown.s.best.cmd); ok {
		return p, true
	}
	// A command with no place of its own (stay put, reload, Overwatch):
	// the model it is for, ringed in gold.
	if id := c.shown.s.best.cmd.Model; id >= 0 && id < len(b.t.M.Models) {
		return c.from, true
	}
	return game.Point{}, false
}
