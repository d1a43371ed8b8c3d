package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Tier is a character's experience tier (chapter 2.2).
type Tier int

// The tiers, weakest first. The zero value is Cowpoke, the standard.
const (
	Greenhorn Tier = iota - 1
	Cowpoke
	Legend
)

// Tiers lists every tier, weakest first.
func Tiers() []Tier { return []Tier{Greenhorn, Cowpoke, Legend} }

// MaxHP is the tier's health: Greenhorn 2, Cowpoke and Legend 4.
func (t Tier) MaxHP() int {
	if t == Greenhorn {
		return 2
	}
	return 4
}

// DiceModifier is the tier's change to every shooting and brawling pool:
// Greenhorn -1, Legend +1 (R15, R27).
func (t Tier) DiceModifier() int { return int(t) }

// String is the tier's name ("Greenhorn").
func (t Tier) String() string {
	switch t {
	case Greenhorn:
		return "Greenhorn"
	case Cowpoke:
		return "Cowpoke"
	case Legend:
		return "Legend"
	}
	return fmt.Sprintf("Tier(%d)", int(t))
}

// ParseTier reads a tier name in any case ("legend").
func ParseTier(s string) (Tier, error) {
	for _, t := range Tiers() {
		if strings.EqualFold(s, t.String()) {
			return t, nil
		}
	}
	return Cowpoke, fmt.Errorf("unknown tier %q (want greenhorn, cowpoke or legend)", s)
}

// Skill is one of the skills of chapter 2.3.
type Skill uint8

// The skills.
const (
	Brawler  Skill = 1 << iota // +2 brawl dice
	Fast                       // +2" to every Run
	Holster                    // both weapon slots may hold pistols (R21)
	Marksman                   // +1 shooting die with the signature weapon
	Tough                      // the first Light Wound is not marked (R28)
)

var skillNames = []struct {
	skill Skill
	name  string
}{{Brawler, "Brawler"}, {Fast, "Fast"}, {Holster, "Holster"}, {Marksman, "Marksman"}, {Tough, "Tough"}}

// Skills is a set of skills.
type Skills uint8

// Has reports whether the set holds s.
func (s Skills) Has(k Skill) bool { return s&Skills(k) != 0 }

// With returns the set with k added.
func (s Skills) With(k Skill) Skills { return s | Skills(k) }

