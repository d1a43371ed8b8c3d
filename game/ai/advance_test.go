package ai

import (
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// TestWayForwardIsWithinReach: when no enemy is in sight, the planner
// weighs the place a move along the shortest path towards the nearest
// enemy reaches (findAdvance). That place must be one a move can reach,
// or the way forward is never offered: a model standing in mud with the
// enemy round a corner stayed put for 1,900 game turns (normal against
// the greedy bot, Coyote Halt, token stack, seed 1384), because the step
// was scaled by the whole path's cost and overshot the allowance where
// the mud came first. Normal-against-normal matches on every map; at
// every activation with a move left and no enemy in sight, a move to the
// advance must be legal, and some of them must have crossed difficult
// terrain.
func TestWayForwardIsWithinReach(t *testing.T) {
	seeds := 2
	if racecheck.Enabled {
		seeds = 1
	}
	asked, throughMud := 0, 0
	for _, name := range maps.Names() {
		for seed := range uint64(seeds) {
			s := setup{Map: name, Initiative: game.MethodDraw, Seed: 300 + seed, A: "normal", B: "normal/nosearch"}
			m := newMatch(t, s)
			players := []*Player{controller(t, s.A, 1).(*Player), controller(t, s.B, 2).(*Player)}
			for n := 0; n < maxCommands && !m.Over; n++ {
				p := players[m.Decider()]
				if id := m.Active; id >= 0 && m.Pending == nil && m.Defence == nil && m.RunLeft == 0 && !m.UsedMove && m.AP >= 1 && !m.Engaged(id) {
					e := newEval(m, p, id)
					allowance := moveAllowance(m, id)
					e.prepareAdvance(allowance)
					if e.pathOn {
						asked++
						// Other bases may stand in the way (the planner then
						// weighs other places); the terrain alone must not.
						from := m.Models[id].Pos
						path, err := m.Board.Path(from, e.advance, nil)
						if err != nil || path.Cost > allowance {
							t.Fatalf("%s seed %d, command %d: %s's way forward from %v to %v is out of reach: it costs %.2f of %.2f (%v)", name, s.Seed, n, m.Models[id].Name, from, e.advance, path.Cost, allowance, err)
						}
						if path.Cost > path.Length {
							throughMud++
						}
					}
				}
				d, ok := p.Decide(m)
				if !ok {
					t.Fatalf("%s seed %d: no command", name, s.Seed)
				}
				if _, err := m.ApplyDecision(d); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d ways forward weighed, %d of them through difficult terrain", asked, throughMud)
	if throughMud == 0 {
		t.Fatalf("no way forward of %d crossed difficult terrain: the test does not test the mud", asked)
	}
}
