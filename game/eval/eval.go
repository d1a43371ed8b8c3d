// Package eval is the static value of a position: each posse's chance to
// win a match from where it stands, estimated from a handful of features
// of the table (material, kit, wounds, ammunition, who acts next, and the
// threat every model stands under before it acts again) by weights fitted
// on simulated matches (weights.json; see the README for the command that
// fits them and the calibration it reaches).
//
// It reads the table as any player may and never the match's dice. It is
// what the computer opponent's search scores the end of a playout with,
// and the fast estimate a win-probability bar or a coach can fall back on.
package eval

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// The features of one posse, in the order of Weights.W.
const (
	FModels      = iota // models standing
	FHealth             // hit points left, summed over models standing, in units of a cowpoke's
	FTier               // tiers standing: greenhorn 1, cowpoke 2, legend 3
	FLoaded             // models standing with a loaded gun
	FSticks             // sticks of dynamite left
	FReady              // models standing that have not acted this game turn
	FExpLoss            // models it may lose before each acts again (Threat)
	FExpWound           // wounds it may take before each acts again
	FUp                 // 1 when it decides now
	FFire               // firepower: each model's best gun's dice, over the short, medium and long bands
	FMarksmen           // models standing with the Marksman skill
	FLongGuns           // long guns carried by models standing: lever-actions, rifles, Gatling guns, bows
	FMelee              // melee weapons carried by models standing: knives, clubs, sabres, tomahawks
	FZone               // the worth of the side of the map it deployed on (Zones), fading as hit points are lost
	FModelsShare        // its share of the models standing, every posse's counted (shares)
	NumFeatures
)

// FeatureNames names the features, for the weights file and reports.
var FeatureNames = [NumFeatures]string{"models", "health", "tier", "loaded", "sticks", "ready", "exp_loss", "exp_wound", "up", "fire", "marksmen", "long_guns", "melee", "zone", "models_share"}

// Weights are the fitted weights of the features: a posse's score is
// W . (its features - the mean of the other posses'), and its chance to
// win is the softmax of the scores (with two posses, the logistic of the
// difference).
type Weights struct {
	W       [NumFeatures]float64 `json:"w"`
	Names   [NumFeatures]string  `json:"names"`
	Samples int                  `json:"samples"` // positions fitted on
	// Zones is, for each shipped map, how much better the first seat's
	// deployment zone is than the second's: the logit of the share of
	// matches the first seat won there over the fitting matches (every
	// ordered pair of shipped posses in both seats, so the posses cancel
	// out). The zone feature reads it.
	Zones map[string]float64 `json:"zones"`
	Note  string             `json:"note"` // how they were fitted
}

//go:embed weights.json
var weightsJSON []byte

// Fitted returns the weights shipped with the package.
var Fitted = sync.OnceValue(func() Weights {
	var w Weights
	if err := json.Unmarshal(weightsJSON, &w); err != nil {
		panic(fmt.Sprintf("eval: weights.json: %v", err))
	}
	if w.Names != FeatureNames {
		panic(fmt.Sprintf("eval: weights.json names %v, want %v", w.Names, FeatureNames))
	}
	return w
})

// WinChances is each posse's chance to win from this position, in posse
// order, summing to 1 (a draw is not told apart), by the shipped weights.
// A match that is over gives 1 to the winner (or an even split on a draw).
func WinChances(m *game.Match) []float64 {
	return Fitted().WinChances(m)
}

// WinChances is WinChances with these weights.
func (w Weights) WinChances(m *game.Match) []float64 {
	n := len(m.Posses)
	out := make([]float64, n)
	if m.Over {
		if m.Winner >= 0 && m.Winner < n {
			out[m.Winner] = 1
			return out
		}
		for i := range out {
			out[i] = 1 / float64(n)
		}
		return out
	}
	return w.Chances(Features(m))
}

// Chances turns the posses' features into win chances (softmax of the
// scores of each posse's features relative to the mean of the others').
func (w Weights) Chances(fs [][NumFeatures]float64) []float64 {
	n := len(fs)
	scores := make([]float64, n)
	best := math.Inf(-1)
	for i := range fs {
		scores[i] = w.Score(Relative(fs, i))
		best = math.Max(best, scores[i])
	}
	total := 0.0
	for i := range scores {
		scores[i] = math.Exp(scores[i] - best)
		total += scores[i]
	}
	for i := range scores {
		scores[i] /= total
	}
	return scores
}

// Score is W . x, every product rounded before it is summed (the same on
// every CPU).
func (w Weights) Score(x [NumFeatures]float64) float64 {
	s := 0.0
	for k := range x {
		s += float64(w.W[k] * x[k])
	}
	return s
}

