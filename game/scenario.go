package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"cowpoke/assets"
	"cowpoke/game/board"
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
	Name       string      `json:"name"`
	Map        string      `json:"map"` // an embedded map ("town.tmx") or a path
	Posses     []PosseSpec `json:"posses"`
	Initiative string      `json:"initiative"` // "draw" (A), "coin" (B) or "standoff" (C)
	Options    Options     `json:"options"`
	TurnLimit  int         `json:"turn_limit,omitempty"` // 0: play until one posse stands
	// FirstTurn names the posse that goes first in game turn 1, with no
	// initiative roll that turn (a tour's fixed opening); empty: roll.
	FirstTurn string `json:"first_turn,omitempty"`
}

// Options are the optional rules of chapter 9 in force.
type Options struct {
	DeadReckoning    bool `json:"dead_reckoning"`    // 9.1: no measuring before committing
	CriticalInjuries bool `json:"critical_injuries"` // 9.2 (R30)
}

// PosseSpec is one side as written in a scenario or a posse file.
type PosseSpec struct {
	Name   string      `json:"name"`
	Models []ModelSpec `json:"models"`
}

// ModelSpec is one character's stat card and deployment.
type ModelSpec struct {
	Name      string   `json:"name"`
	Tier      string   `json:"tier"`
	Skills    []string `json:"skills,omitempty"`
	Weapons   []string `json:"weapons"`
	Signature string   `json:"signature,omitempty"`
	Sticks    int      `json:"sticks,omitempty"`
	At        *Point   `json:"at,omitempty"`        // base centre; nil: placed in the side's deployment zone
	Facing    float64  `json:"facing,omitempty"`    // degrees, 0 = right (+x), 90 = down the table
	Overwatch *float64 `json:"overwatch,omitempty"` // starts on Overwatch covering this direction, degrees
}

// Profile turns the spec into the rules' stat card, checking it.
func (s ModelSpec) Profile() (rules.Profile, error) {
	p := rules.Profile{Name: s.Name, Sticks: s.Sticks}
	var err error
	if s.Tier != "" {
		if p.Tier, err = rules.ParseTier(s.Tier); err != nil {
			return p, fmt.Errorf("%s: %v", s.Name, err)
		}
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

// decodeChecked reads JSON that must have no unknown fields into v, then
// runs check on it; errors start with the file's name.
func decodeChecked(name string, data []byte, v any, check func() error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	if err := check(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func (p PosseSpec) check() error {
	if strings.TrimSpace(p.Name) == "" {
		return fmt.Errorf("a posse needs a name")
	}
	if len(p.Models) == 0 {
		return fmt.Errorf("posse %s has no models", p.Name)
	}
	for _, m := range p.Models {
		if _, err := m.Profile(); err != nil {
			return fmt.Errorf("posse %s: %v", p.Name, err)
		}
		if m.At != nil && !(finite(m.At.X) && finite(m.At.Y)) {
			return fmt.Errorf("posse %s: %s stands at a position that is not a number", p.Name, m.Name)
		}
		if m.Overwatch != nil && !finite(*m.Overwatch) {
			return fmt.Errorf("posse %s: %s watches a direction that is not a number", p.Name, m.Name)
		}
		if !finite(m.Facing) {
			return fmt.Errorf("posse %s: %s faces a direction that is not a number", p.Name, m.Name)
		}
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
	for _, name := range assets.DefaultPosses() {
		data, err := assets.Posse(name)
		if err != nil {
			return s, err
		}
		p, err := ParsePosse("assets/posses/"+name, data)
		if err != nil {
			return s, err
		}
		s.Posses = append(s.Posses, p)
	}
	return s, nil
}

// Validate checks what can be checked without the map.
func (s Scenario) Validate() error {
	if len(s.Posses) < 2 {
		return fmt.Errorf("scenario %q: a match needs at least two posses, it has %d", s.Name, len(s.Posses))
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
			return fmt.Errorf("scenario %q: Method B (coin) is for exactly two players, not %d (R33)", s.Name, len(s.Posses))
		}
	default:
		return fmt.Errorf("scenario %q: unknown initiative method %q (want draw, coin or standoff)", s.Name, s.Initiative)
	}
	if s.FirstTurn != "" && s.posseIndex(s.FirstTurn) < 0 {
		return fmt.Errorf("scenario %q: first_turn %q names no posse of the scenario", s.Name, s.FirstTurn)
	}
	if s.TurnLimit < 0 {
		return fmt.Errorf("scenario %q: turn limit %d is negative", s.Name, s.TurnLimit)
	}
	return nil
}

// LoadMap reads the scenario's map: an embedded map by name, else a file.
func (s Scenario) LoadMap() (*board.Board, error) {
	for _, name := range maps.Names() {
		if name == s.Map {
			return board.LoadFS(maps.FS, name)
		}
	}
	return board.LoadFile(s.Map)
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
