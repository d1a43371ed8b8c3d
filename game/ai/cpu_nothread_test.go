//go:build !linux

package ai

import "time"

// threadCPU is not measured here.
func threadCPU() time.Duration { return 0 }
