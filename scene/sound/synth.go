package sound

import (
	"math"
)

// SampleRate is the rate of every buffer and of the audio device.
const SampleRate = 44100

// Kind names one sound of the table.
type Kind int

// The sounds. The gunshots come first, one per firearm and the bow.
const (
	Silence Kind = iota
	ShotDerringer
	ShotRevolver
	ShotLeverAction
	ShotShotgun
	ShotRifle
	ShotGatling
	ShotBow
	Volley // Blaze Away: the hammer fanned
	Dice   // a handful of dice on a wooden tray
	Fuse   // a lit fuse hissing
	Explosion
	Hit  // a bullet or a fist striking home
	Fall // a body hitting the boards
	numKinds
)

// Kinds lists every sound (Silence excluded).
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := Silence + 1; k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

var kindNames = [numKinds]string{"silence", "derringer", "revolver", "lever-action", "shotgun", "rifle",
	"gatling", "bow", "volley", "dice", "fuse", "explosion", "hit", "fall"}

func (k Kind) String() string {
	if k < 0 || k >= numKinds {
		return "unknown"
	}
	return kindNames[k]
}

// peak is the loudest sample of every buffer: headroom so that two or
// three sounds mixed at full volume stay out of clipping most of the time.
const peak = 0.7

// Synthesize makes the samples of a sound (mono, SampleRate, -1..1),
// peak-normalised. The same kind always gives the same samples: the
// noise comes from a fixed seed per kind.
func Synthesize(k Kind) []float32 {
	s := newSynth(k)
	switch k {
	case ShotDerringer:
		// A small pop: short, bright, little body, a short room tail.
		s.gunshot(0, gunshot{crack: 0.9, crackHz: 3200, body: 0.5, bodyHz: 1400, bodyTau: 0.018,
			thump: 0.25, thumpHz: 180, tail: 0.12, tailTau: 0.12, length: 0.35})
	case ShotRevolver:
		s.gunshot(0, revolverShot)
		s.click(0.42, 0.25, 2600) // the hammer cocked again
	case ShotLeverAction:
		s.gunshot(0, gunshot{crack: 1, crackHz: 2400, body: 0.9, bodyHz: 900, bodyTau: 0.04,
			thump: 0.6, thumpHz: 110, tail: 0.35, tailTau: 0.35, length: 1.0})
		// Cha-chak: the lever thrown down and back.
		s.click(0.45, 0.45, 1800)
		s.click(0.52, 0.3, 2300)
		s.click(0.60, 0.5, 1500)
	case ShotShotgun:
		// A wide, deep boom: much low body, a slow decay.
		s.gunshot(0, gunshot{crack: 0.7, crackHz: 1500, body: 2.2, bodyHz: 500, bodyTau: 0.09,
			thump: 0.9, thumpHz: 70, tail: 0.8, tailTau: 0.5, length: 1.3})
	case ShotRifle:
		// A hard crack and a long rolling echo down the street.
		s.gunshot(0, gunshot{crack: 1.3, crackHz: 4200, body: 0.7, bodyHz: 1200, bodyTau: 0.03,
			thump: 0.5, thumpHz: 120, tail: 0.5, tailTau: 0.8, length: 1.6})
		s.echo(0.22, 0.3, 0.12)
	case ShotGatling:
		// The crank turning: eight quick reports and the rattle of the barrels.
		for i := 0; i < 8; i++ {
			at := float64(i) * 0.085
			s.gunshot(at, gunshot{crack: 0.8, crackHz: 2800, body: 0.7, bodyHz: 1000, bodyTau: 0.02,
				thump: 0.45, thumpHz: 130, tail: 0.12, tailTau: 0.2, length: 0.5})
			s.click(at+0.04, 0.2, 3000)
		}
	case ShotBow:
		// No powder: the string's twang and the arrow's whoosh.
		s.pluck(0, 0.9, 98, 0.35)
		s.whoosh(0.02, 0.35, 0.25)
	case Volley:
		// Blaze Away: the hammer fanned, five shots in a ragged burst.
		for i, at := range [...]float64{0, 0.13, 0.24, 0.38, 0.49} {
			g := revolverShot
			g.bodyHz *= 1 + 0.06*float64(i%3)
			s.gunshot(at, g)
		}
	case Dice:
		s.dice()
	case Fuse:
		s.fuse(1.4)
	case Explosion:
		s.explosion()
	case Hit:
		s.thud(0, 1, 95, 0.07)
		s.burst(0, 0.5, 1800, 0.012)
	case Fall:
		// A body on the boards: a heavy thud, a second, a short scuffle.
		s.thud(0, 1, 70, 0.12)
		s.burst(0, 0.35, 600, 0.05)
		s.thud(0.16, 0.6, 85, 0.09)
		s.scuffle(0.2, 0.25, 0.3)
	}
	return s.normalised()
}

