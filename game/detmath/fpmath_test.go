package detmath

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"testing"
)

// inputs are the arguments the tests feed each function: angles over
// many turns, tiny and huge values, and the coordinates a table has.
func inputs() []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	var xs []float64
	for range 20000 {
		xs = append(xs, (r.Float64()-0.5)*4*math.Pi, (r.Float64()-0.5)*240, r.NormFloat64()*1e-6, (r.Float64()-0.5)*1e12)
	}
	return append(xs, 0, math.Copysign(0, -1), 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.Pi/4, math.Pi/8)
}

// digest hashes every function's result on every input pair.
func digest() string {
	h := sha256.New()
	xs := inputs()
	put := func(v float64) { _ = binary.Write(h, binary.LittleEndian, math.Float64bits(v)) }
	for i, x := range xs {
		y := xs[(i*7+3)%len(xs)]
		s, c := Sincos(x)
		put(Sin(x))
		put(Cos(x))
		put(s)
		put(c)
		put(Atan2(y, x))
		put(Hypot(x, y))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// referenceDigest is digest() on the reference build (amd64, GOAMD64=v1).
const referenceDigest = "ae7fa661002ef9a4bbec765c12ecce9495e6f8c4ebd5a086fd766a9804c4b2c5"

// TestSameBitsEverywhere: the functions give the reference build's bits
// on this CPU. make test runs it under GOARCH=arm64 (qemu), 386 and
// GOAMD64=v3 as well.
func TestSameBitsEverywhere(t *testing.T) {
	if got := digest(); got != referenceDigest {
		t.Errorf("digest %s, reference %s: results differ from the reference build's", got, referenceDigest)
	}
}
