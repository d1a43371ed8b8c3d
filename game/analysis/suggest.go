package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/rules"
)

// Option is one command for whoever decides now, with what it keeps.
type Option struct {
	Command game.Command
	// Plan is the rest of the activation as the computer would play it
	// after Command (on one draw of the dice), for drawing on the table.
	Plan   []game.Command
	Reason string // the computer's reason, in plain words
	// Win is the decider's chance to win after Command, and CI95 its 95%
	// interval (playouts on the same dice for every option).
	Win  float64
	CI95 [2]float64
}

// Suggestion is what the computer would do in the place of whoever
// decides now.
type Suggestion struct {
	Decider      string // the posse that decides now
	Best         Option
	Alternatives []Option // best first, at most two
	Playouts     int      // playouts per option
}

// CoachLevels are the computer opponents whose choices Suggest weighs:
// each one's choice and the alternatives it weighed.
var coachLevels = [...]string{"hard", "normal"}

// hardDecision is the CPU time of hard's decision, in playouts of the
// budget (nominalPlayout), taken off what the options are played with.
const hardDecision = 250 * time.Millisecond

// maxOptions is how many commands Suggest plays on.
const maxOptions = 5

// Suggest is "what would the computer do here" for the posse that decides
// now: the computer opponent's choices (hard's and normal's, same seed)
// and the alternatives hard weighed, each played on with the same dice
// (common random numbers: a comparison between commands, not between
// dice) and scored by the decider's chance to win; the best first. The
// computer's own choices are among those played, so the suggestion is
// never worse than theirs by this measure. The playouts are seeded by the
// position: the same position and budget give the same suggestion. On ctx
// cancel each option keeps the playouts it has (at least two).
func Suggest(ctx context.Context, m *game.Match, budget time.Duration) (Suggestion, error) {
	return suggest(ctx, m, budget, 1)
}

func suggest(ctx context.Context, m *game.Match, budget time.Duration, seed uint64) (Suggestion, error) {
	side := m.Decider()
	if side < 0 {
		return Suggestion{}, errors.New("the match is over: nobody decides")
	}
	var cands []cand
	for _, lv := range coachLevels {
		c, err := ai.New(lv, seed)
		if err != nil {
			return Suggestion{}, err
		}
		d, ok := c.Decide(m)
		if !ok {
			continue
		}
		cands = addCand(m, cands, cand{d.Command, d.Why})
		if lv == coachLevels[0] {
			for _, a := range d.Alternatives {
				cands = addCand(m, cands, cand{a.Command, a.Why})
			}
		}
	}
	if len(cands) == 0 {
		return Suggestion{}, errors.New("the computer has no command here")
	}
	per := max(minControlled, PlayoutsFor(budget-hardDecision)/len(cands))
	policy, _ := ai.New("normal", seed)
	key := PositionKey(m)
	var opts []Option
	for _, c := range cands {
		leaves := optionLeaves(ctx, m, c.cmd, per, seed, policy)
		o := Option{Command: c.cmd, Reason: c.why, Plan: restOfActivation(m, c.cmd, policy, game.Mix64(seed^key))}
		if len(leaves) > 0 {
			pc := summarize(m, leaves).Posses[side]
			o.Win, o.CI95 = pc.Win, pc.CI95
		}
		opts = append(opts, o)
	}
	best := 0
	for k, o := range opts {
		if o.Win > opts[best].Win {
			best = k
		}
	}
	s := Suggestion{Decider: m.Posses[side].Name, Best: opts[best], Playouts: per}
	var rest []Option
	for k, o := range opts {
		if k != best {
			rest = append(rest, o)
		}
	}
	sortOptions(rest)
	s.Alternatives = rest[:min(2, len(rest))]
	return s, nil
}

// searchWords is the clause hard's search adds to its reason ("played on
// 15 times with other dice, it leaves us a 37% chance to win"): Suggest
// gives its own chance, from more playouts, so the clause goes.
var searchWords = regexp.MustCompile(`(; |,? ?and )?played on \d+ times? with other dice, it leaves us an? \d+% chance to win`)

// optionLeaves plays c on per playouts from m, playout i's dice seeded by
// seed, m's key and i: every option of a position on the same dice. On
// ctx cancel it stops with what it has (at least two); none when c is
// not legal.
func optionLeaves(ctx context.Context, m *game.Match, c game.Command, per int, seed uint64, policy game.Controller) []leaf {
	key := PositionKey(m)
	var leaves []leaf
	for i := 0; i < per; i++ {
		if i >= 2 && ctx.Err() != nil {
			break
		}
		l, ok := planPlayout(m, []game.Command{c}, policy, game.Mix64(seed^game.Mix64(key+uint64(i))))
		if !ok {
			return nil
		}
		leaves = append(leaves, l)
	}
	return leaves
}

