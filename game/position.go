package game

import (
	"errors"
	"fmt"

	"cowpoke/rules"
)

// Positions, not only deployments: a scenario may start a model wounded,
// with a gun out of ammunition, already activated this game turn, on
// Overwatch (ModelSpec.Overwatch), with an Aim marker on an enemy,
// carrying loot, or with a lit stick of his lying on the table. Each is
// checked, one line per problem naming the model and the field, first
// without the map (checkPosition, from Scenario.Validate), then on the
// table as deployed (setUpPosition, from newMatch).

// WoundSpec is damage marked on a location before the match starts.
type WoundSpec struct {
	Location string `json:"location" strict:"required"` // head, chest, gut, arms or legs
	Damage   int    `json:"damage" strict:"required"`   // damage marked there, 1 or more
}

// maxStartWounds bounds a model's listed wounds.
const maxStartWounds = 2 * int(rules.NumLocations)

// hasPosition reports whether the spec sets any starting state beyond
// where the model stands and faces.
func (s ModelSpec) hasPosition() bool {
	return len(s.Wounds) > 0 || len(s.OutOfAmmo) > 0 || s.Activated || s.AimAt != "" || s.Carrying != "" || s.LitFuse != nil
}

// checkPosition checks a model's starting state without the map: each
// wound's location and damage (no more than it takes to take the model
// out), each empty weapon carried and able to run dry, Overwatch with a
// gun, an Aim with an aimable weapon on an enemy, loot that exists.
func (s Scenario) checkPosition(pi int, md ModelSpec) error {
	prof, err := md.Profile()
	if err != nil {
		return err // reported by the posse's own check
	}
	health := rules.HealthOf(prof)
	for _, w := range md.Wounds {
		loc, err := rules.ParseLocation(w.Location)
		if err != nil {
			return fmt.Errorf("\"wounds\": %v", err)
		}
		if w.Damage < 1 || w.Damage > 4 {
			return fmt.Errorf("\"wounds\": %d damage on the %s is not a wound (1 Light, 2 Serious, 4 Mortal)", w.Damage, loc)
		}
		health.Damage += w.Damage
		health.Marked[loc] += w.Damage
	}
	if health.Removed() {
		return fmt.Errorf("\"wounds\": %d damage takes a %s with %s out of play before the match starts", health.Damage, prof.Tier, hpWords(health.MaxHP))
	}
	empty := map[int]bool{}
	for _, name := range md.OutOfAmmo {
		slot := -1
		for i, w := range md.Weapons {
			if w == name && !empty[i] {
				slot = i
				break
			}
		}
		if slot < 0 {
			return fmt.Errorf("\"out_of_ammo\": %s carries no %s", md.Name, printable(name))
		}
		if spec, _ := prof.Weapons[slot].Spec(); !spec.CanShoot() {
			return fmt.Errorf("\"out_of_ammo\": a %s takes no ammunition", spec.Name)
		}
		empty[slot] = true
	}
	if md.Overwatch != nil && !loadedGun(prof, empty, false) {
		return fmt.Errorf("\"overwatch\": %s has no loaded gun to cover an arc with", md.Name)
	}
	if md.AimAt != "" {
		tp, _, n := s.modelNamed(md.AimAt)
		switch {
		case n == 0:
			return fmt.Errorf("\"aim_at\" %s names no model of the scenario", printable(md.AimAt))
		case n > 1:
			return fmt.Errorf("\"aim_at\" %s names %d models", printable(md.AimAt), n)
		case tp == pi:
			return fmt.Errorf("\"aim_at\" %s is in his own posse", printable(md.AimAt))
		case !loadedGun(prof, empty, true):
			return fmt.Errorf("\"aim_at\": %s has no loaded weapon to aim (R16)", md.Name)
		}
	}
	if md.Activated && !s.bookInitiative() {
		return errors.New("\"activated\" needs the draw, the coin toss or the standoff: the card and token methods decide who has acted themselves")
	}
	if md.Carrying != "" {
		i := s.objectiveIndex(md.Carrying)
		if i < 0 || s.Objectives[i].Kind != ObjLoot {
			return fmt.Errorf("\"carrying\" %s names no loot of the scenario", printable(md.Carrying))
		}
	}
	if md.LitFuse != nil && !(finite(md.LitFuse.X) && finite(md.LitFuse.Y) && onTable(*md.LitFuse)) {
		return errors.New("\"lit_fuse\" lies off any table")
	}
	return nil
}

