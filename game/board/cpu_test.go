package board

import (
	"testing"
	"time"

	"cowpoke/game/cputime"
)

// reportCPU adds "cpu-ns/op", the process's CPU time per op since start,
// to a benchmark.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}
