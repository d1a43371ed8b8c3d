package board

import (
	"fmt"
	"math"
)

// Throw is how a stick of dynamite is thrown (R23).
type Throw uint8

// Throws.
const (
	SureThrow Throw = iota + 1 // to a spot up to 6" from the thrower's base edge
	HailMary                   // to a spot beyond 6": 1D6+6 decides how far
)

func (t Throw) String() string {
	if t == SureThrow {
		return "Sure Throw"
	}
	return "Hail Mary"
}

// SureThrowRange is the longest Sure Throw, from the thrower's base edge (R22, R23).
const SureThrowRange = 6.0

// CheckThrow says which throw reaches spot from a thrower whose base centre
// is at from, and whether its path is legal (R22, R23): a Sure Throw may
// cross fences, low obstacles and windows but no wall; a Hail Mary crosses
// no fence, window or wall. The error names what is in the way.
func (b *Board) CheckThrow(from, spot Point) (Throw, error) {
	kind, mask := SureThrow, fSure
	if from.Dist(spot)-BaseRadius > SureThrowRange {
		kind, mask = HailMary, fHail
	}
	if spot.X < 0 || spot.Y < 0 || spot.X > b.Width || spot.Y > b.Height {
		return kind, fmt.Errorf("the spot (%.2f, %.2f) is off the table", spot.X, spot.Y)
	}
	if e := b.firstCrossing(from, spot, mask); e >= 0 {
		f := &b.Features[b.edges[e].feat]
		return kind, fmt.Errorf("a %s cannot pass %s %q", kind, f.Kind, f.Label())
	}
	return kind, nil
}

// Landing is where the stick lands for a throw at spot with the rolled
// Hail Mary distance (1D6+6; ignored for a Sure Throw): at the spot when the
// roll reaches it, else that many inches from the thrower's base edge along
// the line to the spot (R23).
func Landing(from, spot Point, rolled float64) Point {
	d := from.Dist(spot) - BaseRadius
	if d <= SureThrowRange || d <= rolled {
		return spot
	}
	return from.Add(spot.Sub(from).Unit().Scale(rolled + BaseRadius))
}

// BlastHit is what a blast does to one model (R25).
type BlastHit struct {
	Index    int     // the model's index in the slice given to Blast
	Distance float64 // from the token to the model's base edge
	Dice     int     // 6 (d < 2"), 3 (d < 6") or 0
	Shielded bool    // no unblocked line from the token to the base (R6)
}

// Blast rolls out a blast at token over the bases centred at models (R25):
// one BlastHit per model within 6" that is not shielded by a wall, in the
// order given. Shielded models within 6" are listed with Dice 0.
func (b *Board) Blast(token Point, models []Point) []BlastHit {
	var out []BlastHit
	for i, m := range models {
		d := math.Max(0, token.Dist(m)-BaseRadius)
		dice := 0
		switch {
		case d < 2:
			dice = 6
		case d < 6:
			dice = 3
		default:
			continue
		}
		h := BlastHit{Index: i, Distance: d, Dice: dice}
		if !b.Visible(token, m) {
			h.Shielded, h.Dice = true, 0
		}
		out = append(out, h)
	}
	return out
}
