package game

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"cowpoke/assets"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/maps"
	"cowpoke/rules"
)

// Point is a position on the table in inches from its top-left corner,
// x to the right, y down.
type Point = board.Point

// Scenario is everything a match starts from besides its seed: the map,
// the posses and where they stand, the initiative method and the optional
// rules. It is saved whole in every save file.
type Scenario struct {
	Name       string      `json:"name" strict:"required"`
	Map        string      `json:"map" strict:"required"` // an embedded map ("town.tmx") or a path
	Posses     []PosseSpec `json:"posses" strict:"required"`
	Initiative string      `json:"initiative" strict:"required"` // "draw" (A), "coin" (B) or "standoff" (C)
	Options    Options     `json:"options"`
	TurnLimit  int         `json:"turn_limit,omitempty"` // 0: play until one posse stands
	// FirstTurn names the posse that goes first in game turn 1, with no
	// initiative roll that turn (a tour's fixed opening); empty: roll.
	FirstTurn string `json:"first_turn,omitempty"`

	// Objectives (objective.go): what the posses play for; none: the last
	// posse standing wins (R34). Interact sets the doors' rolls and locks;
	// WinAt ends the match when a posse reaches that many victory points.
	Objectives []ObjectiveSpec `json:"objectives,omitempty"`
	Interact   []InteractSpec  `json:"interact,omitempty"`
	WinAt      int             `json:"win_at,omitempty"`
	Story      string          `json:"story,omitempty"` // a sentence or two for the player choosing it
	// Score is the victory points the posses have earned already: a
	// position taken from a match in play (position_state.go).
	Score []PosseScore `json:"score,omitempty"`
}

// Options are the optional rules of chapter 9 in force.
type Options struct {
	DeadReckoning    bool `json:"dead_reckoning"`    // 9.1: no measuring before committing
	CriticalInjuries bool `json:"critical_injuries"` // 9.2 (R30)

	// The seeds' optional modules (initiative_*.go, roundeffects.go).
	RoundEffects bool  `json:"round_effects,omitempty"` // seed 002 on a card-based method (R38)
	EnemyLimit   bool  `json:"enemy_limit,omitempty"`   // token stack: cap the shared tokens (R37)
	Computer     []int `json:"computer,omitempty"`      // posses the computer plays (R37 shared tokens; R38 Breaks, Confused)
}

// PosseSpec is one side as written in a scenario or a posse file.
type PosseSpec struct {
	Name   string      `json:"name" strict:"required"`
	Models []ModelSpec `json:"models" strict:"required"`
	// Computer names the computer player that plays this posse, "LEVEL" or
	// "LEVEL:PERSONALITY" ("normal:cautious"; players.go); empty: a person.
	Computer string `json:"computer,omitempty"`
}

// ModelSpec is one character's stat card and deployment.
type ModelSpec struct {
	Name      string   `json:"name" strict:"required"`
	Tier      string   `json:"tier" strict:"required"`
	Skills    []string `json:"skills,omitempty"`
	Weapons   []string `json:"weapons" strict:"required"`
	Signature string   `json:"signature,omitempty"`
	Sticks    int      `json:"sticks,omitempty"`
	At        *Point   `json:"at,omitempty"`        // base centre; nil: placed in the side's deployment zone
	Facing    float64  `json:"facing,omitempty"`    // degrees, 0 = right (+x), 90 = down the table
	Overwatch *float64 `json:"overwatch,omitempty"` // starts on Overwatch covering this direction, degrees
	Card      string   `json:"card,omitempty"`      // character deck: the rank of its card, "A".."2" (R36)
	Scars     []string `json:"scars,omitempty"`     // campaign: locations crippled in earlier matches (9.2's note)

	// A starting position (position.go): wounds marked, weapons out of
	// ammunition (by name), acted already in game turn 1, an Aim marker on
	// an enemy (by name), loot carried (by objective name), a lit stick of
	// this model's lying at a spot (it goes off at his next activation, R24).
	Wounds    []WoundSpec `json:"wounds,omitempty"`
	OutOfAmmo []string    `json:"out_of_ammo,omitempty"`
	Activated bool        `json:"activated,omitempty"`
	AimAt     string      `json:"aim_at,omitempty"`
	Carrying  string      `json:"carrying,omitempty"`
	LitFuse   *Point      `json:"lit_fuse,omitempty"`
	// Escaped names the table edge the model has already left by (an
	// escape, loot carried off): out of play, not a casualty
	// (position_state.go).
	Escaped string `json:"escaped,omitempty"`
}

