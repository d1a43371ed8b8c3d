package game

import (
	"math"
	"testing"

	"cowpoke/rules"
)

// R16 on a fork: an Aim taken earlier in the activation waits for the
// next activation on a fork of the match as on the match itself (the fork
// keeps the activation's events that the rule looks back through).
func TestForkKeepsTheAimOfItsActivationR16(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")},
		2, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
	f := m.Fork(rules.NewSeeded(3))
	if _, err := f.Apply(end(0)); err != nil {
		t.Fatal(err)
	}
	do(t, m, end(0))
	if m.Models[0].AimAt != 1 {
		t.Fatalf("the match lost an Aim taken this activation")
	}
	if f.Models[0].AimAt != m.Models[0].AimAt {
		t.Errorf("the fork judged the Aim otherwise than the match: AimAt %d on the fork, %d on the match", f.Models[0].AimAt, m.Models[0].AimAt)
	}
}

// QuietTurns counts the game turns since the last wound or removal, and a
// fork keeps the count.
func TestQuietTurnsSinceLastHarm(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")},
		2, 2, 2)
	if q := m.QuietTurns(); q != m.Turn {
		t.Fatalf("before any harm QuietTurns = %d, want the game turn %d", q, m.Turn)
	}
	m.Turn = 5
	m.emit(Event{Kind: EvWound, Model: 1})
	m.Turn = 7
	if q := m.QuietTurns(); q != 2 {
		t.Errorf("two game turns after a wound QuietTurns = %d, want 2", q)
	}
	if q := m.Fork(rules.NewSeeded(1)).QuietTurns(); q != 2 {
		t.Errorf("a fork's QuietTurns = %d, want 2", q)
	}
}

// Habits counts each posse's activations, Overwatches, shots and Blazes;
// a fork keeps them and a replay of the commands rebuilds them.
func TestHabitsCountActivationsOverwatchesAndShots(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")},
		2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1})
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: math.Pi / 2})
	do(t, m, activate(1))
	// Bart steps across Hale's arc: Hale's fire from Overwatch is not a
	// shot of Hale's own.
	do(t, m, Command{Kind: CmdMove, Model: 1, Path: []Point{{X: 12, Y: 20}, {X: 14, Y: 20}}})
	if m.Pending == nil {
		t.Fatal("Hale was not asked to fire at Bart crossing his arc")
	}
	find(t, do(t, m, Command{Kind: CmdFire, Model: 0, At: m.Pending.Chances()[0].To}), EvShot)
	do(t, m, Command{Kind: CmdBlaze, Model: 1, Target: 0}) // his second action ends the activation
	want := []Habit{{Activations: 1, Overwatches: 1, Shots: 1}, {Activations: 1, Blazes: 1}}
	for p, w := range want {
		if h := m.Habits(p); h != w {
			t.Errorf("posse %d: Habits = %+v, want %+v", p, h, w)
		}
		if h := m.Fork(rules.NewSeeded(1)).Habits(p); h != w {
			t.Errorf("posse %d on a fork: Habits = %+v, want %+v", p, h, w)
		}
	}
	r, err := Replay(m.Scenario, m.Seed, m.Commands())
	if err != nil {
		t.Fatal(err)
	}
	for p, w := range want {
		if h := r.Habits(p); h != w {
			t.Errorf("posse %d replayed: Habits = %+v, want %+v", p, h, w)
		}
	}
	if h := m.Habits(4); h != (Habit{}) {
		t.Errorf("a posse the match has not: Habits = %+v, want none", h)
	}
}
