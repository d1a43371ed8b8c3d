package rules

import "fmt"

// Blast radii in inches, measured to the victim's base edge (R25).
const (
	BlastInnerInches = 2.0
	BlastOuterInches = 6.0
)

// BlastPool is the pool a dynamite blast rolls against one victim whose
// base edge is the given distance from the token: 6 dice under 2", 3 dice
// under 6", none beyond. Every six is a hit; nothing else modifies it (R25).
func BlastPool(inches float64) (Pool, error) {
	band, err := BandFor(inches)
	if err != nil {
		return Pool{}, err
	}
	p := Pool{Label: "Blast " + band.String(), EverySix: true}
	p.Base = BaseDice(Dynamite, band)
	if p.Base == NoShot {
		p.Base, p.Impossible = 0, true
		p.Why = fmt.Sprintf("%.1f\" is beyond the %g\" blast", inches, BlastOuterInches)
		return p, nil
	}
	p.Total, p.Dice = p.Base, p.Base
	return p, nil
}
