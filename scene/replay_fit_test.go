package scene

import (
	"fmt"
	"testing"
)

// TestReplayPanelFits: the replay viewer (the -stage replay position: a
// wounding Blaze Away with the computer's reason) in a 1280x800 window at
// 100% and 150%. The command and the whole reason are written in the
// panel (no line cut with "…"), Play from here is under them, inside the
// panel and the screen, its label seen in the captured frame, and no word
// of the panel runs into it; the status line under the table fits beside
// the panel.
func TestReplayPanelFits(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale; h.app.Goto(newTitle(h.app)) })
	for _, s := range []float64{1, 1.5} {
		pc := fmt.Sprintf("%.0f%%", s*100)
		onLoop(func() { h.app.Settings.UIScale = s })
		frames(2)
		var w *watch
		onLoop(func() {
			var err error
			if w, err = stageReplay(h.app); err != nil {
				t.Error(err)
				return
			}
			h.app.Goto(w)
		})
		if w == nil {
			return
		}
		frames(4)
		img := capture(t)
		saveStep(t, dir, fmt.Sprintf("replay-%.0f", s*100), img)
		onLoop(func() {
			a := h.app
			th := a.Theme
			u := th.U
			if w.infoShown != len(w.info) {
				t.Errorf("at %s the panel writes %d of its %d lines: %q", pc, w.infoShown, len(w.info), w.info[w.infoShown:])
			}
			p := buttonRect(&w.play)
			panelX := float64(a.W) - panelWidth*u
			if p.x0 < panelX || p.x1 > float64(a.W) || p.y0 < 0 || p.y1 > float64(a.H) {
				t.Errorf("at %s Play from here %v is outside the panel (from x %.0f) or the screen", pc, p, panelX)
			}
			wordsBottom, _, _ := w.panelPlan(a)
			if wordsBottom*u > p.y0+0.5 {
				t.Errorf("at %s the panel's words run to %.0f, into Play from here at %.0f", pc, wordsBottom*u, p.y0)
			}
			if _, hgt := inkBand(img, rect{p.x0 + 4, p.y0 + 2, p.x1 - 4, p.y1 - 2}, colText); hgt < int(8*u) {
				t.Errorf("at %s Play from here's label is not seen (ink %d px)", pc, hgt)
			}
			_, _, vw, _ := w.b.viewport(a)
			vx, _, _, _ := w.b.viewport(a)
			if sw := th.width(w.b.t.Status, th.Body); 12*u+sw > vx+vw {
				t.Errorf("at %s the status line %q is %.0f px wide, past the table's %.0f", pc, w.b.t.Status, sw, vx+vw)
			}
		})
	}
}

// TestTrayClearOfTheWeighing: in solo play with C on (the -stage solo
// picture: the computer's Blaze Away just rolled, what it weighed listed
// in its box at the table's foot), the dice tray does not cover that box.
func TestTrayClearOfTheWeighing(t *testing.T) {
	dir := shotsDir(t)
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	var b *battle
	onLoop(func() {
		var err error
		if b, err = stageSolo(h.app); err != nil {
			t.Error(err)
			return
		}
		b.shownTo = b.t.M.Decider()
		h.app.Goto(b)
	})
	if b == nil {
		return
	}
	frames(4)
	saveStep(t, dir, "solo-why-tray", capture(t))
	onLoop(func() {
		tr, why := &b.tray, b.players.why.box
		if why[2] == 0 || tr.w == 0 {
			t.Fatalf("the picture lacks the weighing's box %v or the tray (%.0f wide)", why, tr.w)
		}
		tray := rect{tr.x, tr.y, tr.x + tr.w, tr.y + tr.h}
		if box := (rect{why[0], why[1], why[0] + why[2], why[1] + why[3]}); tray.overlaps(box) {
			t.Errorf("the dice tray %v covers the computer's weighing %v", tray, box)
		}
	})
}
