package game

import "cowpoke/rules"

// Fork copies the match as it stands, rolling other dice from here on: the
// computer opponent's look-ahead (apply a command to the fork and see what
// follows) without touching the match or its dice. The fork has no history
// (no commands or reasons; of the events only those of the active model's
// activation, which R16's Aim looks back through) and cannot be saved or
// undone past its start; its board is its own, so doors may change on it.
func (m *Match) Fork(dice rules.Source) *Match {
	// Copy every field, then give the fork its own copy of whatever a
	// command can change, so a field added to Match later is carried over
	// rather than forgotten.
	f := *m
	f.Board = m.Board.CloneSharingSights() // forks ask the same lines of sight as the match
	f.Models = append([]Model(nil), m.Models...)
	f.Fuses = append(m.Fuses[:0:0], m.Fuses...) // an empty list stays empty, not nil: the state hash tells them apart
	f.Pending = nil
	f.init = cloneInitiative(m.init)
	f.effects = m.effects.clone()
	f.objectives = m.objectives.clone()
	f.Defence = m.Defence.clone()
	f.dice = &countingSource{src: dice}
	f.paths = &pathMemo{}
	f.commands, f.whys, f.checks, f.lastRoll = nil, nil, nil, 0
	f.events = m.activationEvents()
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
	return &f
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
