// Package detmath is the floating-point functions gameplay needs (Hypot,
// Sin, Cos, Sincos, Atan, Atan2: the board's geometry and the engine), giving the same bits on every
// CPU Go supports: the results of the standard library as this program's
// reference build (amd64, no FMA) computes them.
//
// Go may fuse x*y+z into one FMA instruction on arm64, ppc64, s390x,
// riscv64 and amd64 with GOAMD64=v3, which rounds once instead of twice;
// the standard library's math functions are compiled the same way, so
// their last bits differ between CPUs (and math.Hypot is assembly on
// amd64, pure Go elsewhere). These are the standard library's pure-Go
// algorithms (sin.go, trig_reduce.go, atan.go, atan2.go, sincos.go,
// copied from Go 1.26 under its BSD licence, see LICENSE-go) with every
// product that feeds a sum or difference converted explicitly
// (float64(x*y) + z), which the Go spec forbids fusing, and Hypot written
// as amd64's assembly computes it. TestMatchesMath checks them against the
// standard library on this CPU; on amd64 without v3 they are equal bit
// for bit.
package detmath

const (
	mask  = 0x7FF
	shift = 64 - 11 - 1
	bias  = 1023
)
