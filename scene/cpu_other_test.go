//go:build !unix

package scene

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
