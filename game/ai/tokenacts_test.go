package ai

import (
	"math"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/rules"
)

// TestTokenActsClosedForm checks tokenActs on bags worked by hand (R37:
// two tokens a model, one End-of-Round token; every activation of a
// token-stack match ended at once). Of an enemy's b tokens in the bag,
// b/(a+2) come out on average before the first of the deciding model's a
// and the End of Round; the End comes first 1/(a+1) of the time, and a
// full bag then counts on 2/4 a round for 3/2 rounds: 3/4.
func TestTokenActsClosedForm(t *testing.T) {
	want := map[[2]int]float64{ // {a, b}: the deciding model's tokens left, the enemy's
		{0, 2}: 2.0/2 + 0.75,
		{0, 1}: 1.0/2 + 0.75,
		{0, 0}: 0.75,
		{1, 2}: 2.0/3 + 0.75/2,
		{1, 1}: 1.0/3 + 0.75/2,
		{1, 0}: 0.75 / 2,
	}
	m := newMatch(t, setup{Map: "halt.tmx", Initiative: game.MethodTokens, Seed: 5})
	seen := map[[2]int]int{}
	for step := 0; step < 300 && !m.Over; step++ {
		me := m.Active
		byModel, _, endIn, _ := m.BagCounts()
		acts := tokenActs(m, me)
		for _, f := range m.Posses[1-m.Models[me].Posse].Models {
			k := [2]int{byModel[me], byModel[f]}
			if w, ok := want[k]; ok && endIn && !m.Models[f].Removed() {
				seen[k]++
				if math.Abs(acts[f]-w) > 1e-12 {
					t.Errorf("%d of %s's tokens and %d of %s's in the bag: %v expected activations, want %v", k[0], m.Models[me].Name, k[1], m.Models[f].Name, acts[f], w)
				}
			}
		}
		if _, err := m.Apply(game.Command{Kind: game.CmdEnd, Model: me}); err != nil {
			t.Fatal(err)
		}
	}
	for k := range want {
		if seen[k] == 0 {
			t.Errorf("no position had %d of the deciding model's tokens and %d of an enemy's in the bag", k[0], k[1])
		}
	}
}

// TestTokenActsMatchesTheBag plays the real token stack on: from positions
// of a token-stack match, every activation ended at once, it counts each
// model's activations before the deciding model's next, over many forks
// with their own dice, and compares the means with tokenActs.
func TestTokenActsMatchesTheBag(t *testing.T) {
	runs := 4000
	if racecheck.Enabled {
		runs = 400
	}
	m := newMatch(t, setup{Map: "ranch.tmx", Initiative: game.MethodTokens, Seed: 11})
	checked := 0
	for step := 0; step < 40 && !m.Over; step++ {
		if m.Active >= 0 && step%4 == 0 {
			me := m.Active
			want := tokenActs(m, me)
			got := make([]float64, len(m.Models))
			for r := range runs {
				f := m.Fork(rules.NewSeeded(uint64(1000 + r)))
				for range 400 {
					if _, err := f.Apply(game.Command{Kind: game.CmdEnd, Model: f.Active}); err != nil {
						t.Fatal(err)
					}
					if f.Active == me {
						break
					}
					got[f.Active]++
				}
			}
			for id := range got {
				if id == me || m.Models[id].Removed() {
					continue
				}
				mean := got[id] / float64(runs)
				// The count's spread is under 1.5 activations: 5 of its
				// standard errors.
				if tol := 5 * 1.5 / math.Sqrt(float64(runs)); math.Abs(mean-want[id]) > tol {
					t.Errorf("step %d, %s deciding: %s acts %.3f times on average before him, tokenActs says %.3f (within %.3f)", step, m.Models[me].Name, m.Models[id].Name, mean, want[id], tol)
				}
			}
			checked++
		}
		// The match goes on with every activation ended at once.
		if _, err := m.Apply(game.Command{Kind: game.CmdEnd, Model: m.Active}); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 5 {
		t.Fatalf("checked %d positions", checked)
	}
}

// TestActsOn: an enemy expected to act w times removes the model with
// chance p each time; w = 1.75 is one time surely and a second three
// times in four.
func TestActsOn(t *testing.T) {
	for _, c := range []struct{ p, w, want float64 }{
		{0.2, 0.55, 0.11},
		{0.2, 1, 0.2},
		{0.2, 2, 1 - 0.8*0.8},
		{0.2, 1.75, 1 - 0.8*(1-0.75*0.2)},
		{0.5, 2.5, 1 - 0.5*0.5*(1-0.5*0.5)},
	} {
		if got := actsOn(c.p, c.w); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("actsOn(%v, %v) = %v, want %v", c.p, c.w, got, c.want)
		}
	}
}

// TestBagZeroWeighsAsTheOtherMethods: the measurement knob bag=0 (the
// danger under the token stack as before 2026-11-27) weighs every enemy
// once, or 0.55 once he has acted, as under the other methods; without it
// foeWeight is the bag's count (tokenActs).
func TestBagZeroWeighsAsTheOtherMethods(t *testing.T) {
	m := newMatch(t, setup{Map: "halt.tmx", Initiative: game.MethodTokens, Seed: 5})
	player := func(variant string) *Player {
		c, err := New("normal", 1)
		if err != nil {
			t.Fatal(err)
		}
		p := c.(*Player)
		if variant != "" {
			withVariant(t, p, variant)
		}
		return p
	}
	blind, reading := player("bag=0"), player("")
	differs := 0
	for step := 0; step < 60 && !m.Over; step++ {
		me := m.Active
		acts := tokenActs(m, me)
		eb, er := newEval(m, blind, me), newEval(m, reading, me)
		for _, f := range m.Posses[1-m.Models[me].Posse].Models {
			if m.Models[f].Removed() {
				continue
			}
			want := 1.0
			if m.Models[f].Activated {
				want = 0.55
			}
			if got := eb.foeWeight(f); got != want {
				t.Errorf("bag=0: %s weighs %s %v times, want %v", m.Models[me].Name, m.Models[f].Name, got, want)
			}
			if got := er.foeWeight(f); got != acts[f] {
				t.Errorf("%s weighs %s %v times, the bag says %v", m.Models[me].Name, m.Models[f].Name, got, acts[f])
			}
			if acts[f] != want {
				differs++
			}
		}
		if _, err := m.Apply(game.Command{Kind: game.CmdEnd, Model: me}); err != nil {
			t.Fatal(err)
		}
	}
	if differs == 0 {
		t.Fatal("the bag never weighed an enemy otherwise than the other methods: the test shows nothing")
	}
}
