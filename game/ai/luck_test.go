package ai

import (
	"testing"

	"cowpoke/game"
)

// The computer's Luck under rules edition 3 (R41), over whole matches of
// normal against normal with round effects on the default town: every
// token it declares is on a roll the engine accepts (Decide's commands
// all pass Validate), it does spend tokens, and on its own attacks it
// never spends its last token while an enemy Legend is in reach (it keeps
// one for defence).
func TestComputerSpendsLuckByItsRuleR41(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Initiative, s.Options.RoundEffects = game.MethodDraw, true
	spent := 0
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := game.NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.Edition() < game.Edition3 {
			t.Fatal("a new match plays rules edition 3")
		}
		var players [2]game.Controller
		for i := range players {
			if players[i], err = New("normal", seed*10+uint64(i)); err != nil {
				t.Fatal(err)
			}
		}
		for n := 0; n < 3000 && !m.Over; n++ {
			d, ok := players[m.Decider()].Decide(m)
			if !ok {
				break
			}
			c := d.Command
			if c.Luck {
				spent++
				attack := c.Kind == game.CmdShoot || c.Kind == game.CmdBlaze || c.Kind == game.CmdBrawl
				if attack && m.LuckTokens(c.Model) == 1 && enemyLegendInReach(m, c.Model) {
					t.Errorf("seed %d: %s spends his last token on an attack with an enemy Legend in reach (%s)", seed, m.Models[c.Model].Name, d.Why)
				}
			}
			if _, err := m.ApplyDecision(d); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	if spent == 0 {
		t.Error("the computer never spent a Luck token in three matches")
	}
	t.Logf("Luck tokens declared by the computer: %d", spent)
}
