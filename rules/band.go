package rules

import (
	"fmt"
	"math"
)

// Band is a range band of the weapon chart (R4).
type Band int

// The range bands, nearest first.
const (
	PointBlank Band = iota // d < 2"
	Short                  // 2" <= d < 6"
	Medium                 // 6" <= d < 12"
	Long                   // 12" <= d < 24"
	Extreme                // d >= 24"
	numBands
)

var bandNames = [numBands]string{"Point Blank", "Short", "Medium", "Long", "Extreme"}
var bandKeys = [numBands]string{"point-blank", "short", "medium", "long", "extreme"}

// BandFor returns the range band for an edge-to-edge distance in inches
// (R3, R4). Distances must be finite and not negative.
func BandFor(inches float64) (Band, error) {
	switch {
	case math.IsNaN(inches) || math.IsInf(inches, 0):
		return 0, fmt.Errorf("distance %v is not a number of inches", inches)
	case inches < 0:
		return 0, fmt.Errorf("distance %v\" is negative", inches)
	case inches < 2:
		return PointBlank, nil
	case inches < 6:
		return Short, nil
	case inches < 12:
		return Medium, nil
	case inches < 24:
		return Long, nil
	default:
		return Extreme, nil
	}
}

// String is the band's name as the rulebook prints it ("Point Blank").
func (b Band) String() string {
	if b < 0 || b >= numBands {
		return fmt.Sprintf("Band(%d)", int(b))
	}
	return bandNames[b]
}

// Key is the band's machine name ("point-blank"), used in JSON output.
func (b Band) Key() string {
	if b < 0 || b >= numBands {
		return fmt.Sprintf("band-%d", int(b))
	}
	return bandKeys[b]
}

// Bands lists every band, nearest first.
func Bands() []Band { return []Band{PointBlank, Short, Medium, Long, Extreme} }
