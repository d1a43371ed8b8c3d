//go:build amd64 && !amd64.v3

package detmath

import (
	"math"
	"testing"
)

// TestSameAsUnfusedMath checks, on amd64 without FMA (the build the golden
// saves were made with), that every function here returns the standard
// library's very bits, input by input.
func TestSameAsUnfusedMath(t *testing.T) {
	in := inputs()
	for _, f := range fns {
		bad := 0
		for _, xy := range in {
			got, want := f.ours(xy[0], xy[1]), f.std(xy[0], xy[1])
			if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				if bad++; bad <= 5 {
					t.Errorf("%s(%v, %v) = %v, math gives %v", f.name, xy[0], xy[1], got, want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d inputs differ from math", f.name, bad, len(in))
		}
		if got := digestOf(f.std, in); got != wantDigest[f.name] {
			t.Errorf("%s: math's digest is %s, wantDigest says %s", f.name, got, wantDigest[f.name])
		}
	}
}
