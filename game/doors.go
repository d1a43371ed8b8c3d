package game

import (
	"fmt"
	"math"

	"cowpoke/game/board"
)

// Rules edition 5 (R5): a closed door that is not locked opens as a model
// walks through it. The walk's stop just inside a building (R11) is not
// changed; what changes is what can be seen through the doorway after.
//
// An overwatcher's stretches of a walk (R32) are marked with each door the
// walk passes shut up to where the mover crosses it, and open from there
// on, as the table will stand when he is there.

// doorPassed is a closed, unlocked door a walk crosses.
type doorPassed struct {
	along   float64 // inches along the walk to the door line
	feature int     // the door's index in Board.Features
}

// doorsPassed lists, in walk order, the closed unlocked doors a walk along
// path crosses from from inches on up to to inches (edition 5; none
// before), each once.
func (m *Match) doorsPassed(path []Point, from, to float64) []doorPassed {
	if m.Edition() < Edition5 {
		return nil
	}
	var out []doorPassed
	for _, c := range m.Board.Crossings(path) {
		f := &m.Board.Features[c.Feature]
		if f.Kind != board.Door || f.Open || f.Locked || c.Along < from-1e-9 || c.Along > to+1e-9 {
			continue
		}
		seen := false
		for _, d := range out {
			seen = seen || d.feature == c.Feature
		}
		if !seen {
			out = append(out, doorPassed{along: c.Along, feature: c.Feature})
		}
	}
	return out
}

// DoorsOpenedBy lists the doors (indexes in Board.Features) a Move or
// Run-to would open as the model walks through them: for the preview, and
// for a computer player weighing where the walk leaves it.
func (m *Match) DoorsOpenedBy(pv MovePreview) []int {
	var out []int
	for _, d := range m.doorsPassed(pv.Path, 0, pv.Length) {
		out = append(out, d.feature)
	}
	return out
}

// OverwatchThreatsAfter is OverwatchThreats where a previewed walk ends,
// on the table it leaves: a watcher who would see the mover through a
// door the walk opens is one.
func (m *Match) OverwatchThreatsAfter(mover int, pv MovePreview) []int {
	if len(pv.Path) == 0 {
		return nil
	}
	var out []int
	m.asWalkedTo(pv.Path, 0, pv.Length, func() { out = m.OverwatchThreats(mover, pv.Path[len(pv.Path)-1]) })
	return out
}

// openDoorsPassed opens the closed unlocked doors the mover has walked
// through between from and to inches along its walk.
func (m *Match) openDoorsPassed(mover int, path []Point, from, to float64) {
	doors := m.doorsPassed(path, from, to)
	for _, d := range doors {
		f := &m.Board.Features[d.feature]
		_ = m.Board.SetDoor(f.ID, true, false)
		m.emit(Event{Kind: EvDoor, Model: mover, Text: fmt.Sprintf("%s pushes the %s open and walks through.", m.Models[mover].Name, f.Label())})
	}
	if len(doors) > 0 {
		m.checkAimsSeen()
	}
}

// watchSpans are the stretches of a walk along path where the overwatcher
// watcher may fire at mover: in its arc, sight and range (R32) and, from
// edition 2, where some loaded weapon of his rolls a die. From edition 5
// each door the walk opens counts as shut before the mover reaches it and
// open after.
func (m *Match) watchSpans(watcher, mover int, path []Point, rng float64) []board.Span {
	wm := &m.Models[watcher]
	spansNow := func() []board.Span {
		spans := m.Board.Exposure(wm.Pos, wm.WatchDir, rng, path)
		if m.Edition() >= Edition2 {
			spans = m.shootableSpans(watcher, mover, path, spans)
		}
		return spans
	}
	doors := m.doorsPassed(path, 0, math.Inf(1))
	if len(doors) == 0 {
		return spansNow()
	}
	// Between one door and the next, the table as it stands there.
	var out []board.Span
	for k := 0; k <= len(doors); k++ {
		from, to := 0.0, math.Inf(1)
		if k > 0 {
			from = doors[k-1].along
		}
		if k < len(doors) {
			to = doors[k].along
		}
		m.asWalkedTo(path, 0, from, func() { out = append(out, clipSpans(path, spansNow(), from, to)...) })
	}
	return out
}

// asWalkedTo runs f with the table as it will stand when the mover, now
// from inches along path, has walked on to at: the doors he passes on the
// way open (edition 5). What is asked of a point ahead on the walk (a
// Fire's check and odds, the stretches) is asked of that table. The
// match's own board is left as it was.
func (m *Match) asWalkedTo(path []Point, from, at float64, f func()) {
	doors := m.doorsPassed(path, from, at)
	if len(doors) == 0 {
		f()
		return
	}
	own := m.Board
	defer func() { m.Board = own }()
	m.Board = own.Clone()
	for _, d := range doors {
		_ = m.Board.SetDoor(m.Board.Features[d.feature].ID, true, false)
	}
	f()
}

// clipSpans keeps the parts of spans between from and to inches along
// path (to itself left to the next part).
func clipSpans(path []Point, spans []board.Span, from, to float64) []board.Span {
	var out []board.Span
	for _, s := range spans {
		if s.To < from || s.From >= to {
			continue
		}
		if s.From < from {
			s.From, s.A = from, board.PointAlong(path, from)
		}
		if s.To >= to {
			// Up to the door line, not onto it: past it the next part's
			// table decides.
			end := math.Max(s.From, to-1e-6)
			s.To, s.B = end, board.PointAlong(path, end)
		}
		out = append(out, s)
	}
	return out
}
