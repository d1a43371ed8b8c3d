package scene

import (
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// TestOutOfAmmoSaysWhy: the words under an empty-handed model's name say
// which weapon is empty and why (R19), from real commands on the
// showcase: a Blaze Away leaves "Revolver empty after Blaze Away" (or the
// Lever-Action), a Derringer or Single-Shot Rifle shot "... empty after
// its shot"; a weapon the scenario sets out empty is "not loaded".
func TestOutOfAmmoSaysWhy(t *testing.T) {
	fresh := func() *game.Match {
		s, err := game.ShowcaseScenario()
		if err != nil {
			t.Fatal(err)
		}
		m, err := game.NewMatch(s, 7)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// tryEach activates each ready model of the side to decide on a fresh
	// match and gives it the first legal command of kind k with a weapon
	// that pick accepts; it returns the match and the model, or -1.
	tryEach := func(k game.CommandKind, pick func(rules.Weapon) bool) (*game.Match, int, rules.Weapon) {
		probe := fresh()
		for i := range probe.Models {
			if probe.Models[i].Posse != probe.Decider() {
				continue
			}
			for slot, w := range probe.Models[i].Profile.Weapons {
				if !pick(w) {
					continue
				}
				for j := range probe.Models {
					if probe.Models[j].Posse == probe.Decider() {
						continue
					}
					m := fresh()
					if _, err := m.Apply(game.Command{Kind: game.CmdActivate, Model: i}); err != nil {
						break
					}
					if _, err := m.Apply(game.Command{Kind: k, Model: i, Slot: slot, Target: j}); err == nil {
						return m, i, w
					}
				}
			}
		}
		return nil, -1, 0
	}
	m, id, w := tryEach(game.CmdBlaze, func(rules.Weapon) bool { return true })
	if id < 0 {
		t.Fatal("no model of the showcase could Blaze Away at anyone")
	}
	if got, want := modelTags(m, id), w.String()+" empty after Blaze Away"; !strings.Contains(got, want) {
		t.Errorf("after %s blazes away with the %s, the words under the name are %q, want %q", m.Models[id].Name, w, got, want)
	}
	single := func(w rules.Weapon) bool { return rules.EmptyAfter(w, false) }
	if m, id, w := tryEach(game.CmdShoot, single); id < 0 {
		t.Log("no Derringer or Single-Shot Rifle on the showcase could shoot: that case is not checked")
	} else if got, want := modelTags(m, id), w.String()+" empty after its shot"; !strings.Contains(got, want) {
		t.Errorf("after %s shoots the %s, the words are %q, want %q", m.Models[id].Name, w, got, want)
	}
	m = fresh()
	m.Models[0].Empty[0] = true // as a scenario's out_of_ammo sets it
	if got, want := modelTags(m, 0), m.Models[0].Profile.Weapons[0].String()+" not loaded"; !strings.Contains(got, want) {
		t.Errorf("a weapon set out empty: the words are %q, want %q", got, want)
	}
}
