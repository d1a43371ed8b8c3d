package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/rules"
)

// Over reports whether fewer than two posses have anyone left to ride.
func (c *Campaign) Over() bool { return len(c.riding()) < 2 }

// riding are the indexes of the posses with a model left.
func (c *Campaign) riding() []int {
	var out []int
	for i, p := range c.Posses {
		if len(p.Models) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// NextScenario is the next match: every posse with someone left, its
// living models (scars and all) deployed in its zones, on the campaign's
// map under its initiative method; play it with the seed NextSeed gives.
func (c *Campaign) NextScenario() (game.Scenario, error) {
	if c.readOnly != "" {
		return game.Scenario{}, errors.New(c.readOnly)
	}
	if c.Over() {
		return game.Scenario{}, errors.New("the campaign is over: fewer than two posses have anyone left")
	}
	var posses []game.PosseSpec
	for _, i := range c.riding() {
		posses = append(posses, c.Posses[i])
	}
	s, err := game.PlayersScenario(posses, c.Map, c.Initiative)
	if err != nil {
		return s, err
	}
	s.Name = fmt.Sprintf("%s, match %d", c.Name, len(c.Matches)+1)
	s.Options.CriticalInjuries = c.CriticalInjuries
	s.TurnLimit = c.TurnLimit
	return s, s.Validate()
}

// NextSeed is the dice of the next match.
func (c *Campaign) NextSeed() uint64 { return MatchSeed(c.Seed, len(c.Matches)+1) }

// NewMatch sets up the next match.
func (c *Campaign) NewMatch() (*game.Match, error) {
	s, err := c.NextScenario()
	if err != nil {
		return nil, err
	}
	return game.NewMatch(s, c.NextSeed())
}

// isNext refuses a match that is not the campaign's next one as set up
// (an earlier match again, or another scenario or seed), or not over.
func (c *Campaign) isNext(m *game.Match) error {
	if !m.Over {
		return errors.New("the match is not over yet")
	}
	return c.IsNextMatch(m)
}

// IsNextMatch refuses a match, over or not, that is not the campaign's
// next one as NextScenario and NextSeed set it up: an earlier match
// again, or another scenario or seed. Who plays each posse (a person or
// the computer: the scenario's posses' Computer) is the players' choice
// and does not make it another match: the commands are the record.
func (c *Campaign) IsNextMatch(m *game.Match) error {
	ok, err := c.isNextSetUp(m.Scenario, m.Seed)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("this is not match %d of the campaign as it stands (an earlier match cannot be recorded again)", len(c.Matches)+1)
	}
	return nil
}

// isNextSetUp reports whether a scenario and seed are the next match's as
// NextScenario and NextSeed set it up, whoever plays each posse.
func (c *Campaign) isNextSetUp(s game.Scenario, seed uint64) (bool, error) {
	want, err := c.NextScenario()
	if err != nil {
		return false, err
	}
	s.Posses = slices.Clone(s.Posses)
	for i := range s.Posses {
		s.Posses[i].Computer = ""
	}
	a, _ := json.Marshal(want)
	b, _ := json.Marshal(s)
	return string(a) == string(b) && seed == c.NextSeed(), nil
}

// Odds lists the Survival Rolls a finished match calls for, one for every
// model that dropped (0 HP or less), in seating and roster order: each
// pool (3 dice, +1 Tough, +1 Legend) and its exact odds, before any die
// is rolled.
func (c *Campaign) Odds(m *game.Match) ([]Survival, error) {
	if err := c.isNext(m); err != nil {
		return nil, err
	}
	return dropped(m), nil
}

func dropped(m *game.Match) []Survival {
	var out []Survival
	for _, p := range m.Posses {
		for _, id := range p.Models {
			md := &m.Models[id]
			if md.Health.HP() > 0 {
				continue
			}
			pool := rules.SurvivalPool(md.Profile.Tier, md.Profile.Skills.Has(rules.Tough))
			s := Survival{Posse: p.Name, Model: md.Name, Dice: pool.Dice, Modifiers: []string{}, PSurvive: rules.PSurvive(pool.Dice)}
			for _, mod := range pool.Modifiers() {
				s.Modifiers = append(s.Modifiers, mod.Name)
			}
			out = append(out, s)
		}
	}
	return out
}

// Record closes a finished match, the campaign's next: it rolls every
// Survival Roll with the dice the campaign's seed fixes, sends the dead to
// Boot Hill, keeps the survivors' Critical Injuries when the option is on,
// and adds the match to the history with its save. The campaign is changed
// only when it succeeds; save it then (Save). Loading the campaign
// replays the match and records it again with this same code (verify).
func (c *Campaign) Record(m *game.Match) (*Record, error) {
	if err := c.isNext(m); err != nil {
		return nil, err
	}
	save := m.Save()
	save.Commands, save.Checks = slices.Clone(save.Commands), slices.Clone(save.Checks)
	save.Whys = nil // the computer's reasons are no part of the record
	r := Record{Number: len(c.Matches) + 1, Seed: m.Seed, Turns: m.Turn, Commands: len(save.Commands),
		Removals: removals(m), Survival: dropped(m), Scars: []Scar{}, Save: &save}
	for _, p := range m.Posses {
		r.Posses = append(r.Posses, p.Name)
	}
	if m.Winner >= 0 {
		r.Winner = m.Posses[m.Winner].Name
	}
	rollSurvivals(r.Seed, r.Survival)
	next := slices.Clone(c.Posses)
	var graves []Grave
	for pi := range next {
		p := &next[pi]
		var kept []game.ModelSpec
		for _, spec := range p.Models {
			id, ok := modelID(m, p.Name, spec.Name)
			if !ok { // did not ride (cannot happen: every living model rides)
				kept = append(kept, spec)
				continue
			}
			if k := slices.IndexFunc(r.Survival, func(s Survival) bool { return s.Posse == p.Name && s.Model == spec.Name }); k >= 0 && !r.Survival[k].Survived {
				graves = append(graves, Grave{Posse: p.Name, Model: spec, Match: r.Number, By: removedBy(r.Removals, p.Name, spec.Name)})
				continue
			}
			if c.CriticalInjuries {
				if fresh := newScars(m.Models[id].Health); len(fresh) > 0 {
					r.Scars = append(r.Scars, Scar{Posse: p.Name, Model: spec.Name, Locations: fresh})
					spec.Scars = append(slices.Clone(spec.Scars), fresh...)
				}
			}
			kept = append(kept, spec)
		}
		if kept == nil {
			kept = []game.ModelSpec{}
		}
		p.Models = kept
	}
	c.Posses = next
	c.BootHill = append(c.BootHill, graves...)
	c.Matches = append(c.Matches, r)
	return &c.Matches[len(c.Matches)-1], nil
}

// newScars are the scars a survivor takes out of the match: every location
// it ends the match crippled in (2 damage or more, R30) and was not scarred
// in before.
func newScars(h rules.Health) []string {
	var out []string
	for loc := rules.Head; loc < rules.NumLocations; loc++ {
		if h.Marked[loc] >= 2 && !h.Scarred(loc) {
			out = append(out, loc.String())
		}
	}
	return out
}

// modelID finds a model of the match by its posse's and its own name.
func modelID(m *game.Match, posse, name string) (int, bool) {
	for _, p := range m.Posses {
		if p.Name != posse {
			continue
		}
		for _, id := range p.Models {
			if m.Models[id].Name == name {
				return id, true
			}
		}
	}
	return 0, false
}

// removedBy says who removed a model, in words.
func removedBy(rs []Removal, posse, name string) string {
	for _, r := range rs {
		if r.Posse == posse && r.Model == name {
			if r.By == "" {
				return r.How
			}
			return fmt.Sprintf("%s of the %s, %s", r.By, r.ByPosse, r.How)
		}
	}
	return "unknown"
}

// removals reads who removed whom from the match's events: a model removed
// by a wound was removed by the last attack before it (a shot, a parting
// shot, the other fighter of a brawl bout, a stick's thrower); one removed
// without a wound fled.
func removals(m *game.Match) []Removal {
	var out []Removal
	var attack *game.Event
	woundedOut := map[int]bool{}
	events := m.Events()
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case game.EvShot, game.EvPartingShot, game.EvBrawl, game.EvExploded:
			attack = e
		case game.EvWound:
			if e.Wound != nil && e.Wound.Removed {
				woundedOut[e.Model] = true
			}
		case game.EvRemoved:
			victim := &m.Models[e.Model]
			r := Removal{Posse: m.Posses[victim.Posse].Name, Model: victim.Name, How: "fled"}
			if woundedOut[e.Model] && attack != nil {
				by := attack.Model
				switch attack.Kind {
				case game.EvShot:
					r.How = "shot"
				case game.EvPartingShot:
					r.How = "parting shot"
				case game.EvBrawl:
					r.How = "brawl"
					if by == e.Model {
						by = attack.Target
					}
				case game.EvExploded:
					r.How = "dynamite"
				}
				r.By, r.ByPosse = m.Models[by].Name, m.Posses[m.Models[by].Posse].Name
			}
			out = append(out, r)
		}
	}
	if out == nil {
		out = []Removal{}
	}
	return out
}

// PlayHeadless plays the next match with the computer at the given level
// ("easy", ...) for every posse, then records it.
func (c *Campaign) PlayHeadless(level string) (*Record, error) {
	m, err := c.NewMatch()
	if err != nil {
		return nil, err
	}
	sides := make([]game.Controller, len(m.Posses))
	for i := range sides {
		if sides[i], err = ai.New(level, m.Seed+uint64(i)); err != nil {
			return nil, err
		}
	}
	if _, err := game.PlayOut(m, sides, 0); err != nil {
		return nil, fmt.Errorf("match %d: %w", len(c.Matches)+1, err)
	}
	return c.Record(m)
}