// gunshot is the recipe of one report: a crack (the supersonic snap, bright
// noise that dies in milliseconds), a body (the muzzle blast, band-limited
// noise), a thump (the low pressure wave, a falling sine) and a tail (the
// street's reverberation).
type gunshot struct {
	crack, crackHz        float64
	body, bodyHz, bodyTau float64
	thump, thumpHz        float64
	tail, tailTau         float64
	length                float64 // seconds written
}

var revolverShot = gunshot{crack: 1, crackHz: 2600, body: 1, bodyHz: 800, bodyTau: 0.035,
	thump: 0.7, thumpHz: 100, tail: 0.3, tailTau: 0.3, length: 0.7}

// synth accumulates one sound.
type synth struct {
	buf  []float64
	rng  uint64
	kind Kind
}

func newSynth(k Kind) *synth {
	return &synth{rng: 0x9E3779B97F4A7C15 ^ uint64(k)*0xBF58476D1CE4E5B9, kind: k}
}

// noise is white noise in -1..1 (xorshift64*: no global state, reproducible).
func (s *synth) noise() float64 {
	s.rng ^= s.rng >> 12
	s.rng ^= s.rng << 25
	s.rng ^= s.rng >> 27
	v := s.rng * 0x2545F4914F6CDD1D
	return float64(v>>11)/float64(1<<52) - 1
}

// span makes room for a sound from at for length seconds and returns the
// index of its first sample and its number of samples.
func (s *synth) span(at, length float64) (int, int) {
	i0 := int(at * SampleRate)
	n := int(length * SampleRate)
	if need := i0 + n; need > len(s.buf) {
		s.buf = append(s.buf, make([]float64, need-len(s.buf))...)
	}
	return i0, n
}

// onePole is the coefficient of a one-pole low-pass at hz.
func onePole(hz float64) float64 { return 1 - math.Exp(-2*math.Pi*hz/SampleRate) }

func (s *synth) gunshot(at float64, g gunshot) {
	i0, n := s.span(at, g.length)
	crackA, bodyA := onePole(g.crackHz), onePole(g.bodyHz)
	tailA := onePole(g.bodyHz * 0.6)
	var crackLP, crackHP, bodyLP, bodyLP2, tailLP, phase float64
	for i := 0; i < n; i++ {
		t := float64(i) / SampleRate
		attack := math.Min(1, t/0.0004)
		w := s.noise()
		// Crack: high-passed noise (the noise minus its low-passed self).
		crackLP += crackA * (w - crackLP)
		crackHP = w - crackLP
		v := g.crack * crackHP * math.Exp(-t/0.004)
		// Body: noise low-passed twice.
		bodyLP += bodyA * (w - bodyLP)
		bodyLP2 += bodyA * (bodyLP - bodyLP2)
		v += g.body * 3 * bodyLP2 * math.Exp(-t/g.bodyTau)
		// Thump: a sine falling an octave in the first 60 ms.
		f := g.thumpHz * (1 + math.Exp(-t/0.03))
		phase += 2 * math.Pi * f / SampleRate
		v += g.thump * math.Sin(phase) * math.Exp(-t/math.Min(g.bodyTau*2.2, 0.08)) // a punch, not a tone
		// Tail: darker noise, slower decay, rising a moment after the shot.
		tailLP += tailA * (w - tailLP)
		v += g.tail * 3 * tailLP * (1 - math.Exp(-t/0.02)) * math.Exp(-t/g.tailTau)
		s.buf[i0+i] += v * attack
	}
}

// click is a short mechanical tick: a resonant burst at hz.
func (s *synth) click(at, amp, hz float64) {
	i0, n := s.span(at, 0.03)
	for i := 0; i < n; i++ {
		t := float64(i) / SampleRate
		s.buf[i0+i] += amp * (0.6*math.Sin(2*math.Pi*hz*t) + 0.4*s.noise()) * math.Exp(-t/0.004)
	}
}

// echo adds a delayed, darker copy of what is there (a far wall).
func (s *synth) echo(delay, gain, hzFrac float64) {
	d := int(delay * SampleRate)
	src := append([]float64(nil), s.buf...)
	s.span(0, float64(len(src)+d)/SampleRate)
	a := onePole(SampleRate * hzFrac / 2)
	var lp float64
	for i, v := range src {
		lp += a * (v - lp)
		s.buf[i+d] += gain * lp
	}
}

// pluck is a plucked string (Karplus-Strong): the bow's twang.
func (s *synth) pluck(at, amp, hz, length float64) {
	i0, n := s.span(at, length)
	period := int(SampleRate / hz)
	line := make([]float64, period)
	for i := range line {
		line[i] = s.noise()
	}
	for i := 0; i < n; i++ {
		j := i % period
		next := line[(j+1)%period]
		out := line[j]
		line[j] = 0.996 * 0.5 * (out + next)
		s.buf[i0+i] += amp * out
	}
}

