package scene

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/eval"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// analyst is what the window asks about who is winning and why: the win
// bar's estimate (winbar.go), the coach's suggestion (coach.go) and the
// review of a finished match (review.go). Every call runs on a goroutine
// of its own, on a fork or a save the window no longer touches, and may
// take up to its budget; none is ever made inside a frame.
type analyst interface {
	estimate(ctx context.Context, m *game.Match, budget time.Duration) estimate
	suggest(ctx context.Context, m *game.Match, budget time.Duration) (suggestion, error)
	planChance(ctx context.Context, m *game.Match, plan []game.Command, budget time.Duration) (estimate, error)
	// review's match is finished and changed by no one while it runs.
	review(ctx context.Context, m *game.Match, perPosition time.Duration, progress func(done, total int)) (review, error)
}

// estimate is each posse's chance to win from a position.
type estimate struct {
	win    []float64    // per posse, in posse order
	ci95   [][2]float64 // per posse; nil for the quick estimate, which has none
	draw   float64
	source string // "search" (played out to the end) or "static" (the quick estimate)
	plays  int    // playouts behind a search figure
}

// option is a command the coach weighs, with the chance to win it keeps
// for the posse that decides.
type option struct {
	cmd    game.Command
	plan   []game.Command // the rest of the activation it had in mind, if any
	reason string
	win    float64
}

// suggestion is the coach's answer for the posse that decides now.
type suggestion struct {
	decider string
	best    option
	alts    []option
}

// review is a finished match looked at again: the win chances after each
// command, its biggest swings, and each posse's dice against their odds.
type review struct {
	graph  []reviewPoint
	swings []swing
	luck   []posseLuck
}

type reviewPoint struct {
	command int       // after this many commands
	win     []float64 // per posse
}

// swing is a command that moved the chances a lot.
type swing struct {
	at    int    // the command's number (1 is the first)
	kind  string // "luck" or "decision"
	delta float64
	text  string
	best  *option // for a decision: what the computer would have done
}

// posseLuck is a posse's hits against what its dice promised.
type posseLuck struct {
	name                     string
	expectedHits, actualHits float64
	expectedWounds, wounds   float64
	hasExpected              bool // the analyst worked the expectations out
}

// staticAnalyst answers from the quick estimate (game/eval) and the hard
// computer's own choice (game/ai): cheap, and the window's answer whenever
// nothing better is given.
type staticAnalyst struct{ seed uint64 }

func (s staticAnalyst) estimate(ctx context.Context, m *game.Match, budget time.Duration) estimate {
	return estimate{win: eval.WinChances(m), source: "static"}
}

// samples is how many dice outcomes a command with dice is averaged over.
const samples = 24

// chanceAfter is posse p's quick chance to win after the commands, averaged
// over fresh dice for them; ok is false when one is refused.
func (s staticAnalyst) chanceAfter(m *game.Match, p int, cmds []game.Command) (float64, bool) {
	n := 1
	for _, c := range cmds {
		if rolls(c.Kind) {
			n = samples
		}
	}
	sum := 0.0
	for i := range n {
		f := m.Fork(rules.NewSeeded(s.seed ^ uint64(i+1)*0x9e3779b97f4a7c15))
		for _, c := range cmds {
			if _, err := f.Apply(c); err != nil {
				return 0, false
			}
		}
		sum += eval.WinChances(f)[p]
	}
	return sum / float64(n), true
}

// rolls reports whether a command of this kind throws dice.
func rolls(k game.CommandKind) bool {
	switch k {
	case game.CmdShoot, game.CmdBlaze, game.CmdThrow, game.CmdBrawl, game.CmdRun, game.CmdFire:
		return true
	}
	return false
}