// Relative is posse i's features less the mean of the other posses'.
func Relative(fs [][NumFeatures]float64, i int) [NumFeatures]float64 {
	var x [NumFeatures]float64
	others := float64(len(fs) - 1)
	for k := range x {
		sum := 0.0
		for j := range fs {
			if j != i {
				sum += fs[j][k]
			}
		}
		x[k] = fs[i][k]
		if others > 0 {
			x[k] -= sum / others
		}
	}
	return x
}

// Features measures every posse of the match.
func Features(m *game.Match) [][NumFeatures]float64 {
	fs := make([][NumFeatures]float64, len(m.Posses))
	decider := m.Decider()
	odds := map[oddsKey]rules.PoolOdds{}
	for p := range m.Posses {
		f := &fs[p]
		if p == decider {
			f[FUp] = 1
		}
		for _, id := range m.Posses[p].Models {
			md := &m.Models[id]
			if md.Removed() {
				continue
			}
			f[FModels]++
			f[FHealth] += float64(float64(md.Health.HP()) / float64(rules.Cowpoke.MaxHP()))
			f[FTier] += float64(int(md.Profile.Tier) + 2)
			if loaded(md) {
				f[FLoaded]++
			}
			f[FFire] += firepower(md)
			kit(f, md.Profile)
			f[FSticks] += float64(md.Sticks)
			if !md.Activated {
				f[FReady]++
			}
			loss, wound := threat(m, id, odds)
			f[FExpLoss] += loss
			f[FExpWound] += wound
		}
	}
	if zone, ok := Fitted().Zones[zoneMap(m)]; ok {
		fade := healthLeft(m)
		fs[0][FZone] = float64(zone*fade) / 2
		fs[1][FZone] = -fs[0][FZone]
	}
	shares(fs)
	return fs
}

// shares sets each posse's share of the models standing. The other
// features count the difference between the sides, so one model against
// two weighs as six against seven; the share tells the end of a match,
// where a model more decides it, from its start. Fitted on the same
// matches with and without it, it lowers the log loss on the check's
// matches from 0.4919 to 0.4891 (README, "Shares of what is left"). A
// share of the hit points too lowered it to 0.4882, but made the search
// too sure of a lead in hit points alone: one cowpoke against one
// greenhorn, it hid rather than take the shot that whole matches show
// is better (game/ai's door sweep).
func shares(fs [][NumFeatures]float64) {
	models := 0.0
	for _, f := range fs {
		models += f[FModels]
	}
	if models == 0 {
		return
	}
	for p := range fs {
		fs[p][FModelsShare] = float64(fs[p][FModels] / models)
	}
}

// zoneMap is the shipped map whose zone worth applies to the match: a
// match of two posses set up in the map's deployment zones, played to the
// last posse standing, as the fitting matches were; "" otherwise (a
// scenario that places models by hand, plays for objectives, or seats
// three or four posses has no measured zone worth).
func zoneMap(m *game.Match) string {
	sc := &m.Scenario
	if len(m.Posses) != 2 || len(sc.Objectives) > 0 {
		return ""
	}
	for _, p := range sc.Posses {
		for _, md := range p.Models {
			if md.At != nil {
				return ""
			}
		}
	}
	return sc.Map
}

// healthLeft is the share of every model's hit points still on the table:
// 1 at the start, falling as the match goes on. Where a posse set up
// matters most before the shooting has moved everyone.
func healthLeft(m *game.Match) float64 {
	left, full := 0, 0
	for i := range m.Models {
		md := &m.Models[i]
		full += md.Health.MaxHP
		if !md.Removed() {
			left += md.Health.HP()
		}
	}
	if full == 0 {
		return 0
	}
	return float64(left) / float64(full)
}

// kit counts what a model standing carries that the other features do not
// see: the Marksman skill, long guns and melee weapons (so the fit can
// learn what a posse's kit is worth; it fades as models fall). Of the
// skills and weapon classes tried, these three scored best on the check's
// seeds; the README has the comparison.
func kit(f *[NumFeatures]float64, p rules.Profile) {
	if p.Skills.Has(rules.Marksman) {
		f[FMarksmen]++
	}
	for _, w := range p.Weapons {
		spec, _ := w.Spec()
		switch {
		case spec.Melee:
			f[FMelee]++
		case spec.CanShoot() && !spec.Pistol && w != rules.Shotgun:
			f[FLongGuns]++
		}
	}
}

func loaded(md *game.Model) bool {
	for slot, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); spec.CanShoot() && !md.Empty[slot] {
			return true
		}
	}
	return false
}

