package table

import (
	"math"
	"strings"
	"testing"

	"cowpoke/game"
)

// A click on a spot out of reach walks the model to the ghost: the end of
// the part of the way it can walk (issue 21); under Dead Reckoning it is
// refused as before (the ghost would measure).
func TestClickOutOfReachWalksToTheGhost(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	from := tb.M.Models[id].Pos
	to := toward(tb, id, 10)
	tb.SetHover(to, true)
	v := tb.View()
	if !v.Reach {
		t.Fatalf("no ghost for a spot 10\" away: %q", v.MoveText)
	}
	ghost := v.ReachEnd
	if !strings.Contains(v.MoveText, "click walks") {
		t.Errorf("the move text %q does not say what a click does", v.MoveText)
	}
	c, ok := tb.Click(to)
	if !ok || c.Kind != game.CmdMove || c.To == nil || c.To.Dist(ghost) > 1e-9 {
		t.Fatalf("the click gives %+v %v, want a Move to the ghost %v", c, ok, ghost)
	}
	if _, err := tb.Apply(c); err != nil {
		t.Fatalf("the engine refuses the walk to the ghost: %v", err)
	}
	if got := tb.M.Models[id].Pos; got.Dist(ghost) > 1e-6 || got.Dist(from) < 5 {
		t.Errorf("the model stands at %v, %.2f\" from the start; the ghost was at %v", got, got.Dist(from), ghost)
	}

	dr := newTable(t, true)
	id = firstReady(t, dr)
	dr.Select(id)
	ap(t, dr)(dr.Do(ActActivate))
	to = toward(dr, id, 10)
	c, ok = dr.Click(to)
	if ok && c.To != nil && c.To.Dist(to) > 1e-9 {
		t.Errorf("under Dead Reckoning the click went to %v, not the spot %v", *c.To, to)
	}
}

// Ending an activation with actions left says so and how to take it back;
// Ctrl+Z (Undo) does.
func TestEndWithActionsLeftCanBeTakenBack(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	c, ok := tb.Do(ActEnd)
	if !ok {
		t.Fatal("End gives no command")
	}
	if _, err := tb.Apply(c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tb.Status, "2 actions unused") || !strings.Contains(tb.Status, "Ctrl+Z") {
		t.Fatalf("after End with 2 actions left the status says %q", tb.Status)
	}
	if err := tb.Undo(); err != nil {
		t.Fatalf("the End cannot be taken back: %v", err)
	}
	if tb.M.Active != id || tb.M.AP != 2 {
		t.Errorf("after Undo the active model is %d with %d actions, want %d with 2", tb.M.Active, tb.M.AP, id)
	}
}

// The ghost's click works whichever way the model walks: toward every
// point of the compass from every ready model, 7.5" off, a click on a spot
// the table draws a ghost for gives a move the engine accepts.
func TestGhostClickIsAlwaysAccepted(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	m := tb.M
	from := m.Models[id].Pos
	ghosts := 0
	for k := range 16 {
		a := float64(k) * 3.14159265 / 8
		to := from.Add(game.Point{X: 7.5 * math.Cos(a), Y: 7.5 * math.Sin(a)})
		if to.X < 0 || to.Y < 0 || to.X > m.Board.Width || to.Y > m.Board.Height {
			continue
		}
		tb.SetHover(to, true)
		if !tb.View().Reach {
			continue
		}
		ghosts++
		c, ok := tb.Click(to)
		if !ok || c.To == nil {
			t.Errorf("toward %v: no command", to)
			continue
		}
		if err := m.Validate(c); err != nil {
			t.Errorf("toward %v: the engine refuses the walk to the ghost %v: %v", to, *c.To, err)
		}
	}
	if ghosts < 3 {
		t.Fatalf("only %d directions had a ghost", ghosts)
	}
}
