package table

import (
	"fmt"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// Tape is the tape measure: a ruler between any two points of the table,
// free to use at any time (but under Dead Reckoning, which forbids
// measuring). The first click lays its start, the cursor pulls it out, the
// second click fixes its end, the next click starts a new one. An end on a
// miniature measures from the edge of its base, as the rules measure; a
// start on a miniature also tells line of sight and cover from it.
type Tape struct {
	On        bool
	Laid      bool       // the start is laid
	Fixed     bool       // the end is fixed
	From, To  game.Point // the ends (a model's centre when on one)
	FromModel int        // the model the start is on, or -1
	ToModel   int        // the model the end is on, or -1

	Distance float64     // between the ends, base edges counted
	Text     string      // the readout: distance, band, sight and cover
	Sight    board.Sight // from FromModel to the end, when FromModel >= 0
}

// ToggleTape takes the tape measure out or puts it away. It refuses under
// Dead Reckoning.
func (t *Table) ToggleTape() {
	if t.Tape.On {
		t.Tape = Tape{}
		t.hint("Tape measure put away.")
		return
	}
	if t.M.Scenario.Options.DeadReckoning {
		t.fail("Dead Reckoning: no measuring before you commit.")
		return
	}
	t.Tape = Tape{On: true, FromModel: -1, ToModel: -1}
	t.hint("Tape measure: click where it starts (a miniature measures from its base), then where it ends. " + t.key(ActTape) + " or Esc puts it away.")
}

// TapeClick lays the start, fixes the end, or starts a new measure.
func (t *Table) TapeClick(p game.Point) {
	tp := &t.Tape
	hit := t.ModelAt(p)
	if hit >= 0 {
		p = t.M.Models[hit].Pos
	}
	if !tp.Laid || tp.Fixed {
		*tp = Tape{On: true, Laid: true, From: p, To: p, FromModel: hit, ToModel: -1}
		t.measureTape()
		return
	}
	tp.To, tp.ToModel, tp.Fixed = p, hit, true
	t.measureTape()
}

// TapeHover pulls the tape's end to the cursor while it is not fixed.
func (t *Table) TapeHover(p game.Point) {
	tp := &t.Tape
	if !tp.On || !tp.Laid || tp.Fixed {
		return
	}
	hit := t.ModelAt(p)
	if hit == tp.FromModel {
		hit = -1
	}
	if hit >= 0 {
		p = t.M.Models[hit].Pos
	}
	if p == tp.To && hit == tp.ToModel {
		return
	}
	tp.To, tp.ToModel = p, hit
	t.measureTape()
}

// measureTape works out the readout.
func (t *Table) measureTape() {
	tp := &t.Tape
	m := t.M
	d := tp.From.Dist(tp.To)
	if tp.FromModel >= 0 {
		d -= board.BaseRadius
	}
	if tp.ToModel >= 0 {
		d -= board.BaseRadius
	}
	tp.Distance = max(d, 0)
	tp.Text = fmt.Sprintf("%.1f\"", tp.Distance)
	tp.Sight = board.Sight{}
	if tp.FromModel < 0 {
		return
	}
	band, _ := rules.BandFor(tp.Distance)
	tp.Text += " " + band.String()
	tp.Sight = m.Board.LineOfSight(tp.From, tp.To)
	tp.Text += ": " + Sighting{Model: tp.ToModel, Sight: tp.Sight}.Label()
}
