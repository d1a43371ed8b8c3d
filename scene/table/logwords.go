package table

import (
	"fmt"
	"strings"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// LogText is an event as the combat log prints it: the engine's text in
// plain words (Plain), with what the engine writes in its own notation
// written out from the event's typed fields: a pool ("2 dice: 2 at Long
// range, 1 fewer as the target moved", PoolWords), a wound (where, how
// bad, HP left; not its dice), a Run's roll (6" plus the 2D6).
func LogText(m *game.Match, e *game.Event) string {
	name := func(id int) string {
		if id < 0 || id >= len(m.Models) {
			return "someone"
		}
		return m.Models[id].Name
	}
	switch e.Kind {
	case game.EvRunRolled:
		if len(e.Faces) == 2 {
			return fmt.Sprintf("%s runs: %s, %s in all.", name(e.Model), RunWords(e), Inches(e.Distance))
		}
	case game.EvBrawl:
		if len(e.Order) == 2 && e.Order[0]+e.Order[1] == len(e.Faces) {
			a, d := e.Faces[:e.Order[0]], e.Faces[e.Order[0]:]
			return fmt.Sprintf("%s brawls %s: %s against %d; %s rolls %s, %s rolls %s: %s.", name(e.Model), name(e.Target),
				words.Count(len(a), "die", "dice"), len(d), name(e.Model), faces(a), name(e.Target), faces(d), BoutWords(e.Bout, name(e.Model), name(e.Target)))
		}
	case game.EvWound:
		if w := e.Wound; w != nil {
			return WoundWords(name(e.Model), w) + "."
		}
	case game.EvShot, game.EvPartingShot, game.EvBlast:
		if p := e.Pool; p != nil && p.Explain != "" && strings.Contains(e.Text, p.Explain) {
			where := ""
			if e.Kind == game.EvShot {
				if band, err := rules.BandFor(e.Distance); err == nil {
					where = "at " + band.String() + " range"
				}
			}
			return Plain(strings.Replace(e.Text, p.Explain, PoolWords(p, where), 1))
		}
	}
	return Plain(e.Text)
}

// RunWords is a Run's roll: "6\" plus 2D6 (5 and 2)", the 6" being what
// the distance has beyond the dice (an injury may cut it).
func RunWords(e *game.Event) string {
	if len(e.Faces) != 2 {
		return Inches(e.Distance)
	}
	base := e.Distance - float64(e.Faces[0]+e.Faces[1])
	return fmt.Sprintf("%s plus 2D6 (%d and %d)", Inches(base), e.Faces[0], e.Faces[1])
}

// WoundWords is a marked wound: where, how bad, and the HP left (or
// Tough's save); not the location and severity dice.
func WoundWords(name string, w *game.WoundInfo) string {
	s := fmt.Sprintf("%s is hit in the %s: %s", name, strings.ToLower(w.Location), woundWords(w.Damage))
	if w.ToughSave {
		return s + ", shrugged off by Tough"
	}
	return s + fmt.Sprintf(", %d HP left", max(w.HPLeft, 0))
}

// BoutWords is how a bout ended, in names: who won, both hit, or nothing.
func BoutWords(o rules.BoutOutcome, attacker, defender string) string {
	switch o {
	case rules.AttackerWins:
		return attacker + " wins"
	case rules.DefenderWins:
		return defender + " wins"
	case rules.BloodyDraw:
		return "both hit"
	}
	return "no six: no harm"
}

// faces is dice as the log lists them: "6 4 1".
func faces(fs []int) string {
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, f)
	}
	return b.String()
}

// woundWords is how bad a wound is: its damage in words.
func woundWords(damage int) string {
	switch damage {
	case 1:
		return "a light wound"
	case 2:
		return "a serious wound (2 damage)"
	}
	return "a mortal wound (" + words.Count(damage, "damage", "damage") + ")"
}

// Inches is a length as the table prints it: 6" or 13.5".
func Inches(d float64) string {
	if d == float64(int(d)) {
		return fmt.Sprintf("%d\"", int(d))
	}
	return fmt.Sprintf("%.1f\"", d)
}
