// Package campaign is the Dust to Dust campaign of chapter 9.3: posses
// carried through a series of matches. After each match every model that
// dropped (reached 0 HP) makes its Survival Roll, its pool and exact odds
// known before the dice and the dice kept after; the dead go to Boot Hill
// with the match they fell in; survivors keep their Critical Injuries when
// that option is on (9.2's note); the history lists each match, its result
// and who removed whom.
//
// A campaign is f(its file): every match's seed and every survival roll's
// dice come from the campaign's seed and the match's number, so a roll can
// be neither undone nor rolled again. Each match keeps what a save keeps
// (scenario, seed, rules edition, commands, state hash), and loading a
// campaign replays every match from the posses at the start and refuses a
// file whose history (winner, removals, turns, rolls, Boot Hill, scars,
// rosters) is not what its matches give. The file is strict JSON
// (game.DecodeStrict) written atomically (store.WriteFileAtomic); see
// README.md.
package campaign

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"cowpoke/game"
	"cowpoke/game/store"
	"cowpoke/maps"
	"cowpoke/rules"
)

// Version is the campaign file format this program writes. Version 1 (no
// posses at the start, no match records) still loads, read only: it cannot
// be checked by replaying its matches (ReadOnly).
const Version = 2

// Bounds on a campaign file, far beyond any real campaign.
const (
	MaxMatches   = 1000
	maxPosses    = 4
	maxModels    = maxPosses * game.MaxRosterModels // every model of every posse
	maxFileBytes = 16 << 20
	maxNameRunes = 40 // a match's scenario is named "NAME, match N"
	// DefaultTurnLimit ends a campaign match that drags on: the posse
	// with the most models standing wins (G1).
	DefaultTurnLimit = 12
)

// Campaign is a campaign file: its posses as they ride now (the living),
// Boot Hill and the history of every match.
type Campaign struct {
	Version    int    `json:"version" strict:"required"`
	Name       string `json:"name" strict:"required"`
	Seed       uint64 `json:"seed" strict:"required"` // every match's dice and every survival roll come from it
	Map        string `json:"map" strict:"required"`  // a built-in map
	Initiative string `json:"initiative" strict:"required"`
	// CriticalInjuries plays the optional rule of 9.2 in every match, and
	// survivors keep the injuries they end a match with.
	CriticalInjuries bool `json:"critical_injuries"`
	TurnLimit        int  `json:"turn_limit" strict:"required"`
	// Start is the posses as they rode into the first match (version 2):
	// the replays of the matches lead from it to Posses and BootHill.
	Start    []game.PosseSpec `json:"start,omitempty"`
	Posses   []game.PosseSpec `json:"posses" strict:"required"` // in seating order; the dead are gone
	BootHill []Grave          `json:"boot_hill" strict:"required"`
	Matches  []Record         `json:"matches" strict:"required"`

	readOnly string // why a version-1 file cannot be played on; "" for a file of this version
}

// Grave is a model that failed its Survival Roll.
type Grave struct {
	Posse string         `json:"posse" strict:"required"`
	Model game.ModelSpec `json:"model" strict:"required"` // the stat card as it last rode
	Match int            `json:"match" strict:"required"` // the match it fell in, from 1
	By    string         `json:"by" strict:"required"`    // who or what removed it, in words
}

// Record is one match of the campaign, as it ended.
type Record struct {
	Number   int        `json:"number" strict:"required"` // from 1
	Seed     uint64     `json:"seed" strict:"required"`   // the match's dice (MatchSeed)
	Posses   []string   `json:"posses" strict:"required"` // who rode, in seating order
	Winner   string     `json:"winner" strict:"required"` // "" for a draw
	Turns    int        `json:"turns" strict:"required"`
	Commands int        `json:"commands" strict:"required"`
	Removals []Removal  `json:"removals" strict:"required"` // in the order they fell
	Survival []Survival `json:"survival" strict:"required"` // in seating and roster order
	Scars    []Scar     `json:"scars" strict:"required"`    // new Critical Injuries survivors take out of the match
	// Save is the match as a save keeps it (version 2): the scenario, the
	// seed, the rules edition, the commands with their checks and the
	// final state hash. Loading the campaign replays it; every field above
	// is what that replay gives.
	Save *game.Save `json:"save,omitempty"`
}