func hpWords(n int) string {
	if n == 1 {
		return "1 HP"
	}
	return fmt.Sprintf("%d HP", n)
}

// loadedGun reports whether a profile has a gun not listed empty (aim:
// one that takes an Aim marker, R16).
func loadedGun(p rules.Profile, empty map[int]bool, aim bool) bool {
	for slot, w := range p.Weapons {
		spec, _ := w.Spec()
		if empty[slot] || !spec.CanShoot() || (aim && spec.AimBonus <= 0) {
			continue
		}
		return true
	}
	return false
}

func (s Scenario) bookInitiative() bool {
	switch s.Initiative {
	case MethodDraw, MethodCoin, MethodStandoff:
		return true
	}
	return false
}

// validatePositions checks every model's starting state and that no loot
// has two carriers.
func (s Scenario) validatePositions() error {
	carriers := map[string]string{}
	for pi, p := range s.Posses {
		for mi, md := range p.Models {
			if !md.hasPosition() && md.Overwatch == nil {
				continue
			}
			if err := s.checkPosition(pi, md); err != nil {
				return fmt.Errorf("posses[%d].models[%d] %s: %v", pi, mi, printable(md.Name), err)
			}
			if md.Carrying != "" {
				if other, ok := carriers[md.Carrying]; ok {
					return fmt.Errorf("posses[%d].models[%d] %s: \"carrying\": %s already carries %s; one loot has one carrier", pi, mi, printable(md.Name), other, printable(md.Carrying))
				}
				carriers[md.Carrying] = md.Name
			}
		}
	}
	return nil
}

// setUpPositions applies the models' starting states after deployment
// (positions the map decides: an Aim needs a line of sight) and checks what
// needs the table. Activated is applied by startTurn's first turn
// (markStartActivated).
func (m *Match) setUpPositions() error {
	for pi, p := range m.Scenario.Posses {
		for mi, spec := range p.Models {
			if !spec.hasPosition() {
				continue
			}
			id := m.Posses[pi].Models[mi]
			md := &m.Models[id]
			where := fmt.Sprintf("posses[%d].models[%d] %s", pi, mi, printable(spec.Name))
			for _, w := range spec.Wounds {
				loc, _ := rules.ParseLocation(w.Location) // checked by Validate
				md.Health.Damage += w.Damage
				md.Health.Marked[loc] += w.Damage
			}
			for _, name := range spec.OutOfAmmo {
				for slot, w := range spec.Weapons {
					if w == name && !md.Empty[slot] {
						md.Empty[slot] = true
						break
					}
				}
			}
			if spec.AimAt != "" {
				tp, tm, _ := m.Scenario.modelNamed(spec.AimAt)
				t := m.Posses[tp].Models[tm]
				if !m.Board.Visible(md.Pos, m.Models[t].Pos) {
					return fmt.Errorf("%s: \"aim_at\": %s cannot see %s from where he stands (R6)", where, md.Name, m.Models[t].Name)
				}
				md.AimAt = t
			}
			if spec.Carrying != "" {
				i := m.Scenario.objectiveIndex(spec.Carrying)
				if err := m.carrierAtStart(i, id); err != nil {
					return fmt.Errorf("%s: %v", where, err)
				}
				st := &m.objectives.Obj[i]
				st.Carrier, st.Loose, st.At = id, true, md.Pos
			}
			if f := spec.LitFuse; f != nil {
				if f.X < 0 || f.Y < 0 || f.X > m.Board.Width || f.Y > m.Board.Height {
					return fmt.Errorf("%s: \"lit_fuse\" lies off the table of %s", where, m.Board.File)
				}
				if w := solidAt(m.Board, *f); w != nil {
					return fmt.Errorf("%s: \"lit_fuse\" lies in the %s", where, w.Label())
				}
				m.Fuses = append(m.Fuses, Fuse{Thrower: id, Posse: pi, At: *f})
			}
		}
	}
	return nil
}

// markStartActivated marks the models a scenario starts as having acted in
// game turn 1.
func (m *Match) markStartActivated() {
	for pi, p := range m.Scenario.Posses {
		for mi, spec := range p.Models {
			if spec.Activated {
				m.Models[m.Posses[pi].Models[mi]].Activated = true
			}
		}
	}
}
