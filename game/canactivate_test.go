package game

import (
	"math/rand/v2"
	"testing"

	"cowpoke/game/racecheck"
)

// TestCanActivateIsValidate checks CanActivate, which the window asks of
// every model every frame, against Validate of an Activate command: every
// model at every step of random matches under the Draw and the seeds'
// methods (R35-R37; under these a card or token mostly activates its model
// itself, and both must say no).
func TestCanActivateIsValidate(t *testing.T) {
	matches := uint64(12)
	if racecheck.Enabled {
		matches = 3
	}
	yes := 0
	for _, method := range []string{MethodDraw, MethodStacks, MethodDeck, MethodTokens} {
		s, err := DefaultScenario()
		if err != nil {
			t.Fatal(err)
		}
		s.Initiative = method
		for seed := range matches {
			m, err := NewMatch(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 9))
			for !m.Over {
				for id := -1; id <= len(m.Models); id++ {
					want := m.Validate(Command{Kind: CmdActivate, Model: id}) == nil
					if got := m.CanActivate(id); got != want {
						t.Fatalf("%s, seed %d, after %d commands: CanActivate(%d) %v, Validate %v", method, seed, len(m.commands), id, got, m.Validate(Command{Kind: CmdActivate, Model: id}))
					}
					if want {
						yes++
					}
				}
				c, _ := m.RandomCommand(rng)
				if _, err := m.Apply(c); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if yes == 0 {
		t.Error("no model could ever be activated: the test compares nothing")
	}
}
