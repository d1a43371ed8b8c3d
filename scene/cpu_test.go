package scene

import (
	"testing"
	"time"

	"cowpoke/game/cputime"
)

// reportCPU adds the process's CPU time per op since start to a benchmark
// ("cpu-ms/op": every thread of the test binary, Mesa's llvmpipe included,
// Xvfb not).
func reportCPU(b *testing.B, start time.Duration, n int) {
	b.ReportMetric(float64(cputime.Process()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
