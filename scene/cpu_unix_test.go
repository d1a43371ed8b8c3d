//go:build unix

package scene

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time this process has used (user and system): the
// program's threads, Ebitengine's included; not Xvfb's.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// reportCPU adds the process's CPU time per op since start to a benchmark
// ("cpu-ms/op"): on a loaded machine wall time also counts the waits for a
// core, CPU time does not.
func reportCPU(b *testing.B, start time.Duration, n int) {
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}
