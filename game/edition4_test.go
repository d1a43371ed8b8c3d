package game

import "testing"

// Rules edition 4: an overwatcher's possible shot (R32) is sized with the
// mover facing the way he walks there, as the engine rolls it, so that the
// back-shot die (R8) is counted where the stretches are marked and where
// Fire is checked.

// backDieWatch sets a Marksman Cowpoke with a revolver on Overwatch facing
// east, and a Cowpoke 16" east of him facing the given way, to move next:
// at Long range the revolver's base 0, the mover's -1 and Marksman's +1
// leave no die unless the watcher stands in the mover's rear arc (+1).
func backDieWatch(t *testing.T, edition int, moverFacing float64) *Match {
	t.Helper()
	hale := withSkills(fig("Hale", "cowpoke", 2, 21, 0, "revolver"), "marksman")
	hale.Signature = "revolver"
	m := scripted(t, Options{}, []ModelSpec{hale},
		[]ModelSpec{fig("Bart", "cowpoke", 18, 21, moverFacing, "revolver")}, 2, 1, 2)
	m.edition = edition
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	return m
}

// Walking away from the watcher shows him the mover's back: edition 4 asks
// him and the shot rolls the back-shot die; edition 3, sizing it with the
// mover still facing the watcher, lets him pass unasked.
func TestOverwatchCountsTheBackOfAMoverWalkingAwayR32(t *testing.T) {
	away := Command{Kind: CmdMove, Model: 1, Path: []Point{{X: 18, Y: 21}, {X: 22, Y: 21}}}

	m := backDieWatch(t, Edition4, 180)
	do(t, m, away)
	if m.Pending == nil {
		t.Fatal("edition 4: Hale was not asked, though walking away Bart shows him his back")
	}
	at := m.Pending.Chances()[0].To
	shown, err := m.FireOdds(0, at)
	if err != nil || shown.Pool.Impossible {
		t.Fatalf("edition 4: the odds of the marked shot: %v, %+v", err, shown.Pool)
	}
	evs := do(t, m, Command{Kind: CmdFire, Model: 0, At: at})
	if got := find(t, evs, EvShot).Pool; got.Dice != 1 || got.Explain != shown.Pool.Explain() {
		t.Errorf("edition 4: rolled %d dice (%q), shown %q; want the one die of the back shot", got.Dice, got.Explain, shown.Pool.Explain())
	}

	old := backDieWatch(t, Edition3, 180)
	do(t, old, away)
	if old.Pending != nil {
		t.Error("edition 3 changed: Hale is asked, where the mover's facing as he stood gave no die")
	}
}

// Walking towards the watcher hides the back he showed standing: edition 4
// does not ask the watcher for a shot that would roll nothing; edition 3
// asks him, and then refuses his Fire: by the time he is asked the mover
// has turned to walk.
func TestOverwatchIsNotOfferedAShotThatRollsNothingR32(t *testing.T) {
	toward := Command{Kind: CmdMove, Model: 1, Path: []Point{{X: 18, Y: 21}, {X: 16.5, Y: 21}}}

	m := backDieWatch(t, Edition4, 0)
	do(t, m, toward)
	if m.Pending != nil {
		t.Errorf("edition 4: Hale is asked to fire at Bart walking towards him, a shot of no dice: %+v", m.Pending.Chances())
	}

	old := backDieWatch(t, Edition3, 0)
	do(t, old, toward)
	if old.Pending == nil {
		t.Fatal("edition 3 changed: Hale is not asked, where the mover's facing as he stood gave the back-shot die")
	}
	refuse(t, old, Command{Kind: CmdFire, Model: 0, At: old.Pending.Chances()[0].To}, "leave no die")
}
