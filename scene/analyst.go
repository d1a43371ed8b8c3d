package scene

import (
	"context"
	"math"
	"time"

	"cowpoke/game"
	"cowpoke/game/analysis"
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
	expectedWounds, wounds   float64 // enemies its shots were expected to take out of play, and did
}

// engineAnalyst is the analyst of game/analysis: playouts with the
// computer opponent for the bar (an Estimator, which keeps what it played
// for the next position), Suggest and PlanChance for the coach, ReviewSave
// for the review. The bar's calls come one at a time (winbar.go), as an
// Estimator needs.
type engineAnalyst struct{ est *analysis.Estimator }

// newAnalyst is the window's analyst for a match with this seed.
func newAnalyst(seed uint64) analyst {
	return engineAnalyst{est: analysis.NewEstimator(int64(seed))}
}

func (e engineAnalyst) estimate(ctx context.Context, m *game.Match, budget time.Duration) estimate {
	return fromEstimate(e.est.Estimate(ctx, m, budget))
}

func fromEstimate(a analysis.Estimate) estimate {
	e := estimate{draw: a.Draw, source: a.Source, plays: a.Playouts}
	for _, p := range a.Posses {
		e.win = append(e.win, p.Win)
		e.ci95 = append(e.ci95, p.CI95)
	}
	if a.Source != analysis.SourceSearch {
		e.ci95 = nil // the quick estimate has no interval
	}
	return e
}

func fromOption(o analysis.Option) option {
	return option{cmd: o.Command, plan: o.Plan, reason: o.Reason, win: o.Win}
}

func (e engineAnalyst) suggest(ctx context.Context, m *game.Match, budget time.Duration) (suggestion, error) {
	s, err := analysis.Suggest(ctx, m, budget)
	if err != nil {
		return suggestion{}, err
	}
	out := suggestion{decider: s.Decider, best: fromOption(s.Best)}
	for _, o := range s.Alternatives {
		out.alts = append(out.alts, fromOption(o))
	}
	return out, nil
}

func (e engineAnalyst) planChance(ctx context.Context, m *game.Match, plan []game.Command, budget time.Duration) (estimate, error) {
	a, err := analysis.PlanChance(ctx, m, plan, budget)
	return fromEstimate(a), err
}

func (e engineAnalyst) review(ctx context.Context, m *game.Match, per time.Duration, progress func(done, total int)) (review, error) {
	a, err := analysis.ReviewSave(ctx, m.Save(), per, progress)
	if err != nil {
		return review{}, err
	}
	var r review
	for _, p := range a.Graph {
		r.graph = append(r.graph, reviewPoint{command: p.Command, win: p.Win})
	}
	for _, s := range a.Swings {
		sw := swing{at: s.At + 1, kind: s.Kind, delta: s.Delta, text: s.Text} // the position after the command
		if s.Best != nil {
			o := fromOption(*s.Best)
			sw.best = &o
		}
		r.swings = append(r.swings, sw)
	}
	for _, l := range a.Luck {
		r.luck = append(r.luck, posseLuck{name: l.Name, expectedHits: l.ExpectedHits, actualHits: l.ActualHits,
			expectedWounds: l.ExpectedWounds, wounds: l.Wounds})
	}
	return r, nil
}

// pct is a chance in whole percent.
func pct(x float64) int { return int(math.Round(100 * x)) }
