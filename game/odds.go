package game

import (
	"fmt"
	"math"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// What a screen shows before a player commits: the very pool the engine
// will roll, and the rules package's exact odds for it.

// Odds is a pool and its exact odds against one target.
type Odds struct {
	Target int
	Pool   rules.Pool
	Odds   rules.PoolOdds
}

// ShotOdds sizes the shot the engine would roll (ShotPreview) and its odds
// against the target as it stands now.
func (m *Match) ShotOdds(shooter, slot, target int, blaze bool) (Odds, error) {
	pool, err := m.ShotPreview(shooter, slot, target, blaze)
	if err != nil {
		return Odds{}, err
	}
	return Odds{Target: target, Pool: pool, Odds: rules.OddsOf(&pool, m.Models[target].Health)}, nil
}

// SpreadOdds is ShotOdds for an extra Spread target: its own full roll, and
// never the Aim bonus, which is for the primary target only (R16, R20).
func (m *Match) SpreadOdds(shooter, slot, target int) (Odds, error) {
	s, err := m.setupShot(shooter, slot, target, spreadShot, m.targetPos(target))
	if err != nil {
		return Odds{}, err
	}
	return Odds{Target: target, Pool: s.Pool, Odds: rules.OddsOf(&s.Pool, m.Models[target].Health)}, nil
}

// FireOdds is the pending overwatcher's shot with the weapon in slot if it
// fires at the point at inches along the mover's path (R32), the mover
// turned the way he walks there.
func (m *Match) FireOdds(slot int, at float64) (Odds, error) {
	in := m.Pending
	if in == nil {
		return Odds{}, fmt.Errorf("nobody is moving through an Overwatch arc")
	}
	s, err := m.fireSetup(in.Watcher, slot, at)
	if err != nil {
		return Odds{}, err
	}
	return Odds{Target: in.Mover, Pool: s.Pool, Odds: rules.OddsOf(&s.Pool, m.Models[in.Mover].Health)}, nil
}

// BestFire is the point along the pending mover's path, among the
// overwatcher's chances, where its best weapon has the highest chance to
// hit, with that weapon's slot: the suggestion on the Fire / Hold prompt.
func (m *Match) BestFire() (slot int, at float64, odds Odds, ok bool) {
	in := m.Pending
	if in == nil {
		return 0, 0, Odds{}, false
	}
	best := -1.0
	for _, s := range in.Chances() {
		from := math.Max(s.From, in.Progress)
		for x := from; ; x += 0.25 {
			x = math.Min(x, s.To)
			for sl := range m.Models[in.Watcher].Profile.Weapons {
				if o, err := m.FireOdds(sl, x); err == nil && !o.Pool.Impossible && o.Odds.PHit > best {
					best, slot, at, odds, ok = o.Odds.PHit, sl, x, o, true
				}
			}
			if x >= s.To {
				break
			}
		}
	}
	return slot, at, odds, ok
}

// BlastOdds lists the models a stick landing at spot would catch (R25):
// each with its pool and odds, shielded models with an impossible pool.
func (m *Match) BlastOdds(spot Point) []Odds {
	ids, pts := m.standingModels()
	var out []Odds
	for _, h := range m.Board.Blast(spot, pts) {
		id := ids[h.Index]
		pool, _ := rules.BlastPool(h.Distance)
		if h.Shielded {
			pool = rules.Pool{Label: "Blast", Impossible: true, Why: "shielded by a wall"}
		}
		out = append(out, Odds{Target: id, Pool: pool, Odds: rules.OddsOf(&pool, m.Models[id].Health)})
	}
	return out
}

// ThrowPreview says how the active model would throw at spot: Sure Throw or
// Hail Mary, the chance a Hail Mary reaches it (R23), or why it cannot.
func (m *Match) ThrowPreview(spot Point) (kind board.Throw, pReach float64, err error) {
	c := Command{Kind: CmdThrow, Model: m.Active, To: &spot}
	if err := m.Validate(c); err != nil {
		return 0, 0, err
	}
	from := m.Models[m.Active].Pos
	kind, _ = m.Board.CheckThrow(from, spot)
	if kind == board.SureThrow {
		return kind, 1, nil
	}
	return kind, rules.PHailMaryReaches(from.Dist(spot) - board.BaseRadius), nil
}

// BoutOdds are the active model's odds in one bout against an enemy in
// contact (R27), Up or Down on either side counted (R53).
func (m *Match) BoutOdds(active, enemy int) rules.BrawlOdds {
	return m.BoutOddsWith(active, enemy, false, false)
}

// PartingShotOdds are the odds of each parting shot a model would face
// disengaging now (R13).
func (m *Match) PartingShotOdds(id int) []Odds {
	var out []Odds
	for _, e := range m.engagedWith(id) {
		pool := rules.PartingShotPool(m.Models[e].Profile.HasMeleeWeapon())
		out = append(out, Odds{Target: id, Pool: pool, Odds: rules.OddsOf(&pool, m.Models[id].Health)})
	}
	return out
}
