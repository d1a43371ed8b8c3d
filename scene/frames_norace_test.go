//go:build !race

package scene

// steadyFrames is how many frames the frame-cost tests time and count
// allocations over.
const steadyFrames = 600

// settleFrames is how many frames the frame-cost tests let pass before
// they count: the town painted, the view worked out, Ebitengine's atlases
// settled.
const settleFrames = 150
