// Package analysis tells who is winning and why: each posse's chance to
// win a position (a static estimate, and an anytime one from playouts with
// the computer opponent), what the computer would do in the place of
// whoever decides now, and the review of a finished match (the win-chance
// graph, the biggest swings told apart as luck or decision, and each
// posse's expected against actual hits).
//
// It lives apart from game/eval because game/ai imports game/eval, and the
// playouts here are played by game/ai's computer opponent.
//
// Nothing here reads a match's own dice: every playout runs on a fork with
// other dice (Match.Fork), seeded by the estimator's seed, a digest of the
// position a player sees and the playout's number.
package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"math"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/eval"
	"cowpoke/rules"
)

// PosseChance is one posse's chance to win, with its 95% interval.
type PosseChance struct {
	Name string
	Win  float64
	// CI95 is the 95% interval of Win: the playouts' standard error
	// either side (the static estimate's own is not known: it is Win,Win).
	CI95 [2]float64
}

// Estimate is each posse's chance to win a position, in posse order.
type Estimate struct {
	Posses []PosseChance
	// Draw is the chance of a draw, where the scenario allows one (a turn
	// limit, or every model down at once): the share of playouts that
	// ended in one. The static estimate does not tell draws apart (0).
	Draw   float64
	Source string // "search" (playouts) or "static" (eval.WinChances alone)
	// Playouts is how many playouts the figures come from (0: static).
	Playouts int
}

// Sources of an Estimate.
const (
	SourceSearch = "search"
	SourceStatic = "static"
)

// Static is the static estimate (game/eval's fitted weights): well under
// a millisecond, for when no time is left for playouts.
func Static(m *game.Match) Estimate {
	ps := eval.WinChances(m)
	e := Estimate{Source: SourceStatic}
	for i, p := range ps {
		e.Posses = append(e.Posses, PosseChance{Name: m.Posses[i].Name, Win: p, CI95: [2]float64{p, p}})
	}
	return e
}

// horizon is how many activations a playout plays from its position (the
// one in progress counted) before it is scored by the static estimate: a
// chance at the end of a few activations has far less spread than a win
// or a loss at the end of the match, so a playout is cheap and its
// figure steady, while the activations played resolve the shots, brawls
// and blasts the static estimate can only weigh by their odds.
const horizon = 10

// nominalPlayout is the CPU time a playout is budgeted at (the mean on a
// core of the machine the bars were measured on, README): a budget is
// turned into a count of playouts (budget / nominalPlayout), not watched
// on a clock, so that the same budget gives the same figures on any
// machine under any load. A caller that must answer by a time cancels
// the context: the estimate then stops with what it has.
const nominalPlayout = 24 * time.Millisecond

// maxPlayouts bounds the playouts of one estimate whatever the budget.
const maxPlayouts = 4000

// PlayoutsFor is the number of playouts a budget buys.
func PlayoutsFor(budget time.Duration) int {
	return min(maxPlayouts, max(1, int(budget/nominalPlayout)))
}

// Estimator estimates positions by playouts with the computer opponent
// (normal level, both sides), scored after a few activations by the
// static estimate. It remembers the playouts of the positions it saw last,
// so asking again about a position (with a larger budget, or after a
// command that came back to it) adds to what it has. Safe for use from
// one goroutine at a time.
type Estimator struct {
	seed    uint64
	policy  game.Controller // the playout policy: the computer at normal
	horizon int             // activations a playout plays (horizon)
	memo    map[uint64]*tally
	order   []uint64 // memo keys, oldest first
}

// tally is what the playouts of one position gave, by playout number.
type tally struct {
	leaves []leaf
}

// memoPositions is how many positions an Estimator remembers.
const memoPositions = 64

