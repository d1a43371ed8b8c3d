package table

import (
	"math"
	"testing"

	"cowpoke/game"
)

func newTable(t *testing.T, dr bool) *Table {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Options.DeadReckoning = dr
	m, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	return New(m)
}

// firstReady is the model of the side that is up, able to activate,
// nearest the table's centre (the back rank may be boxed in at deployment).
func firstReady(t *testing.T, tb *Table) int {
	t.Helper()
	best, bestD := -1, math.Inf(1)
	c := game.Point{X: tb.M.Board.Width / 2, Y: tb.M.Board.Height / 2}
	for _, id := range tb.M.Posses[tb.M.Up.Posse].Models {
		if d := tb.M.Models[id].Pos.Dist(c); tb.Ready(id) && d < bestD {
			best, bestD = id, d
		}
	}
	if best < 0 {
		t.Fatal("nobody ready")
	}
	return best
}

// toward is a point d inches from a model towards the table's centre.
func toward(tb *Table, id int, d float64) game.Point {
	p := tb.M.Models[id].Pos
	c := game.Point{X: tb.M.Board.Width / 2, Y: tb.M.Board.Height / 2}
	return p.Add(c.Sub(p).Unit().Scale(d))
}

func mustApply(t *testing.T, tb *Table, c game.Command, ok bool) []game.Event {
	t.Helper()
	if !ok {
		t.Fatalf("no command; status %q", tb.Status)
	}
	evs, err := tb.Apply(c)
	if err != nil {
		t.Fatalf("%s refused: %v", c.Kind, err)
	}
	return evs
}

func TestClickSelectsThenActivates(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	p := tb.M.Models[id].Pos
	if _, ok := tb.Click(p); ok {
		t.Fatal("the first click should only select")
	}
	if tb.Selected != id {
		t.Fatalf("selected %d, want %d", tb.Selected, id)
	}
	c, ok := tb.Click(p)
	if c.Kind != game.CmdActivate || c.Model != id {
		t.Fatalf("second click gave %+v", c)
	}
	mustApply(t, tb, c, ok)
	if tb.M.Active != id || tb.Mode != ModeMove {
		t.Fatalf("active %d mode %v; want %d in Move mode", tb.M.Active, tb.Mode, id)
	}
}

func TestClickMovesAlongThePreview(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	to := toward(tb, id, 4)
	tb.SetHover(to, true)
	v := *tb.View()
	if !v.Moving || v.Blocked || len(v.Preview.Path) < 2 {
		t.Fatalf("no usable preview: %+v", v.Preview)
	}
	if v.Preview.Allowance != 6 || math.Abs(v.Preview.Length-4) > 0.6 {
		t.Fatalf("preview length %.2f of %.2f, want about 4 of 6", v.Preview.Length, v.Preview.Allowance)
	}
	if v.MoveText == "" || !v.Measure || v.RangeText == "" {
		t.Fatalf("measurements missing: move %q range %q", v.MoveText, v.RangeText)
	}
	if len(v.Sights) != len(tb.M.Posses[1-tb.M.Models[id].Posse].Models) {
		t.Fatalf("%d sight lines, want one per enemy", len(v.Sights))
	}
	c, ok := tb.Click(to)
	if c.Kind != game.CmdMove || c.To == nil || *c.To != to {
		t.Fatalf("click gave %+v", c)
	}
	mustApply(t, tb, c, ok)
	got := tb.M.Models[id].Pos
	if got.Dist(v.Dest) > 1e-6 {
		t.Fatalf("model at %v, preview said %v", got, v.Dest)
	}
	if tb.Mode != ModeIdle || tb.M.AP != 1 {
		t.Fatalf("after the move: mode %v AP %d", tb.Mode, tb.M.AP)
	}
	// The one Move is used: the key says why not.
	if _, ok := tb.Do(ActMove); ok || !tb.Error || tb.Status == "" {
		t.Fatalf("a second Move should be refused with a reason, status %q", tb.Status)
	}
}

// ap applies what a click or key gave.
func ap(t *testing.T, tb *Table) func(game.Command, bool) []game.Event {
	return func(c game.Command, ok bool) []game.Event { t.Helper(); return mustApply(t, tb, c, ok) }
}

