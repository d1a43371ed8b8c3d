//go:build race

package scene

// steadyFrames is how many frames the frame-cost tests time and count
// allocations over. Under the race detector neither bar is enforced (its
// instrumentation allocates and slows every frame), so a few frames cover
// the drawing for races without ten minutes of make test.
const steadyFrames = 60

// settleFrames is how many frames the frame-cost tests let pass before
// they count: enough to draw the town, as nothing is timed here.
const settleFrames = 20