// NewEstimator makes an estimator whose playouts are seeded by seed.
func NewEstimator(seed int64) *Estimator {
	c, err := ai.New("normal", uint64(seed))
	if err != nil {
		panic(err) // "normal" is one of ai.Levels
	}
	return &Estimator{seed: uint64(seed), policy: c, horizon: horizon, memo: map[uint64]*tally{}}
}

// Estimate is each posse's chance to win m: the mean of
// PlayoutsFor(budget) playouts, each a fork of m with its own dice played
// on by the computer for a few activations and scored by the static
// estimate there (corrected by the playouts' luck: summarize). The same
// seed, position and budget give the same figures. It stops early, with
// what it has, when ctx is done; with no playout at all it returns
// Static(m). A match that is over is its result.
func (e *Estimator) Estimate(ctx context.Context, m *game.Match, budget time.Duration) Estimate {
	return e.estimate(ctx, m, PlayoutsFor(budget))
}

// estimate is Estimate with a count of playouts.
func (e *Estimator) estimate(ctx context.Context, m *game.Match, want int) Estimate {
	if m.Over {
		return overEstimate(m)
	}
	key := PositionKey(m)
	t := e.tallyOf(key)
	for len(t.leaves) < want {
		if ctx.Err() != nil {
			break
		}
		t.leaves = append(t.leaves, e.playOut(m, key, len(t.leaves)))
	}
	n := min(want, len(t.leaves))
	if n == 0 {
		return Static(m)
	}
	return summarize(m, t.leaves[:n])
}

func (e *Estimator) tallyOf(key uint64) *tally {
	if t, ok := e.memo[key]; ok {
		return t
	}
	if len(e.order) == memoPositions {
		delete(e.memo, e.order[0])
		e.order = e.order[1:]
	}
	t := &tally{}
	e.memo[key] = t
	e.order = append(e.order, key)
	return t
}

// playOut plays playout i of position m: a fork with dice seeded by the
// estimator's seed, the position's key and i, played on by the policy
// until horizon activations have begun (the one in progress counted) or
// the match ends; each posse's static chance there.
func (e *Estimator) playOut(m *game.Match, key uint64, i int) leaf {
	f := m.Fork(rules.NewSeeded(game.Mix64(e.seed ^ game.Mix64(key+uint64(i)))))
	return playOn(f, e.policy, e.horizon)
}

// playOn plays f on with c until h activations have begun (the one in
// progress counted; the next one to begin ends it) or the match is over,
// and returns what it reached. Activations are counted by their events:
// some initiative methods begin them without an Activate command.
func playOn(f *game.Match, c game.Controller, h int) leaf {
	begun := 0
	if f.Active >= 0 {
		begun = 1
	}
	luck := make([]float64, len(f.Posses))
	for n := 0; !f.Over && begun <= h && n < 2000; n++ {
		d, ok := c.Decide(f)
		if !ok {
			break
		}
		evs, err := f.ApplyNotingLuck(d.Command, luck)
		if err != nil {
			break
		}
		for _, ev := range evs {
			if ev.Kind == game.EvActivated {
				begun++
			}
		}
	}
	l := leaf{win: eval.WinChances(f), draw: f.Over && f.Winner < 0, luck: luck}
	if l.draw {
		clear(l.win) // a draw is its own entry, not an even split
	}
	return l
}

// leaf is where a playout ended: each posse's static chance there, whether
// it was a draw, and each posse's luck on the way (luck).
type leaf struct {
	win  []float64
	draw bool
	luck []float64
}

// minControlled is the fewest playouts the luck control variate is used
// with (its coefficient is estimated from them).
const minControlled = 8