// Removal is one model taken out of play in a match: who removed whom.
type Removal struct {
	Posse   string `json:"posse" strict:"required"`
	Model   string `json:"model" strict:"required"`
	ByPosse string `json:"by_posse"` // "" when nobody did (a model that fled)
	By      string `json:"by"`
	How     string `json:"how" strict:"required"` // "shot", "brawl", "parting shot", "dynamite", "fled"
}

// Survival is one Survival Roll: the pool and its exact odds, fixed before
// the roll, and the dice.
type Survival struct {
	Posse     string   `json:"posse" strict:"required"`
	Model     string   `json:"model" strict:"required"`
	Dice      int      `json:"dice" strict:"required"`
	Modifiers []string `json:"modifiers"`                   // "tough", "legend": the dice beyond the base 3
	PSurvive  float64  `json:"p_survive" strict:"required"` // the chance of one six or more
	Faces     []int    `json:"faces"`                       // nil until rolled
	Survived  bool     `json:"survived"`
}

// Scar is a survivor's new Critical Injuries, carried to later matches.
type Scar struct {
	Posse     string   `json:"posse" strict:"required"`
	Model     string   `json:"model" strict:"required"`
	Locations []string `json:"locations" strict:"required"`
}

// listLimits bound the campaign file's own lists (game's bound its posses).
var listLimits = map[string]int{
	"Campaign.posses":    maxPosses,
	"Campaign.boot_hill": maxModels,
	"Campaign.matches":   MaxMatches,
	"Record.posses":      maxPosses,
	"Record.removals":    maxModels,
	"Record.survival":    maxModels,
	"Record.scars":       maxModels,
	"Campaign.start":     maxPosses,
	"Survival.modifiers": 2,
	"Survival.faces":     5,
	"Scar.locations":     int(rules.NumLocations),
}

// New starts a campaign of the given posses (2 to 4, each a legal roster
// with a name of its own) on a built-in map ("" for the default town).
func New(name string, seed uint64, posses []game.PosseSpec, mapName, initiative string, criticalInjuries bool) (*Campaign, error) {
	if mapName == "" {
		mapName = maps.Default
	}
	c := &Campaign{Version: Version, Name: name, Seed: seed, Map: mapName, Initiative: initiative,
		CriticalInjuries: criticalInjuries, TurnLimit: DefaultTurnLimit,
		Start: clonePosses(posses), Posses: clonePosses(posses), BootHill: []Grave{}, Matches: []Record{}}
	if err := c.check(); err != nil {
		return nil, err
	}
	if _, err := c.NextScenario(); err != nil {
		return nil, err
	}
	return c, nil
}

