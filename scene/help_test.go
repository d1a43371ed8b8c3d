package scene

import (
	"fmt"
	"strings"
	"testing"
)

// TestHelpFitsAt150: the F1 help over the battle screen in a 1280x800
// window at 100% and 150%. Its box is on the screen; every line's words
// are drawn whole (wrapped in its column, never cut with "…", none wider
// than its column), no two lines and no two columns overlap; where the
// lines are taller than the window (150%) they scroll, and the wheel
// brings every line into view in turn, each seen in gold in the captured
// frame; at 100% it needs no scrolling.
func TestHelpFitsAt150(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale; h.app.help = false; h.app.Goto(newTitle(h.app)) })
	for _, s := range []float64{1, 1.5} {
		pc := fmt.Sprintf("%.0f%%", s*100)
		onLoop(func() { h.app.Settings.UIScale = s })
		frames(2)
		battleUp(t)
		onLoop(func() { h.app.Feed(Input{X: 5, Y: 5, Keys: keys(KeyHelp)}) })
		frames(3)
		seen := map[int]bool{}
		var most float64
		onLoop(func() {
			a := h.app
			v := &a.helpView
			th := a.Theme
			u := th.U
			most = v.scroll.most
			if !a.help {
				t.Fatalf("at %s F1 did not open the help", pc)
			}
			if v.x < 0 || v.y < 0 || v.x+v.w > float64(a.W) || v.y+v.h > float64(a.H) {
				t.Errorf("at %s the help's box (%.0f,%.0f) %.0fx%.0f is off the screen", pc, v.x, v.y, v.w, v.h)
			}
			right := [2]float64{v.x + v.w - 24*u, v.x + v.w - 24*u}
			if v.colX[1] > v.colX[0] {
				right[0] = v.colX[1] - 24*u
			}
			for i, r := range v.rows {
				if got, want := strings.Join(r.words, " "), strings.Join(strings.Fields(a.helpText[i][1]), " "); strings.Join(strings.Fields(got), " ") != want {
					t.Errorf("at %s help line %d reads %q, want %q", pc, i, got, want)
				}
				if th.width(r.key, th.Bold) > v.keyW+0.5 {
					t.Errorf("at %s the key %q is wider than the keys' column", pc, r.key)
				}
				for _, l := range r.words {
					if x1 := v.colX[r.col] + v.keyW + 16*u + th.width(l, th.Body); x1 > right[r.col]+0.5 || strings.Contains(l, "…") {
						t.Errorf("at %s %q runs to %.0f past its column's %.0f", pc, l, x1, right[r.col])
					}
				}
				if i > 0 && v.rows[i-1].col == r.col && v.rows[i-1].top+float64(len(v.rows[i-1].words))*v.rowH > r.top+0.5 {
					t.Errorf("at %s help lines %d and %d overlap", pc, i-1, i)
				}
			}
			if s == 1 && most > 0 {
				t.Errorf("at 100%% the help scrolls %.0f pixels: it should fit 1280x800", most)
			}
		})
		for step := 0; step < 40; step++ {
			img := capture(t)
			if step == 0 {
				saveStep(t, dir, "help-"+fmt.Sprintf("%.0f", s*100), img)
			}
			var off float64
			onLoop(func() {
				v := &h.app.helpView
				off = v.scroll.off
				for i, r := range v.rows {
					top, ok := v.shown(i)
					if !ok {
						continue
					}
					box := rect{v.colX[r.col], top, v.colX[r.col] + v.keyW, top + v.rowH}
					if _, hgt := inkBand(img, box, colGold); hgt == 0 {
						t.Errorf("at %s help line %d %q is not drawn at %v", pc, i, r.key, box)
					}
					seen[i] = true
				}
			})
			if off >= most {
				break
			}
			onLoop(func() { h.app.Feed(Input{X: 640, Y: 400, Wheel: -3}) })
			frames(2)
		}
		onLoop(func() {
			if n := len(h.app.helpView.rows); len(seen) != n {
				t.Errorf("at %s scrolling showed %d of the help's %d lines", pc, len(seen), n)
			}
			if s == 1.5 && most == 0 {
				t.Logf("at 150%% the help fits without scrolling")
			}
			h.app.help = false
		})
	}
}