// scarBits reads the scars into rules.Health.Scars.
func (s ModelSpec) scarBits() (uint8, error) {
	var bits uint8
	for _, name := range s.Scars {
		loc, err := rules.ParseLocation(name)
		if err != nil {
			return 0, fmt.Errorf("%s: scars: %v", s.Name, err)
		}
		if bits&(1<<loc) != 0 {
			return 0, fmt.Errorf("%s: scars: %s is listed twice", s.Name, loc)
		}
		bits |= 1 << loc
	}
	return bits, nil
}

// Profile turns the spec into the rules' stat card, checking it.
func (s ModelSpec) Profile() (rules.Profile, error) {
	p := rules.Profile{Name: s.Name, Sticks: s.Sticks}
	var err error
	if p.Tier, err = rules.ParseTier(s.Tier); err != nil {
		return p, fmt.Errorf("%s: %v", s.Name, err)
	}
	for _, name := range s.Skills {
		k, err := rules.ParseSkill(name)
		if err != nil {
			return p, fmt.Errorf("%s: %v", s.Name, err)
		}
		p.Skills = p.Skills.With(k)
	}
	for _, name := range s.Weapons {
		w, err := rules.ParseWeapon(name)
		if err != nil {
			return p, fmt.Errorf("%s: %v", s.Name, err)
		}
		p.Weapons = append(p.Weapons, w)
	}
	if s.Signature != "" {
		if p.Signature, err = rules.ParseWeapon(s.Signature); err != nil {
			return p, fmt.Errorf("%s: signature: %v", s.Name, err)
		}
	}
	return p, p.Validate()
}

// ParsePosse reads a posse file; name is used in errors.
func ParsePosse(name string, data []byte) (PosseSpec, error) {
	var p PosseSpec
	err := decodeChecked(name, data, &p, func() error { return p.check() })
	return p, err
}