// whoosh is air rushing past: band-limited noise swelling and fading.
func (s *synth) whoosh(at, amp, length float64) {
	i0, n := s.span(at, length)
	var lp, lp2 float64
	for i := 0; i < n; i++ {
		t := float64(i) / float64(n)
		a := onePole(500 + 2500*t)
		w := s.noise()
		lp += a * (w - lp)
		lp2 += a * (lp - lp2)
		s.buf[i0+i] += amp * 2 * (lp - lp2) * math.Sin(math.Pi*t)
	}
}

// burst is a short burst of low-passed noise.
func (s *synth) burst(at, amp, hz, tau float64) {
	i0, n := s.span(at, tau*8)
	a := onePole(hz)
	var lp float64
	for i := 0; i < n; i++ {
		t := float64(i) / SampleRate
		lp += a * (s.noise() - lp)
		s.buf[i0+i] += amp * 3 * lp * math.Exp(-t/tau)
	}
}

// thud is a dull low blow: a falling sine with a fast decay.
func (s *synth) thud(at, amp, hz, tau float64) {
	i0, n := s.span(at, tau*7)
	var phase float64
	for i := 0; i < n; i++ {
		t := float64(i) / SampleRate
		phase += 2 * math.Pi * hz * (1 + 0.8*math.Exp(-t/0.015)) / SampleRate
		s.buf[i0+i] += amp * math.Sin(phase) * math.Exp(-t/tau) * math.Min(1, t/0.001)
	}
}

// scuffle is boots and cloth on boards: crackly low noise.
func (s *synth) scuffle(at, amp, length float64) {
	i0, n := s.span(at, length)
	a := onePole(900)
	var lp float64
	for i := 0; i < n; i++ {
		t := float64(i) / float64(n)
		lp += a * (s.noise() - lp)
		grain := 0.5 + 0.5*math.Sin(2*math.Pi*float64(i)/SampleRate*23)
		s.buf[i0+i] += amp * 3 * lp * grain * (1 - t)
	}
}

// dice is a handful of dice thrown on wood: a cluster of knocks, each a
// few wooden resonances, thinning out as they settle.
func (s *synth) dice() {
	modes := [...]float64{740, 1210, 1930, 2870}
	at := 0.0
	for i := 0; i < 14; i++ {
		amp := 0.9 * math.Exp(-float64(i)/6)
		shift := 0.85 + 0.3*(s.noise()+1)/2
		i0, n := s.span(at, 0.06)
		for j := 0; j < n; j++ {
			t := float64(j) / SampleRate
			var v float64
			for k, f := range modes {
				v += math.Sin(2*math.Pi*f*shift*t) * math.Exp(-t/(0.012/float64(k+1)))
			}
			v += 0.5 * s.noise() * math.Exp(-t/0.0015)
			s.buf[i0+j] += amp * 0.4 * v
		}
		at += 0.025 + 0.06*(s.noise()+1)/2*(1+float64(i)/8)
	}
}

// fuse is a lit fuse: hissing noise with sparks crackling in it.
func (s *synth) fuse(length float64) {
	i0, n := s.span(0, length)
	a := onePole(5000)
	var lp float64
	for i := 0; i < n; i++ {
		t := float64(i) / float64(n)
		w := s.noise()
		lp += a * (w - lp)
		hiss := (w - lp) * (0.5 + 0.25*math.Sin(2*math.Pi*float64(i)/SampleRate*7))
		if s.noise() > 0.9985 {
			s.click(float64(i0+i)/SampleRate, 0.35, 3500)
		}
		env := math.Min(1, t*20) * math.Min(1, (1-t)*10)
		s.buf[i0+i] += 0.6 * hiss * env
	}
}

// explosion is a stick going off: a sharp front, a deep boom that rolls
// for a second and a half, and debris raining down.
func (s *synth) explosion() {
	s.gunshot(0, gunshot{crack: 1.2, crackHz: 1800, body: 3.5, bodyHz: 320, bodyTau: 0.3,
		thump: 1.2, thumpHz: 45, tail: 2.2, tailTau: 0.8, length: 2.2})
	for i := 0; i < 18; i++ {
		at := 0.25 + 1.2*(s.noise()+1)/2
		s.click(at, 0.12, 1200+800*(s.noise()+1)/2)
	}
}

// normalised scales the sound so its loudest sample is peak, and fades
// out its last 10 ms (no click at the end).
func (s *synth) normalised() []float32 {
	var top float64
	for _, v := range s.buf {
		top = math.Max(top, math.Abs(v))
	}
	out := make([]float32, len(s.buf))
	if top == 0 {
		return out
	}
	fade := min(len(s.buf), SampleRate/100)
	for i, v := range s.buf {
		g := peak / top
		if r := len(s.buf) - i; r < fade {
			g *= float64(r) / float64(fade)
		}
		out[i] = float32(v * g)
	}
	return out
}
