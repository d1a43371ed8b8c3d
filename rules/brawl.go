package rules

import "fmt"

// BrawlBaseDice is every fighter's starting brawl pool (chapter 7.2).
const BrawlBaseDice = 2

// BrawlLabel is the label of every brawl pool.
const BrawlLabel = "Brawl"

// BrawlStats is what sizes one fighter's brawl pool.
type BrawlStats struct {
	Tier    Tier
	Brawler bool // the Brawler skill, +2
	Melee   bool // carries a melee weapon, +2
	Injured int  // critical-injury penalty (R30), 0 or negative
}

// BrawlStatsOf reads a profile's brawl stats.
func BrawlStatsOf(p Profile) BrawlStats {
	return BrawlStats{Tier: p.Tier, Brawler: p.Skills.Has(Brawler), Melee: p.HasMeleeWeapon()}
}

// BrawlPool is 2 dice, plus tier, Brawler and a melee weapon, less injuries,
// never below 1 (R27).
func BrawlPool(s BrawlStats) Pool {
	p := Pool{Label: BrawlLabel, Base: BrawlBaseDice, Total: BrawlBaseDice}
	p.add(s.Tier.String(), s.Tier.DiceModifier())
	if s.Brawler {
		p.add("brawler", +2)
	}
	if s.Melee {
		p.add("melee weapon", +2)
	}
	p.add("injured", s.Injured)
	p.Dice = max(1, p.Total)
	return p
}

// BoutOutcome is how one opposed brawl roll ends (chapter 7.3).
type BoutOutcome int

// The outcomes of a bout.
const (
	Scuffle      BoutOutcome = iota // no sixes on either side: nothing happens
	AttackerWins                    // more sixes: the defender takes a hit
	DefenderWins                    // more sixes: the attacker takes a hit
	BloodyDraw                      // equal sixes, at least one: both take a hit
)

// String names the outcome.
func (o BoutOutcome) String() string {
	switch o {
	case Scuffle:
		return "Scuffle"
	case AttackerWins:
		return "attacker wins"
	case DefenderWins:
		return "defender wins"
	case BloodyDraw:
		return "Bloody Draw"
	}
	return fmt.Sprintf("BoutOutcome(%d)", int(o))
}

// JudgeBout compares the sixes of an opposed roll (chapter 7.3).
func JudgeBout(attackerSixes, defenderSixes int) BoutOutcome {
	switch {
	case attackerSixes > defenderSixes:
		return AttackerWins
	case defenderSixes > attackerSixes:
		return DefenderWins
	case attackerSixes > 0:
		return BloodyDraw
	}
	return Scuffle
}

// AttackerHit says whether the attacker takes a hit.
func (o BoutOutcome) AttackerHit() bool { return o == DefenderWins || o == BloodyDraw }

// DefenderHit says whether the defender takes a hit.
func (o BoutOutcome) DefenderHit() bool { return o == AttackerWins || o == BloodyDraw }

// Fighter is one side of a brawl: its pool and its wound track, which the
// brawl marks.
type Fighter struct {
	Name   string
	Pool   Pool
	Health *Health
	Keep   Keep // round effects Up and Down (R38)
	// PerBout, when set, is the active fighter's pool for each opponent in
	// turn (rules edition 3: Stymied on the first bout only, a Luck die on
	// one bout, R41, R43); each pool's own Keep applies.
	PerBout []Pool
}

// Bout is one pair's opposed roll and the wounds it caused.
type Bout struct {
	Opponent       int // index into the opponents as ordered
	AttackerRoll   Roll
	DefenderRoll   Roll
	Outcome        BoutOutcome
	AttackerWounds []Marking // at most one
	DefenderWounds []Marking // at most one
}

// Brawl fights the active fighter against each opponent in the order the
// active player chose (R27, chapter 7.6). Each pair rolls both pools at
// once; damage is applied after each pair, both hits of a Bloody Draw
// together. The brawl stops when the active fighter is removed; opponents
// already removed are skipped. Dice are rolled attacker's pool first, then
// the defender's; then location and severity of the attacker's blow, then
// of the defender's.
func Brawl(src Source, active Fighter, opponents []Fighter) []Bout {
	var bouts []Bout
	for i, opp := range opponents {
		if active.Health.Removed() {
			break
		}
		if opp.Health.Removed() {
			continue
		}
		b := Bout{Opponent: i}
		if i < len(active.PerBout) {
			b.AttackerRoll = RollKeeping(src, active.PerBout[i].Dice, active.PerBout[i].Keep)
		} else {
			b.AttackerRoll = RollKeeping(src, active.Pool.Dice, active.Keep)
		}
		b.DefenderRoll = RollKeeping(src, opp.Pool.Dice, opp.Keep)
		b.Outcome = JudgeBout(b.AttackerRoll.Sixes(), b.DefenderRoll.Sixes())
		// Roll both wounds first, then mark them: a Bloody Draw is simultaneous.
		var toAttacker, toDefender Wound
		if b.Outcome.DefenderHit() {
			toDefender = RollWound(src)
		}
		if b.Outcome.AttackerHit() {
			toAttacker = RollWound(src)
		}
		if b.Outcome.AttackerHit() {
			b.AttackerWounds = append(b.AttackerWounds, active.Health.Take(toAttacker))
		}
		if b.Outcome.DefenderHit() {
			b.DefenderWounds = append(b.DefenderWounds, opp.Health.Take(toDefender))
		}
		bouts = append(bouts, b)
	}
	return bouts
}

// PartingShotPool is the free attack an enemy makes on a model that
// disengages from it: 1 die unarmed, 2 with a melee weapon, no modifiers;
// one or more sixes is one hit (R13, chapter 7.5).
func PartingShotPool(meleeWeapon bool) Pool {
	p := Pool{Label: "Parting Shot", Base: 1, Total: 1}
	if meleeWeapon {
		p.add("melee weapon", +1)
	}
	p.Dice = p.Total
	return p
}
