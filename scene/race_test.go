//go:build race

package scene

// raceOn: the race detector slows every frame several times over, so the
// frame-time bar is reported but not enforced under it.
const raceOn = true