// firepower is the model's best gun's dice at short, medium and long
// range, averaged: what it brings to a firefight, loaded or not.
func firepower(md *game.Model) float64 {
	best := 0
	for _, w := range md.Profile.Weapons {
		spec, _ := w.Spec()
		if !spec.CanShoot() || spec.Blast {
			continue
		}
		n := 0
		for _, b := range []rules.Band{rules.Short, rules.Medium, rules.Long} {
			n += max(0, spec.Chart[b])
		}
		best = max(best, n)
	}
	return float64(best) / 3
}

type oddsKey struct {
	dice     int
	everySix bool
	health   rules.Health
}

func oddsOf(cache map[oddsKey]rules.PoolOdds, pool *rules.Pool, h rules.Health) rules.PoolOdds {
	if pool.Impossible || pool.Dice <= 0 {
		return rules.PoolOdds{}
	}
	k := oddsKey{pool.Dice, pool.EverySix, h}
	if o, ok := cache[k]; ok {
		return o
	}
	o := rules.OddsOf(pool, h)
	cache[k] = o
	return o
}

// threat is what may happen to model id before it acts again: the chance
// it is removed and the chance it is hit, by every enemy that may act
// before then (one shot from where it stands, a bout if in contact), an
// armed Overwatch arc it stands in, and lit fuses near it.
func threat(m *game.Match, id int, odds map[oddsKey]rules.PoolOdds) (loss, wound float64) {
	me := &m.Models[id]
	survive, unhit := 1.0, 1.0
	for e := range m.Models {
		em := &m.Models[e]
		if em.Posse == me.Posse || em.Removed() {
			continue
		}
		first := actsFirst(em, me)
		w := first
		if board.InContact(em.Pos, me.Pos) {
			bo := rules.BoutOdds(m.BrawlDice(e), m.BrawlDice(id), em.Health, me.Health)
			survive *= 1 - float64(w*bo.PDefenderRemoved)
			unhit *= 1 - float64(w*bo.PAttackerWins)
			continue
		}
		if m.Engaged(e) {
			continue // it cannot shoot while engaged (R12)
		}
		watch := em.Overwatch && board.InArc(em.Pos, me.Pos, em.WatchDir) && board.Distance(em.Pos, me.Pos) <= m.OverwatchRangeOf(e)
		if w == 0 && !watch {
			continue
		}
		if watch {
			w = math.Max(w, 0.5) // the arc fires if it moves in it
		}
		sight := m.LineOfSight(em.Pos, me.Pos)
		if !sight.Visible {
			continue
		}
		// A loaded gun shoots from Overwatch or in the enemy's activation; an
		// empty one only in his activation, after a Reload (the two action
		// points of an activation hold both).
		bestR, bestH := 0.0, 0.0
		for slot, wp := range em.Profile.Weapons {
			spec, _ := wp.Spec()
			if !spec.CanShoot() || em.Empty[slot] && first == 0 {
				continue
			}
			q := game.ShotQuery{Shooter: e, Slot: slot, Target: id, From: em.Pos, At: me.Pos, TargetMoved: me.Moved, TargetFacing: me.Facing, AssumeLoaded: em.Empty[slot]}
			pool, err := m.QueryShot(q, &sight)
			if err != nil || pool.Impossible {
				continue
			}
			o := oddsOf(odds, &pool, me.Health)
			ww := w
			if em.Empty[slot] {
				ww = first // never from Overwatch
			}
			bestR, bestH = math.Max(bestR, ww*o.PRemoved), math.Max(bestH, ww*o.PHit)
		}
		survive *= 1 - bestR
		unhit *= 1 - bestH
	}
	for _, fu := range m.Fuses {
		dist := math.Max(0, fu.At.Dist(me.Pos)-board.BaseRadius)
		if dist >= rules.BlastOuterInches || !m.Board.Visible(fu.At, me.Pos) {
			continue
		}
		pool, _ := rules.BlastPool(dist)
		o := oddsOf(odds, &pool, me.Health)
		// It may walk off before the fuse burns down.
		survive *= 1 - float64(0.6*o.PRemoved)
		unhit *= 1 - float64(0.6*o.PHit)
	}
	return 1 - survive, 1 - unhit
}

// actsFirst is how likely enemy e acts before model me acts again: surely
// if e is still to act this game turn and me has acted; about even when
// both are still to act, or both have acted (the next turn's initiative
// decides); not at all when e has acted and me is still to act (but for
// an Overwatch, counted apart).
func actsFirst(e, me *game.Model) float64 {
	switch {
	case !e.Activated && me.Activated:
		return 1
	case !e.Activated:
		return 0.6
	case me.Activated:
		return 0.5
	}
	return 0
}
