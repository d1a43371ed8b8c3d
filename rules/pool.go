package rules

import (
	"fmt"
	"strings"
)

// Modifier is one named change to a dice pool ("target moved", -1).
type Modifier struct {
	Name string `json:"name"`
	Dice int    `json:"dice"`
}

// maxModifiers bounds the modifiers one pool can collect; pools keep them
// in an array so that building one never allocates.
const maxModifiers = 12

// Pool is a dice pool with the reasons for its size: what a screen shows
// before the dice are rolled ("Revolver Short 3, target moved -1 -> 2 dice").
type Pool struct {
	Label string // what the base is ("Revolver Short", "Brawl", "Blast Point Blank")
	Base  int    // base dice; NoShot for a "-" on the chart

	mods  [maxModifiers]Modifier
	nmods int

	Total      int  // Base plus every modifier; may be zero or negative
	Dice       int  // dice to roll: Total, or 1 for a Hail Mary die, or 0 when no roll is allowed
	HailMary   bool // the minimum dice rule gave a single die (R14)
	Impossible bool // no dice may be rolled (R14); Why says why
	Why        string
	EverySix   bool // every six is a separate hit (Blaze Away, Dynamite: R17)
	Keep       Keep // Up or Down: one more die rolled, the lowest or highest set aside (R38, R52)
}

// add records a modifier; zero modifiers are not recorded.
func (p *Pool) add(name string, dice int) {
	if dice == 0 {
		return
	}
	if p.nmods == maxModifiers {
		panic("rules: too many modifiers for one pool")
	}
	p.mods[p.nmods] = Modifier{Name: name, Dice: dice}
	p.nmods++
	p.Total += dice
}

// Modifiers returns the modifiers that applied, in the order of R15.
func (p *Pool) Modifiers() []Modifier { return p.mods[:p.nmods] }

// Explain writes the pool as a person reads it:
// "Revolver Short 3, target moved -1, wood cover -2 -> Hail Mary 1 die".
func (p *Pool) Explain() string {
	var b strings.Builder
	b.WriteString(p.Label)
	if p.Base == NoShot {
		b.WriteString(" -")
	} else {
		fmt.Fprintf(&b, " %d", p.Base)
	}
	for _, m := range p.Modifiers() {
		fmt.Fprintf(&b, ", %s %+d", m.Name, m.Dice)
	}
	b.WriteString(" -> ")
	switch {
	case p.Impossible:
		b.WriteString("no shot: " + p.Why)
	case p.HailMary:
		b.WriteString("Hail Mary 1 die")
	default:
		b.WriteString(diceCount(p.Dice))
	}
	return b.String()
}