func (s staticAnalyst) suggest(ctx context.Context, m *game.Match, budget time.Duration) (suggestion, error) {
	p := m.Decider()
	if p < 0 || m.Over {
		return suggestion{}, fmt.Errorf("nobody decides now")
	}
	c, err := ai.New("hard", s.seed)
	if err != nil {
		return suggestion{}, err
	}
	d, ok := c.Decide(m.Fork(rules.NewSeeded(s.seed)))
	if !ok {
		return suggestion{}, fmt.Errorf("the computer found no command")
	}
	out := suggestion{decider: m.Posses[p].Name}
	win, _ := s.chanceAfter(m, p, []game.Command{d.Command})
	out.best = option{cmd: d.Command, reason: chosenWhy(d.Why), win: win}
	for _, alt := range d.Alternatives {
		if ctx.Err() != nil {
			break
		}
		if w, ok := s.chanceAfter(m, p, []game.Command{alt.Command}); ok {
			out.alts = append(out.alts, option{cmd: alt.Command, reason: alt.Why, win: w})
		}
	}
	return out, nil
}

func (s staticAnalyst) planChance(ctx context.Context, m *game.Match, plan []game.Command, budget time.Duration) (estimate, error) {
	p := m.Decider()
	if p < 0 {
		return estimate{}, fmt.Errorf("nobody decides now")
	}
	f := m.Fork(rules.NewSeeded(s.seed))
	for _, c := range plan {
		if _, err := f.Apply(c); err != nil {
			return estimate{}, err
		}
	}
	e := estimate{win: eval.WinChances(f), source: "static"}
	if w, ok := s.chanceAfter(m, p, plan); ok {
		e.win[p] = w // averaged over the plan's dice
	}
	return e, nil
}

// review with the quick estimate: the chances after every command; a
// swing is a command that moved its own posse's chance the most, luck
// when it rolled dice, a decision when it did not.
func (s staticAnalyst) review(ctx context.Context, m *game.Match, per time.Duration, progress func(done, total int)) (review, error) {
	tape, err := game.NewTape(m)
	if err != nil {
		return review{}, err
	}
	var r review
	n := tape.Len()
	for i := 0; i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return review{}, err
		}
		r.graph = append(r.graph, reviewPoint{command: i, win: eval.WinChances(tape.At(i))})
		if progress != nil {
			progress(i+1, n+1)
		}
	}
	full := tape.Match()
	for i := 1; i <= n; i++ {
		c := tape.Command(i)
		p := -1
		if c.Model >= 0 && c.Model < len(full.Models) {
			p = full.Models[c.Model].Posse
		}
		if p < 0 {
			continue
		}
		d := r.graph[i].win[p] - r.graph[i-1].win[p]
		kind := "decision"
		if rolls(c.Kind) {
			kind = "luck"
		}
		r.swings = append(r.swings, swing{at: i, kind: kind, delta: d,
			text: fmt.Sprintf("%s. The %s went from %d%% to %d%%.", table.CommandWords(full, c), full.Posses[p].Name, pct(r.graph[i-1].win[p]), pct(r.graph[i].win[p]))})
	}
	sort.SliceStable(r.swings, func(i, j int) bool { return math.Abs(r.swings[i].delta) > math.Abs(r.swings[j].delta) })
	if len(r.swings) > 5 {
		r.swings = r.swings[:5]
	}
	r.luck = actualHits(tape)
	return r, nil
}

// actualHits counts each posse's hits and the wounds it dealt: a wound
// goes to the posse that last shot in the same command, else to the
// command's own posse.
func actualHits(tape *game.Tape) []posseLuck {
	m := tape.Match()
	out := make([]posseLuck, len(m.Posses))
	for p := range m.Posses {
		out[p].name = m.Posses[p].Name
	}
	posseOf := func(id int) int {
		if id >= 0 && id < len(m.Models) {
			return m.Models[id].Posse
		}
		return -1
	}
	for i := 1; i <= tape.Len(); i++ {
		by := posseOf(tape.Command(i).Model)
		for _, e := range tape.Events(i) {
			switch {
			case e.Kind == game.EvShot && posseOf(e.Model) >= 0:
				by = posseOf(e.Model)
				out[by].actualHits += float64(e.Hits)
			case e.Kind == game.EvWound && by >= 0 && posseOf(e.Model) != by:
				out[by].wounds++
			}
		}
	}
	return out
}

// pct is a chance in whole percent.
func pct(x float64) int { return int(math.Round(100 * x)) }

// newAnalyst is the window's analyst for a match with this seed.
func newAnalyst(seed uint64) analyst { return staticAnalyst{seed: seed} }
