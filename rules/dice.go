package rules

import (
	"fmt"
	"math/rand/v2"
)

// Source is where every random number of the rules comes from. A match
// keeps one seeded Source in its state; tests inject Fixed dice.
type Source interface {
	// Intn returns a uniform integer in [0, n); n >= 1.
	Intn(n int) int
}

// D6 rolls one six-sided die.
func D6(src Source) int { return src.Intn(6) + 1 }

// Roll is a handful of dice rolled at once, with every face kept so that a
// screen can show them.
type Roll struct {
	Faces   []int
	Dropped []int // a die rolled and set aside (round effects Up and Down, R38)
}

// RollDice rolls n six-sided dice (none when n <= 0).
func RollDice(src Source, n int) Roll {
	if n <= 0 {
		return Roll{}
	}
	faces := make([]int, n)
	for i := range faces {
		faces[i] = D6(src)
	}
	return Roll{Faces: faces}
}

// Sixes counts the faces showing 6: in this game only sixes hit.
func (r Roll) Sixes() int {
	n := 0
	for _, f := range r.Faces {
		if f == 6 {
			n++
		}
	}
	return n
}

// Sum adds up the faces (Run distance, Hail Mary throw).
func (r Roll) Sum() int {
	s := 0
	for _, f := range r.Faces {
		s += f
	}
	return s
}

// Seeded is a deterministic Source: the same seed gives the same faces on
// every machine and Go version. It uses PCG (whose output is fixed by its
// published definition) and its own unbiased reduction to [0, n), so it does
// not depend on how math/rand happens to map numbers to ranges.
type Seeded struct {
	pcg *rand.PCG
}

// NewSeeded returns a Source seeded with seed.
func NewSeeded(seed uint64) *Seeded {
	return &Seeded{pcg: rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Intn returns a uniform integer in [0, n) by rejection sampling.
func (s *Seeded) Intn(n int) int {
	if n <= 0 {
		panic(fmt.Sprintf("rules: Intn(%d): n must be positive", n))
	}
	bound := uint64(n)
	// Reject the top partial block so every residue is equally likely.
	limit := ^uint64(0) - (^uint64(0)%bound+1)%bound
	for {
		x := s.pcg.Uint64()
		if x <= limit {
			return int(x % bound)
		}
	}
}

// MarshalBinary saves the generator's position (for match saves).
func (s *Seeded) MarshalBinary() ([]byte, error) { return s.pcg.MarshalBinary() }

// UnmarshalBinary restores a position saved by MarshalBinary.
func (s *Seeded) UnmarshalBinary(b []byte) error {
	if s.pcg == nil {
		s.pcg = &rand.PCG{}
	}
	return s.pcg.UnmarshalBinary(b)
}

// Fixed is a Source that replays given faces in order, for tests and for
// players who roll real dice at the table. A face f answers Intn(n) with
// f-1, so a six-sided die shows exactly f. It panics when it runs out or a
// face does not fit the die asked for: a test with too few dice is wrong.
type Fixed struct {
	faces []int
	next  int
}

// Dice returns a Fixed source that will show the given faces in order.
func Dice(faces ...int) *Fixed { return &Fixed{faces: faces} }

// Intn returns the next face minus one.
func (f *Fixed) Intn(n int) int {
	if f.next >= len(f.faces) {
		panic(fmt.Sprintf("rules: fixed dice exhausted after %d rolls", len(f.faces)))
	}
	face := f.faces[f.next]
	if face < 1 || face > n {
		panic(fmt.Sprintf("rules: fixed die %d is face %d, which a %d-sided die cannot show", f.next+1, face, n))
	}
	f.next++
	return face - 1
}

// Remaining says how many faces are left unrolled.
func (f *Fixed) Remaining() int { return len(f.faces) - f.next }
