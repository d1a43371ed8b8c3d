// Package racecheck tells a test whether it was built with the race
// detector, and skips the tests that make test runs whole in a pass of its
// own without the detector (the Makefile's NORACE). It is for tests only:
// the packages' own code never asks.
package racecheck

import "testing"

// WholeWithoutRace, as a test's first line, skips the test under the race
// detector: there it is several times slower, and what it could show the
// detector (the goroutines of the computer, the review, the window) shorter
// tests start under it too. make test runs it whole without the detector,
// and TestNoRacePassRunsEverySkippedTest keeps the Makefile's list of such
// tests and these calls the same.
func WholeWithoutRace(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("make test runs it without the race detector (Makefile, NORACE)")
	}
}
