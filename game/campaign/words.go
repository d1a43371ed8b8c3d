package campaign

import (
	"fmt"
	"strings"

	"cowpoke/rules"

	"cowpoke/game/words"
)

// Lines is the match as the history tells it, in plain words: the result,
// who removed whom, each Survival Roll's pool and odds then its dice, the
// critical injuries kept. The first line is the match; the others are
// indented two spaces.
func (r *Record) Lines() []string {
	result := "a draw"
	if r.Winner != "" {
		result = r.Winner + " win"
	}
	out := []string{fmt.Sprintf("Match %d: %s; %s after %d %s.", r.Number, words.List(r.Posses), result, r.Turns, words.Plural(r.Turns, "turn", "turns"))}
	for _, rm := range r.Removals {
		if rm.By == "" {
			out = append(out, fmt.Sprintf("  %s (%s) %s.", rm.Model, rm.Posse, rm.How))
			continue
		}
		out = append(out, fmt.Sprintf("  %s (%s) removed by %s (%s), %s.", rm.Model, rm.Posse, rm.By, rm.ByPosse, rm.How))
	}
	for _, s := range r.Survival {
		out = append(out, "  "+s.Line())
	}
	for _, sc := range r.Scars {
		out = append(out, fmt.Sprintf("  %s keeps %s: %s.", sc.Model, words.Plural(len(sc.Locations), "a critical injury", "critical injuries"), strings.ToLower(strings.Join(sc.Locations, ", "))))
	}
	return out
}

// Line is a Survival Roll in words: the pool and the odds, then the dice
// and what they mean.
func (s Survival) Line() string {
	why := ""
	if len(s.Modifiers) > 0 {
		why = " (+1 " + strings.Join(s.Modifiers, ", +1 ") + ")"
	}
	line := fmt.Sprintf("Survival: %s, %d dice%s, %.1f%% to live", s.Model, s.Dice, why, 100*s.PSurvive)
	if s.Faces == nil {
		return line + "."
	}
	verdict := "dies"
	if s.Survived {
		verdict = "survives"
	}
	faces := make([]string, len(s.Faces))
	for i, f := range s.Faces {
		faces[i] = fmt.Sprint(f)
	}
	return fmt.Sprintf("%s; rolled %s: %s.", line, strings.Join(faces, " "), verdict)
}

// RosterLines are the posses as they ride now, each model with its tier,
// weapons and lasting injuries, then Boot Hill.
func (c *Campaign) RosterLines() []string {
	var out []string
	for _, p := range c.Posses {
		if len(p.Models) == 0 {
			out = append(out, p.Name+": nobody left.")
			continue
		}
		out = append(out, fmt.Sprintf("%s (%d):", p.Name, len(p.Models)))
		for _, m := range p.Models {
			scars := ""
			if len(m.Scars) > 0 {
				scars = "; injured: " + strings.ToLower(strings.Join(m.Scars, ", "))
			}
			out = append(out, fmt.Sprintf("  %s, %s, %s%s", m.Name, m.Tier, weaponNames(m.Weapons), scars))
		}
	}
	if len(c.BootHill) > 0 {
		out = append(out, "Boot Hill:")
		for _, g := range c.BootHill {
			out = append(out, fmt.Sprintf("  %s (%s), match %d, by %s", g.Model.Name, g.Posse, g.Match, g.By))
		}
	}
	return out
}

// weaponNames are the weapons as the rulebook prints them ("Single-Shot Rifle").
func weaponNames(keys []string) string {
	if len(keys) == 0 {
		return "unarmed"
	}
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k
		if w, err := rules.ParseWeapon(k); err == nil {
			if spec, ok := w.Spec(); ok {
				names[i] = spec.Name
			}
		}
	}
	return strings.Join(names, " and ")
}
