package scene

import (
	"testing"

	"cowpoke/game/racecheck"
)

// layoutOnly marks a layout test: one that checks where things are drawn
// (every window size and interface scale: what fits, what overlaps, what
// scrolls into view). It starts no goroutine of its own for the race
// detector to watch, and under the detector a frame is several times
// slower, so there it is skipped: make test runs the layout tests whole in
// a pass of their own without the detector (the Makefile's NORACE),
// where they take some 70 s rather than 150 s for a fraction of their
// cases. TestNoRacePassRunsEverySkippedTest keeps that list and these
// calls the same.
func layoutOnly(t *testing.T) {
	t.Helper()
	racecheck.WholeWithoutRace(t)
}
