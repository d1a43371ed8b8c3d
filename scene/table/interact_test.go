package table

import (
	"strings"
	"testing"

	"cowpoke/game"
)

// TestInteractShowsTheLootRollsOddsFirst: a Lawman beside loot a scenario
// sets "5+ to crack" presses Interact: the first press only says the exact
// odds (2 chances in 6, game.Match.InteractOdds), the second makes the
// attempt, whose roll the engine logs; the AP is spent either way (issue
// 26 item 2, ruling G43).
func TestInteractShowsTheLootRollsOddsFirst(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	deployed, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	tb0 := New(deployed)
	id := firstReady(t, tb0)
	at := deployed.Models[id].Pos
	s.TurnLimit = 6
	s.Objectives = []game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the strongbox", At: &at, Edge: "west", Roll: 5, Verb: "crack", Points: 3}}
	m, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	tb := New(m)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	if _, ok := tb.Do(ActInteract); ok {
		t.Fatal("the first Interact made the roll without showing its odds")
	}
	want := "Crack the strongbox: 5 or more on one die, 2 chances in 6 (33.3%)"
	if !strings.HasPrefix(tb.Status, want) || tb.Error {
		t.Fatalf("status %q (error %v), want it to start %q", tb.Status, tb.Error, want)
	}
	odds, err := m.InteractOdds(game.Command{Kind: game.CmdInteract, Model: id, Objective: "the strongbox"})
	if err != nil || odds != 2.0/6 {
		t.Fatalf("engine odds %v, %v; want 1/3", odds, err)
	}
	before := m.AP
	c, ok := tb.Do(ActInteract)
	if !ok || c.Objective != "the strongbox" {
		t.Fatalf("the second Interact gave %+v, %v", c, ok)
	}
	evs := mustApply(t, tb, c, ok)
	rolled := false
	for _, e := range evs {
		if e.Kind == game.EvInteractRoll {
			rolled = true
		}
	}
	if !rolled {
		t.Fatal("no roll in the events")
	}
	if m.AP != before-1 {
		t.Fatalf("AP %d after the attempt, want %d", m.AP, before-1)
	}
}
