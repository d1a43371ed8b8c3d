package rules

import "math"

// bandEnds are where the range bands end, in inches: BandFor's thresholds
// (R4), for a screen that says how far a weapon reaches.
var bandEnds = [numBands]float64{2, 6, 12, 24, math.Inf(1)}

// Bounds is where a band starts and where the next begins, in inches
// (Extreme ends at +Inf).
func (b Band) Bounds() (from, to float64) {
	if b < 0 || b >= numBands {
		return math.NaN(), math.NaN()
	}
	if b > 0 {
		from = bandEnds[b-1]
	}
	return from, bandEnds[b]
}

// Reach is how far a weapon's shot reaches, from its chart (R4, R14):
// near is where its nearest band without a "-" starts (a Gatling Gun
// cannot fire at Point Blank); sure is where the farthest band it always
// rolls a die in ends (a base of 1 or more: no modifier takes the last die,
// R14); most is where the farthest band without a "-" ends (+Inf for
// Extreme). A weapon that does not shoot reaches nowhere: ok is false.
func (s WeaponSpec) Reach() (near, sure, most float64, ok bool) {
	if !s.CanShoot() {
		return 0, 0, 0, false
	}
	first := true
	for b := PointBlank; b < numBands; b++ {
		from, to := b.Bounds()
		switch base := s.Chart[b]; {
		case base == NoShot:
			continue
		case base >= 1:
			sure = to
		}
		if first {
			near, first = from, false
		}
		most = to
	}
	return near, sure, most, !first
}
