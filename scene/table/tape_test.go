package table

import (
	"math"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// The tape measure between two bare points of the table, then from a
// model to another: base edges counted, the range band and the engine's
// line of sight and cover; a third click starts again; Dead Reckoning
// refuses it; putting it away leaves nothing behind.
func TestTapeMeasure(t *testing.T) {
	tb := newTable(t, false)
	m := tb.M
	tb.ToggleTape()
	if !tb.Tape.On || tb.Error {
		t.Fatalf("the tape did not come out: %q", tb.Status)
	}
	a, b := game.Point{X: 10, Y: 12}, game.Point{X: 13, Y: 16}
	tb.TapeClick(a)
	tb.TapeHover(game.Point{X: 11, Y: 12})
	if tb.Tape.Fixed || math.Abs(tb.Tape.Distance-1) > 1e-9 {
		t.Fatalf("the tape follows the cursor: %.3f\", fixed %v", tb.Tape.Distance, tb.Tape.Fixed)
	}
	tb.TapeClick(b)
	if !tb.Tape.Fixed || math.Abs(tb.Tape.Distance-5) > 1e-9 || tb.Tape.Text != `5.0"` {
		t.Fatalf("a 3-4-5 triangle: %.3f\" %q", tb.Tape.Distance, tb.Tape.Text)
	}
	tb.TapeHover(game.Point{X: 30, Y: 30})
	if tb.Tape.To != b {
		t.Error("a fixed end moved with the cursor")
	}

	// From one model to another: centre distance less two base radii, the
	// band and the sight the engine gives.
	from, to := -1, -1
	for i := range m.Models {
		if m.Models[i].Posse == 0 && from < 0 {
			from = i
		}
		if m.Models[i].Posse == 1 {
			to = i
		}
	}
	tb.TapeClick(m.Models[from].Pos) // a third click starts a new tape
	tb.TapeHover(m.Models[to].Pos.Add(game.Point{X: 0.1}))
	tb.TapeClick(m.Models[to].Pos.Add(game.Point{X: 0.1}))
	tp := tb.Tape
	want := m.Models[from].Pos.Dist(m.Models[to].Pos) - 2*board.BaseRadius
	if tp.FromModel != from || tp.ToModel != to || math.Abs(tp.Distance-want) > 1e-9 {
		t.Fatalf("model to model: %+v, want %.3f\" from %d to %d", tp, want, from, to)
	}
	band, _ := rules.BandFor(want)
	sight := m.Board.LineOfSight(m.Models[from].Pos, m.Models[to].Pos)
	wantText := Sighting{Model: to, Sight: sight}.Label()
	if !strings.Contains(tp.Text, band.String()) || !strings.HasSuffix(tp.Text, wantText) || tp.Sight != sight {
		t.Errorf("readout %q, want the band %s and %q", tp.Text, band, wantText)
	}
	if ruleCodeSeen.MatchString(tp.Text) {
		t.Errorf("a rule code in the readout %q", tp.Text)
	}
	tb.ToggleTape()
	if tb.Tape.On || tb.Tape.Laid {
		t.Error("the tape was not put away")
	}

	dr := newTable(t, true)
	dr.ToggleTape()
	if dr.Tape.On || !dr.Error || !strings.Contains(dr.Status, "Dead Reckoning") {
		t.Errorf("Dead Reckoning must refuse the tape: on %v, %q", dr.Tape.On, dr.Status)
	}
}
