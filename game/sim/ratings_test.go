package sim

import (
	"math"
	"testing"
)

// Two entrants, 18 wins in 24: with the prior's drawn match that is 18.5
// of 25, p = 0.74, so the rating is 400 log10(0.74/0.26) = +181.70 over
// the anchor; the curvature is k^2 25 p (1-p) with k = ln 10 / 400, so the
// interval's half is 1.96 / (k sqrt(25 * 0.74 * 0.26)) = 155.25.
func TestRatingsByHand(t *testing.T) {
	pairs := []PairResult{{First: 0, Second: 1, All: Cell{Matches: 24, Wins: 18, Losses: 6}}}
	r := FitRatings([]string{"a", "b"}, pairs, 1)
	near(t, "a's rating", r[0].Elo, 181.70, 0.01)
	near(t, "a's interval", r[0].PlusMinus, 155.25, 0.01)
	if r[1].Elo != 0 || r[1].PlusMinus != 0 {
		t.Errorf("the anchor is %+v, want 0 ± 0", r[1])
	}
	// A pair won 24-0 still has a finite rating: 24.5 of 25.
	pairs[0].All = Cell{Matches: 24, Wins: 24}
	near(t, "a straight 24-0", FitRatings([]string{"a", "b"}, pairs, 1)[0].Elo, 400*math.Log10(24.5/0.5), 0.01)
}

// Many matches played at known ratings give those ratings back (the prior
// is then negligible), from any anchor.
func TestRatingsRecoverTheTruth(t *testing.T) {
	truth := []float64{0, 100, 250, -80}
	const games = 200000
	var pairs []PairResult
	for i := range truth {
		for j := i + 1; j < len(truth); j++ {
			wins := int(math.Round(games * ScoreOf(truth[i]-truth[j])))
			pairs = append(pairs, PairResult{First: i, Second: j, All: Cell{Matches: games, Wins: wins, Losses: games - wins}})
		}
	}
	names := []string{"a", "b", "c", "d"}
	for anchor := range truth {
		r := FitRatings(names, pairs, anchor)
		for i := range truth {
			near(t, names[i], r[i].Elo, truth[i]-truth[anchor], 0.5)
			if i != anchor && (r[i].PlusMinus <= 0 || r[i].PlusMinus > 5) {
				t.Errorf("anchor %d: %s ± %.2f at %d matches a pair", anchor, names[i], r[i].PlusMinus, games)
			}
		}
	}
}
