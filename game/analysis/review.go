package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// Point is the win chances before a command of a match (Command is the
// number of commands played before it; the last point is the end).
type Point struct {
	Command int
	Win     []float64 // each posse's chance, in posse order
}

// Swing kinds.
const (
	SwingLuck     = "luck"     // the command's dice moved the chance more than the choice lost
	SwingDecision = "decision" // the choice: what it kept against the computer's best
)

// maxSwings is how many swings a review tells; maxSwingsWeighed how many
// of the biggest changes it re-estimates for them (with refine times the
// playouts), so that a review's time stays bounded.
const (
	maxSwings        = 5
	maxSwingsWeighed = 15
)

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
		steps[i].luck = tallyLuck(r, c, odds, evs, rev.Luck)
	}
	rev.Graph = append(rev.Graph, Point{Command: len(cmds), Win: wins(est.Estimate(ctx, r, perPosition))})
	if progress != nil {
		progress(total, total)
	}
	rev.Swings = findSwings(ctx, end, cmds, steps, rev.Graph, perPosition, est, weigh)
	return rev, nil
}

// The graph's figures, at the window's tenth of a second a position, are
// too noisy to rank changes of a few points: a candidate swing's positions
// are re-estimated with refine times the playouts, and the computer's best
// is looked for there with labelRatio times a position's budget, at most
// labelBudget (the window's 100 ms a position gives 400 ms and 2 s). A
// review asked with a tiny budget (a test under the race detector) stays
// quick.
const (
	refine      = 4
	labelRatio  = 20
	labelBudget = 2 * time.Second
)

// findSwings weighs the weigh biggest changes of the deciding posse's
// chance: each one's positions re-estimated with refine times the
// playouts (the graph's points too), ranked again, and the maxSwings
// biggest labelled (labelSwing).
func findSwings(ctx context.Context, end *game.Match, cmds []game.Command, steps []step, graph []Point, perPosition time.Duration, est *Estimator, weigh int) []Swing {
	var cs []int // commands, biggest change first
	delta := func(i int) float64 { p := steps[i].decider; return graph[i+1].Win[p] - graph[i].Win[p] }
	for i := range cmds {
		if steps[i].decider >= 0 {
			cs = append(cs, i)
		}
	}
	byChange := func(a, b int) int { return cmpFloat(math.Abs(delta(b)), math.Abs(delta(a))) }
	slices.SortStableFunc(cs, byChange)
	cs = cs[:min(weigh, len(cs))]
	replayTo := func(n int) *game.Match {
		f, _ := end.Restart()
		for _, c := range cmds[:n] {
			f.Apply(c)
		}
		return f
	}
	refined := map[int]bool{}
	for _, i := range cs {
		for _, n := range []int{i, i + 1} {
			if !refined[n] && ctx.Err() == nil {
				refined[n] = true
				graph[n].Win = wins(est.Estimate(ctx, replayTo(n), refine*perPosition))
			}
		}
	}
	slices.SortStableFunc(cs, byChange)
	var out []Swing
	for _, i := range cs {
		if len(out) == maxSwings || delta(i) == 0 || ctx.Err() != nil {
			break
		}
		out = append(out, labelSwing(ctx, end, replayTo(i), i, cmds[i], steps[i], graph[i+1].Win[steps[i].decider], delta(i), perPosition))
	}
	return out
}

