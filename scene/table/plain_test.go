package table

import (
	"strings"
	"testing"

	"cowpoke/game"
)

// Player-facing text has no rule codes, no raw coordinates and correct
// plurals (issue 14); the engine's own wording is the input.
func TestPlainWords(t *testing.T) {
	for in, want := range map[string]string{
		"Hale takes aim at Bart (R16).":                                       "Hale takes aim at Bart.",
		"Pike runs: rolls 3 4: 7.0\" to run (R9).":                            "Pike runs: rolls 3 4: 7.0\" to run.",
		"Slim goes on Overwatch (R31).":                                       "Slim goes on Overwatch.",
		"Tex cannot shoot: engaged (R12, R14)":                                "Tex cannot shoot: engaged",
		"Jack cannot go there: a base cannot stand at (17.43, 14.05)":         "Jack cannot go there: a base cannot stand there",
		"Miller cannot throw there: the spot (40.00, -1.50) is off the table": "Miller cannot throw there: the spot is off the table",
		"Revolver Long 0, target moved -1 -> 1 dice":                          "Revolver Long 0, target moved -1 -> 1 die",
		"= 11 dice, every six hits":                                           "= 11 dice, every six hits",
		"Hale falls short (Dead Reckoning).":                                  "Hale falls short (Dead Reckoning).",
		"fires, but 0 dice (9.1)":                                             "fires, but 0 dice",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}

// A greyed Shoot says the real reason. The first enemy stands inside the
// Saloon out of sight; the rest stand in sight but out of range: the
// reason must be about range, not that the first one cannot be seen.
func TestGreyedShootSaysTheRealReason(t *testing.T) {
	tb := newTable(t, false)
	m := tb.M
	id := -1 // a ready model whose guns reach 24" at most
	for _, i := range m.Posses[m.Up.Posse].Models {
		if tb.Ready(i) && m.OverwatchRange(i) <= 24 {
			id = i
		}
	}
	if id < 0 {
		t.Fatal("scenario changed: nobody ready with a short-range gun")
	}
	me := m.Models[id].Posse
	first := -1
	for i := range m.Models {
		if m.Models[i].Posse != me {
			first = i
			break
		}
	}
	m.Models[first].Pos = game.Point{X: 7.5, Y: 7.5} // inside the Saloon
	mustApply(t, tb, game.Command{Kind: game.CmdActivate, Model: id}, true)
	inSight := 0
	for i := range m.Models {
		if o := &m.Models[i]; o.Posse != me && m.Board.Visible(m.Models[id].Pos, o.Pos) {
			inSight++
		}
	}
	if inSight == 0 || m.Board.Visible(m.Models[id].Pos, m.Models[first].Pos) {
		t.Fatalf("map changed: want the first enemy hidden and others in sight (%d in sight)", inSight)
	}
	ok, why := tb.Allowed(game.CmdShoot)
	if ok {
		t.Fatalf("%s can shoot from deployment: the test needs everyone out of range", m.Models[id].Name)
	}
	if strings.Contains(why, "cannot see") || !strings.Contains(why, "range") {
		t.Errorf("Shoot greyed with %q: want the range reason of an enemy in sight", why)
	}
	if strings.Contains(why, "(R") {
		t.Errorf("Shoot greyed with %q: no rule codes", why)
	}
	t.Logf("greyed Shoot: %s", why)
}

// Under Dead Reckoning the ghost base stays on the cursor: ending it where
// the 6" allowance runs out would measure the distance (issue 14).
func TestDeadReckoningGhostStaysOnTheCursor(t *testing.T) {
	tb := newTable(t, true)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	to := toward(tb, id, 9)
	tb.SetHover(to, true)
	v := tb.View()
	if !v.Moving || v.Dest.Dist(to) > 1e-9 {
		t.Fatalf("ghost at %v, cursor at %v: the ghost must not stop at the allowance", v.Dest, to)
	}
	if strings.ContainsAny(v.MoveText, "0123456789") {
		t.Errorf("move text %q gives a number under Dead Reckoning", v.MoveText)
	}
}

// A spot out of reach shows the part of the way the model could walk and
// the point where it would end (issue 14).
func TestOutOfReachShowsTheReachablePart(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	tb.SetHover(toward(tb, id, 10), true)
	v := tb.View()
	if !v.Blocked || !v.Reach || len(v.Preview.Path) < 2 {
		t.Fatalf("blocked %v reach %v path %v", v.Blocked, v.Reach, v.Preview.Path)
	}
	if d := v.ReachEnd.Dist(tb.M.Models[id].Pos); d < 5 || d > 6.01 {
		t.Errorf("the reachable part ends %.2f\" away, want up to 6\"", d)
	}
	if !strings.Contains(v.MoveText, "Out of reach") {
		t.Errorf("move text %q", v.MoveText)
	}
}

// Clicking another of one's own models during an activation (to read its
// card) does not move the rangefinder: it measures from the active model.
func TestRangefinderStaysWithTheActiveModel(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	for _, o := range tb.M.Posses[tb.M.Models[id].Posse].Models {
		if o != id {
			tb.Select(o)
			break
		}
	}
	tb.SetHover(toward(tb, id, 3), true)
	if v := tb.View(); v.From != id || v.LoSFrom.Dist(tb.M.Models[id].Pos) > 6.01 {
		t.Errorf("measuring from model %d, want the active %d", v.From, id)
	}
}

// Clicking an enemy to engage finds a free side of its base when the side
// facing the mover is taken (issue 14: it failed with coordinates).
func TestEngageTakesAnotherFreeSide(t *testing.T) {
	tb := newTable(t, false)
	m := tb.M
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	me := m.Models[id].Posse
	enemy, friend := -1, -1
	for i := range m.Models {
		if m.Models[i].Posse != me && enemy < 0 {
			enemy = i
		}
		if m.Models[i].Posse == me && i != id && friend < 0 {
			friend = i
		}
	}
	// The enemy 4" in front of the mover, a friend on the near side of it.
	p := toward(tb, id, 5)
	m.Models[enemy].Pos = p
	d := m.Models[id].Pos.Sub(p).Unit()
	m.Models[friend].Pos = p.Add(d.Scale(2*0.5 + 0.3))
	tb.Replace(m)
	tb.SetMode(ModeMove)
	c, ok := tb.Click(p)
	if !ok || c.Kind != game.CmdMove {
		t.Fatalf("click on the enemy: %+v ok %v, status %q", c, ok, tb.Status)
	}
	if _, err := tb.Apply(c); err != nil {
		t.Fatalf("engaging refused: %v", err)
	}
	if !m.Engaged(id) {
		t.Error("the mover must end in base contact")
	}
}