// commandChance is the decider's chance after c on the playouts Suggest
// plays each option on (optionLeaves), or -1 when c is not legal.
func commandChance(m *game.Match, c game.Command, per int, seed uint64) float64 {
	policy, _ := ai.New("normal", seed)
	leaves := optionLeaves(context.Background(), m, c, per, seed, policy)
	if len(leaves) == 0 {
		return -1
	}
	return summarize(m, leaves).Posses[m.Decider()].Win
}

// addCand adds a legal command not yet in cs, up to maxOptions.
func addCand(m *game.Match, cs []cand, c cand) []cand {
	if len(cs) == maxOptions || m.Validate(c.cmd) != nil || sameCommand(c.cmd, cs) {
		return cs
	}
	c.why = searchWords.ReplaceAllString(c.why, "")
	if i := strings.Index(c.why, ". Not: "); i >= 0 {
		c.why = c.why[:i+1] // the alternatives are options of their own
	}
	return append(cs, c)
}

// cand is a command the coach weighs, with the computer's reason.
type cand struct {
	cmd game.Command
	why string
}

func sameCommand(c game.Command, cs []cand) bool {
	for _, o := range cs {
		if commandKey(o.cmd) == commandKey(c) {
			return true
		}
	}
	return false
}

func sortOptions(os []Option) {
	for i := 1; i < len(os); i++ {
		for j := i; j > 0 && os[j].Win > os[j-1].Win; j-- {
			os[j], os[j-1] = os[j-1], os[j]
		}
	}
}

// planPlayout applies plan on a fork of m with dice from seed (a command
// the dice made impossible, such as a shot at a model already down, ends
// the plan there) and plays on with the policy; each posse's chance at
// the end. ok is false when the plan's first command is not legal.
func planPlayout(m *game.Match, plan []game.Command, policy game.Controller, seed uint64) (leaf, bool) {
	f := m.Fork(rules.NewSeeded(seed))
	luck := make([]float64, len(m.Posses))
	for i, c := range plan {
		if f.Over {
			break
		}
		if _, err := f.ApplyNotingLuck(c, luck); err != nil {
			if i == 0 {
				return leaf{}, false
			}
			break
		}
	}
	l := playOn(f, policy, horizon)
	for p := range luck {
		l.luck[p] += luck[p]
	}
	return l, true
}

// restOfActivation is the commands the computer would play after c in the
// same activation, on a fork with dice from seed.
func restOfActivation(m *game.Match, c game.Command, policy game.Controller, seed uint64) []game.Command {
	f := m.Fork(rules.NewSeeded(seed))
	if _, err := f.Apply(c); err != nil || f.Active < 0 {
		return nil
	}
	me := f.Active
	var plan []game.Command
	for n := 0; n < 20 && !f.Over && f.Active == me && f.Pending == nil && f.Decider() == m.Decider(); n++ {
		d, ok := policy.Decide(f)
		if !ok {
			break
		}
		if _, err := f.Apply(d.Command); err != nil {
			break
		}
		plan = append(plan, d.Command)
	}
	return plan
}

// PlanChance is each posse's chance to win if the decider plays plan (a
// person's intended commands, in order) from m: each playout applies the
// plan on a fork with its own dice (stopping the plan where the dice made
// a command impossible) and plays on. An error when the plan's first
// command is not legal now.
func PlanChance(ctx context.Context, m *game.Match, plan []game.Command, budget time.Duration) (Estimate, error) {
	if len(plan) == 0 {
		return Estimate{}, errors.New("an empty plan")
	}
	if err := m.Validate(plan[0]); err != nil {
		return Estimate{}, err
	}
	policy, _ := ai.New("normal", 1)
	key := PositionKey(m)
	var leaves []leaf
	for i := 0; i < PlayoutsFor(budget); i++ {
		if i >= 2 && ctx.Err() != nil {
			break
		}
		l, _ := planPlayout(m, plan, policy, game.Mix64(1^game.Mix64(key+uint64(i))))
		leaves = append(leaves, l)
	}
	return summarize(m, leaves), nil
}

func commandKey(c game.Command) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// Evaluation is everything `cowpoke eval` says of a position.
type Evaluation struct {
	Estimate   Estimate
	Suggestion *Suggestion // nil when the match is over
}

// Evaluate is each posse's chance to win m (two fifths of the budget)
// and the suggestion for whoever decides (the rest), with an estimator
// seeded by the match's seed: what `cowpoke eval` prints.
func Evaluate(ctx context.Context, m *game.Match, budget time.Duration) Evaluation {
	ev := Evaluation{Estimate: NewEstimator(int64(m.Seed)).Estimate(ctx, m, budget*2/5)}
	if !m.Over {
		if s, err := Suggest(ctx, m, budget*3/5); err == nil {
			ev.Suggestion = &s
		}
	}
	return ev
}
