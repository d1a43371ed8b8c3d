package rules

// SurvivalPool is the campaign's Survival Roll for a character that dropped
// (chapter 9.3): 3 dice, +1 if Tough, +1 if a Legend. A Legend is Tough by
// nature, so every Legend rolls 5 (ruling P1 in the README); one or more
// sixes and the character survives.
func SurvivalPool(t Tier, toughSkill bool) Pool {
	p := Pool{Label: "Survival", Base: 3, Total: 3}
	if toughSkill || t == Legend {
		p.add("tough", +1)
	}
	if t == Legend {
		p.add("legend", +1)
	}
	p.Dice = p.Total
	return p
}

// SurvivalResult is a rolled Survival Roll.
type SurvivalResult struct {
	Roll     Roll
	Survived bool
}

// RollSurvival rolls the pool: any six and the character rides again.
func RollSurvival(src Source, p Pool) SurvivalResult {
	r := RollDice(src, p.Dice)
	return SurvivalResult{Roll: r, Survived: r.Sixes() > 0}
}
