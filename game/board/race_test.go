//go:build race

package board

// raceEnabled: the race detector slows the brute-force tests several times.
const raceEnabled = true
