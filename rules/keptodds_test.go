package rules

import (
	"math"
	"testing"
)

// Every roll of n+1 dice enumerated: the sixes kept after Up or Down set a
// die aside (R38, R52) against KeptSixesDist, and the hits against
// PoolHitsDist, exactly (the closed form, R53).
func TestKeptSixesDistEnumeratedR53(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, k := range []Keep{DropLowest, DropHighest} {
			var want [MaxDice + 1]float64
			total := int(math.Pow(6, float64(n+1)))
			faces := make([]int, n+1)
			for code := range total {
				c := code
				for i := range faces {
					faces[i] = c%6 + 1
					c /= 6
				}
				r := RollKeeping(Dice(faces...), n, k)
				want[r.Sixes()] += 1 / float64(total)
			}
			got := KeptSixesDist(n, k)
			for s := 0; s <= n; s++ {
				if math.Abs(got.P[s]-want[s]) > 1e-12 {
					t.Errorf("%d dice, keep %d: P(%d sixes) %.6f, enumerated %.6f", n, k, s, got.P[s], want[s])
				}
			}
			p := Pool{Dice: n, Keep: k}
			if h := PoolHitsDist(&p); math.Abs(h.P[1]-(1-want[0])) > 1e-12 {
				t.Errorf("%d dice, keep %d: P(hit) %.6f, enumerated %.6f", n, k, h.P[1], 1-want[0])
			}
		}
	}
	up := Pool{Dice: 3, Keep: DropLowest}
	if o := OddsOf(&up, NewHealth(Cowpoke, false)); math.Abs(o.PHit-(1-math.Pow(5.0/6, 4))) > 1e-12 {
		t.Errorf("three dice under Up: %.4f, want 51.8%%", o.PHit)
	}
}

// BoutPoolOdds counts Up and Down on each side, and is BoutOdds without.
func TestBoutPoolOddsR53(t *testing.T) {
	h := NewHealth(Cowpoke, false)
	a, d := Pool{Dice: 2}, Pool{Dice: 3}
	if got, want := BoutPoolOdds(&a, &d, h, h), BoutOdds(2, 3, h, h); got.PAttackerWins != want.PAttackerWins {
		t.Errorf("without Up or Down: %v, want %v", got.PAttackerWins, want.PAttackerWins)
	}
	a.Keep = DropLowest
	up := BoutPoolOdds(&a, &d, h, h)
	if up.PAttackerWins <= BoutOdds(2, 3, h, h).PAttackerWins {
		t.Error("Up on the attacker's side raises his chance")
	}
	if s := up.PAttackerWins + up.PDefenderWins + up.PBloodyDraw + up.PScuffle; math.Abs(s-1) > 1e-12 {
		t.Errorf("outcomes sum to %v", s)
	}
}
