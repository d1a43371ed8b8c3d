package rules

import (
	"strings"
	"testing"
)

func TestSeededIsDeterministic(t *testing.T) {
	a, b := RollDice(NewSeeded(42), 50), RollDice(NewSeeded(42), 50)
	if !equalInts(a.Faces, b.Faces) {
		t.Fatalf("same seed, different faces:\n%v\n%v", a.Faces, b.Faces)
	}
	c := RollDice(NewSeeded(43), 50)
	if equalInts(a.Faces, c.Faces) {
		t.Error("different seeds gave the same 50 faces")
	}
	for _, f := range a.Faces {
		if f < 1 || f > 6 {
			t.Fatalf("face %d is not on a die", f)
		}
	}
	// Pinned faces: a save made today must replay the same dice tomorrow,
	// on any machine and any Go version.
	if got, want := RollDice(NewSeeded(1), 12).Faces, []int{4, 5, 5, 5, 3, 5, 3, 1, 5, 5, 5, 1}; !equalInts(got, want) {
		t.Errorf("seed 1 now rolls %v; saves recorded %v", got, want)
	}
}

func TestSeededResumesFromSavedState(t *testing.T) {
	src := NewSeeded(9)
	RollDice(src, 17)
	state, err := src.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	want := RollDice(src, 20)
	var restored Seeded
	if err := restored.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	if got := RollDice(&restored, 20); !equalInts(got.Faces, want.Faces) {
		t.Errorf("restored source rolls %v, want %v", got.Faces, want.Faces)
	}
}

func TestSeededFacesAreFair(t *testing.T) {
	const n = 600000
	src := NewSeeded(3)
	var count [7]int
	for i := 0; i < n; i++ {
		count[D6(src)]++
	}
	for face := 1; face <= 6; face++ {
		checkWithinSigmas(t, "face frequency", float64(count[face])/n, 1.0/6, n)
	}
	for _, m := range []int{1, 2, 7, 52} {
		for i := 0; i < 1000; i++ {
			if v := src.Intn(m); v < 0 || v >= m {
				t.Fatalf("Intn(%d) = %d", m, v)
			}
		}
	}
}

func TestFixedDice(t *testing.T) {
	src := Dice(3, 6)
	if r := RollDice(src, 2); !equalInts(r.Faces, []int{3, 6}) || r.Sixes() != 1 || r.Sum() != 9 {
		t.Errorf("roll %+v", r)
	}
	mustPanic(t, "exhausted", func() { D6(src) })
	mustPanic(t, "cannot show", func() { D6(Dice(7)) })
	if r := RollDice(Dice(), 0); len(r.Faces) != 0 {
		t.Error("zero dice rolled something")
	}
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), want) {
			t.Errorf("panic %v, want one saying %q", r, want)
		}
	}()
	f()
}
