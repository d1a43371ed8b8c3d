//go:build !unix

package sim

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