func diceCount(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// settle applies the minimum dice rule (R14) once every modifier is in.
func (p *Pool) settle() {
	switch {
	case p.Base == NoShot:
		p.Impossible, p.Dice = true, 0
		if p.Why == "" {
			p.Why = "out of range for this weapon"
		}
	case p.Total >= 1:
		p.Dice = p.Total
	case p.Base >= 1:
		p.HailMary, p.Dice = true, 1
	default:
		p.Impossible, p.Dice = true, 0
		p.Why = "base 0 and the modifiers leave no die"
	}
}

// ShotRollsWhatever reports whether a shot with weapon w at band b rolls
// at least one die whatever its modifiers: a base of 1 or more never falls
// below a Hail Mary's single die (R14), and a round effect's modifier
// settles the pool by the same rule (AddModifier). A base of 0 can come to
// no die; a "-" never rolls.
func ShotRollsWhatever(w Weapon, b Band) bool {
	spec, ok := w.Spec()
	return ok && spec.CanShoot() && b >= 0 && b < numBands && spec.Chart[b] >= 1
}

// Cover is the class of cover a target claims (R7).
type Cover int

// The cover classes, lightest first.
const (
	NoCover Cover = iota
	WoodCover
	StoneCover
)

// String is the cover's name ("wood").
func (c Cover) String() string {
	switch c {
	case NoCover:
		return "none"
	case WoodCover:
		return "wood"
	case StoneCover:
		return "stone"
	}
	return fmt.Sprintf("Cover(%d)", int(c))
}

// Dice is the pool modifier for the cover: wood -2, stone -3 (R15).
func (c Cover) Dice() int {
	switch c {
	case WoodCover:
		return -2
	case StoneCover:
		return -3
	}
	return 0
}

// modifierName names the cover as a pool modifier ("wood cover").
func (c Cover) modifierName() string {
	switch c {
	case WoodCover:
		return "wood cover"
	case StoneCover:
		return "stone cover"
	}
	return "no cover"
}

// shotLabels holds "Revolver Short" and the like, built once so that
// sizing a pool never allocates. It is never written after start-up.
var shotLabels = func() (labels [numWeapons][numBands]string) {
	for w := Derringer; w < numWeapons; w++ {
		for b := PointBlank; b < numBands; b++ {
			labels[w][b] = weaponChart[w].Name + " " + b.String()
		}
	}
	return labels
}()

// noShotWhys holds "a Derringer cannot hit at Long range" and the like,
// built once like shotLabels: the computer sizes many shots out of range.
var noShotWhys = func() (whys [numWeapons][numBands]string) {
	for w := Derringer; w < numWeapons; w++ {
		for b := PointBlank; b < numBands; b++ {
			whys[w][b] = fmt.Sprintf("a %s cannot hit at %s range", weaponChart[w].Name, b)
		}
	}
	return whys
}()

// ParseCover reads "none", "wood" or "stone".
func ParseCover(s string) (Cover, error) {
	for _, c := range []Cover{NoCover, WoodCover, StoneCover} {
		if strings.EqualFold(s, c.String()) {
			return c, nil
		}
	}
	return NoCover, fmt.Errorf("unknown cover %q (want none, wood or stone)", s)
}

// Shot is everything the rules need to size a shooting pool. The caller
// (the match, or a person at the odds calculator) measures the range and
// judges cover, facing and movement.
type Shot struct {
	Weapon Weapon
	Band   Band
	Tier   Tier

	Aimed bool // the previous action was Aim at this target (R16)
	Blaze bool // a Blaze Away action (R18)

	AttackerMoved bool  // the shooter moved this activation (R15)
	TargetMoved   bool  // the target moved in its most recent activation (R15)
	Cover         Cover // the target's cover class (R7)
	BackShot      bool  // the shooter stands in the target's rear arc (R8)
	Marksman      bool  // the shooter is a Marksman firing his signature weapon
	Injured       int   // critical-injury dice penalty (R30), 0 or negative
}

// ShotPool builds the dice pool of a shot (R14, R15). The error reports a
// shot that the rules forbid whatever the dice, such as Aim with Blaze Away;
// a shot that is merely out of range comes back as an Impossible pool.
func ShotPool(s Shot) (Pool, error) {
	spec, ok := s.Weapon.Spec()
	if !ok || s.Band < 0 || s.Band >= numBands {
		return Pool{}, fmt.Errorf("unknown weapon or range band")
	}
	switch {
	case spec.Melee:
		return Pool{}, fmt.Errorf("a %s is a melee weapon: it brawls, it does not shoot", spec.Name)
	case spec.Blast:
		return Pool{}, fmt.Errorf("dynamite is thrown, not shot: it rolls no dice to hit, and its blast dice depend on each victim's distance from the stick (R22, R25)")
	case s.Aimed && s.Blaze:
		return Pool{}, fmt.Errorf("Aim cannot be combined with Blaze Away (R16)")
	case s.Blaze && spec.BlazeBonus == 0:
		return Pool{}, fmt.Errorf("only a Revolver or a Lever-Action can Blaze Away, not a %s (R18)", spec.Name)
	case s.Injured > 0:
		return Pool{}, fmt.Errorf("an injury penalty of %d dice is not a penalty", s.Injured)
	}
	p := Pool{Label: shotLabels[s.Weapon][s.Band], Base: spec.Chart[s.Band], EverySix: s.Blaze}
	if p.Base == NoShot {
		p.Why = noShotWhys[s.Weapon][s.Band]
		p.settle()
		return p, nil
	}
	p.Total = p.Base
	if s.AttackerMoved {
		p.add("moved", -1)
	}
	if s.TargetMoved {
		p.add("target moved", -1)
	}
	p.add(s.Cover.modifierName(), s.Cover.Dice())
	if s.BackShot {
		p.add("back shot", +1)
	}
	if s.Aimed {
		p.add("aim", spec.AimBonus)
	}
	if s.Blaze {
		p.add("blaze away", spec.BlazeBonus)
	}
	p.add(s.Tier.String(), s.Tier.DiceModifier())
	if s.Marksman {
		p.add("marksman", +1)
	}
	p.add("injured", s.Injured)
	p.settle()
	return p, nil
}

// ShotResult is a rolled shot: the faces and the hits they score.
type ShotResult struct {
	Roll Roll
	Hits int
}

// Shoot rolls the pool and counts hits (R17): a standard shot scores one
// hit for one or more sixes; Blaze Away and Dynamite score a hit per six.
// An impossible pool rolls nothing.
func Shoot(src Source, p *Pool) ShotResult {
	r := RollKeeping(src, p.Dice, p.Keep) // Up, Down (R38, R52); RollDice when neither
	return ShotResult{Roll: r, Hits: HitsFrom(r.Sixes(), p.EverySix)}
}

// HitsFrom turns a count of sixes into hits (R17).
func HitsFrom(sixes int, everySix bool) int {
	if everySix || sixes == 0 {
		return sixes
	}
	return 1
}
