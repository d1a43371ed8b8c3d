//go:build !race

package scene

const raceOn = false

// steadyFrames is how many frames the frame-cost tests time and count
// allocations over.
const steadyFrames = 600
