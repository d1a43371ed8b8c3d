//go:build unix

package board

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time this process has used (user and system).
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// reportCPU adds "cpu-ns/op", the process's CPU time per op since start,
// to a benchmark: on a loaded machine wall time counts the waits for a
// core too, CPU time does not.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
}