// summarize turns playouts' leaves into an Estimate: each posse's mean
// value at the leaves and its 95% interval (1.96 standard errors, clipped
// to [0, 1]). The mean is corrected by the posse's luck in the playouts
// (a control variate: leaf.luck has mean 0, so value - b*luck has the
// value's mean for any b, and with b the regression coefficient far less
// spread: much of a playout's value is whether its shots went home).
func summarize(m *game.Match, leaves []leaf) Estimate {
	n := float64(len(leaves))
	e := Estimate{Source: SourceSearch, Playouts: len(leaves)}
	k := 0
	for _, l := range leaves {
		if l.draw {
			k++
		}
	}
	e.Draw = float64(k) / n
	np := len(m.Posses)
	total := 0.0
	halves := make([]float64, np)
	for p := range np {
		vs := make([]float64, len(leaves))
		xs := make([]float64, len(leaves))
		for i, l := range leaves {
			vs[i] = l.win[p]
			xs[i] = game.LuckAgainst(l.luck, p)
		}
		mean, half := controlledMean(vs, xs)
		mean = math.Min(1, math.Max(0, mean))
		e.Posses = append(e.Posses, PosseChance{Name: m.Posses[p].Name, Win: mean})
		halves[p] = half
		total += mean
	}
	// The corrected means need not sum to 1 less the draws: scale them.
	if total > 0 {
		scale := (1 - e.Draw) / total
		for p := range e.Posses {
			w := float64(e.Posses[p].Win * scale) // rounded, as every product that feeds a sum
			e.Posses[p].Win = w
			e.Posses[p].CI95 = [2]float64{math.Max(0, w-halves[p]), math.Min(1, w+halves[p])}
		}
	}
	return e
}

// controlledMean is the mean of vs corrected by the control xs (mean 0),
// and the half width of its 95% interval.
func controlledMean(vs, xs []float64) (mean, half float64) {
	n := float64(len(vs))
	mv, mx := 0.0, 0.0
	for i := range vs {
		mv += vs[i]
		mx += xs[i]
	}
	mv /= n
	mx /= n
	b := 0.0
	if len(vs) >= minControlled {
		sxy, sxx := 0.0, 0.0
		for i := range vs {
			sxy += float64((vs[i] - mv) * (xs[i] - mx))
			sxx += float64((xs[i] - mx) * (xs[i] - mx))
		}
		if sxx > 1e-12 {
			b = sxy / sxx
		}
	}
	mean = mv - float64(b*mx)
	if len(vs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for i := range vs {
		r := vs[i] - mv - float64(b*(xs[i]-mx))
		ss += float64(r * r)
	}
	dof := n - 1
	if b != 0 {
		dof = n - 2
	}
	return mean, float64(1.96 * math.Sqrt(ss/dof/n))
}

// overEstimate is a finished match's result as an estimate.
func overEstimate(m *game.Match) Estimate {
	e := Estimate{Source: SourceSearch}
	for p := range m.Posses {
		w := 0.0
		if m.Winner == p {
			w = 1
		}
		e.Posses = append(e.Posses, PosseChance{Name: m.Posses[p].Name, Win: w, CI95: [2]float64{w, w}})
	}
	if m.Winner < 0 {
		e.Draw = 1
	}
	return e
}

// positionView is what PositionKey digests: what a player sees of the
// table, never the dice.
type positionView struct {
	Models   []game.Model
	Turn     int
	Up       game.Up
	Active   int
	AP       int
	UsedMove bool
	RunLeft  float64
	Fuses    []game.Fuse
	Pending  *game.Interrupt
	Defence  *game.Defence
	Doors    uint64
	Choices  []game.Command
}

// PositionKey is a digest of what a player sees of the table (never the
// dice): the same on the match and on any fork of it.
func PositionKey(m *game.Match) uint64 {
	b, _ := json.Marshal(positionView{Models: m.Models, Turn: m.Turn, Up: m.Up, Active: m.Active, AP: m.AP,
		UsedMove: m.UsedMove, RunLeft: m.RunLeft, Fuses: m.Fuses, Pending: m.Pending, Defence: m.Defence,
		Doors: m.Board.DoorChanges(), Choices: m.MethodChoices()})
	sum := sha256.Sum256(b)
	return binary.LittleEndian.Uint64(sum[:8])
}
