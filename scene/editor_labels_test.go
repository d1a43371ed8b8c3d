package scene

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/board"
)

// TestEditorLabelsNeverOverlap opens the position editor on three
// positions (the -stage editor screenshot's bank robbery, One-Eyed Jack
// chosen, the strongbox on the ground; the same with a wound that takes
// Jack out, so the engine's problem stands in a box beside him; the
// default town's posses as deployed) at 100% and 150%, fitted, zoomed in
// on the chosen model's crowd and zoomed out as far as the wheel goes,
// and reads the words the table placed: none crosses the frame, overlaps
// another, covers a base, the strongbox or a building's name as the town
// paints it; the chosen model is always named, and so is the model under
// the cursor. Fitted and zoomed in, the problem's box has its own place,
// every model in view his name and the strongbox its own (zoomed out, a
// name may find no room, and the problem's box is drawn under its model
// anyway).
func TestEditorLabelsNeverOverlap(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale; h.app.Hold(nil); h.app.Goto(newTitle(h.app)) })
	positions := []struct {
		name string
		open func() (*editor, error)
	}{
		{"bank", func() (*editor, error) {
			sc, err := stageEditorScene(h.app, "editor")
			if err != nil {
				return nil, err
			}
			return sc.(*editor), nil
		}},
		{"refused", func() (*editor, error) { // a wound that takes Jack out: the engine's problem in its box beside him
			sc, err := stageEditorScene(h.app, "editor")
			if err != nil {
				return nil, err
			}
			e := sc.(*editor)
			jack := &e.s.Posses[0].Models[0]
			jack.Wounds = append(jack.Wounds, game.WoundSpec{Location: "Head", Damage: 4})
			e.check()
			if e.problem.text == "" {
				return nil, fmt.Errorf("a head wound of 4 on top of the chest's 2 is accepted")
			}
			return e, nil
		}},
		{"default", func() (*editor, error) {
			s, err := game.DefaultScenario()
			if err != nil {
				return nil, err
			}
			m, err := game.NewMatch(s, 7)
			if err != nil {
				return nil, err
			}
			e := newEditorFrom(h.app, nil, m)
			e.sel.posse, e.sel.model = 0, 0
			return e, nil
		}},
	}
	scales, zooms := []float64{1, 1.5}, []float64{1, 2.5, 0.5}
	for _, pos := range positions {
		for _, s := range scales {
			for _, zoom := range zooms {
				what := fmt.Sprintf("%s %.0f%% x%.1f", pos.name, s*100, zoom)
				var e *editor
				onLoop(func() {
					h.app.Settings.UIScale = s
					h.app.Hold(nil)
					var err error
					if e, err = pos.open(); err != nil {
						t.Error(err)
						return
					}
					h.app.Goto(e)
				})
				if e == nil {
					return
				}
				frames(2) // fitted to the window
				hover := ""
				onLoop(func() {
					chosen := *e.selected().At
					if zoom != 1 {
						x, y := e.cam.ToScreen(chosen)
						e.cam.ZoomAt(x, y, zoom)
					}
					// The cursor on the chosen model's nearest neighbour.
					var near *game.ModelSpec
					for pi := range e.s.Posses {
						for mi := range e.s.Posses[pi].Models {
							md := &e.s.Posses[pi].Models[mi]
							if md.At == nil || (pi == e.sel.posse && mi == e.sel.model) {
								continue
							}
							if near == nil || md.At.Dist(chosen) < near.At.Dist(chosen) {
								near = md
							}
						}
					}
					x, y := e.cam.ToScreen(*near.At)
					hover = near.Name
					h.app.Hold(&Input{X: x, Y: y})
				})
				frames(3)
				saveStep(t, dir, fmt.Sprintf("editor-labels-%s-%.0f-x%.1f", pos.name, s*100, zoom), capture(t))
				onLoop(func() { checkEditorLabels(t, what, e, hover, zoom >= 1) })
			}
		}
	}
}