func TestRunRollsThenWalks(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	evs := ap(t, tb)(tb.Do(ActRun))
	if evs[0].Kind != game.EvRunRolled || tb.Mode != ModeRunTo {
		t.Fatalf("run: events %v, mode %v", evs, tb.Mode)
	}
	left := tb.M.RunLeft
	to := toward(tb, id, math.Min(left, 4)-0.2)
	tb.SetHover(to, true)
	if v := tb.View(); v.Preview.Allowance != left {
		t.Fatalf("preview allowance %.1f, rolled %.1f", v.Preview.Allowance, left)
	}
	// Esc does not cancel a rolled run.
	tb.Do(ActCancel)
	if tb.Mode != ModeRunTo {
		t.Fatal("Esc left run mode")
	}
	ap(t, tb)(tb.Click(to))
	if tb.M.RunLeft != 0 {
		t.Fatal("run not walked")
	}
}

func TestFaceEndAndUndo(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	tb.Do(ActFace)
	if tb.Mode != ModeFace {
		t.Fatal("not in face mode")
	}
	p := tb.M.Models[id].Pos
	c, ok := tb.Click(p.Add(game.Point{X: 3, Y: 0}))
	if c.Kind != game.CmdFace || math.Abs(c.Facing) > 1e-9 {
		t.Fatalf("face click gave %+v", c)
	}
	mustApply(t, tb, c, ok)
	if f := tb.M.Models[id].Facing; math.Abs(f) > 1e-9 {
		t.Fatalf("facing %.3f", f)
	}
	if err := tb.Undo(); err != nil {
		t.Fatal(err)
	}
	if tb.M.Active != id || math.Abs(tb.M.Models[id].Facing) < 1e-9 {
		t.Fatal("undo did not take the turn back")
	}
	ap(t, tb)(tb.Do(ActEnd))
	if tb.M.Active != -1 || tb.Selected != -1 || !tb.M.Models[id].Activated {
		t.Fatal("end activation did not end it")
	}
}

func TestCannotActivateEnemyOrTwice(t *testing.T) {
	tb := newTable(t, false)
	var enemy int
	for i, md := range tb.M.Models {
		if md.Posse != tb.M.Up.Posse {
			enemy = i
			break
		}
	}
	p := tb.M.Models[enemy].Pos
	tb.Click(p)
	if _, ok := tb.Click(p); ok {
		t.Fatal("an enemy model was offered for activation")
	}
	if tb.Selected != enemy {
		t.Fatal("clicking an enemy should select it for measuring")
	}
	if _, ok := tb.Do(ActActivate); ok || !tb.Error {
		t.Fatal("Enter on an enemy should say why not")
	}
}

func TestDeadReckoningHidesMeasurements(t *testing.T) {
	tb := newTable(t, true)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	tb.SetHover(toward(tb, id, 4), true)
	v := tb.View()
	if v.Measure || v.RangeText != "" {
		t.Fatal("rangefinder shown under Dead Reckoning")
	}
	if !v.Moving || v.MoveText == "" || containsDigit(v.MoveText) {
		t.Fatalf("move text %q should say nothing measurable", v.MoveText)
	}
}

func containsDigit(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}

func TestNextCyclesReadyModels(t *testing.T) {
	tb := newTable(t, false)
	seen := map[int]bool{}
	for range 20 {
		tb.Do(ActNext)
		if !tb.Ready(tb.Selected) {
			t.Fatalf("Tab selected %d, not ready", tb.Selected)
		}
		seen[tb.Selected] = true
	}
	if len(seen) != len(tb.M.Posses[tb.M.Up.Posse].Models) {
		t.Fatalf("Tab reached %d models", len(seen))
	}
}

func TestCameraZoomKeepsPointUnderCursor(t *testing.T) {
	c := Camera{}
	c.Fit(36, 36, 0, 0, 900, 800)
	before := c.ToTable(300, 200)
	c.ZoomAt(300, 200, 1.5)
	after := c.ToTable(300, 200)
	if before.Dist(after) > 1e-9 {
		t.Fatalf("zoom moved the point under the cursor: %v -> %v", before, after)
	}
	c.ZoomAt(300, 200, 1000)
	if c.Scale > c.Max+1e-9 {
		t.Fatal("zoom passed its limit")
	}
}
