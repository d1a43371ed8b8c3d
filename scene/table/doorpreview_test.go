package table

import (
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
)

// The move preview says when the walk opens a door: a closed door that is
// not locked opens as the model walks through it (rules edition 5), and
// the player should know before the click that it will stand open after.
func TestMovePreviewSaysTheDoorOpens(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	probe, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	id := firstReady(t, New(probe))
	b := probe.Board
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind != board.Door || f.Open || f.Locked || len(f.Points) < 2 {
			continue
		}
		a, c := f.Points[0], f.Points[len(f.Points)-1]
		mid := a.Lerp(c, 0.5)
		in, ok := b.InsideBuilding(mid.Add(c.Sub(a).Unit().Perp().Scale(1)))
		out := c.Sub(a).Unit().Perp().Scale(-1.5)
		if !ok {
			in, _ = b.InsideBuilding(mid.Add(c.Sub(a).Unit().Perp().Scale(-1)))
			out = out.Scale(-1)
		}
		if in == nil {
			continue
		}
		start, inside := mid.Add(out), mid.Add(out.Scale(-1.5))
		posse, k := probe.Models[id].Posse, -1
		for j, mid := range probe.Posses[posse].Models {
			if mid == id {
				k = j
			}
		}
		s.Posses[posse].Models[k].At = &start
		m, err := game.NewMatch(s, 7)
		if err != nil {
			continue // another model stands there
		}
		tb := New(m)
		tb.Select(id)
		ap(t, tb)(tb.Do(ActActivate))
		tb.SetHover(inside, true)
		v := tb.View()
		want := "opens the " + f.Label() + " and stops just inside"
		if !strings.Contains(v.MoveText, want) {
			t.Fatalf("the move preview through the %s says %q; want it to say %q", f.Label(), v.MoveText, want)
		}
		c2, ok := tb.Click(inside)
		mustApply(t, tb, c2, ok)
		if door, _ := m.Board.FeatureByID(f.ID); !door.Open {
			t.Errorf("the walk through the %s left it shut", f.Label())
		}
		return
	}
	t.Fatal("no closed door on the default map to walk through")
}
