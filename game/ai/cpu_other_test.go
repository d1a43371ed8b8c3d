//go:build !unix

package ai

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
