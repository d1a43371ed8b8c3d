//go:build unix

package ai

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used (user and system).
func processCPU() time.Duration { return rusageCPU(syscall.RUSAGE_SELF) }

func rusageCPU(who int) time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(who, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
