// Package cputime reads the CPU time this process has used, for
// benchmarks that report it beside wall time: on a loaded machine the wall
// time also counts the waits for a core, the CPU time does not.
package cputime

import "time"

// Process is the CPU time (user and system) of every thread of this
// process so far; 0 where the system does not say.
func Process() time.Duration { return process() }
