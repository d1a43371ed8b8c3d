package rules

import "sort"

// Round effects (seed 002 fitted by R38): each round every suit gets one
// effect, and one action is approved. This file holds the effects as data
// and the dice they change; the match decides who is affected.

// Effect is one initiative effect of the Savage Masterdeck.
type Effect int

// The ten effects, in the seed's table order.
const (
	Breaks Effect = iota
	Confused
	Down
	Fatigued
	Flurry
	Inspiration
	Setback
	Tests
	Stymied
	Up
	numEffects
)

// Effects lists every effect.
func Effects() []Effect {
	out := make([]Effect, numEffects)
	for i := range out {
		out[i] = Effect(i)
	}
	return out
}

var effectNames = [numEffects]string{"Breaks", "Confused", "Down", "Fatigued", "Flurry", "Inspiration", "Setback", "Tests", "Stymied", "Up"}

// effectLines say in one line what each effect does in Cowpoke (R38).
var effectLines = [numEffects]string{
	"computer-played Greenhorns must cause damage this round or flee; with a Legend on their side, -1 die instead",
	"each human-played model rolls a die: 1-3 loses one action point this round",
	"roll one extra die and drop the highest",
	"-1 die on every pool until Inspiration (at most -2)",
	"+1 action point this round",
	"Fatigue is cleared",
	"-1 action point this round",
	"no effect",
	"-1 die on the next pool",
	"roll one extra die and drop the lowest",
}

func (e Effect) String() string { return effectNames[e] }

// Line says in plain words what the effect does.
func (e Effect) Line() string { return effectLines[e] }

// Approved is the round's approved action (R38).
type Approved int

// The approved actions Cowpoke plays.
const (
	ApprovedAttack Approved = iota
	ApprovedManeuver
	ApprovedInteract
	numApproved
)

func (a Approved) String() string {
	return [...]string{"Attack", "Maneuver", "Interact"}[a]
}

// Line says what counts as a success of the approved action (ruling G20).
func (a Approved) Line() string {
	return [...]string{"a shot or brawl that scores a hit", "a Run", "working a door"}[a]
}

// SuccessLine says what counts as a success of the approved action under
// rules edition 3 (R42, R49): what is done, not what is declared.
func (a Approved) SuccessLine() string {
	return [...]string{"a wound on an enemy, or taking him out", "a Run walked to its end, or a brawl left alive", "a door opened, closed or unlocked"}[a]
}

// StymiedLine is what Stymied does under rules edition 3 (R43).
const StymiedLine = "-1 die on the first roll of the next action; it lapses at the round's end"

// EffectCard is one round's Masterdeck card: an effect per suit
// (indexed by Suit) and the approved action.
type EffectCard struct {
	Suits    [4]Effect `json:"suits"`
	Approved Approved  `json:"approved"`
}

// DrawEffectCard draws a round's card: the seed prints no card list, so
// each suit's effect is drawn uniformly and independently from the ten,
// then the approved action from the three (ruling G19). Order of the dice:
// Spades, Hearts, Diamonds, Clubs, then the approved action.
func DrawEffectCard(src Source) EffectCard {
	var c EffectCard
	for s := Spades; s >= Clubs; s-- {
		c.Suits[s] = Effect(src.Intn(int(numEffects)))
	}
	c.Approved = Approved(src.Intn(int(numApproved)))
	return c
}

// Keep says which die an extra die is dropped from (Up and Down, R38).
type Keep int

// Roll as the pool says; roll one more and drop the lowest; drop the highest.
const (
	KeepAll Keep = iota
	DropLowest
	DropHighest
)

// RollKeeping rolls n dice; under Up or Down it rolls one more and drops
// the lowest or the highest. Faces keeps the n dice that count, in the
// order rolled; Dropped the die set aside. n <= 0 rolls nothing.
func RollKeeping(src Source, n int, k Keep) Roll {
	if n <= 0 || k == KeepAll {
		return RollDice(src, n)
	}
	all := RollDice(src, n+1).Faces
	idx := make([]int, len(all))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return all[idx[a]] < all[idx[b]] })
	drop := idx[0]
	if k == DropHighest {
		drop = idx[len(idx)-1]
	}
	r := Roll{Dropped: []int{all[drop]}}
	for i, f := range all {
		if i != drop {
			r.Faces = append(r.Faces, f)
		}
	}
	return r
}

// AddModifier adds a named modifier to a built pool and settles it again:
// a shot by the minimum dice rule (R14), a brawl never below 1 die (R27).
// Round effects use it (R38).
func (p *Pool) AddModifier(name string, dice int) {
	if dice == 0 || p.Impossible && p.Base == NoShot {
		return
	}
	p.add(name, dice)
	if p.Label == BrawlLabel {
		p.Dice = max(1, p.Total)
		return
	}
	p.HailMary, p.Impossible, p.Why = false, false, ""
	p.settle()
}

// RoundModifiers are the round effects' changes to one roll (R38, R41,
// R43, R44, R50, R52): the match works them out for a model's roll, and
// `cowpoke odds` takes them from its flags. Apply is the one place they
// reach a pool, so the odds shown and the dice rolled agree (R53).
type RoundModifiers struct {
	Fatigue int  // levels of Fatigue: -1 die each (at most 2)
	Stymied bool // -1 die
	Luck    int  // Luck dice on this roll: +1 each
	Breaks  bool // -1 die
	Keep    Keep // Up or Down
}

// Apply puts the modifiers on a built pool.
func (r RoundModifiers) Apply(p *Pool) {
	p.AddModifier("fatigued", -r.Fatigue)
	if r.Stymied {
		p.AddModifier("stymied", -1)
	}
	p.AddModifier("luck", r.Luck)
	if r.Breaks {
		p.AddModifier("breaks", -1)
	}
	p.Keep = r.Keep
}
