package ai

import (
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// TestSearchFieldNarrowsAgainstAStranger: with foresight, hard searches its
// wide field until the enemy shows he plays unlike the playout policy (he
// never Blazes Away), then the narrow one, whose candidates are at most
// five and within a point of the planner's best; against normal, who
// Blazes Away as the policy does, the field stays wide.
func TestSearchFieldNarrowsAgainstAStranger(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	for _, c := range []struct {
		enemy      string
		wantNarrow bool
	}{{"greedy", true}, {"normal", false}} {
		hard := controller(t, "hard+foresight=0.6;playouts=24;tokplayouts=24", 3).(*Player)
		var wide, narrow, beyond int // searches of each field; wide ones with a candidate beyond the narrow field
		var m *game.Match
		hard.onSearch = func(s searched) {
			top := s.pool[0].planner
			if blazeHabit(m, 0) >= 0.6 {
				wide++
				for i, o := range s.pool {
					if i >= narrowCands || o.planner < top-narrowWithin {
						beyond++
						break
					}
				}
				return
			}
			narrow++
			if len(s.pool) > narrowCands {
				t.Errorf("against %s the narrow field searched %d candidates", c.enemy, len(s.pool))
			}
			for _, o := range s.pool {
				if o.planner < top-narrowWithin {
					t.Errorf("against %s the narrow field searched a candidate %.2f below the planner's best", c.enemy, top-o.planner)
				}
			}
		}
		seed := uint64(1)
		m = newMatch(t, setup{Map: maps.Names()[seed%3], Initiative: game.MethodDraw, Seed: seed})
		playMatch(t, m, []game.Controller{hard, controller(t, c.enemy, seed)}, nil, nil)
		t.Logf("against %s: %d searches of the wide field (%d with a candidate beyond the narrow one), %d of the narrow", c.enemy, wide, beyond, narrow)
		if wide == 0 || beyond == 0 {
			t.Errorf("against %s the wide field was searched %d times, %d beyond the narrow field: want both", c.enemy, wide, beyond)
		}
		if got := narrow > 0; got != c.wantNarrow {
			t.Errorf("against %s the narrow field was searched %d times; want some: %v", c.enemy, narrow, c.wantNarrow)
		}
	}
}
