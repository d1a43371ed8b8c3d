// Package detmath is the trigonometry gameplay uses, giving the same bits on
// every CPU Go supports.
//
// The standard library's Sin, Cos, Atan2 and Hypot are not bit-identical
// across CPUs: on arm64 and on amd64 built with GOAMD64=v3 the compiler
// fuses their polynomials' x*y+z into FMA instructions, and 386 and amd64
// use assembly for Hypot. A save replayed on another CPU would then walk a
// path a last bit differently and be refused. These functions are the
// standard library's portable algorithms (Cephes, as in Go's math package)
// with every product that feeds a sum explicitly rounded (float64(x*y)),
// which the Go spec says must not be fused. They return exactly what
// math.Sin, math.Cos, math.Atan2 and math.Hypot return on amd64 without
// FMA (GOAMD64=v1), the build the golden saves were made with; the tests
// check that bit for bit, and a digest of many results on every CPU.
//
// The algorithms are Go's (math/sin.go, math/trig_reduce.go, math/atan.go,
// math/atan2.go, math/hypot.go), Copyright The Go Authors, BSD licence.
package detmath

import (
	"math"
	"math/bits"
)

// Pi/4 split into three parts, for extended-precision reduction.
const (
	pi4A = 7.85398125648498535156e-1  // 0x3fe921fb40000000
	pi4B = 3.77489470793079817668e-8  // 0x3e64442d00000000
	pi4C = 2.69515142907905952645e-15 // 0x3ce8469898cc5170
)

var sinCoef = [...]float64{
	1.58962301576546568060e-10, // 0x3de5d8fd1fd19ccd
	-2.50507477628578072866e-8, // 0xbe5ae5e5a9291f5d
	2.75573136213857245213e-6,  // 0x3ec71de3567d48a1
	-1.98412698295895385996e-4, // 0xbf2a01a019bfdf03
	8.33333333332211858878e-3,  // 0x3f8111111110f7d0
	-1.66666666666666307295e-1, // 0xbfc5555555555548
}

var cosCoef = [...]float64{
	-1.13585365213876817300e-11, // 0xbda8fa49a0861a9b
	2.08757008419747316778e-9,   // 0x3e21ee9d7b4e3f05
	-2.75573141792967388112e-7,  // 0xbe927e4f7eac4bc6
	2.48015872888517045348e-5,   // 0x3efa01a019c844f5
	-1.38888888888730564116e-3,  // 0xbf56c16c16c14f91
	4.16666666666665929218e-2,   // 0x3fa555555555554b
}

// reduce returns the octant j (0..7) of x >= 0 and the remainder z in
// [-Pi/4, Pi/4], as math's sin and cos do.
func reduce(x float64) (j uint64, z float64) {
	if x >= reduceThreshold {
		return trigReduce(x)
	}
	j = uint64(x * (4 / math.Pi)) // integer part of x/(Pi/4)
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	j &= 7
	z = float64(float64(x-float64(y*pi4A))-float64(y*pi4B)) - float64(y*pi4C)
	return j, z
}

// poly evaluates a polynomial's coefficients at zz by Horner's rule, as
// math's sin and cos write it: ((((c0*zz + c1)*zz + c2)*zz + c3)*zz + c4)*zz + c5.
func poly(c *[6]float64, zz float64) float64 {
	p := float64(c[0] * zz)
	for _, k := range c[1:5] {
		p = float64(float64(p+k) * zz)
	}
	return p + c[5]
}

// sinPoly is the sine on [-Pi/4, Pi/4], zz = z*z.
func sinPoly(z, zz float64) float64 { return z + float64(float64(z*zz)*poly(&sinCoef, zz)) }

// cosPoly is the cosine on [-Pi/4, Pi/4], zz = z*z.
func cosPoly(zz float64) float64 {
	return float64(1.0-float64(0.5*zz)) + float64(float64(zz*zz)*poly(&cosCoef, zz))
}

// Sin is math.Sin, the same on every CPU.
func Sin(x float64) float64 {
	switch {
	case x == 0 || math.IsNaN(x):
		return x
	case math.IsInf(x, 0):
		return math.NaN()
	}
	sign := false
	if x < 0 {
		x, sign = -x, true
	}
	j, z := reduce(x)
	if j > 3 {
		sign = !sign
		j -= 4
	}
	zz := float64(z * z)
	var y float64
	if j == 1 || j == 2 {
		y = cosPoly(zz)
	} else {
		y = sinPoly(z, zz)
	}
	if sign {
		y = -y
	}
	return y
}

// Cos is math.Cos, the same on every CPU.
func Cos(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN()
	}
	sign := false
	x = math.Abs(x)
	j, z := reduce(x)
	if j > 3 {
		j -= 4
		sign = !sign
	}
	if j > 1 {
		sign = !sign
	}
	zz := float64(z * z)
	var y float64
	if j == 1 || j == 2 {
		y = sinPoly(z, zz)
	} else {
		y = cosPoly(zz)
	}
	if sign {
		y = -y
	}
	return y
}

// reduceThreshold is where reduce switches to Payne-Hanek reduction.
const reduceThreshold = 1 << 29

