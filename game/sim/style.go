package sim

import (
	"math"

	"cowpoke/game"
	"cowpoke/game/board"
)

// PlayStyle is how a player played one match, from the engine's events and
// the position as each of its activations ended: the figures that tell
// personalities apart (a cautious player ends in cover, a reckless one
// close to the enemy, a dynamiter throws).
type PlayStyle struct {
	// Thrown counts sticks of dynamite thrown (the engine's "thrown"
	// events, Sure Throws and Hail Marys alike).
	Thrown int `json:"thrown"`
	// Activations counts activations that ended with the model in play
	// and an enemy in play; the figures below are about those.
	Activations int `json:"activations"`
	// InCover: at least one enemy in play could see the model, and every
	// one that could saw it in cover (R6, R7: the match's own line of
	// sight from the enemy's base to the model's).
	InCover int `json:"in_cover"`
	// OutOfSight: no enemy in play could see the model.
	OutOfSight int `json:"out_of_sight"`
	// NearestSum adds up the edge-to-edge distance (R3), in inches, from
	// the model to the nearest enemy in play.
	NearestSum float64 `json:"nearest_sum"`
}

func (s *PlayStyle) add(o PlayStyle) {
	s.Thrown += o.Thrown
	s.Activations += o.Activations
	s.InCover += o.InCover
	s.OutOfSight += o.OutOfSight
	s.NearestSum += o.NearestSum
}

// styleWatcher fills the players' PlayStyle as a match is played: after
// each command it reads the events that command added. An activation's
// end is measured in the position once the command that ended it is
// applied (models move only in their own activations, so that is where the
// model stood; an enemy removed by a fuse at the end of the turn is
// already gone).
type styleWatcher struct {
	seatPlayer [2]int // the player in each seat
	seen       int    // events already read
}

func (w *styleWatcher) after(m *game.Match, style *[2]PlayStyle) {
	events := m.Events()
	for _, e := range events[w.seen:] {
		switch e.Kind {
		case game.EvThrown:
			style[w.seatPlayer[m.Models[e.Model].Posse]].Thrown++
		case game.EvActivationEnded:
			if e.Model >= 0 {
				measureActivationEnd(m, e.Model, &style[w.seatPlayer[m.Models[e.Model].Posse]])
			}
		}
	}
	w.seen = len(events)
}

// measureActivationEnd counts where model id stands against the enemies
// in play.
func measureActivationEnd(m *game.Match, id int, s *PlayStyle) {
	md := &m.Models[id]
	if md.Removed() {
		return
	}
	nearest := math.Inf(1)
	seen, exposed := false, false
	for i := range m.Models {
		foe := &m.Models[i]
		if foe.Posse == md.Posse || foe.Removed() {
			continue
		}
		nearest = math.Min(nearest, board.Distance(md.Pos, foe.Pos))
		sight := m.LineOfSight(foe.Pos, md.Pos)
		if sight.Visible {
			seen = true
			exposed = exposed || !sight.InCover
		}
	}
	if math.IsInf(nearest, 1) {
		return // no enemy left: nothing to measure against
	}
	s.Activations++
	s.NearestSum += nearest
	switch {
	case !seen:
		s.OutOfSight++
	case !exposed:
		s.InCover++
	}
}
