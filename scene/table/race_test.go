//go:build race

package table

// raceOn: the race detector makes the engine's queries many times slower,
// so the long scans read fewer positions under it.
const raceOn = true
