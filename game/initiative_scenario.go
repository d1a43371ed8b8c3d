package game

import (
	"fmt"

	"cowpoke/rules"
)

// validateSeedModules checks what the seeds' methods and round effects
// need of a scenario (R35-R38).
func (s Scenario) validateSeedModules() error {
	o := s.Options
	for _, p := range s.Posses {
		for _, md := range p.Models {
			if _, err := rules.ParseRank(md.Card); md.Card != "" && err != nil {
				return fmt.Errorf("posse %s: %s: %v", p.Name, md.Name, err)
			}
		}
	}
	for _, p := range o.Computer {
		if p < 0 || p >= len(s.Posses) {
			return fmt.Errorf("the computer is to play posse %d, but there are %d posses", p+1, len(s.Posses))
		}
	}
	if o.EnemyLimit && s.Initiative != MethodTokens {
		return fmt.Errorf("the enemy limit is an option of the token stack, not of %q", s.Initiative)
	}
	if o.RoundEffects && !CardBased(s.Initiative) {
		return fmt.Errorf("round effects need a card-based initiative (draw, stacks or deck), not %q", s.Initiative)
	}
	suited := s.Initiative == MethodDeck || (o.RoundEffects && s.Initiative != MethodStacks)
	if suited && len(s.Posses) > rules.MaxSuitedSides {
		return fmt.Errorf("with %q each posse needs a suit of its own: at most %d posses, not %d", s.Initiative, rules.MaxSuitedSides, len(s.Posses))
	}
	if s.Initiative == MethodStacks {
		for _, p := range s.Posses {
			n := 0
			for _, md := range p.Models {
				prof, _ := md.Profile()
				n += rules.StackSize(prof.Tier)
			}
			if n > 52 {
				return fmt.Errorf("posse %s needs %d cards for its stacks; one deck has 52", p.Name, n)
			}
		}
	}
	return nil
}

// CardBased reports whether an initiative method deals playing cards, so
// that round effects (seed 002, R38) can ride on it: the Draw, card stacks
// and the character deck.
func CardBased(method string) bool {
	return method == MethodDraw || method == MethodStacks || method == MethodDeck
}
