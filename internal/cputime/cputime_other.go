//go:build !unix

// Package cputime reads the CPU time the process has used, for benchmarks
// on a shared machine: its load inflates wall time, not CPU time.
package cputime

import "time"

// Process is not measured here: 0.
func Process() time.Duration { return 0 }
