//go:build !unix

package game

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
