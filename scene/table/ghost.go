package table

import (
	"fmt"

	"cowpoke/game"
	"cowpoke/game/words"
)

// ghostFor is where a Move (or the Run's move) to a spot out of reach goes
// instead: the end of the part of the way the model can walk, the ghost
// the table draws there. ok is false when the spot is in reach, when no
// part of the way can be walked, or under Dead Reckoning (the ghost would
// measure the distance).
func (t *Table) ghostFor(kind game.CommandKind, id int, to game.Point) (game.Point, bool) {
	m := t.M
	if m.Scenario.Options.DeadReckoning {
		return to, false
	}
	pv := m.PreviewMove(game.Command{Kind: kind, Model: id, To: &to})
	if pv.Err == nil || len(pv.Within) < 2 {
		return to, false
	}
	// The walk's end lies at the allowance itself: a hair short of it
	// where the engine's own measure of the way there comes out longer.
	n := len(pv.Within)
	end, prev := pv.Within[n-1], pv.Within[n-2]
	seg := end.Dist(prev)
	for _, back := range [...]float64{0, 0.001, 0.01, 0.05} {
		if back > seg {
			break
		}
		p := end
		if back > 0 {
			p = end.Add(prev.Sub(end).Unit().Scale(back))
		}
		if m.PreviewMove(game.Command{Kind: kind, Model: id, To: &p}).Err == nil {
			return p, true
		}
	}
	return to, false
}

// endsEarly is what the status says after a person's End that leaves
// actions unused (it can be taken back), or "".
func (t *Table) endsEarly(c game.Command) string {
	m := t.M
	if c.Kind != game.CmdEnd || c.Model < 0 || c.Model >= len(m.Models) || m.Active != c.Model || m.AP <= 0 {
		return ""
	}
	if t.Computer != nil && t.Computer(m.Models[c.Model].Posse) {
		return ""
	}
	return fmt.Sprintf("%s ended with %s unused: Ctrl+Z takes it back.", m.Models[c.Model].Name, words.Count(m.AP, "action", "actions"))
}
