package sim

import (
	"context"
	"reflect"
	"testing"

	"cowpoke/game"
)

// Each map gets the same number of matches a pair, rounded up to whole
// groups: pairs of seatings in a balance, mirrored fours in a ladder.
func TestRoundRobinPerMap(t *testing.T) {
	posse := &game.PosseSpec{}
	balance := RoundRobinConfig{Entrants: []Entrant{{Posse: posse}, {Posse: posse}}, Maps: []string{"a", "b", "c"}}
	ladder := RoundRobinConfig{Entrants: []Entrant{{Level: "easy"}, {Level: "hard"}}, Maps: []string{"a", "b", "c"}}
	for _, c := range []struct {
		cfg     RoundRobinConfig
		matches int
		want    int
	}{
		{balance, 40, 14}, {balance, 1000, 334}, {balance, 1, 2}, {ladder, 20, 8}, {ladder, 40, 16}, {ladder, 1, 4},
	} {
		c.cfg.Matches = c.matches
		if got := c.cfg.PerMap(); got != c.want {
			t.Errorf("ladder %v, -n %d over 3 maps: %d a map, want %d", c.cfg.ladder(), c.matches, got, c.want)
		}
	}
}

// A round robin's figures depend on its seed, not on the workers; each
// pair's cells add up over the maps.
func TestRoundRobinSameWhateverWorkers(t *testing.T) {
	s := shortScenario(t, 3)
	straysPosse := strays(shortScenario(t, 3)).Posses[1]
	cfg := RoundRobinConfig{Base: s, Maps: []string{"town.tmx", "ranch.tmx"}, Level: "random", Matches: 4, Seed: 2,
		Entrants: []Entrant{{Name: s.Posses[0].Name, Posse: &s.Posses[0]}, {Name: s.Posses[1].Name, Posse: &s.Posses[1]}, {Name: "Strays", Posse: &straysPosse}}}
	var first RoundRobinReport
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		rep, err := PlayRoundRobin(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		rep.ElapsedSeconds = 0
		if w == 1 {
			first = rep
			continue
		}
		if !reflect.DeepEqual(rep, first) {
			t.Errorf("workers 2 gave another round robin than workers 1")
		}
	}
	if len(first.Pairs) != 3 {
		t.Fatalf("%d pairs of 3 entrants, want 3", len(first.Pairs))
	}
	for _, p := range first.Pairs {
		w, d, l := 0, 0, 0
		for _, c := range p.ByMap {
			w, d, l = w+c.Wins, d+c.Draws, l+c.Losses
		}
		if len(p.ByMap) != 2 || p.All.Matches != 4 || w != p.All.Wins || d != p.All.Draws || l != p.All.Losses {
			t.Errorf("pair %d-%d: %+v", p.First, p.Second, p)
		}
	}
	// A lone greenhorn loses to a full posse nearly always.
	for i := range 2 {
		if c, _ := first.Pair(i, 2); c.Wins < 3 {
			t.Errorf("%s won only %d of 4 against the Strays", first.Entrants[i], c.Wins)
		}
	}
}