// Parse reads a campaign file strictly and checks it whole: the recorded
// survival dice against the campaign's seed, and (version 2) every match
// replayed and its history, Boot Hill and the posses as they ride now held
// to what the replays give. name is used in errors: one line naming the
// file, the match and the first thing that differs. A version-1 file is
// checked as far as it can be and loads read only (ReadOnly).
func Parse(name string, data []byte) (*Campaign, error) {
	var c Campaign
	if err := game.DecodeStrict(data, &c, listLimits); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if c.Version == 1 {
		c.readOnly = fmt.Sprintf("%s was written by an earlier Cowpoke and keeps no record of its matches' moves, so it cannot be checked: it can be shown but not played on", name)
		return &c, nil
	}
	if err := c.verify(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &c, nil
}

// ReadOnly says why the campaign cannot be played on or saved (a file of
// version 1, without match records); "" when it can.
func (c *Campaign) ReadOnly() string { return c.readOnly }

// Load reads a campaign file (a regular file, at most 16 MiB).
func Load(path string) (*Campaign, error) {
	data, err := game.ReadPlayerFile(path, maxFileBytes)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Marshal is the campaign's canonical file: indented JSON and a final
// newline. Parse then Marshal gives a canonical file back byte for byte.
func (c *Campaign) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes the campaign atomically: a crash leaves the old file or the
// new one, never half of either.
func (c *Campaign) Save(path string) error {
	if c.readOnly != "" {
		return errors.New(c.readOnly)
	}
	data, err := c.Marshal()
	if err != nil {
		return err
	}
	return store.WriteFileAtomic(path, data)
}

// check checks everything a campaign file says.
func (c *Campaign) check() error {
	if c.Version < 1 || c.Version > Version {
		return fmt.Errorf("campaign format %d is not one this program reads (it reads 1 to %d)", c.Version, Version)
	}
	if err := c.checkRecordsKept(); err != nil {
		return err
	}
	if err := checkName("the campaign's name", c.Name); err != nil {
		return err
	}
	if !slices.Contains(maps.Names(), c.Map) {
		return fmt.Errorf("the map %q is not one of the built-in maps (%s)", c.Map, strings.Join(maps.Names(), ", "))
	}
	if c.TurnLimit < 1 || c.TurnLimit > 100 {
		return fmt.Errorf("turn limit %d is outside 1..100", c.TurnLimit)
	}
	names, err := checkPosses("", c.Posses)
	if err != nil {
		return err
	}
	if c.Start != nil {
		if _, err := checkPosses("at the start, ", c.Start); err != nil {
			return err
		}
	}
	for i, g := range c.BootHill {
		if !names[g.Posse] || g.Match < 1 || g.Match > len(c.Matches) {
			return fmt.Errorf("grave %d: %q of %q fell in match %d, which the campaign does not have", i+1, g.Model.Name, g.Posse, g.Match)
		}
		if _, rides := findModel(c.Posses, g.Posse, g.Model.Name); rides {
			return fmt.Errorf("match %d: boot_hill: %s of the %s lies in Boot Hill yet rides on in posses", g.Match, g.Model.Name, g.Posse)
		}
	}
	for i := range c.Matches {
		if err := c.checkRecord(i); err != nil {
			return fmt.Errorf("match %d: %v", i+1, err)
		}
	}
	return nil
}

// checkRecordsKept holds the file to its version: version 2 keeps the
// posses at the start and every match's save, version 1 neither.
func (c *Campaign) checkRecordsKept() error {
	if c.Version == 1 {
		if c.Start != nil || slices.ContainsFunc(c.Matches, func(r Record) bool { return r.Save != nil }) {
			return errors.New("a version 1 campaign has no start or match saves; this one is damaged")
		}
		return nil
	}
	if c.Start == nil {
		return errors.New(`"start" is missing: the posses as they rode into the first match`)
	}
	for i, r := range c.Matches {
		if r.Save == nil {
			return fmt.Errorf("match %d: its save is missing: the match cannot be checked", i+1)
		}
	}
	return nil
}

// checkPosses checks a campaign's posses (2 to 4, each a legal roster or
// wiped out, each with a name of its own) and returns their names.
func checkPosses(when string, posses []game.PosseSpec) (map[string]bool, error) {
	if n := len(posses); n < 2 || n > maxPosses {
		return nil, fmt.Errorf("%sa campaign has 2 to %d posses, not %d", when, maxPosses, n)
	}
	names := map[string]bool{}
	for _, p := range posses {
		if names[p.Name] {
			return nil, fmt.Errorf("%stwo posses are called %q; each needs a name of its own", when, p.Name)
		}
		names[p.Name] = true
		for _, pr := range game.PosseProblems(p) {
			if pr.Rule == "model count" && len(p.Models) == 0 {
				continue // a posse wiped out stays in the file, out of the fight
			}
			return nil, fmt.Errorf("%sposse %s: %s", when, p.Name, pr)
		}
	}
	return names, nil
}

// findModel finds a posse's model by name.
func findModel(posses []game.PosseSpec, posse, model string) (game.ModelSpec, bool) {
	for _, p := range posses {
		if p.Name != posse {
			continue
		}
		for _, m := range p.Models {
			if m.Name == model {
				return m, true
			}
		}
	}
	return game.ModelSpec{}, false
}

// clonePosses copies posses deep enough that changing a copy's models
// (their scars) never changes the original.
func clonePosses(posses []game.PosseSpec) []game.PosseSpec {
	out := slices.Clone(posses)
	for i := range out {
		out[i].Models = slices.Clone(out[i].Models)
		for j := range out[i].Models {
			out[i].Models[j].Scars = slices.Clone(out[i].Models[j].Scars)
		}
	}
	return out
}

// checkRecord checks a recorded match: its number and seed, its names, and
// its survival rolls: each pool as the rules size it, each die the one the
// campaign's seed rolls.
func (c *Campaign) checkRecord(i int) error {
	r := &c.Matches[i]
	if r.Number != i+1 {
		return fmt.Errorf("is numbered %d", r.Number)
	}
	if r.Seed != MatchSeed(c.Seed, r.Number) {
		return errors.New("its seed is not the campaign's: a match cannot be played again")
	}
	if r.Winner != "" && !slices.Contains(r.Posses, r.Winner) {
		return fmt.Errorf("the winner %q did not ride", r.Winner)
	}
	rolled := slices.Clone(r.Survival)
	for i, s := range rolled {
		if s.Dice < 3 || s.Dice > 5 {
			return fmt.Errorf("%s's survival roll has %d dice; a pool is 3 to 5", s.Model, s.Dice)
		}
		rolled[i].Faces = nil
	}
	rollSurvivals(r.Seed, rolled)
	for i, s := range r.Survival {
		want := rolled[i]
		switch {
		case !slices.Equal(s.Faces, want.Faces) || s.Survived != want.Survived:
			return fmt.Errorf("%s's survival dice are not the ones the campaign rolled: a roll cannot be changed or rolled again", s.Model)
		case s.PSurvive != rules.PSurvive(s.Dice):
			return fmt.Errorf("%s's survival odds are not those of %d dice", s.Model, s.Dice)
		}
	}
	return nil
}

// rollSurvivals rolls the survival pools of a match, in order, with the
// dice its seed fixes: the same rolls every time, so never rolled again.
func rollSurvivals(matchSeed uint64, rolls []Survival) {
	src := rules.NewSeeded(survivalSeed(matchSeed))
	for i := range rolls {
		s := &rolls[i]
		res := rules.RollSurvival(src, rules.Pool{Dice: s.Dice})
		s.Faces, s.Survived = res.Roll.Faces, res.Survived
	}
}

// checkName refuses a name that is not one line of printable text.
func checkName(what, s string) error {
	if !utf8.ValidString(s) || strings.TrimSpace(s) == "" || utf8.RuneCountInString(s) > maxNameRunes {
		return fmt.Errorf("%s must be 1 to %d characters of text", what, maxNameRunes)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%s contains a control character (%U); only printable text is allowed", what, r)
		}
	}
	return nil
}

// MatchSeed is the seed of a campaign's match number n (from 1): fixed by
// the campaign's seed, so a match cannot be played again for other dice.
func MatchSeed(campaignSeed uint64, n int) uint64 {
	return game.Mix64(campaignSeed + uint64(n)*0x9e3779b97f4a7c15)
}

// survivalSeed is the seed of the survival rolls after a match.
func survivalSeed(matchSeed uint64) uint64 { return game.Mix64(matchSeed ^ 0x5375727669766521) }
