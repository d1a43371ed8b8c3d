package analysis

import (
	"context"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/racecheck"
)

// The coach's suggestion is never worse than the computer opponent's own
// choice there, hard's or normal's with the same seed, on the same dice:
// over positions of every initiative method, an Overwatch interrupt and
// the choices of the seeds' methods among them.
func TestSuggestNeverWorseThanTheComputer(t *testing.T) {
	budget := 600 * time.Millisecond
	positions := 12
	if racecheck.Enabled {
		budget, positions = 300*time.Millisecond, 3
	}
	names := []string{"halt.tmx", "ranch.tmx", "town.tmx"}
	checked := 0
	for k := 0; k < positions; k++ {
		m := played(t, names[k%3], methods[k%len(methods)], uint64(400+k), 20+17*k)
		if m.Over {
			continue
		}
		s, err := suggest(context.Background(), m, budget, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Validate(s.Best.Command); err != nil {
			t.Fatalf("position %d: the suggestion %+v is not legal: %v", k, s.Best.Command, err)
		}
		if s.Decider != m.Posses[m.Decider()].Name {
			t.Fatalf("position %d: suggests for %q, %q decides", k, s.Decider, m.Posses[m.Decider()].Name)
		}
		for _, a := range s.Alternatives {
			if a.Win > s.Best.Win {
				t.Fatalf("position %d: an alternative %.3f beats the best %.3f", k, a.Win, s.Best.Win)
			}
		}
		for _, lv := range coachLevels {
			c, _ := ai.New(lv, 1)
			d, _ := c.Decide(m)
			own := commandChance(m, d.Command, s.Playouts, 1)
			if s.Best.Win < own {
				t.Errorf("position %d: the suggestion %s keeps %.3f, %s's own choice %s %.3f", k, game.CommandWords(m, s.Best.Command), s.Best.Win, lv, game.CommandWords(m, d.Command), own)
			}
		}
		checked++
	}
	if checked < positions/2 {
		t.Fatalf("only %d of %d positions checked", checked, positions)
	}
}
