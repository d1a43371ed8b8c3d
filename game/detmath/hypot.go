package detmath

import "math"

// Hypot is math.Hypot as amd64 computes it (hypot_amd64.s):
// max * sqrt(1 + (min/max)**2), with the square not fused into the sum.
func Hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	// One test for both special cases (an infinity, a NaN), which the path
	// finder's hottest call never meets.
	if !(p <= math.MaxFloat64 && q <= math.MaxFloat64) {
		if math.IsInf(p, 1) || math.IsInf(q, 1) {
			return math.Inf(1)
		}
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return float64(p * math.Sqrt(1+float64(q*q)))
}
