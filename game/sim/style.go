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

// StyleMargins are half the 95% intervals of a player's style figures over
// its matches: dynamite per match, and the shares of activations ended in
// cover and out of sight and the mean distance to the nearest enemy. The
// matches are the units: the activations of one match are not independent
// (a posse pinned behind a wall ends many of them in cover), so a share's
// margin is the ratio estimator's, with each match's deviation from the
// share as one observation.
type StyleMargins struct {
	DynamitePerMatch float64 `json:"dynamite_per_match"`
	CoverShare       float64 `json:"cover_share"`
	OutOfSightShare  float64 `json:"out_of_sight_share"`
	MeanNearestEnemy float64 `json:"mean_nearest_enemy"`
}

// sumStyles adds up matches' styles in their order (the order a
// report's sums are added in, so that merged slices equal the whole).
func sumStyles(matches []PlayStyle) PlayStyle {
	var total PlayStyle
	for _, m := range matches {
		total.add(m)
	}
	return total
}

// styleMargins measures the margins from each match's figures (zero where
// fewer than two matches, or no activation, leave no spread to measure:
// styleMeasured says which).
func styleMargins(matches []PlayStyle) StyleMargins {
	const z = 1.959964
	n := float64(len(matches))
	if len(matches) < 2 {
		return StyleMargins{}
	}
	total := sumStyles(matches)
	activations := total.Activations
	mean := float64(total.Thrown) / n
	ss := 0.0
	for _, m := range matches {
		d := float64(m.Thrown) - mean
		ss += d * d
	}
	out := StyleMargins{DynamitePerMatch: z * math.Sqrt(ss/(n-1)/n)}
	if activations == 0 {
		return out
	}
	// ratio is the margin of sum(y)/sum(activations), y read from each match.
	ratio := func(y func(PlayStyle) float64) float64 {
		r := y(total) / float64(activations)
		ss := 0.0
		for _, m := range matches {
			d := y(m) - r*float64(m.Activations)
			ss += d * d
		}
		return z * math.Sqrt(ss*n/(n-1)) / float64(activations)
	}
	out.CoverShare = ratio(func(s PlayStyle) float64 { return float64(s.InCover) })
	out.OutOfSightShare = ratio(func(s PlayStyle) float64 { return float64(s.OutOfSight) })
	out.MeanNearestEnemy = ratio(func(s PlayStyle) float64 { return s.NearestSum })
	return out
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
