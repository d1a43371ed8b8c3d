package table

import (
	"fmt"

	"cowpoke/game"
)

// Interact on a scenario's objectives: loot within reach is picked up
// (the scenario may ask a roll to get it loose, "5+ to crack"), a locked
// door may ask a roll to pick. A roll's exact odds (game.Match.InteractOdds)
// are shown before it is made, like every other roll: the first Interact
// says them, a second tries.

// lootInteract is the Interact command on the nearest loot the model may
// try for now, or false.
func (t *Table) lootInteract(id int) (game.Command, bool) {
	m := t.M
	pos := m.Models[id].Pos
	best, bestD := game.Command{}, -1.0
	for _, v := range m.Objectives() {
		if v.Spec.Kind != game.ObjLoot || v.Done || v.Carrier >= 0 {
			continue
		}
		c := game.Command{Kind: game.CmdInteract, Model: id, Objective: v.Spec.Name}
		if m.Validate(c) != nil {
			continue
		}
		if d := pos.Dist(v.At); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD >= 0
}

// askRoll shows the odds of an Interact that needs a roll and reports
// whether the player has already seen them for this very command (the
// second press tries it).
func (t *Table) askRoll(c game.Command) bool {
	m := t.M
	need := m.InteractRoll(c)
	if need <= 1 {
		return true
	}
	odds, err := m.InteractOdds(c)
	if err != nil {
		t.fail(err.Error())
		return false
	}
	text := fmt.Sprintf("%s: %d or more on one die, %d chance%s in 6 (%s). The action point is spent even if it fails. Press %s again to try.",
		interactWhat(m, c), need, 7-need, plural(7-need), Pct(odds), t.keyOr(ActInteract, "I"))
	if t.Status == text && !t.Error {
		return true
	}
	t.hint(text)
	return false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// interactWhat names what an Interact tries: "Crack the strongbox",
// "Pick the lock of the sheriff's door".
func interactWhat(m *game.Match, c game.Command) string {
	if c.Objective != "" {
		for _, o := range m.Scenario.Objectives {
			if o.Name == c.Objective {
				verb := o.Verb
				if verb == "" {
					verb = "pick up"
				}
				return upper(verb) + " " + o.Name
			}
		}
	}
	if f, ok := m.Board.FeatureByID(c.Door); ok {
		for _, d := range m.Scenario.Interact {
			if d.Door == f.Name && d.Verb != "" {
				return upper(d.Verb) + " the " + f.Name
			}
		}
		return "Unlock the " + f.Name
	}
	return "Try it"
}

func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// keyOr is the key in force for an action, or d.
func (t *Table) keyOr(a Action, d string) string {
	if k := t.key(a); k != "" {
		return k
	}
	return d
}
