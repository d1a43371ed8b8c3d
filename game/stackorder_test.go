package game

import (
	"math/rand/v2"
	"testing"

	"cowpoke/rules"
)

// TestStackOrder checks the card stacks' order a screen shows at every
// step of random matches: exactly the standing models yet to act, each
// top card outranking or tying the next, the models with no face-up card
// last (R35, ruling G13); and nothing added under another method.
func TestStackOrder(t *testing.T) {
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Initiative = MethodStacks
	m, err := NewMatch(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 1))
	faceless := 0
	for !m.Over {
		order := m.StackOrder(nil)
		yet := 0
		for i := range m.Models {
			if md := &m.Models[i]; !md.Removed() && !md.Activated && i != m.Active {
				yet++
			}
		}
		if len(order) != yet {
			t.Fatalf("after %d commands: %d models in the order, %d yet to act", len(m.commands), len(order), yet)
		}
		for k := 0; k+1 < len(order); k++ {
			a, aok := m.TopCard(order[k])
			b, bok := m.TopCard(order[k+1])
			if !aok && bok || aok && bok && rules.Outranks(b, a) {
				t.Fatalf("after %d commands: %v (%v) before %v (%v)", len(m.commands), a, aok, b, bok)
			}
			if !bok {
				faceless++
			}
		}
		c, _ := m.RandomCommand(rng)
		if _, err := m.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	if faceless == 0 {
		t.Log("no model without a face-up card came up in this match")
	}
	s.Initiative = MethodDraw
	d, err := NewMatch(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.StackOrder([]int{7}); len(got) != 1 || got[0] != 7 {
		t.Errorf("under the Draw StackOrder gave %v, want what it was given", got)
	}
}
