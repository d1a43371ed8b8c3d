package table

import "cowpoke/game"

// ApplyDecision applies a controller's decision (the computer's), keeping
// its reason beside the command in the match's record, and updates the
// selection, the mode and the caches as Apply does.
func (t *Table) ApplyDecision(d game.Decision) ([]game.Event, error) {
	evs, err := t.M.ApplyDecision(d)
	return t.settle(d.Command.Kind, evs, err)
}
