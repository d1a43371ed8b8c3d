package sim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestStyleMargins checks the margins of the style figures against their
// closed forms: dynamite per match is a mean over matches; a share whose
// activations are independent has the binomial margin over every
// activation; a share that is all or nothing within each match has the
// binomial margin over the matches (the margin that treated activations
// as independent would be far too narrow there).
func TestStyleMargins(t *testing.T) {
	const z = 1.959964
	// Hand case: 0, 1, 2 and 3 sticks: mean 1.5, sample variance 5/3.
	got := styleMargins([]PlayStyle{{Thrown: 0}, {Thrown: 1}, {Thrown: 2}, {Thrown: 3}})
	if want := z * math.Sqrt(5.0/3/4); math.Abs(got.DynamitePerMatch-want) > 1e-12 {
		t.Errorf("dynamite margin of 0,1,2,3: %v, want %v", got.DynamitePerMatch, want)
	}
	if got.CoverShare != 0 {
		t.Errorf("cover margin with no activation: %v, want 0 (not measured)", got.CoverShare)
	}
	if one := styleMargins([]PlayStyle{{Thrown: 2, Activations: 5, InCover: 1}}); one != (StyleMargins{}) {
		t.Errorf("one match: %+v, want no margins", one)
	}

	const matches, per, p = 2000, 20, 0.3
	rng := rand.New(rand.NewPCG(7, 11))
	independent := make([]PlayStyle, matches)
	clustered := make([]PlayStyle, matches)
	for i := range independent {
		independent[i].Activations = per
		clustered[i].Activations = per
		for range per {
			if rng.Float64() < p {
				independent[i].InCover++
			}
			// nearest enemy: 10 inches, give or take 4, each activation
			independent[i].NearestSum += 10 + 4*(2*rng.Float64()-1)
		}
		if rng.Float64() < p {
			clustered[i].InCover = per
		}
	}
	near := func(got, want float64, what string) {
		t.Helper()
		if math.Abs(got-want) > 0.1*want {
			t.Errorf("%s: margin %.5f, want %.5f within a tenth", what, got, want)
		}
	}
	m := styleMargins(independent)
	near(m.CoverShare, z*math.Sqrt(p*(1-p)/(matches*per)), "independent activations")
	// uniform on 10±4: variance 16/3 an activation
	near(m.MeanNearestEnemy, z*math.Sqrt(16.0/3/(matches*per)), "nearest enemy")
	c := styleMargins(clustered)
	near(c.CoverShare, z*math.Sqrt(p*(1-p)/matches), "all or nothing within a match")
	if c.OutOfSightShare != 0 {
		t.Errorf("no activation out of sight: margin %v, want 0", c.OutOfSightShare)
	}
}
