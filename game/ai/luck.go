package ai

import (
	"fmt"

	"cowpoke/game"
	"cowpoke/rules"
)

// The computer's Luck (round effects, rules edition 3, R41): a token is
// declared on one roll, so the computer chooses when. It weighs each roll
// the command makes with and without the extra die, in the same terms it
// weighs the shot or the brawl itself (harm: a removal above all, a hit
// short of it a little), and puts the token on the roll where the die adds
// most, if that adds enough. It keeps one token for its own defence while
// an enemy Legend is in reach: a Legend's brawl or shot is the roll a
// defender most wants the die against. As a defender, or an overwatcher,
// it spends when the die adds anything.

// minLuckGain is the least gain, in harm's terms (a removal of a Cowpoke
// is about 1), worth a token on an attack: about two points of removal.
const minLuckGain = 0.02

// legendReach is how far an enemy Legend may be and still reach the model
// next activation: a Run's base and its average 2D6, and the two bases.
const legendReach = rules.RunBaseInches + 7 + 1

// defend answers a brawl's Luck question for the defender asked (R41).
func (p *Player) defend(m *game.Match) []choice {
	d := m.Defence
	id := d.Asking[0]
	name := m.Models[id].Name
	keep := choice{cmd: game.Command{Kind: game.CmdDefend, Model: id}, what: name + " keeps his Luck"}
	with, without := m.BoutOddsWith(d.Brawler, id, false, true), m.BoutOdds(d.Brawler, id)
	gain := boutGain(m, d.Brawler, id, with, without, false)
	spend := choice{cmd: game.Command{Kind: game.CmdDefend, Model: id, Luck: true}, score: gain,
		what: fmt.Sprintf("%s spends Luck on his brawl roll: %s to win the bout or draw it", name, pct(1-with.PAttackerWins-with.PScuffle))}
	if gain <= 0 {
		spend.score = -1
	}
	return []choice{spend, keep}
}

// boutGain is what the extra die on one side of a bout adds to that
// side's harm: the enemy's removal gained and his own removal spared.
func boutGain(m *game.Match, active, enemy int, with, without rules.BrawlOdds, activeSide bool) float64 {
	am, em := &m.Models[active], &m.Models[enemy]
	if activeSide {
		return float64(worth(em)*(with.PDefenderRemoved-without.PDefenderRemoved)) + float64(worth(am)*(without.PAttackerRemoved-with.PAttackerRemoved))
	}
	return float64(worth(am)*(with.PAttackerRemoved-without.PAttackerRemoved)) + float64(worth(em)*(without.PDefenderRemoved-with.PDefenderRemoved))
}

// withLuck puts a Luck token on the roll of the command where its die adds
// most, when the model holds one it may spend; the words say so.
func (p *Player) withLuck(m *game.Match, c game.Command) (game.Command, string) {
	if m.Edition() < game.Edition3 || c.Luck || m.LuckTokens(c.Model) == 0 {
		return c, ""
	}
	keep := 0
	if c.Kind != game.CmdFire && enemyLegendInReach(m, c.Model) {
		keep = 1
	}
	if m.LuckTokens(c.Model) <= keep {
		return c, ""
	}
	best, bestRoll, what := 0.0, -1, ""
	switch c.Kind {
	case game.CmdShoot, game.CmdBlaze, game.CmdFire:
		without, err := m.CommandOdds(c)
		if err != nil {
			return c, ""
		}
		for i := range without {
			l := c
			l.Luck, l.LuckRoll = true, i
			with, err := m.CommandOdds(l)
			if err != nil {
				continue
			}
			t := &m.Models[with[i].Target]
			if g := harm(with[i].Odds, t) - harm(without[i].Odds, t); g > best {
				best, bestRoll, what = g, i, "the shot at "+t.Name
			}
		}
	case game.CmdBrawl:
		order := c.Order
		if len(order) == 0 {
			order = m.EngagedWith(c.Model)
		}
		for i, e := range order {
			g := boutGain(m, c.Model, e, m.BoutOddsWith(c.Model, e, true, false), m.BoutOdds(c.Model, e), true)
			if g > best {
				best, bestRoll, what = g, i, "the bout with "+m.Models[e].Name
			}
		}
	default:
		return c, ""
	}
	if bestRoll < 0 || (best < minLuckGain && c.Kind != game.CmdFire) {
		return c, ""
	}
	l := c
	l.Luck, l.LuckRoll = true, bestRoll
	if m.Validate(l) != nil {
		return c, ""
	}
	return l, fmt.Sprintf("; spends a Luck token on %s", what)
}

// enemyLegendInReach reports whether a standing enemy Legend could reach
// the model by its next activation.
func enemyLegendInReach(m *game.Match, id int) bool {
	me := &m.Models[id]
	for i := range m.Models {
		o := &m.Models[i]
		if o.Posse != me.Posse && !o.Removed() && o.Profile.Tier == rules.Legend && o.Pos.Dist(me.Pos) <= legendReach {
			return true
		}
	}
	return false
}
