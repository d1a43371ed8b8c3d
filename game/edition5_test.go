package game

import (
	"testing"

	"cowpoke/game/board"
)

// Rules edition 5: a closed door that is not locked opens as a model walks
// through it (R5), and an overwatcher's stretches of the walk count the
// door open from where the mover crosses it.

// shackDoor is the arena shack's door, as the match's board has it now.
func shackDoor(t *testing.T, m *Match) *board.Feature {
	t.Helper()
	for i := range m.Board.Features {
		if f := &m.Board.Features[i]; f.Kind == board.Door {
			return f
		}
	}
	t.Fatal("the arena has no door")
	return nil
}

// Walking in through the shut door leaves it open behind him: the enemy in
// front of the shack sees him just inside, where the shut door hid him
// before edition 5.
func TestWalkingInOpensTheDoorR5(t *testing.T) {
	for _, edition := range []int{Edition4, Edition5} {
		m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 4.75, 11, -90, "revolver")},
			[]ModelSpec{fig("Bart", "cowpoke", 4.75, 16, -90, "revolver")}, 2)
		m.edition = edition
		do(t, m, activate(0))
		in := moveTo(0, 4.75, 5)
		if got := m.DoorsOpenedBy(m.PreviewMove(in)); (len(got) == 1) != (edition >= Edition5) {
			t.Errorf("edition %d: the preview lists %v as the doors the walk opens", edition, got)
		}
		evs := do(t, m, in)
		if y := m.Models[0].Pos.Y; y < 7 || y > 8 {
			t.Fatalf("edition %d: Hale stopped at %v, not just inside the door (R11)", edition, m.Models[0].Pos)
		}
		open, seen := shackDoor(t, m).Open, m.LineOfSight(m.Models[1].Pos, m.Models[0].Pos).Visible
		opened := has(evs, EvDoor)
		if edition >= Edition5 && (!open || !seen || !opened) {
			t.Errorf("edition 5: the door open %v, Bart sees Hale just inside %v, a door event %v; want all three", open, seen, opened)
		}
		if edition < Edition5 && (open || seen || opened) {
			t.Errorf("edition 4 changed: the door open %v, Bart sees Hale %v, a door event %v", open, seen, opened)
		}
	}
}

// Walking out through the shut door (which does not stop the walk) opens
// it too; a locked door is never walked through.
func TestWalkingOutOpensTheDoorR5(t *testing.T) {
	m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 4.75, 5, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 18, 21, -90, "revolver")}, 2)
	do(t, m, activate(0))
	evs := do(t, m, moveTo(0, 4.75, 10.5))
	if !near(m.Models[0].Pos, 4.75, 10.5) || !shackDoor(t, m).Open {
		t.Fatalf("Hale at %v, the door open %v: want him outside at (4.75, 10.5) and the door open", m.Models[0].Pos, shackDoor(t, m).Open)
	}
	if k := kinds(evs); len(k) < 2 || find(t, evs, EvDoor).Model != 0 {
		t.Errorf("events %v: want Hale's door event", k)
	}

	locked := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 4.75, 5, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 18, 21, -90, "revolver")}, 2)
	if err := locked.Board.SetDoor(shackDoor(t, locked).ID, false, true); err != nil {
		t.Fatal(err)
	}
	do(t, locked, activate(0))
	do(t, locked, moveTo(0, 4.75, 10.5)) // out of the window instead, which stops him (R11)
	if d := shackDoor(t, locked); d.Open || !d.Locked || near(locked.Models[0].Pos, 4.75, 10.5) {
		t.Errorf("the locked door open %v, locked %v; Hale at %v: want it shut and him not through it", d.Open, d.Locked, locked.Models[0].Pos)
	}
}

// exitWatch puts Hale (a Lawman, revolver) on Overwatch inside the shack
// facing its door, and Bart (a Desperado) between him and the door, to
// walk out through it next.
func exitWatch(t *testing.T, edition int) *Match {
	t.Helper()
	m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 4.75, 3, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 4.75, 6.5, 90, "revolver")}, 2, 1, 2)
	m.edition = edition
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 90})
	do(t, m, activate(1))
	do(t, m, moveTo(1, 4.75, 12))
	if m.Pending == nil || m.Pending.Watcher != 0 {
		t.Fatalf("edition %d: Hale was not asked to fire at Bart, who starts in front of him", edition)
	}
	return m
}

// An overwatcher inside sees the mover who walks out through the door he
// opens: edition 5 marks the stretch outside too (the door open from where
// he crosses it) and the Fire there is rolled; before, the shut door hid
// everything past it. Marking the stretches leaves the door as it was
// until the mover reaches it.
func TestOverwatchSeesOutThroughTheDoorOpenedR5(t *testing.T) {
	const doorLine = 1.5 // inches along the walk, from y 6.5 to the door at y 8
	last := func(m *Match) float64 {
		ch := m.Pending.Chances()
		return ch[len(ch)-1].To
	}

	m := exitWatch(t, Edition5)
	if shackDoor(t, m).Open {
		t.Fatal("edition 5: the door opened before Bart reached it")
	}
	if got := last(m); got < 5 {
		t.Fatalf("edition 5: Hale's stretches end %.2f\" along, want them to run on outside past the door (%.1f\")", got, doorLine)
	}
	at := 4.5 // outside, 3" past the door
	shown, err := m.FireOdds(0, at)
	if err != nil || shown.Pool.Impossible {
		t.Fatalf("edition 5: the odds of a shot outside: %v, %+v", err, shown.Pool)
	}
	evs := do(t, m, Command{Kind: CmdFire, Model: 0, At: at})
	door, shot := -1, -1
	for i, e := range evs {
		switch {
		case e.Kind == EvDoor && door < 0:
			door = i
		case e.Kind == EvShot && shot < 0:
			shot = i
		}
	}
	if door < 0 || shot < door {
		t.Errorf("edition 5: events %v: want the door opened, then the shot", kinds(evs))
	}
	if got := find(t, evs, EvShot).Pool; got.Explain != shown.Pool.Explain() {
		t.Errorf("edition 5: rolled %q, shown %q", got.Explain, shown.Pool.Explain())
	}

	old := exitWatch(t, Edition4)
	if got := last(old); got > doorLine+1 {
		t.Errorf("edition 4 changed: Hale's stretches run to %.2f\" along, through the shut door", got)
	}
}

// The warning a player sees before the click counts the door the walk
// opens: a watcher in front of the shack sees the mover just inside it.
func TestOverwatchWarningCountsTheDoorTheWalkOpensR5(t *testing.T) {
	m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 4.75, 15, -90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 2, 10, 0, "revolver")}, 2, 1, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: -90})
	do(t, m, activate(1))
	pv := m.PreviewMove(moveTo(1, 4.75, 5))
	if pv.Err != nil || pv.Stop == nil {
		t.Fatalf("the walk in: %v, stop %v", pv.Err, pv.Stop)
	}
	end := pv.Path[len(pv.Path)-1]
	if got := m.OverwatchThreats(1, end); len(got) != 0 {
		t.Fatalf("with the door shut Hale already sees the spot just inside: %v", got)
	}
	if got := m.OverwatchThreatsAfter(1, pv); len(got) != 1 || got[0] != 0 {
		t.Errorf("the warning after the walk names %v; want Hale, who sees Bart through the door he opens", got)
	}
	if shackDoor(t, m).Open {
		t.Error("the warning opened the door")
	}
}
