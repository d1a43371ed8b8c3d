package game

import (
	"fmt"

	"cowpoke/rules"
)

// CommandOdds are the odds of each roll a Shoot, Blaze or Fire command
// would make, each pool sized exactly as Apply sizes it: the modifiers of
// R15, the round's (Fatigued, Stymied, Breaks, Up or Down) and a Luck die
// the command declares (R41). The odds panel, `cowpoke odds` and the
// computer read them, so what a player is shown is the roll the engine
// makes (R53). The command must be valid now.
func (m *Match) CommandOdds(c Command) ([]Odds, error) {
	p, err := m.check(c)
	if err != nil {
		return nil, err
	}
	var setups []shotSetup
	var targets []int
	switch c.Kind {
	case CmdShoot, CmdBlaze:
		setups = append([]shotSetup{p.shot}, p.extra...)
		targets = append([]int{c.Target}, c.Extra...)
	case CmdFire:
		s, err := m.fireSetup(c.Model, c.Slot, c.At)
		if err != nil {
			return nil, err
		}
		setups, targets = []shotSetup{s}, []int{m.Pending.Mover}
	default:
		return nil, fmt.Errorf("a %s rolls no shot", c.Kind)
	}
	out := make([]Odds, len(setups))
	for i := range setups {
		pool := setups[i].Pool
		if c.Luck && c.LuckRoll == i && !pool.Impossible {
			addLuckDie(&pool)
		}
		out[i] = Odds{Target: targets[i], Pool: pool, Odds: rules.OddsOf(&pool, m.Models[targets[i]].Health)}
	}
	return out, nil
}

// addLuckDie is a declared Luck token's die on a pool (R41).
func addLuckDie(p *rules.Pool) { p.AddModifier("luck", 1) }

// BoutOddsWith is BoutOdds with a declared Luck die on either side's roll
// (R41), what the computer weighs before spending a token.
func (m *Match) BoutOddsWith(active, enemy int, activeLuck, enemyLuck bool) rules.BrawlOdds {
	a, e := m.brawlPool(active), m.brawlPool(enemy)
	if activeLuck {
		addLuckDie(&a)
	}
	if enemyLuck {
		addLuckDie(&e)
	}
	return rules.BoutPoolOdds(&a, &e, m.Models[active].Health, m.Models[enemy].Health)
}

// EngagedWith lists the enemies in base contact with a model, in table
// order: a brawl's bouts when the command gives no order (R27).
func (m *Match) EngagedWith(id int) []int { return m.engagedWith(id) }

// BoutOddsInOrder are the active model's odds in each bout of a brawl
// fought in order, as Apply rolls them: under rules edition 3 only the
// first bout takes Stymied (R43, R53).
func (m *Match) BoutOddsInOrder(active int, order []int) []rules.BrawlOdds {
	out := make([]rules.BrawlOdds, len(order))
	for i, e := range order {
		a, d := m.brawlPoolFor(active, i == 0), m.brawlPool(e)
		out[i] = rules.BoutPoolOdds(&a, &d, m.Models[active].Health, m.Models[e].Health)
	}
	return out
}