// decodeChecked reads strict JSON (decodeStrict) into v, then runs check
// on it; errors start with the file's name.
func decodeChecked(name string, data []byte, v any, check func() error) error {
	if err := decodeStrict(data, v); err != nil {
		return fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	if err := check(); err != nil {
		return fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	return nil
}

// Bounds on what a scenario or posse file may ask for: far beyond any real
// match, small enough that no file can make the program do unbounded work.
const (
	maxPosses         = 4  // hot-seat play is 2 to 4 people
	maxModelsPerPosse = 30 // a posse is 4 to 10 characters
	maxSkills         = 8
	maxWeaponNames    = rules.MaxWeaponSlots
	maxSticks         = 20
	maxDegrees        = 360 // facings and overwatch directions lie in -360..360
	maxTurnLimit      = 1000
)

func (p PosseSpec) check() error {
	if strings.TrimSpace(p.Name) == "" {
		return fmt.Errorf("a posse needs a name")
	}
	if err := checkText("the posse's name", p.Name, maxNameRunes); err != nil {
		return err
	}
	if err := CheckComputer(p.Computer); err != nil {
		return fmt.Errorf("posse %s: %v", p.Name, err)
	}
	if len(p.Models) == 0 {
		return fmt.Errorf("posse %s has no models", p.Name)
	}
	if len(p.Models) > maxModelsPerPosse {
		return fmt.Errorf("posse %s has %d models; at most %d are allowed", p.Name, len(p.Models), maxModelsPerPosse)
	}
	for i, m := range p.Models {
		if err := m.check(); err != nil {
			return fmt.Errorf("posse %s, model %d: %v", p.Name, i+1, err)
		}
	}
	return nil
}

// check checks the spec's text, counts and numbers, then its stat card.
func (m ModelSpec) check() error {
	if err := checkText("the name", m.Name, maxNameRunes); err != nil {
		return err
	}
	if len(m.Skills) > maxSkills {
		return fmt.Errorf("%s has %d skills; at most %d are allowed", m.Name, len(m.Skills), maxSkills)
	}
	if len(m.Weapons) > maxWeaponNames {
		return fmt.Errorf("%s carries %d weapons; there are only %d weapon slots", m.Name, len(m.Weapons), maxWeaponNames)
	}
	if m.Sticks > maxSticks {
		return fmt.Errorf("%s carries %d dynamite sticks; at most %d are allowed", m.Name, m.Sticks, maxSticks)
	}
	if _, err := m.Profile(); err != nil {
		return err
	}
	if _, err := m.scarBits(); err != nil {
		return err
	}
	if m.At != nil && !(finite(m.At.X) && finite(m.At.Y) && onTable(*m.At)) {
		return fmt.Errorf("%s stands off any table", m.Name)
	}
	if !finite(m.Facing) || math.Abs(m.Facing) > maxDegrees {
		return fmt.Errorf("%s: facing %g degrees is outside -360..360", m.Name, m.Facing)
	}
	if m.Overwatch != nil && (!finite(*m.Overwatch) || math.Abs(*m.Overwatch) > maxDegrees) {
		return fmt.Errorf("%s: overwatch direction %g degrees is outside -360..360", m.Name, *m.Overwatch)
	}
	return nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// Initiative method names.
const (
	MethodDraw     = "draw"     // Method A: one card per player
	MethodCoin     = "coin"     // Method B: a D6, even or odd; two players
	MethodStandoff = "standoff" // Method C: roll-off, ties reroll
)

// DefaultScenario is a new game's one-click default: the default town, the
// Lawmen against the Desperados deployed in their zones, Method A.
func DefaultScenario() (Scenario, error) {
	s := Scenario{Name: "Showdown in town", Map: maps.Default, Initiative: MethodDraw}
	var err error
	s.Posses, err = readShippedPosses(assets.DefaultPosses())
	return s, err
}

// Validate checks what can be checked without the map.
func (s Scenario) Validate() error {
	if err := checkText("the scenario's name", s.Name, maxNameRunes); err != nil {
		return fmt.Errorf("scenario %s: %v", printable(s.Name), err)
	}
	if err := checkText("the map's name", s.Map, maxMapNameRunes); err != nil || s.Map == "" {
		if err == nil {
			err = errors.New("the scenario names no map")
		}
		return fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if len(s.Posses) < 2 {
		return fmt.Errorf("scenario %q: a match needs at least two posses, it has %d", s.Name, len(s.Posses))
	}
	if len(s.Posses) > maxPosses {
		return fmt.Errorf("scenario %q: a match has at most %d posses, it has %d", s.Name, maxPosses, len(s.Posses))
	}
	for _, p := range s.Posses {
		if err := p.check(); err != nil {
			return fmt.Errorf("scenario %q: %v", s.Name, err)
		}
	}
	switch s.Initiative {
	case MethodDraw, MethodStandoff:
	case MethodCoin:
		if len(s.Posses) != 2 {
			return fmt.Errorf("scenario %q: the coin toss (Method B) is for exactly two players, not %d; with more, choose the Draw or the Standoff", s.Name, len(s.Posses))
		}
	case MethodStacks, MethodDeck, MethodTokens:
	default:
		return fmt.Errorf("scenario %q: unknown initiative method %q (want draw, coin, standoff, stacks, deck or tokens)", s.Name, s.Initiative)
	}
	if err := s.validateSeedModules(); err != nil { // initiative_scenario.go
		return fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if s.FirstTurn != "" && s.posseIndex(s.FirstTurn) < 0 {
		return fmt.Errorf("scenario %q: first_turn %q names no posse of the scenario", s.Name, s.FirstTurn)
	}
	if s.TurnLimit < 0 || s.TurnLimit > maxTurnLimit {
		return fmt.Errorf("scenario %q: turn limit %d is outside 0..%d", s.Name, s.TurnLimit, maxTurnLimit)
	}
	if err := s.validateObjectives(); err != nil { // objective.go
		return fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if err := s.validatePositions(); err != nil { // position.go
		return fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if err := s.validatePositionState(); err != nil { // position_state.go
		return fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	return nil
}

// checkOnTable checks that every model placed by the scenario stands on
// the map's table.
func (s Scenario) checkOnTable(b *board.Board) error {
	for _, p := range s.Posses {
		for _, m := range p.Models {
			if m.At != nil && (m.At.X < 0 || m.At.Y < 0 || m.At.X > b.Width || m.At.Y > b.Height) {
				return fmt.Errorf("scenario %q: posse %s: %s stands off the table of %s", s.Name, p.Name, m.Name, b.File)
			}
		}
	}
	return nil
}

// LoadMap reads the scenario's map: an embedded map by name, else a file
// (a regular file only).
func (s Scenario) LoadMap() (*board.Board, error) {
	b, _, err := loadMapRef(mapRef{Name: s.Map})
	return b, err
}

// ParseScenario reads a scenario file; name is used in errors.
func ParseScenario(name string, data []byte) (Scenario, error) {
	var s Scenario
	err := decodeChecked(name, data, &s, func() error { return s.Validate() })
	return s, err
}

// ShowcaseScenario is the newcomer's minute on the default town: a run
// through an overwatch arc, an aimed rifle shot across the street,
// dynamite behind the wagon and a brawl at the saloon door.
func ShowcaseScenario() (Scenario, error) {
	data, err := assets.Scenario(assets.Showcase)
	if err != nil {
		return Scenario{}, err
	}
	return ParseScenario("assets/scenarios/"+assets.Showcase, data)
}

// posseIndex is the index of the posse with that name, or -1.
func (s Scenario) posseIndex(name string) int {
	for i, p := range s.Posses {
		if p.Name == name {
			return i
		}
	}
	return -1
}
