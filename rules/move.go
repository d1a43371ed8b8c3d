package rules

import "math"

// Movement and throwing distances, in inches.
const (
	MoveInches      = 6.0 // a standard Move (R9)
	RunBaseInches   = 6.0 // a Run is 6" + 2D6" (R9)
	FastBonusInches = 2.0 // the Fast skill's bonus to a Run
	SureThrowInches = 6.0 // a Sure Throw lands exactly up to 6" away (R23)
	HailMaryBase    = 6   // a Hail Mary reaches 1D6 + 6" (R23)
	DifficultFactor = 2.0 // each inch of difficult terrain costs 2" (R10)
)

// MoveAllowance is the length of a standard Move, less any Critical Injury
// cut (R9, R30); never negative.
func MoveAllowance(in Injuries) float64 { return math.Max(0, MoveInches-in.MoveCut) }

// RunDistance is a Run's length for its 2D6 roll: 6" plus the dice, plus
// 2" when Fast, less any Critical Injury cut (R9, R30); never negative.
func RunDistance(roll Roll, fast bool, in Injuries) float64 {
	d := RunBaseInches + float64(roll.Sum())
	if fast {
		d += FastBonusInches
	}
	return math.Max(0, d-in.RunCut)
}

// RollRun rolls the 2D6 of a Run, declared before the path is chosen (R9).
func RollRun(src Source) Roll { return RollDice(src, 2) }

// HailMaryReach is the furthest a Hail Mary can go for its die: 6" + 1D6 (R23).
func HailMaryReach(die int) float64 { return float64(HailMaryBase + die) }

// ThrowLanding is how far along the line to the target spot a stick lands:
// exactly at the spot when it is within reach, else at the reach (R23).
func ThrowLanding(targetInches, reach float64) float64 { return math.Min(targetInches, reach) }