// labelSwing tells command i's swing apart. The change of the decider's
// chance over a command is what the choice kept against the position
// (the command's chance over its dice, played on the same playouts as the
// computer's best there, less the best's) plus what its dice gave
// against their expectation (the chance after them less the command's
// chance over them). It is luck when the command rolled dice (the same
// command on forks with other dice reaches other positions) and they
// moved the chance the way it swung, by more than the choice lost;
// otherwise a decision, with both chances.
func labelSwing(ctx context.Context, end, before *game.Match, i int, c game.Command, st step, after, delta float64, perPosition time.Duration) Swing {
	sw := Swing{At: i, Posse: st.decider, Delta: delta}
	name := before.Posses[st.decider].Name
	sg, err := suggest(ctx, before, min(labelBudget, labelRatio*perPosition), 1)
	played, best := -1.0, Option{}
	if err == nil {
		best = sg.Best
		if commandKey(best.Command) == commandKey(c) {
			played = best.Win
		} else {
			played = commandChance(before, c, sg.Playouts, 1)
		}
	}
	lost := math.Max(0, best.Win-played)
	dice := after - played // what the dice gave against their average
	if way := rolled(before, c); way != rollsNone && (played < 0 || (dice*delta > 0 && math.Abs(dice) >= lost)) {
		sw.Kind = SwingLuck
		switch {
		case st.luck != "":
			sw.Text = st.luck
		case way == rollsInitiative:
			sw.Text = capitalize(game.CommandWords(before, c)) + ", and the dice chose who acts next."
		default:
			sw.Text = capitalize(game.CommandWords(before, c)) + ", and the dice decided how it went."
		}
		if played >= 0 {
			sw.Text += fmt.Sprintf(" %s had %.0f%% to win on the average roll, %.0f%% after this one.", name, 100*played, 100*after)
		}
		return sw
	}
	sw.Kind = SwingDecision
	if played < 0 {
		sw.Text = fmt.Sprintf("%s played: %s; %.0f%% to win after it.", name, game.CommandWords(before, c), 100*after)
		return sw
	}
	sw.Best = &best
	mine := OptionWords(before, Option{Command: c, Reason: whyAt(end, i)})
	if commandKey(best.Command) == commandKey(c) {
		sw.Text = fmt.Sprintf("%s played: %s (%.0f%% to win after it), the computer's choice too.", name, mine, 100*played)
	} else {
		theirs := OptionWords(before, best)
		if theirs == mine { // another path or aim, told in the same words
			theirs = "another command like it"
		}
		sw.Text = fmt.Sprintf("%s played: %s (%.0f%% to win after it); the computer found: %s (%.0f%%).", name, mine, 100*played, theirs, 100*best.Win)
	}
	return sw
}

// Ways a command rolls dice (rolled).
const (
	rollsNone       = iota
	rollsTable      // its dice change the table: hits, wounds, a brawl, a blast
	rollsInitiative // only who acts next (the activation ended and initiative was rolled or drawn)
)

// rolled tells whether command c rolls dice in m: on forks with other
// dice it reaches other positions, and whether they differ on the table
// or only in who acts next.
func rolled(m *game.Match, c game.Command) int {
	if odds, err := m.CommandOdds(c); err == nil && len(odds) > 0 {
		return rollsTable // a shot, even one whose few forks would all miss
	}
	var firstTable string
	var firstKey uint64
	way := rollsNone
	for k := range 8 {
		f := m.Fork(rules.NewSeeded(uint64(7919 * (k + 1))))
		if _, err := f.Apply(c); err != nil {
			return rollsNone
		}
		table, _ := json.Marshal(struct { // the table: the models and where lit sticks lie (a Hail Mary's scatter)
			Models []game.Model
			Fuses  []game.Fuse
		}{f.Models, f.Fuses})
		key := PositionKey(f)
		switch {
		case k == 0:
			firstTable, firstKey = string(table), key
		case string(table) != firstTable:
			return rollsTable
		case key != firstKey:
			way = rollsInitiative
		}
	}
	return way
}

// step is what a review keeps of a command: the posse that decided it
// and the words of its shot's dice against their odds ("" if none).
type step struct {
	decider int
	luck    string
}

// capitalize makes a sentence of words that begin with a command's
// ("activate Slim").
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
// odds.
func tallyLuck(m *game.Match, c game.Command, odds []game.Odds, evs []game.Event, luck []PosseLuck) string {
	if len(odds) == 0 {
		return ""
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
	out := fmt.Sprintf("%s missed with a %.0f%% chance to hit", name, 100*pHit)
	if hits > 0 {
		out = fmt.Sprintf("%s hit with a %.0f%% chance to hit (%s)", name, 100*pHit, words.Count(hits, "hit", "hits"))
	}
	if wounds > 0 {
		out += ": " + words.Count(wounds, "enemy", "enemies") + " down"
	}
	return out + "."
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
