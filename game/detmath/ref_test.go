//go:build amd64 && !amd64.v3

package detmath

import (
	"math"
	"testing"
)

// TestMatchesMath: on the reference build (amd64 without FMA) each
// function equals the standard library's bit for bit.
func TestMatchesMath(t *testing.T) {
	xs := inputs()
	same := func(a, b float64) bool {
		return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
	}
	for i, x := range xs {
		y := xs[(i*7+3)%len(xs)]
		s, c := Sincos(x)
		ms, mc := math.Sincos(x)
		switch {
		case !same(Sin(x), math.Sin(x)):
			t.Fatalf("Sin(%v) = %v, math %v", x, Sin(x), math.Sin(x))
		case !same(Cos(x), math.Cos(x)):
			t.Fatalf("Cos(%v) = %v, math %v", x, Cos(x), math.Cos(x))
		case !same(s, ms) || !same(c, mc):
			t.Fatalf("Sincos(%v) = %v %v, math %v %v", x, s, c, ms, mc)
		case !same(Atan2(y, x), math.Atan2(y, x)):
			t.Fatalf("Atan2(%v, %v) = %v, math %v", y, x, Atan2(y, x), math.Atan2(y, x))
		case !same(Hypot(x, y), math.Hypot(x, y)):
			t.Fatalf("Hypot(%v, %v) = %v, math %v", x, y, Hypot(x, y), math.Hypot(x, y))
		}
	}
}
