package analysis

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"

	"cowpoke/rules"
)

// The bias of the truncated playouts against playouts to the end of the
// match (the same policy, other dice), on positions of normal-against-
// normal matches:
//
//	COWPOKE_ANALYSIS_BIAS=12 go test -run TestBiasAgainstFullPlayouts -v -timeout 0 ./game/analysis/
//
// It prints each position's two figures and the mean difference with its
// standard error; it fails when they are more than three standard errors
// and 5 points apart.
func TestBiasAgainstFullPlayouts(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("COWPOKE_ANALYSIS_BIAS"))
	if n == 0 {
		t.Skip("COWPOKE_ANALYSIS_BIAS=N measures on N positions")
	}
	const full, truncated = 40, 60
	names := []string{"halt.tmx", "ranch.tmx", "town.tmx"}
	var diffs, vars []float64
	for k := 0; k < n; k++ {
		m := played(t, names[k%3], methods[k%len(methods)], uint64(5_000_000+k), 30+13*k)
		if m.Over {
			continue
		}
		est := NewEstimator(int64(k)).estimate(context.Background(), m, truncated)
		policy := NewEstimator(0).policy
		wins := 0.0
		for i := range full {
			f := m.Fork(rules.NewSeeded(uint64(77_000 + i)))
			l := playOn(f, policy, math.MaxInt)
			switch {
			case f.Winner == 0:
				wins++
			case f.Over && f.Winner < 0:
				wins += 0.5
			case !f.Over:
				wins += l.win[0] // stopped by playOn's bound on commands
			}
		}
		p := wins / full
		e := est.Posses[0].Win + est.Draw/2
		se := (est.Posses[0].CI95[1] - est.Posses[0].CI95[0]) / 2 / 1.96
		diffs = append(diffs, e-p)
		vars = append(vars, se*se+p*(1-p)/full)
		t.Logf("position %d (%s, %s, %d commands): truncated %.3f (%d playouts), to the end %.3f (%d playouts)", k, names[k%3], methods[k%len(methods)], len(m.Commands()), e, truncated, p, full)
	}
	mean, v := 0.0, 0.0
	for i := range diffs {
		mean += diffs[i]
		v += vars[i]
	}
	mean /= float64(len(diffs))
	se := math.Sqrt(v) / float64(len(diffs))
	t.Logf("mean difference %+.3f (standard error %.3f) over %d positions", mean, se, len(diffs))
	if math.Abs(mean) > 3*se && math.Abs(mean) > 0.05 {
		t.Errorf("truncated playouts are %+.1f points off those to the end", 100*mean)
	}
}
