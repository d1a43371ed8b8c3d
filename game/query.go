package game

import (
	"fmt"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// Queries for look-ahead: what a shot would be with the models standing
// elsewhere. The computer opponent scores places it could move to with
// them; they size pools exactly as the engine does (the same code).

// ShotQuery is a shot asked about with the shooter and the target at
// spots of the caller's choosing.
type ShotQuery struct {
	Shooter, Slot, Target int
	From, At              Point   // the shooter's and the target's base centres
	ShooterMoved          bool    // the shooter will have moved this activation (R15)
	TargetMoved           bool    // the target moved in its most recent activation (R15)
	TargetFacing          float64 // for the back shot (R8)
	Blaze, Aimed          bool
	AssumeLoaded          bool // size it as if the weapon were loaded (after a Reload)
	later                 bool // not its action's first roll (a Spread target): no Stymied under edition 3 (R43)
}

// QueryShot sizes the pool of the shot q describes, seen along sight (the
// board's LineOfSight from q.From to q.At, which the caller may reuse for
// several weapons). The error says why no shot can be taken at all.
func (m *Match) QueryShot(q ShotQuery, sight *board.Sight) (rules.Pool, error) {
	if q.Shooter < 0 || q.Shooter >= len(m.Models) {
		return rules.Pool{}, fmt.Errorf("there is no model %d", q.Shooter)
	}
	if err := m.checkArms(q.Shooter, q.Slot, q.Target, q.AssumeLoaded); err != nil {
		return rules.Pool{}, err
	}
	if !sight.Visible {
		return rules.Pool{}, reasonf("%s cannot see %s (R6)", word(m.Models[q.Shooter].Name), word(m.Models[q.Target].Name))
	}
	pool, _, err := m.sizeShot(q, sight)
	return pool, err
}

// OverwatchRangeOf is how far a model's loaded weapons reach, whether or
// not it is on Overwatch (R32).
func (m *Match) OverwatchRangeOf(id int) float64 { return m.overwatchRange(id) }

// BrawlDice is a model's brawl pool size (R27).
func (m *Match) BrawlDice(id int) int { return m.brawlPool(id).Dice }

// Injuries are a model's Critical Injury penalties when the option is on
// (R30), else none.
func (m *Match) Injuries(id int) rules.Injuries { return m.injuries(id) }

// DistanceToFeature is the distance from p to a feature's outline, as
// Interact measures it (ruling G5).
func DistanceToFeature(p Point, f *board.Feature) float64 { return distToFeature(p, f) }
