package cputime

import (
	"runtime"
	"testing"
)

// Busy work shows up as CPU time (on the systems that measure it).
func TestProcessCountsWork(t *testing.T) {
	t0 := Process()
	if t0 == 0 && runtime.GOOS == "windows" {
		t.Skip("not measured here")
	}
	x := 0.0
	for i := range 50_000_000 {
		x += float64(i % 7)
	}
	if d := Process() - t0; d <= 0 {
		t.Errorf("CPU time did not grow over busy work (%v, %v)", d, x)
	}
}
