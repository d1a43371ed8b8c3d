package ai

import (
	"testing"

	"cowpoke/game"
)

// TestCompareLevels decides every position of normal-against-normal
// matches on Dry Gulch with normal, hard and hard/nolook, and counts how
// often hard and hard/nolook choose otherwise than normal, by kind of
// decision ("pick" is choosing whom to activate); the first few different
// picks are logged with their reasons. It runs only when
// COWPOKE_AI_COMPARE names the number of matches:
//
//	COWPOKE_AI_COMPARE=3 go test -run TestCompareLevels -v ./game/ai/
func TestCompareLevels(t *testing.T) {
	n := envInt("COWPOKE_AI_COMPARE", 0)
	if n == 0 {
		t.Skip("set COWPOKE_AI_COMPARE to the number of matches")
	}
	all, hardDiffers, nolookDiffers := map[string]int{}, map[string]int{}, map[string]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		m := newMatch(t, setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: seed})
		normal, hard, nolook := controller(t, "normal", 1), controller(t, "hard", 1), controller(t, "hard/nolook", 1)
		for k := 0; k < 400 && !m.Over; k++ {
			dn, _ := normal.Decide(m)
			dh, _ := hard.Decide(m)
			dl, _ := nolook.Decide(m)
			kind := string(dn.Command.Kind)
			if m.Active < 0 && m.Pending == nil && len(m.MethodChoices()) == 0 {
				kind = "pick"
			}
			all[kind]++
			if cmdText(dh.Command) != cmdText(dn.Command) {
				hardDiffers[kind]++
				if kind == "pick" && hardDiffers[kind] <= 4 {
					t.Logf("normal: %s\n\thard: %s", dn.Why, dh.Why)
				}
			}
			if cmdText(dl.Command) != cmdText(dn.Command) {
				nolookDiffers[kind]++
			}
			if _, err := m.ApplyDecision(dn); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("decisions by kind: %v", all)
	t.Logf("hard chose otherwise: %v", hardDiffers)
	t.Logf("hard/nolook chose otherwise: %v", nolookDiffers)
}
