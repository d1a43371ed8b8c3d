package rules

import (
	"math"
	"testing"
)

// Every band's bounds are BandFor's thresholds: a distance just inside its
// end is in it, its end is in the next (R4).
func TestBandBoundsAreBandForR4(t *testing.T) {
	for b := PointBlank; b < numBands; b++ {
		from, to := b.Bounds()
		if got, _ := BandFor(from); got != b {
			t.Errorf("%s starts at %v\", which BandFor puts in %s", b, from, got)
		}
		if math.IsInf(to, 1) {
			continue
		}
		if got, _ := BandFor(math.Nextafter(to, 0)); got != b {
			t.Errorf("just short of %s's end (%v\") BandFor gives %s", b, to, got)
		}
		if got, _ := BandFor(to); got != b+1 {
			t.Errorf("%s's end (%v\") is in %s, not the next band", b, to, got)
		}
	}
}

// A weapon's reach read off the printed chart (R4, R14): the Revolver
// (4, 3, 2, 0, -) rolls a die whatever happens within 12" and may shoot to
// 24"; the Gatling Gun (-, 6, 5, 4, 3) starts at 2" and reaches every band;
// the Derringer (3, 1, -, -, -) stops at 6"; a knife does not shoot.
func TestWeaponReachR14(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		w                Weapon
		near, sure, most float64
		ok               bool
	}{
		{Revolver, 0, 12, 24, true},
		{GatlingGun, 2, inf, inf, true},
		{Derringer, 0, 6, 6, true},
		{LeverAction, 0, 24, inf, true},
		{Shotgun, 0, 24, 24, true},
		{Knife, 0, 0, 0, false},
	}
	for _, c := range cases {
		spec, _ := c.w.Spec()
		near, sure, most, ok := spec.Reach()
		if near != c.near || sure != c.sure || most != c.most || ok != c.ok {
			t.Errorf("%s reaches (%v, %v, %v, %v), want (%v, %v, %v, %v)", spec.Name, near, sure, most, ok, c.near, c.sure, c.most, c.ok)
		}
	}
}
