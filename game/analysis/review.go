package analysis

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"cowpoke/game"
	"cowpoke/game/words"
)

// Point is the win chances before a command of a match (Command is the
// number of commands played before it; the last point is the end).
type Point struct {
	Command int
	Win     []float64 // each posse's chance, in posse order
}

// Swing kinds.
const (
	SwingLuck     = "luck"     // the dice went far from their expectation
	SwingDecision = "decision" // the command lost more than DecisionLoss against the computer's best
)

// maxSwings is how many swings a review tells; maxSwingsWeighed how many
// of the biggest changes it weighs for them (each asks the computer for
// its best command there), so that a review's time stays bounded.
const (
	maxSwings        = 5
	maxSwingsWeighed = 15
)

// DecisionLoss is how much a command must lose against the best one the
// computer found to be called a decision.
const DecisionLoss = 0.10

// Swing is one of the biggest changes of the win chances over a command.
type Swing struct {
	At    int     // the command's index (0-based) in the save
	Kind  string  // SwingLuck or SwingDecision
	Posse int     // the posse that decided the command
	Delta float64 // the change of that posse's chance over the command
	// Text says what happened in plain words: for luck the odds and the
	// outcome, for a decision what was played and what the computer
	// found better, with both chances.
	Text string
	Best *Option // for a decision: the computer's best command there
}

// PosseLuck is a posse's expected against actual hits and wounds dealt
// over a match (its shots, blasts' and brawls' dice count where their odds
// are known: shots and Overwatch fire).
type PosseLuck struct {
	Name           string
	ExpectedHits   float64
	ActualHits     float64
	ExpectedWounds float64 // models its shots were expected to remove
	Wounds         float64 // enemy models removed by its shots
}

// Review is a finished (or unfinished) match told after the fact.
type Review struct {
	Graph  []Point
	Swings []Swing // the biggest, at most five, biggest first
	Luck   []PosseLuck
	Over   bool
	Winner int // -1 on a draw or while it goes on
}

// ReviewSave replays a save and reviews it: the win chances before every
// command (perPosition of playouts each), the five biggest swings told
// apart as luck or decision, and each posse's expected against actual
// hits. progress, when not nil, is told how many of the positions are
// done.
func ReviewSave(ctx context.Context, s game.Save, perPosition time.Duration, progress func(done, total int)) (Review, error) {
	return reviewSave(ctx, s, perPosition, progress, maxSwingsWeighed)
}

// reviewSave is ReviewSave weighing at most weigh of the biggest changes.
func reviewSave(ctx context.Context, s game.Save, perPosition time.Duration, progress func(done, total int), weigh int) (Review, error) {
	end, err := s.Replay(nil)
	if err != nil {
		return Review{}, err
	}
	r, err := end.Restart()
	if err != nil {
		return Review{}, err
	}
	cmds := end.Commands()
	total := len(cmds) + 1
	est := NewEstimator(int64(s.Seed))
	rev := Review{Over: end.Over, Winner: end.Winner}
	for p := range r.Posses {
		rev.Luck = append(rev.Luck, PosseLuck{Name: r.Posses[p].Name})
	}
	type step struct {
		decider int
		luck    string // the dice's outcome against their odds, or ""
		surpr   float64
	}
	steps := make([]step, len(cmds))
	for i, c := range cmds {
		if err := ctx.Err(); err != nil {
			return Review{}, err
		}
		rev.Graph = append(rev.Graph, Point{Command: i, Win: wins(est.Estimate(ctx, r, perPosition))})
		if progress != nil {
			progress(i+1, total)
		}
		steps[i].decider = r.Decider()
		odds, _ := r.CommandOdds(c) // nil for a command that rolls no shot
		evs, err := r.Apply(c)
		if err != nil {
			return Review{}, fmt.Errorf("command %d (%s) cannot be replayed: %v", i+1, c.Kind, err)
		}
		steps[i].luck, steps[i].surpr = tallyLuck(r, c, odds, evs, rev.Luck)
	}
	rev.Graph = append(rev.Graph, Point{Command: len(cmds), Win: wins(est.Estimate(ctx, r, perPosition))})
	if progress != nil {
		progress(total, total)
	}
	// The biggest swings for the posse that decided.
	type cand struct {
		at    int
		delta float64
	}
	var cs []cand
	for i := range cmds {
		p := steps[i].decider
		if p < 0 {
			continue
		}
		cs = append(cs, cand{i, rev.Graph[i+1].Win[p] - rev.Graph[i].Win[p]})
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		return cmpFloat(math.Abs(b.delta), math.Abs(a.delta))
	})
	replayTo := func(n int) *game.Match {
		f, _ := end.Restart()
		for _, c := range cmds[:n] {
			f.Apply(c)
		}
		return f
	}
	for k, c := range cs {
		if len(rev.Swings) == maxSwings || k == weigh || math.Abs(c.delta) < 0.02 {
			break
		}
		st := steps[c.at]
		sw := Swing{At: c.at, Posse: st.decider, Delta: c.delta}
		before := replayTo(c.at)
		if sg, err := suggest(ctx, before, perPosition*4, 1); err == nil && commandKey(sg.Best.Command) != commandKey(cmds[c.at]) {
			// The command played, on the playouts (the same dice) the
			// suggestion's options were played on.
			played := commandChance(before, cmds[c.at], sg.Playouts, 1)
			if sg.Best.Win-played > DecisionLoss {
				best := sg.Best
				sw.Kind, sw.Best = SwingDecision, &best
				sw.Text = fmt.Sprintf("%s played: %s (%.0f%% to win after it); the computer found: %s (%.0f%%).",
					before.Posses[st.decider].Name, OptionWords(before, Option{Command: cmds[c.at], Reason: whyAt(end, c.at)}), 100*played,
					OptionWords(before, best), 100*best.Win)
			}
		}
		if sw.Kind == "" && st.luck != "" {
			sw.Kind, sw.Text = SwingLuck, st.luck
		}
		if sw.Kind == "" {
			continue // neither the dice nor a choice the computer faults
		}
		rev.Swings = append(rev.Swings, sw)
	}
	return rev, nil
}

