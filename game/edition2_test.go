package game

import (
	"strings"
	"testing"

	"cowpoke/game/board"
)

// Issue 14's rule fixes. Those that change outcomes are edition 2; each
// test also checks that edition 1 (old saves) keeps the old behaviour.

// R16: the Aim is for the model's very next action, this activation or the
// first of its next. An activation that passes without the shot ends it.
func TestAimLostWhenAnActivationPassesWithoutTheShotR16(t *testing.T) {
	for _, edition := range []int{Edition1, Edition2} {
		m := scripted(t, Options{},
			[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
			[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")},
			2, 2) // Lawmen first in turns 1 and 2
		m.edition = edition
		do(t, m, activate(0))
		do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
		if evs := do(t, m, end(0)); has(evs, EvAimLost) {
			t.Fatalf("edition %d: an Aim taken this activation waits for the next one", edition)
		}
		do(t, m, activate(1))
		do(t, m, end(1))
		do(t, m, activate(0))
		evs := do(t, m, end(0)) // the second activation passes without the shot
		lost := has(evs, EvAimLost)
		switch {
		case edition >= Edition2 && (!lost || m.Models[0].AimAt != -1):
			t.Errorf("edition 2: the Aim must be lost when its activation passes without the shot: %v", kinds(evs))
		case edition == Edition1 && (lost || m.Models[0].AimAt != 1):
			t.Errorf("edition 1 must replay as before (the Aim survived): %v", kinds(evs))
		}
	}
}

// R16: an aimed shot that kills its target used the Aim; the log must not
// say the shooter "loses his aim" because nobody is left to aim at.
func TestAimedShotThatKillsUsesTheAimR16(t *testing.T) {
	sixes := make([]int, 60)
	for i := range sixes {
		sixes[i] = 6
	}
	for _, edition := range []int{Edition1, Edition2} {
		m := scripted(t, Options{},
			[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
			[]ModelSpec{fig("Bart", "greenhorn", 12, 20, 270, "revolver"), fig("Dutch", "greenhorn", 22, 2, 270, "revolver")},
			append([]int{2}, sixes...)...)
		m.edition = edition
		do(t, m, activate(0))
		do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
		evs := do(t, m, shoot(0, 0, 1))
		if !m.Models[1].Removed() {
			t.Fatalf("seven sixes must remove a greenhorn: %v", kinds(evs))
		}
		if got := has(evs, EvAimLost); got != (edition == Edition1) {
			t.Errorf("edition %d: aim-lost event after the aimed kill: %v", edition, got)
		}
		if m.Models[0].AimAt != -1 {
			t.Errorf("edition %d: the Aim is used by the shot", edition)
		}
	}
}

// R23: a stick is thrown at a spot anywhere in reach, not at an enemy, so
// Throw is offered with no enemy near; without sticks it says why.
func TestThrowOfferedWithNoEnemyNearR23(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "legend", 4, 22, 0, "revolver", "dynamite")},
		[]ModelSpec{fig("Bart", "cowpoke", 22, 2, 180, "revolver")}, 2)
	if d := m.Models[0].Pos.Dist(m.Models[1].Pos); d < 20 {
		t.Fatalf("the enemy must be far away, is %.1f\"", d)
	}
	do(t, m, activate(0))
	throw := func() Option {
		for _, o := range m.Options() {
			if o.Kind == CmdThrow {
				return o
			}
		}
		t.Fatal("no Throw option")
		return Option{}
	}
	if o := throw(); !o.Allowed {
		t.Errorf("Throw must be offered with every spot round Miller in reach: %+v", o)
	}
	m.Models[0].Sticks = 0
	if o := throw(); o.Allowed || !strings.Contains(o.Reason, "no dynamite left") {
		t.Errorf("without sticks Throw must say why: %+v", o)
	}
}

// R32: an overwatcher is asked only where it has a possible shot. A
// revolver has 0 base dice at Long range and the mover has moved (-1): no
// shot anywhere along a walk that stays at Long range.
func TestNoOverwatchInterruptWithoutAPossibleShotR32(t *testing.T) {
	for _, edition := range []int{Edition1, Edition2} {
		m := scripted(t, Options{},
			[]ModelSpec{fig("Hale", "cowpoke", 2, 22, 0, "revolver")},
			[]ModelSpec{fig("Bart", "cowpoke", 21, 23, 180, "revolver")}, 2)
		m.edition = edition
		do(t, m, activate(0))
		do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
		do(t, m, activate(1))
		evs := do(t, m, moveTo(1, 17, 23)) // 15-19" from Hale: Long all along
		got := has(evs, EvInterrupt)
		if edition >= Edition2 && (got || m.Pending != nil) {
			t.Errorf("edition 2: no interrupt without a possible shot: %v", kinds(evs))
		}
		if edition == Edition1 && !got {
			t.Errorf("edition 1 must replay as before (it was asked): %v", kinds(evs))
		}
	}
	// Coming into Medium range, the shot is possible: asked there, not before.
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 2, 22, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 19, 23, 180, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	evs := do(t, m, moveTo(1, 13, 23))
	in := find(t, evs, EvInterrupt)
	if d := board.Distance(m.Models[0].Pos, *in.To); d > 12 || d < 11.8 {
		t.Errorf("asked %.2f\" (base to base) from the watcher, want where Medium range begins (12\")", d)
	}
}

// The showcase's opening is fixed: the Lawmen go first in game turn 1
// whatever the seed, so the tour (Pike runs into Slim's arc) always works.
func TestShowcaseLawmenAlwaysGoFirst(t *testing.T) {
	s, err := ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		m, err := NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.Up.Posse != 0 || !m.Models[m.posseModel(t, "Slim")].Overwatch {
			t.Fatalf("seed %d: the Desperados go first or Slim is off Overwatch", seed)
		}
	}
}

func (m *Match) posseModel(t *testing.T, name string) int {
	for i := range m.Models {
		if m.Models[i].Name == name {
			return i
		}
	}
	t.Fatalf("no %s", name)
	return -1
}

// A spot out of reach: the preview refuses it and shows the part of the
// way the model could walk, ending at its allowance.
func TestPreviewShowsTheReachablePartOfAFarMoveR9(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 3, 22, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 22, 2, 180, "revolver")}, 2)
	do(t, m, activate(0))
	pv := m.PreviewMove(moveTo(0, 13, 22))
	if pv.Err == nil || len(pv.Within) < 2 {
		t.Fatalf("a spot 10\" away: err %v, within %v", pv.Err, pv.Within)
	}
	end := pv.Within[len(pv.Within)-1]
	if d := end.Dist(Point{X: 3, Y: 22}); d < 5.9 || d > 6.01 {
		t.Errorf("the reachable part ends %.2f\" away, want 6\"", d)
	}
	if _, err := m.Apply(moveTo(0, end.X, end.Y)); err != nil {
		t.Errorf("the end of the reachable part must be a legal move: %v", err)
	}
}
