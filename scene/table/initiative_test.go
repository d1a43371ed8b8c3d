package table

import (
	"testing"

	"cowpoke/game"
)

// Ready agrees with the engine under every initiative method: for each
// model, Ready is true exactly when activating it is legal (a shared
// token's model that has acted included, R37; nobody while the character
// deck asks act now or wait, R36), at every step of random play.
func TestReadyAgreesWithTheEngineR36R37(t *testing.T) {
	for _, v := range []struct {
		method string
		opts   game.Options
	}{
		{game.MethodDraw, game.Options{}},
		{game.MethodStacks, game.Options{}},
		{game.MethodDeck, game.Options{}},
		{game.MethodTokens, game.Options{Computer: []int{1}}},
	} {
		s, err := game.DefaultScenario()
		if err != nil {
			t.Fatal(err)
		}
		s.Initiative, s.Options = v.method, v.opts
		m, err := game.NewMatch(s, 3)
		if err != nil {
			t.Fatal(err)
		}
		tb := New(m)
		rng := game.NewRandomPlayer(3)
		actedAgain := 0
		for step := 0; step < 600 && !m.Over; step++ {
			for id := range m.Models {
				legal := m.Active < 0 && m.Pending == nil && m.Validate(game.Command{Kind: game.CmdActivate, Model: id}) == nil
				if got := tb.Ready(id); got != legal {
					t.Fatalf("%s, step %d: Ready(%s) = %v, the engine says %v", v.method, step, m.Models[id].Name, got, legal)
				}
				if legal && m.Models[id].Activated {
					actedAgain++
				}
			}
			d, ok := rng.Decide(m)
			if !ok {
				break
			}
			if _, err := tb.Apply(d.Command); err != nil {
				t.Fatal(err)
			}
		}
		if v.method == game.MethodTokens && actedAgain == 0 {
			t.Errorf("under the token stack no model that had acted was ever ready again")
		}
	}
}
