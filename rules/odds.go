package rules

import (
	"fmt"
	"math"
)

// Exact probabilities, computed in closed form or by convolution; nothing
// here samples. Every function fills fixed-size arrays, so none allocates.

// MaxDice is the largest pool the exact odds handle.
const MaxDice = 64

// maxTrackedHP bounds the health the removal odds follow.
const maxTrackedHP = 16

const (
	pSix   = 1.0 / 6
	pNoSix = 5.0 / 6
)

// Dist is a distribution over 0..N: P[k] is the chance of exactly k.
type Dist struct {
	N int
	P [MaxDice + 1]float64
}

// Slice returns P[0..N] (it shares the Dist's memory).
func (d *Dist) Slice() []float64 { return d.P[:d.N+1] }

// Mean is the expected value.
func (d *Dist) Mean() float64 {
	m := 0.0
	for k := 0; k <= d.N; k++ {
		m += float64(float64(k) * d.P[k])
	}
	return m
}

func checkDice(n int) {
	if n < 0 || n > MaxDice {
		panic(fmt.Sprintf("rules: %d dice is outside the exact odds' range 0..%d", n, MaxDice))
	}
}

// PAnySix is the chance that n dice show at least one six: 1 - (5/6)^n.
func PAnySix(n int) float64 {
	if n <= 0 {
		return 0
	}
	// math.Pow with a whole exponent only multiplies, so it gives the same
	// bits on every CPU; Expm1 and Log1p would not (their polynomials fuse).
	return 1 - math.Pow(pNoSix, float64(n))
}

// SixesDist is the binomial distribution of sixes on n dice.
func SixesDist(n int) Dist {
	checkDice(n)
	var d Dist
	d.N = n
	d.P[0] = math.Pow(pNoSix, float64(n))
	for k := 0; k < n; k++ {
		d.P[k+1] = float64(float64(d.P[k]*float64(n-k)) / float64(k+1) * (pSix / pNoSix))
	}
	return d
}

// HitsDist is the distribution of hits from a pool of n dice: per six when
// everySix (Blaze Away, Dynamite), else one hit for any six (R17).
func HitsDist(n int, everySix bool) Dist {
	if everySix {
		return SixesDist(n)
	}
	checkDice(n)
	var d Dist
	if n == 0 {
		d.P[0] = 1
		return d
	}
	d.N = 1
	d.P[1] = PAnySix(n)
	d.P[0] = 1 - d.P[1]
	return d
}

// DamageDist is the chance of each damage amount from one hit, read from
// the 36 equally likely cells of the wound chart: index 1, 2 and 4 are
// Light, Serious and Mortal.
func DamageDist() [5]float64 {
	var cells [5]int
	for loc := 1; loc <= 6; loc++ {
		for sev := 1; sev <= 6; sev++ {
			cells[WoundDamage(loc, sev)]++
		}
	}
	var d [5]float64
	for dmg, n := range cells {
		d[dmg] = float64(n) / 36
	}
	return d
}

// LocationDamageDist is, for one hit, the chance of each damage amount at
// each location (for critical-injury odds and stat-card previews).
func LocationDamageDist() [NumLocations][5]float64 {
	var d [NumLocations][5]float64
	for loc := 1; loc <= 6; loc++ {
		for sev := 1; sev <= 6; sev++ {
			d[LocationFor(loc)][WoundDamage(loc, sev)] += 1.0 / 36
		}
	}
	return d
}

// removalTracker follows a target's wound track hit by hit: alive[d][t] is
// the chance of standing with d damage taken and Tough unspent (t=1) or not.
type removalTracker struct {
	hp      int
	alive   [maxTrackedHP][2]float64
	removed float64
	damage  [5]float64
}

func newRemovalTracker(h Health) removalTracker {
	hp := h.HP()
	if hp > maxTrackedHP {
		panic(fmt.Sprintf("rules: %d HP is more than the odds track", hp))
	}
	r := removalTracker{hp: hp, damage: DamageDist()}
	if hp <= 0 {
		r.removed = 1
		return r
	}
	if h.ToughReady() {
		r.alive[0][1] = 1
	} else {
		r.alive[0][0] = 1
	}
	return r
}

// hit applies one more hit to every standing state.
func (r *removalTracker) hit() {
	var next [maxTrackedHP][2]float64
	for d := 0; d < r.hp; d++ {
		for t := 0; t < 2; t++ {
			p := r.alive[d][t]
			if p == 0 {
				continue
			}
			for _, dmg := range [3]int{1, 2, 4} {
				q := float64(p * r.damage[dmg]) // rounded: a product feeding a sum (same bits on every CPU)
				switch {
				case dmg == 1 && t == 1: // Tough ignores the first Light Wound (R28)
					next[d][0] += q
				case d+dmg >= r.hp:
					r.removed += q
				default:
					next[d+dmg][t] += q
				}
			}
		}
	}
	r.alive = next
}

