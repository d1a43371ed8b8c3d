package rules

import (
	"fmt"
	"strings"
)

// Location is where a hit lands (the location die of chapter 8.2).
type Location int

// The body locations of the stat card. Location dice 5 and 6 are both Legs.
const (
	Head Location = iota
	Chest
	Gut
	Arms
	Legs
	NumLocations
)

var locationNames = [NumLocations]string{"Head", "Chest", "Gut", "Arms", "Legs"}

// String is the location's name ("Gut").
func (l Location) String() string {
	if l < 0 || l >= NumLocations {
		return fmt.Sprintf("Location(%d)", int(l))
	}
	return locationNames[l]
}

// LocationFor reads the location die: 1 Head, 2 Chest, 3 Gut, 4 Arms, 5-6 Legs.
func LocationFor(die int) Location {
	if die >= 5 {
		return Legs
	}
	return Location(die - 1)
}

// woundChart is the Wound Chart of chapters 6.4 and 8.3 exactly as printed:
// rows are the location die 1-6, columns the severity die 1-6.
var woundChart = [6][6]int{
	{1, 1, 2, 2, 4, 4}, // 1 Head
	{1, 1, 2, 2, 4, 4}, // 2 Chest
	{1, 1, 1, 1, 2, 4}, // 3 Gut
	{1, 1, 1, 1, 2, 2}, // 4 Arms
	{1, 1, 1, 1, 2, 2}, // 5 Legs
	{1, 1, 1, 1, 2, 2}, // 6 Legs
}

// WoundDamage is the chart's damage for a location die and a severity die,
// both 1-6.
func WoundDamage(locationDie, severityDie int) int {
	if locationDie < 1 || locationDie > 6 || severityDie < 1 || severityDie > 6 {
		panic(fmt.Sprintf("rules: wound chart has no cell for location %d, severity %d", locationDie, severityDie))
	}
	return woundChart[locationDie-1][severityDie-1]
}

// Wound is one hit's result on the wound chart, with both dice.
type Wound struct {
	LocationDie int
	SeverityDie int
	Location    Location
	Damage      int // 1 Light, 2 Serious, 4 Mortal
}

// NewWound reads the chart for the two dice.
func NewWound(locationDie, severityDie int) Wound {
	return Wound{
		LocationDie: locationDie,
		SeverityDie: severityDie,
		Location:    LocationFor(locationDie),
		Damage:      WoundDamage(locationDie, severityDie),
	}
}

// RollWound rolls location then severity for one hit (chapter 8.2).
func RollWound(src Source) Wound {
	loc := D6(src)
	sev := D6(src)
	return NewWound(loc, sev)
}

// Kind names the wound as chapter 8.4 does.
func (w Wound) Kind() string {
	switch w.Damage {
	case 1:
		return "Light Wound"
	case 2:
		return "Serious Wound"
	default:
		return "Mortal Wound"
	}
}

// String reads like a stat card entry: "Chest (2, 3): Serious Wound, 2 damage".
func (w Wound) String() string {
	return fmt.Sprintf("%s (%d, %d): %s, %d damage", w.Location, w.LocationDie, w.SeverityDie, w.Kind(), w.Damage)
}

// Health is the wound track of a stat card: HP boxes, damage marked by
// location, and whether Tough has been used.
type Health struct {
	MaxHP      int
	Tough      bool // the first Light Wound of the game is not marked (R28)
	ToughSpent bool
	Marked     [NumLocations]int // damage marked per location
	Damage     int               // all damage marked
	// Scars are Critical Injuries carried from an earlier match of a
	// campaign (9.2's note), a bit per Location: crippled without damage
	// marked. Omitted when none, so a state without them hashes as before.
	Scars uint8 `json:",omitempty"`
}

// Scarred reports whether the location carries a Critical Injury from an
// earlier match.
func (h Health) Scarred(loc Location) bool { return h.Scars&(1<<loc) != 0 }

// ParseLocation reads a location's name in any case ("legs").
func ParseLocation(name string) (Location, error) {
	for loc := Head; loc < NumLocations; loc++ {
		if strings.EqualFold(name, locationNames[loc]) {
			return loc, nil
		}
	}
	return 0, fmt.Errorf("unknown location %q (want head, chest, gut, arms or legs)", name)
}

// NewHealth is an unhurt character of the given tier; Legends are always
// Tough, others when they have the skill.
func NewHealth(t Tier, toughSkill bool) Health {
	return Health{MaxHP: t.MaxHP(), Tough: toughSkill || t == Legend}
}

// HealthOf is the unhurt wound track of a profile.
func HealthOf(p Profile) Health { return NewHealth(p.Tier, p.Skills.Has(Tough)) }

// HP is what is left of the health boxes (0 or less means removed).
func (h Health) HP() int { return h.MaxHP - h.Damage }

// Removed reports whether the character is out of play (R29).
func (h Health) Removed() bool { return h.HP() <= 0 }

// ToughReady reports whether Tough will still ignore a Light Wound.
func (h Health) ToughReady() bool { return h.Tough && !h.ToughSpent }

// Marking is what happened when a wound was applied to a stat card.
type Marking struct {
	Wound     Wound
	Marked    int  // damage actually marked (0 when Tough saved it)
	ToughSave bool // Tough ignored this Light Wound (R28)
	HPLeft    int
	Removed   bool // this wound took the character out of play (R29)
}

// Take marks a wound on the card. Tough ignores the first Light Wound of the
// game, never a larger one (R28, chapter 9.4). A character already removed
// takes no more wounds.
func (h *Health) Take(w Wound) Marking {
	m := Marking{Wound: w}
	if h.Removed() {
		m.HPLeft = h.HP()
		return m
	}
	if w.Damage == 1 && h.ToughReady() {
		h.ToughSpent = true
		m.ToughSave = true
	} else {
		m.Marked = w.Damage
		h.Damage += w.Damage
		h.Marked[w.Location] += w.Damage
	}
	m.HPLeft = h.HP()
	m.Removed = h.Removed()
	return m
}

// Injuries are the penalties of the optional Critical Injuries rule (R30).
type Injuries struct {
	Dice     int     // shooting and brawling dice, 0 or negative
	MoveCut  float64 // inches off a standard Move
	RunCut   float64 // inches off a Run
	Crippled [NumLocations]bool
}

// Injuries reads the penalties from the marked damage: 2 or more on a
// location cripples it, as does a scar from an earlier match; penalties
// stack across locations (R30).
func (h Health) Injuries() Injuries {
	var in Injuries
	for loc := Head; loc < NumLocations; loc++ {
		if h.Marked[loc] < 2 && !h.Scarred(loc) {
			continue
		}
		in.Crippled[loc] = true
		switch loc {
		case Head, Arms:
			in.Dice--
		case Chest, Gut:
			in.MoveCut++
			in.RunCut += 2
		case Legs:
			in.MoveCut += 2
			in.RunCut += 4
		}
	}
	return in
}
