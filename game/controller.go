package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Decision is a controller's answer for the side that must decide: the
// command, and why in plain words (empty for a person's or a random
// choice). The reason is kept beside the command in the match's record and
// its save, outside the state hash: it never changes what happens.
type Decision struct {
	Command Command
	Why     string
	// Alternatives are the best choices not taken, best first, each with
	// the terms that decided against it.
	Alternatives []Alternative
}

// Alternative is a choice a controller weighed and did not take.
type Alternative struct {
	Command Command
	Why     string
	Score   float64
}

// Controller decides for a side: a person at the window, the computer, a
// random-legal player or a replay. Decide is asked only for the side that
// m.Decider() names; ok is false while it has no answer yet (a person
// still choosing). Hot-seat, solo play, the demo, replays and bulk
// simulation all ask controllers through this one interface.
type Controller interface {
	Decide(m *Match) (d Decision, ok bool)
}

// ApplyDecision applies the decision's command and records its reason
// beside it.
func (m *Match) ApplyDecision(d Decision) ([]Event, error) {
	evs, err := m.Apply(d.Command)
	if err != nil {
		return nil, err
	}
	for len(m.whys) < len(m.commands)-1 {
		m.whys = append(m.whys, "")
	}
	m.whys = append(m.whys[:len(m.commands)-1], d.Why)
	return evs, nil
}

// Why returns the reason recorded with command i (0-based), or "".
func (m *Match) Why(i int) string {
	if i < 0 || i >= len(m.whys) {
		return ""
	}
	return m.whys[i]
}

// Whys returns the reasons recorded beside the commands, one per command
// ("" where none was given); nil when no command carried a reason.
func (m *Match) Whys() []string {
	if len(m.whys) == 0 {
		return nil
	}
	out := make([]string, len(m.commands))
	copy(out, m.whys)
	return out
}

// ErrStalled is PlayOut's error when a controller has no answer.
var ErrStalled = errors.New("a controller gave no command")

// PlayOut plays the match on, asking sides[m.Decider()] for each decision,
// until the match is over or limit commands have been applied (limit <= 0:
// no limit). It returns how many commands it applied. A refused command or
// a controller with no answer stops it with an error naming the side.
func PlayOut(m *Match, sides []Controller, limit int) (int, error) {
	n := 0
	for !m.Over && (limit <= 0 || n < limit) {
		side := m.Decider()
		if side < 0 || side >= len(sides) || sides[side] == nil {
			return n, fmt.Errorf("no controller for posse %d", side)
		}
		d, ok := sides[side].Decide(m)
		if !ok {
			return n, fmt.Errorf("%s: %w", m.Posses[side].Name, ErrStalled)
		}
		if _, err := m.ApplyDecision(d); err != nil {
			return n, fmt.Errorf("%s chose %s, which was refused: %w", m.Posses[side].Name, d.Command.Kind, err)
		}
		n++
	}
	return n, nil
}

// RandomPlayer picks a legal command at random (Match.RandomCommand): the
// fuzzing opponent, and the baseline the computer opponent must beat.
type RandomPlayer struct{ rng *rand.Rand }

// NewRandomPlayer returns a random-legal player with its own seeded
// generator; it never touches the match's dice.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Decide picks a random legal command.
func (r *RandomPlayer) Decide(m *Match) (Decision, bool) {
	c, ok := m.RandomCommand(r.rng)
	return Decision{Command: c}, ok
}

// Script plays back a recorded list of commands (a replay), with the
// reasons recorded beside them. It is one controller for every side: the
// record already says who decided what.
type Script struct {
	Commands []Command
	Whys     []string
	next     int
}

// Decide returns the next recorded command; ok is false at the end.
func (s *Script) Decide(*Match) (Decision, bool) {
	if s.next >= len(s.Commands) {
		return Decision{}, false
	}
	d := Decision{Command: s.Commands[s.next]}
	if s.next < len(s.Whys) {
		d.Why = s.Whys[s.next]
	}
	s.next++
	return d, true
}

// Sides returns a slice of n controllers all equal to c, for PlayOut.
func Sides(n int, c Controller) []Controller {
	out := make([]Controller, n)
	for i := range out {
		out[i] = c
	}
	return out
}
