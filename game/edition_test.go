package game

import (
	"testing"

	"cowpoke/rules"
)

// TestDoorwayGivesNoCover: R7 ("obstacles within 1" of the shooter's base
// are ignored"). Hale stands in the open door of the arena's shack (the
// door in its south wall at y 8, x 4-5.5), his base across the door line,
// and shoots at Bart outside to the south-east. Five of the nine sampled
// lines clip the wooden wall beside the door, within 1" of Hale's base:
// the first edition counted them and gave Bart wood cover from Hale's own
// door frame; from Edition2 they give none. The lines stay blocked (R6),
// and an edition-1 match (an old save) keeps the old reading.
func TestDoorwayGivesNoCover(t *testing.T) {
	setup := func(edition int) (*Match, shotSetup) {
		m := scripted(t, Options{},
			[]ModelSpec{fig("Hale", "cowpoke", 4.75, 7.5, 45, "lever-action")},
			[]ModelSpec{fig("Bart", "cowpoke", 7, 9, 180, "revolver")}, 2)
		m.edition = edition
		if err := m.Board.SetDoor(3, true, false); err != nil {
			t.Fatal(err)
		}
		s, err := m.setupShot(0, 0, 1, standardShot, m.Models[1].Pos)
		if err != nil {
			t.Fatalf("edition %d: %v", edition, err)
		}
		return m, s
	}
	_, old := setup(Edition1)
	if !old.Sight.InCover || coverClass(old.Sight) != rules.WoodCover || old.Sight.Covered != 5 {
		t.Fatalf("edition 1: want wood cover from 5 of 9 lines (the old reading old saves replay by), got %+v", old.Sight)
	}
	m, s := setup(Edition2)
	if s.Sight.InCover || coverClass(s.Sight) != rules.NoCover || s.Sight.Covered != 0 {
		t.Errorf("edition 2: the door frame within 1\" of the shooter gives cover: %d lines covered, %v", s.Sight.Covered, s.Sight.Cover)
	}
	if !s.Sight.Visible {
		t.Error("edition 2: Bart is not visible")
	}
	near := 0
	for _, l := range s.Sight.Lines {
		if l.NearOnly {
			near++
		}
	}
	if near != 5 {
		t.Errorf("edition 2: %d lines blocked only beside the shooter, want the 5 the first edition counted", near)
	}
	if s.Pool.Dice <= old.Pool.Dice {
		t.Errorf("edition 2 pool %d dice, edition 1 %d: removing cover must add dice", s.Pool.Dice, old.Pool.Dice)
	}
	// The match's own LineOfSight, which screens ask, reads the same way.
	if got := m.LineOfSight(m.Models[0].Pos, m.Models[1].Pos); got.InCover {
		t.Error("Match.LineOfSight gives cover under edition 2")
	}
	// A wall further than 1" from the shooter's base still gives cover:
	// Hale 2" back inside the shack sees targets south of it through the
	// door past the wall; both editions read those alike.
	hale := Point{X: 4.75, Y: 5.5}
	covered := 0
	for x := 4.0; x <= 12; x += 0.25 {
		bart := Point{X: x, Y: 12}
		a, b := m.Board.LineOfSight(hale, bart), m.LineOfSight(hale, bart)
		if a.Visible != b.Visible || a.InCover != b.InCover || a.Cover != b.Cover || a.Covered != b.Covered {
			t.Errorf("Bart at %v: edition 2 reads %+v, edition 1 %+v; the wall is over 1\" from Hale", bart, b, a)
		}
		if b.Visible && b.InCover {
			covered++
		}
	}
	if covered == 0 {
		t.Error("no target seen past the wall in cover: the check above proves nothing")
	}
}
