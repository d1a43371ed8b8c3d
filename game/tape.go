package game

import (
	"errors"
	"fmt"

	"cowpoke/rules"
)

// Tape is a match's record opened for watching: the match as it stood
// after any of its commands, got cheaply in either direction. It replays
// the record once, keeping a snapshot every TapeEvery commands; a position
// is then the nearest snapshot before it plus at most TapeEvery-1 commands
// applied again, so stepping back through a long match never replays it
// from the start. The tape never changes the match it was made from.
type Tape struct {
	full  *Match   // the match as loaded: commands, events, reasons
	snaps []*Match // snaps[k]: the match after k*TapeEvery commands, never changed
	ends  []int    // ends[i]: how many events there were after i commands
	turns []int    // turns[i]: the game turn after i commands
}

// TapeEvery is how many commands lie between two of a Tape's snapshots.
// A snapshot costs a copy of the models and the board's features; 16 keeps
// a 1,200-command match under 80 of them and a step back under 16 commands.
const TapeEvery = 16

// NewTape opens a match's record for watching. The match must roll the
// seeded dice of its save (every loaded or newly started match does).
func NewTape(m *Match) (*Tape, error) {
	if _, ok := m.dice.src.(*rules.Seeded); !ok {
		return nil, errors.New("only a match rolling its seeded dice can be watched")
	}
	r, err := newMatch(m.Scenario, m.base, m.Seed, rules.NewSeeded(m.Seed), m.edition)
	if err != nil {
		return nil, err
	}
	r.pin = m.pin
	t := &Tape{full: m, ends: make([]int, 0, len(m.commands)+1), turns: make([]int, 0, len(m.commands)+1)}
	for i, c := range m.commands {
		if i%TapeEvery == 0 {
			t.snaps = append(t.snaps, r.snapshot())
		}
		t.ends = append(t.ends, len(r.events))
		t.turns = append(t.turns, r.Turn)
		if _, err := r.Apply(c); err != nil {
			return nil, fmt.Errorf("command %d (%s) cannot be replayed: %v", i+1, c.Kind, err)
		}
	}
	if len(m.commands)%TapeEvery == 0 {
		t.snaps = append(t.snaps, r.snapshot())
	}
	t.ends = append(t.ends, len(r.events))
	t.turns = append(t.turns, r.Turn)
	if r.StateHash() != m.StateHash() {
		return nil, errors.New("the match replays to another state than its own")
	}
	return t, nil
}

// Len is the number of commands on the tape.
func (t *Tape) Len() int { return len(t.full.commands) }

// Match is the whole match the tape was made from (do not change it).
func (t *Tape) Match() *Match { return t.full }

// At returns the match as it stood after its first i commands (0: before
// any), with its history up to there: commands, events, reasons. The copy
// is the caller's: applying the same commands to it rolls the same dice,
// applying others plays on from there ("play from here"), and neither
// touches the tape or the match it was made from.
func (t *Tape) At(i int) *Match {
	i = max(0, min(i, t.Len()))
	k := i / TapeEvery
	snap := t.snaps[k]
	m := snap.snapshot()
	// Replayed without its history (nothing to copy on the first append),
	// which is the full match's up to i and is put back after.
	m.commands, m.events, m.checks, m.whys = nil, nil, nil, nil
	lastRoll := snap.lastRoll
	for j, c := range t.full.commands[k*TapeEvery : i] {
		rolls := m.dice.rolls
		if _, err := m.Apply(c); err != nil {
			// NewTape applied these very commands to this very state.
			panic(fmt.Sprintf("game: tape: command %d no longer replays: %v", k*TapeEvery+j+1, err))
		}
		if m.dice.rolls != rolls {
			lastRoll = k*TapeEvery + j + 1
		}
	}
	f := t.full
	m.commands = f.commands[:i:i]
	m.events = f.events[:t.ends[i]:t.ends[i]]
	m.checks = f.checks[:i:i]
	m.whys = f.whys[:min(i, len(f.whys)):min(i, len(f.whys))]
	m.lastRoll = lastRoll
	return m
}

// Turn is the game turn after the first i commands.
func (t *Tape) Turn(i int) int { return t.turns[i] }

// Command is the i-th command (from 1).
func (t *Tape) Command(i int) Command { return t.full.commands[i-1] }

// Why is the reason recorded with the i-th command (from 1), or "".
func (t *Tape) Why(i int) string { return t.full.Why(i - 1) }

// Events are what the i-th command (from 1) caused; Events(0) are those
// before the first command (the first game turn's initiative).
func (t *Tape) Events(i int) []Event {
	if i == 0 {
		return t.full.events[:t.ends[0]:t.ends[0]]
	}
	return t.full.events[t.ends[i-1]:t.ends[i]:t.ends[i]]
}

// EventsUpTo are the events up to and including the i-th command's.
func (t *Tape) EventsUpTo(i int) []Event { return t.full.events[:t.ends[i]:t.ends[i]] }

// snapshot copies the match with its history and the very position of its
// dice, so that the copy goes on exactly as the match would. Unlike Fork,
// which rolls other dice and starts with no history, a snapshot is the
// same match twice. Its history shares the original's arrays up to their
// length: appending to either copies.
func (m *Match) snapshot() *Match {
	seeded := m.dice.src.(*rules.Seeded)
	state, err := seeded.MarshalBinary()
	var dice rules.Seeded
	if err == nil {
		err = dice.UnmarshalBinary(state)
	}
	if err != nil {
		panic("game: the dice's position cannot be copied: " + err.Error())
	}
	s := m.Fork(&dice)
	s.dice.rolls = m.dice.rolls // the state checks count the dice rolled
	s.commands = m.commands[:len(m.commands):len(m.commands)]
	s.events = m.events[:len(m.events):len(m.events)]
	s.checks = m.checks[:len(m.checks):len(m.checks)]
	s.whys = m.whys[:len(m.whys):len(m.whys)]
	s.lastRoll = m.lastRoll
	return s
}
