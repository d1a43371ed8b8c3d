//go:build linux

package ai

import "time"

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

// threadCPU is the CPU time the calling OS thread has used: with the
// goroutine locked to its thread, what one decision costs, apart from the
// garbage collector's background work and other goroutines.
func threadCPU() time.Duration { return rusageCPU(rusageThread) }
