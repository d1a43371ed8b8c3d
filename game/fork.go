package game

import "cowpoke/rules"

// Fork copies the match as it stands, rolling other dice from here on: the
// computer opponent's look-ahead (apply a command to the fork and see what
// follows) without touching the match or its dice. The fork has no history
// (no commands, events or reasons) and cannot be saved or undone past its
// start; its board is its own, so doors may change on it.
func (m *Match) Fork(dice rules.Source) *Match {
	f := &Match{
		Scenario: m.Scenario, Seed: m.Seed, Board: m.Board.Clone(), base: m.base, edition: m.edition,
		Models: append([]Model(nil), m.Models...), Posses: m.Posses,
		Turn: m.Turn, Up: m.Up, Active: m.Active, AP: m.AP, UsedMove: m.UsedMove, RunLeft: m.RunLeft,
		Fuses: append([]Fuse(nil), m.Fuses...), Winner: m.Winner, Over: m.Over,
		init: cloneInitiative(m.init), dice: &countingSource{src: dice},
	}
	if in := m.Pending; in != nil {
		c := *in
		c.Path = append([]Point(nil), in.Path...)
		c.Watchers = make([]watcher, len(in.Watchers))
		for i, w := range in.Watchers {
			w.Spans = append(w.Spans[:0:0], w.Spans...)
			c.Watchers[i] = w
		}
		if in.Stopped != nil {
			s := *in.Stopped
			c.Stopped = &s
		}
		f.Pending = &c
	}
	return f
}

// cloneInitiative copies an initiative method's state for a fork.
func cloneInitiative(i Initiative) Initiative {
	switch p := i.(type) {
	case *posseOrder:
		return &posseOrder{method: p.method, order: append([]int(nil), p.order...)}
	case interface{ Clone() Initiative }:
		return p.Clone()
	}
	// A method with no state to copy may be shared.
	return i
}