// checkEditorLabels checks the words the editor placed this frame (see
// TestEditorLabelsNeverOverlap); all says every model in view must be
// named.
func checkEditorLabels(t *testing.T, what string, e *editor, hover string, all bool) {
	t.Helper()
	th := h.app.Theme
	l := &e.labels
	r := board.BaseRadius * e.cam.Scale
	drawn := l.drawn[:l.nd]
	// The building names as the town paints them, at this scale.
	var buildings []placedLabel
	for _, f := range e.shownBoard().Features {
		if f.Kind != board.Interior || f.Name == "" {
			continue
		}
		w, hh := text.Measure(f.Name, buildingNameFace(th, &f, e.cam.Scale), 0)
		x, y := e.cam.ToScreen(buildingNameCentre(&f))
		buildings = append(buildings, placedLabel{labelBox{x - w/2, y - hh/2, x + w/2, y + hh/2}, f.Name})
	}
	if len(buildings) < 4 {
		t.Fatalf("%s: %d building names on the map", what, len(buildings))
	}
	named := map[string]bool{}
	for i, p := range drawn {
		named[p.text] = true
		if p.box.x0 < l.view.x0-0.5 || p.box.x1 > l.view.x1+0.5 || p.box.y0 < l.view.y0-0.5 || p.box.y1 > l.view.y1+0.5 {
			t.Errorf("%s: %q %v crosses the frame %v", what, p.text, p.box, l.view)
		}
		for _, q := range drawn[:i] {
			if p.box.overlaps(q.box) {
				t.Errorf("%s: %q %v overlaps %q %v", what, p.text, p.box, q.text, q.box)
			}
		}
		for _, b := range buildings {
			if p.box.overlaps(b.box) {
				t.Errorf("%s: %q %v covers the building name %q %v", what, p.text, p.box, b.text, b.box)
			}
		}
		for _, ps := range e.s.Posses {
			for _, md := range ps.Models {
				if md.At == nil {
					continue
				}
				x, y := e.cam.ToScreen(*md.At)
				if p.box.overlaps(labelBox{x - r, y - r, x + r, y + r}) {
					t.Errorf("%s: %q %v covers %s's base", what, p.text, p.box, md.Name)
				}
			}
		}
		for _, o := range e.marks() {
			if o.kind == game.ObjLoot && o.carrier == nil {
				x, y := e.cam.ToScreen(o.at)
				s := lootHalfWidth(r, th.U)
				if p.box.overlaps(labelBox{x - s, y - 0.7*s, x + s, y + 0.7*s}) {
					t.Errorf("%s: %q %v covers the strongbox", what, p.text, p.box)
				}
			}
		}
	}
	if md := e.selected(); !named[md.Name] {
		t.Errorf("%s: the chosen model %s has no name on the table", what, md.Name)
	}
	if !named[hover] {
		t.Errorf("%s: %s, under the cursor, has no name on the table", what, hover)
	}
	if !all {
		return
	}
	if p := e.problem.text; p != "" && !named[p] {
		t.Errorf("%s: the engine's problem %q found no free place", what, p)
	}
	n := 0
	for _, ps := range e.s.Posses {
		for _, md := range ps.Models {
			if md.At == nil {
				continue
			}
			if x, y := e.cam.ToScreen(*md.At); !l.shows(x, y, r) {
				continue
			}
			n++
			if !named[md.Name] {
				t.Errorf("%s: %s, on the table in view, has no name", what, md.Name)
			}
		}
	}
	if n < 3 {
		t.Errorf("%s: only %d models in view", what, n)
	}
	for _, o := range e.marks() {
		if x, y := e.cam.ToScreen(o.at); o.kind == game.ObjLoot && o.carrier == nil && l.shows(x, y, 0) && !named[upperFirst(o.name)] {
			t.Errorf("%s: %s on the ground has no label", what, o.name)
		}
	}
}
