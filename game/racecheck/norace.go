//go:build !race

package racecheck

// Enabled reports whether the race detector is built in: tests play a
// smaller part of themselves under it, where everything is slower.
const Enabled = false