// String lists the skills by name ("Brawler, Fast"), or "none".
func (s Skills) String() string {
	var names []string
	for _, sn := range skillNames {
		if s.Has(sn.skill) {
			names = append(names, sn.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// ParseSkill reads a skill name in any case ("marksman").
func ParseSkill(name string) (Skill, error) {
	for _, sn := range skillNames {
		if strings.EqualFold(name, sn.name) {
			return sn.skill, nil
		}
	}
	return 0, fmt.Errorf("unknown skill %q (want brawler, fast, holster, marksman or tough)", name)
}

// String is the skill's name.
func (k Skill) String() string {
	for _, sn := range skillNames {
		if sn.skill == k {
			return sn.name
		}
	}
	return fmt.Sprintf("Skill(%d)", int(k))
}

// Profile is a character's stat card as built before a game: what the
// rulebook's "Example of Character Creation" fills in.
type Profile struct {
	Name      string
	Tier      Tier
	Skills    Skills
	Weapons   []Weapon // the weapon slots, at most two (R21)
	Signature Weapon   // the Marksman's signature weapon
	Sticks    int      // dynamite sticks carried; 0 means the default of 1 per Dynamite slot (R26)
}

// MaxWeaponSlots is how many weapons a character carries (R21).
const MaxWeaponSlots = 2

// Validate checks the profile against chapter 2 and R21, R26: the first of
// its rule problems (Problem.RosterOnly false), the checks every scenario
// and save is held to.
func (p Profile) Validate() error {
	for _, pr := range p.Problems() {
		if !pr.RosterOnly {
			return errors.New(pr.Text)
		}
	}
	return nil
}

// Problem is one way a stat card breaks the rules of chapter 2.
type Problem struct {
	Rule string // the rule in words: "weapon slots", "Holster", "Marksman", ...
	Text string // a sentence naming the character
	// RosterOnly marks the posse builder's own checks (rulings P10-P13):
	// a roster must pass them, but scenarios and saves made before them
	// are not held to them, so they still load.
	RosterOnly bool
}

// Problems lists everything wrong with the profile, in the order a player
// fills in the stat card; nil when it is a legal character.
func (p Profile) Problems() []Problem {
	var out []Problem
	add := func(rule string, rosterOnly bool, format string, args ...any) {
		out = append(out, Problem{Rule: rule, Text: fmt.Sprintf(format, args...), RosterOnly: rosterOnly})
	}
	if strings.TrimSpace(p.Name) == "" {
		add("name", false, "a character needs a name")
	}
	if p.Tier < Greenhorn || p.Tier > Legend {
		add("tier", false, "%s: unknown tier %d", p.Name, int(p.Tier))
	}
	if len(p.Weapons) > MaxWeaponSlots {
		add("weapon slots", false, "%s carries %d weapons; there are only %d weapon slots", p.Name, len(p.Weapons), MaxWeaponSlots)
	}
	pistols, melee := 0, 0
	for _, w := range p.Weapons {
		spec, ok := w.Spec()
		if !ok {
			add("weapons", false, "%s carries an unknown weapon %d", p.Name, int(w))
			continue
		}
		if spec.Pistol {
			pistols++
		}
		if spec.Melee {
			melee++
		}
	}
	if pistols > 1 && !p.Skills.Has(Holster) {
		add("Holster", false, "%s carries %d pistols; a second pistol needs the Holster skill", p.Name, pistols)
	}
	if p.Skills.Has(Marksman) {
		if !p.Carries(p.Signature) {
			add("Marksman", false, "%s is a Marksman but does not carry a signature weapon", p.Name)
		} else if spec, _ := p.Signature.Spec(); !spec.CanShoot() {
			add("Marksman", false, "%s: a Marksman's signature weapon must be a firearm or a bow, not %s", p.Name, spec.Name)
		}
	} else if p.Signature != NoWeapon {
		add("Marksman", true, "%s names a signature weapon but is no Marksman; only a Marksman has one", p.Name)
	}
	if melee > 1 {
		add("melee weapons", true, "%s carries %d melee weapons; their +2 brawl dice do not add up, so one is the most worth carrying", p.Name, melee)
	}
	if p.Sticks < 0 {
		add("dynamite sticks", false, "%s carries %d dynamite sticks", p.Name, p.Sticks)
	}
	if p.Sticks > 0 && !p.Carries(Dynamite) {
		add("dynamite sticks", false, "%s carries dynamite sticks but no Dynamite slot", p.Name)
	}
	if slots := p.dynamiteSlots(); p.Sticks > 0 && slots > p.Sticks {
		add("dynamite sticks", true, "%s has %d Dynamite slots but only %d sticks; each slot holds at least one stick", p.Name, slots, p.Sticks)
	}
	if p.Tier == Legend && p.Skills.Has(Tough) {
		add("Tough", true, "%s is a Legend, and every Legend is Tough by nature; the Tough skill adds nothing", p.Name)
	}
	return out
}

// Carries reports whether w fills one of the weapon slots.
func (p Profile) Carries(w Weapon) bool {
	for _, c := range p.Weapons {
		if c == w {
			return true
		}
	}
	return false
}

// IsTough reports whether the first Light Wound is ignored: every Legend,
// and anyone with the Tough skill (R28).
func (p Profile) IsTough() bool { return p.Tier == Legend || p.Skills.Has(Tough) }

// DynamiteSticks is how many sticks the character starts with (R26).
func (p Profile) DynamiteSticks() int {
	if p.Sticks > 0 {
		return p.Sticks
	}
	return p.dynamiteSlots()
}

// dynamiteSlots is how many weapon slots hold Dynamite.
func (p Profile) dynamiteSlots() int {
	n := 0
	for _, w := range p.Weapons {
		if w == Dynamite {
			n++
		}
	}
	return n
}

// HasMeleeWeapon reports whether the character carries a melee weapon,
// which gives +2 brawl dice (R21, R27) and 2 parting-shot dice (R13).
func (p Profile) HasMeleeWeapon() bool {
	for _, w := range p.Weapons {
		if spec, ok := w.Spec(); ok && spec.Melee {
			return true
		}
	}
	return false
}

// IsMarksmanWith reports whether firing w earns the Marksman die.
func (p Profile) IsMarksmanWith(w Weapon) bool {
	return p.Skills.Has(Marksman) && p.Signature == w && p.Carries(w)
}