// PRemoved is the chance that the hits remove the target (R28, R29): the
// sum over k of P(k hits) times P(k wounds take the target to 0 HP).
func PRemoved(hits *Dist, target Health) float64 {
	r := newRemovalTracker(target)
	p := float64(hits.P[0] * r.removed)
	for k := 1; k <= hits.N; k++ {
		r.hit()
		p += float64(hits.P[k] * r.removed)
	}
	return p
}

// PRemovedByHits is the chance that exactly k hits remove the target.
func PRemovedByHits(k int, target Health) float64 {
	r := newRemovalTracker(target)
	for i := 0; i < k; i++ {
		r.hit()
	}
	return r.removed
}

// PoolOdds are the odds of rolling one pool at one target.
type PoolOdds struct {
	PHit     float64 // at least one hit
	Hits     Dist    // number of hits
	PRemoved float64 // the target is removed
}

// OddsOf computes the odds of a pool (shot, blast or parting shot) against
// a target with the given wound track.
//
// It is the one place a pool's odds are worked out: the pool carries every
// modifier the engine rolls it with (the dice after Fatigued, Stymied, a
// declared Luck die, Breaks; Up or Down in Keep), so what a screen shows is
// the roll the engine makes (R53).
func OddsOf(p *Pool, target Health) PoolOdds {
	var o PoolOdds
	o.Hits = PoolHitsDist(p)
	if p.Keep == KeepAll {
		o.PHit = PAnySix(p.Dice)
	} else {
		o.PHit = 1 - o.Hits.P[0]
	}
	o.PRemoved = PRemoved(&o.Hits, target)
	return o
}

// BrawlOdds are the outcome chances of one opposed bout (chapter 7.3) and
// the chances that it removes either fighter.
type BrawlOdds struct {
	PAttackerWins     float64
	PDefenderWins     float64
	PBloodyDraw       float64
	PScuffle          float64
	PAttackerRemoved  float64
	PDefenderRemoved  float64
	AttackerDice      int
	DefenderDice      int
	AttackerSixesDist Dist
	DefenderSixesDist Dist
}

// BoutOdds computes one bout's odds by convolving the two binomials.
func BoutOdds(attackerDice, defenderDice int, attacker, defender Health) BrawlOdds {
	return boutOdds(attackerDice, defenderDice, SixesDist(attackerDice), SixesDist(defenderDice), attacker, defender)
}

// BoutPoolOdds is BoutOdds for two brawl pools as the engine rolls them:
// Up or Down on either side counted (R38, R53).
func BoutPoolOdds(attacker, defender *Pool, aHealth, dHealth Health) BrawlOdds {
	return boutOdds(attacker.Dice, defender.Dice, KeptSixesDist(attacker.Dice, attacker.Keep), KeptSixesDist(defender.Dice, defender.Keep), aHealth, dHealth)
}

// boutOdds convolves the two sides' distributions of sixes.
func boutOdds(attackerDice, defenderDice int, aSixes, dSixes Dist, attacker, defender Health) BrawlOdds {
	o := BrawlOdds{AttackerDice: attackerDice, DefenderDice: defenderDice}
	o.AttackerSixesDist = aSixes
	o.DefenderSixesDist = dSixes
	a, d := &o.AttackerSixesDist, &o.DefenderSixesDist
	// below accumulates P(defender sixes < k) as k rises.
	below := 0.0
	for k := 0; k <= a.N; k++ {
		o.PAttackerWins += float64(a.P[k] * below)
		if k <= d.N {
			if k > 0 {
				o.PBloodyDraw += float64(a.P[k] * d.P[k])
			}
			below += d.P[k]
		}
	}
	o.PScuffle = float64(a.P[0] * d.P[0])
	o.PDefenderWins = 1 - o.PAttackerWins - o.PBloodyDraw - o.PScuffle
	attackerHit := o.PDefenderWins + o.PBloodyDraw
	defenderHit := o.PAttackerWins + o.PBloodyDraw
	o.PAttackerRemoved = float64(attackerHit * PRemovedByHits(1, attacker))
	o.PDefenderRemoved = float64(defenderHit * PRemovedByHits(1, defender))
	return o
}

// PSurvive is the chance a Survival Roll of n dice shows a six (chapter 9.3).
func PSurvive(n int) float64 { return PAnySix(n) }

// PHailMaryReaches is the chance that a Hail Mary (1D6 + 6") reaches a spot
// the given distance away, so that the stick lands on it (R23).
func PHailMaryReaches(inches float64) float64 {
	n := 0
	for die := 1; die <= 6; die++ {
		if HailMaryReach(die) >= inches {
			n++
		}
	}
	return float64(n) / 6
}
