package table

import (
	"fmt"
	"strings"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// PoolWords is a dice pool in a player's words, for the log, the dice
// tray and the panel: "2 dice: 2 at Long range, 1 fewer as the target
// moved, 1 more as a Marksman", never the engine's "Long 2, target moved
// -1, marksman +1 -> 2 dice". where is where the shot was taken from ("at Long
// range"), "" for a pool with no range (a parting shot, a blast).
func PoolWords(p *game.PoolInfo, where string) string {
	var b strings.Builder
	switch {
	case p.HailMary:
		b.WriteString("1 die, a Hail Mary (the modifiers leave none, so one is rolled anyway)")
	case p.Base == rules.NoShot:
		b.WriteString("no die: the weapon cannot fire at that range")
		return b.String()
	case p.Dice == 0:
		b.WriteString("no die")
	default:
		b.WriteString(words.Count(p.Dice, "die", "dice"))
	}
	if p.EverySix {
		b.WriteString(", every six a hit")
	}
	switch {
	case where != "":
		fmt.Fprintf(&b, ": %d %s", p.Base, where)
	case len(p.Modifiers) > 0:
		fmt.Fprintf(&b, ": %d to start", p.Base)
	}
	for _, m := range p.Modifiers {
		if m.Dice == 0 {
			continue
		}
		more := "more"
		if m.Dice < 0 {
			more = "fewer"
		}
		fmt.Fprintf(&b, ", %d %s %s", abs(m.Dice), more, modifierWhy(m.Name))
	}
	return b.String()
}

// modifierWhy is why a pool modifier applies, in words ("as the target
// moved"), from the rules' name for it.
func modifierWhy(name string) string {
	switch name {
	case "moved":
		return "as he moved"
	case "target moved":
		return "as the target moved"
	case "wood cover", "stone cover":
		return "for the " + name
	case "back shot":
		return "for a shot in the back"
	case "aim":
		return "for the Aim"
	case "blaze away":
		return "for Blazing Away"
	case "marksman":
		return "as a Marksman"
	case "injured":
		return "for his injuries"
	case "brawler":
		return "as a Brawler"
	case "melee weapon":
		return "for the melee weapon"
	case "tough":
		return "for Tough"
	case "fatigued":
		return "for fatigue"
	case "luck":
		return "for luck"
	case rules.Greenhorn.String(), rules.Cowpoke.String(), rules.Legend.String():
		return "as a " + name
	}
	return "for " + name
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
