//go:build unix

// Package cputime reads the CPU time the process has used, for benchmarks
// on a shared machine: its load inflates wall time, not CPU time.
package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time this process has used so far (user and system).
func Process() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