// whyAt is the reason recorded with command i of a match, or "".
func whyAt(m *game.Match, i int) string {
	if whys := m.Whys(); i < len(whys) {
		return whys[i]
	}
	return ""
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func wins(e Estimate) []float64 {
	out := make([]float64, len(e.Posses))
	for i, p := range e.Posses {
		out[i] = p.Win
	}
	return out
}

// tallyLuck adds a command's expected and actual hits and wounds to its
// shooters' posses, and says in words how the dice went against their
// odds when they went far from them (surprise: the chance of an outcome
// at least as far from the expectation in that direction).
func tallyLuck(m *game.Match, c game.Command, odds []game.Odds, evs []game.Event, luck []PosseLuck) (string, float64) {
	if len(odds) == 0 {
		return "", 0
	}
	shooter := c.Model
	p := m.Models[shooter].Posse
	expHits, pHit := 0.0, 0.0
	for _, o := range odds {
		expHits += o.Odds.Hits.Mean()
		pHit = math.Max(pHit, o.Odds.PHit)
		luck[p].ExpectedWounds += o.Odds.PRemoved
	}
	hits, wounds := 0, 0
	for _, e := range evs {
		switch e.Kind {
		case game.EvShot:
			hits += e.Hits
		case game.EvRemoved:
			if m.Models[e.Model].Posse != p {
				wounds++
			}
		}
	}
	luck[p].ExpectedHits += expHits
	luck[p].ActualHits += float64(hits)
	luck[p].Wounds += float64(wounds)
	name := m.Models[shooter].Name
	switch {
	case hits > 0 && pHit < 0.35:
		return fmt.Sprintf("%s hit with only a %.0f%% chance to hit (%s).", name, 100*pHit, words.Plural(hits, "1 hit", fmt.Sprintf("%d hits", hits))), 1 - pHit
	case hits == 0 && pHit > 0.65:
		return fmt.Sprintf("%s missed with a %.0f%% chance to hit.", name, 100*pHit), pHit
	}
	return "", 0
}

// OptionWords is an option in words: the model's name and the first
// clause of the computer's reason ("Deputy Hale: Run 16.7" to the freight
// wagon"), or game.CommandWords when there is no reason.
func OptionWords(m *game.Match, o Option) string {
	what := strings.TrimSuffix(o.Reason, ".")
	for _, sep := range []string{", ", ": ", "; ", ". "} {
		if i := strings.Index(what, sep); i > 0 {
			what = what[:i]
		}
	}
	if what == "" {
		return game.CommandWords(m, o.Command)
	}
	if o.Command.Model >= 0 && o.Command.Model < len(m.Models) && !strings.Contains(what, m.Models[o.Command.Model].Name) {
		what = m.Models[o.Command.Model].Name + ": " + what
	}
	return what
}