// trigReduce is math's Payne-Hanek reduction for huge arguments: integer
// arithmetic only, so it needs no care.
func trigReduce(x float64) (j uint64, z float64) {
	const (
		pi4   = math.Pi / 4
		shift = 52
		mask  = 0x7FF
		bias  = 1023
	)
	if x < pi4 {
		return 0, x
	}
	ix := math.Float64bits(x)
	exp := int(ix>>shift&mask) - bias - shift
	ix &^= mask << shift
	ix |= 1 << shift
	digit, bitshift := uint(exp+61)/64, uint(exp+61)%64
	z0 := (mPi4[digit] << bitshift) | (mPi4[digit+1] >> (64 - bitshift))
	z1 := (mPi4[digit+1] << bitshift) | (mPi4[digit+2] >> (64 - bitshift))
	z2 := (mPi4[digit+2] << bitshift) | (mPi4[digit+3] >> (64 - bitshift))
	z2hi, _ := bits.Mul64(z2, ix)
	z1hi, z1lo := bits.Mul64(z1, ix)
	z0lo := z0 * ix
	lo, c := bits.Add64(z1lo, z2hi, 0)
	hi, _ := bits.Add64(z0lo, z1hi, c)
	j = hi >> 61
	hi = hi<<3 | lo>>61
	lz := uint(bits.LeadingZeros64(hi))
	e := uint64(bias - (lz + 1))
	hi = (hi << (lz + 1)) | (lo >> (64 - (lz + 1)))
	hi >>= 64 - shift
	hi |= e << shift
	z = math.Float64frombits(hi)
	if j&1 == 1 {
		j++
		j &= 7
		z--
	}
	return j, z * pi4
}

// mPi4 is the binary digits of 4/pi as a uint64 array.
var mPi4 = [...]uint64{
	0x0000000000000001,
	0x45f306dc9c882a53,
	0xf84eafa3ea69bb81,
	0xb6c52b3278872083,
	0xfca2c757bd778ac3,
	0x6e48dc74849ba5c0,
	0x0c925dd413a32439,
	0xfc3bd63962534e7d,
	0xd1046bea5d768909,
	0xd338e04d68befc82,
	0x7323ac7306a673e9,
	0x3908bf177bf25076,
	0x3ff12fffbc0b301f,
	0xde5e2316b414da3e,
	0xda6cfd9e4f96136e,
	0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6,
	0x7a0e73ef14a525d4,
	0xd7f6bf623f1aba10,
	0xac06608df8f6d757,
}

// xatan evaluates a series valid in the range [0, 0.66].
func xatan(x float64) float64 {
	const (
		P0 = -8.750608600031904122785e-01
		P1 = -1.615753718733365076637e+01
		P2 = -7.500855792314704667340e+01
		P3 = -1.228866684490136173410e+02
		P4 = -6.485021904942025371773e+01
		Q0 = +2.485846490142306297962e+01
		Q1 = +1.650270098316988542046e+02
		Q2 = +4.328810604912902668951e+02
		Q3 = +4.853903996359136964868e+02
		Q4 = +1.945506571482613964425e+02
	)
	z := float64(x * x) // rounded: it feeds z+Q0 below
	num := float64(P0 * z)
	num = float64(float64(num+P1) * z)
	num = float64(float64(num+P2) * z)
	num = float64(float64(num+P3) * z)
	num = num + P4
	den := float64(float64(z+Q0) * z)
	den = float64(float64(den+Q1) * z)
	den = float64(float64(den+Q2) * z)
	den = float64(float64(den+Q3) * z)
	den = den + Q4
	z = float64(z*num) / den
	return float64(x*z) + x
}

// satan reduces its argument (known to be positive) to the range [0, 0.66]
// and calls xatan.
func satan(x float64) float64 {
	const (
		morebits = 6.123233995736765886130e-17 // pi/2 = PIO2 + morebits
		tan3pio8 = 2.41421356237309504880      // tan(3*pi/8)
	)
	if x <= 0.66 {
		return xatan(x)
	}
	if x > tan3pio8 {
		return math.Pi/2 - xatan(1/x) + morebits
	}
	return math.Pi/4 + xatan((x-1)/(x+1)) + 0.5*morebits
}

// Atan is math.Atan, the same on every CPU.
func Atan(x float64) float64 {
	if x == 0 {
		return x
	}
	if x > 0 {
		return satan(x)
	}
	return -satan(-x)
}

// Atan2 is math.Atan2, the same on every CPU.
func Atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		if math.IsInf(x, 1) {
			if math.IsInf(y, 0) {
				return math.Copysign(math.Pi/4, y)
			}
			return math.Copysign(0, y)
		}
		if math.IsInf(y, 0) {
			return math.Copysign(3*math.Pi/4, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	q := Atan(y / x)
	if x < 0 {
		if q <= 0 {
			return q + math.Pi
		}
		return q - math.Pi
	}
	return q
}

// Hypot is math.Hypot, Sqrt(p*p + q*q) without overflow, the same on
// every CPU.
func Hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return p * math.Sqrt(1+float64(q*q))
}
