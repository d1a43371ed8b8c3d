package rules

import (
	"math"
	"testing"
)

func nan() float64 { return math.NaN() }
func inf() float64 { return math.Inf(1) }

func closeTo(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// checkWithinSigmas asserts that an observed frequency over n trials lies
// within 4 standard deviations of the exact probability p.
func checkWithinSigmas(t testing.TB, what string, observed, p float64, n int) {
	t.Helper()
	sigma := math.Sqrt(p * (1 - p) / float64(n))
	if sigma == 0 {
		if observed != p {
			t.Errorf("%s: observed %v, exact %v (no variance)", what, observed, p)
		}
		return
	}
	if z := math.Abs(observed-p) / sigma; z > 4 {
		t.Errorf("%s: observed %.6f, exact %.6f: %.1f sigma", what, observed, p, z)
	}
}
