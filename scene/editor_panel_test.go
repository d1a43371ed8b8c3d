package scene

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/scene/table"
)

// TestEditorPanelFits opens the position editor on the -stage editor
// bank robbery with the model of the most settings chosen, at every UI
// scale the settings offer, in a 1280x800 window and in the smallest
// window the program allows (800x560). In every case the panel's foot (the
// engine's line, Who wins?, Estimate, Save, Back, Play) lies inside the
// window, its buttons apart, and no button of the part above it, where
// the player can see and click it, overlaps the engine's line or an
// action; in the captured frame the engine's line stands on the bare
// panel, no button's box under it; the table is fitted to the room left of
// the panel at that scale. At 100% and 1280x800 nothing scrolls.
// In the smallest window at every scale, and at 150% in the large one,
// every setting of the chosen model is brought into view with the wheel
// over the panel and clicked through the real input path: each click
// changes the position (one more step to undo) and Ctrl+Z takes it back.
// Where the panel scrolls, a click on Estimate while a row lies under it
// estimates and changes nothing else; at 150% in the smallest window Tab
// reaches every button, each one in view when focused, and Space presses
// the focused one; at 150% a model chosen on the table with the panel
// scrolled to its top brings his heading and as many of his settings as
// fit into view; Down held and a left drag over the panel scroll it by
// their distance, while the wheel over the table zooms it and leaves the
// panel where it is.
func TestEditorPanelFits(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer func() {
		onLoop(func() { ebiten.SetWindowSize(1280, 800) })
		frames(10)
		onLoop(func() { h.app.Settings.UIScale = scale; h.app.Hold(nil); h.app.Goto(newTitle(h.app)) })
		frames(2)
	}()
	for _, win := range [][2]int{{1280, 800}, {800, 560}} {
		onLoop(func() { ebiten.SetWindowSize(win[0], win[1]) })
		frames(10)
		for _, s := range uiScales {
			largest, smallest := s == uiScales[len(uiScales)-1], win[0] == 800
			what := fmt.Sprintf("%dx%d at %.0f%%", win[0], win[1], s*100)
			var e *editor
			onLoop(func() { h.app.Settings.UIScale = s; h.app.Hold(nil) })
			frames(2) // the theme at the new scale before the editor opens
			onLoop(func() {
				sc, err := stageEditorScene(h.app, "editor")
				if err != nil {
					t.Fatal(err)
				}
				e = sc.(*editor)
				e.sel = mostSettings(e)
				h.app.Goto(e)
			})
			frames(3)
			var W, H int
			onLoop(func() { W, H = h.app.W, h.app.H })
			if W != win[0] || H != win[1] {
				t.Skipf("the window is %dx%d, not %dx%d", W, H, win[0], win[1])
			}
			img := capture(t)
			saveStep(t, dir, fmt.Sprintf("editor-panel-%dx%d-%.0f", win[0], win[1], s*100), img)
			var most float64
			onLoop(func() {
				checkEditorPanel(t, what, e, img)
				most = e.scroll.most
				var fit table.Camera // the table fills the room left of the panel at this scale
				vx, vy, vw, vh := e.viewport(h.app)
				fit.Fit(e.board.Width, e.board.Height, vx, vy, vw, vh)
				if math.Abs(e.cam.Scale-fit.Scale) > 0.001*fit.Scale {
					t.Errorf("%s: the table is drawn at %.2f pixels an inch, not the %.2f that fit it beside the panel", what, e.cam.Scale, fit.Scale)
				}
			})
			if s == 1 && win[0] == 1280 && most > 0 {
				t.Errorf("%s: the panel scrolls (%.0f pixels); it should fit", what, most)
			}
			// Every row clicked in the smallest window, and at the largest
			// scale in the large one.
			if smallest || largest {
				clickEveryRow(t, what, e)
			}
			if most > 0 {
				estimateOverARow(t, what, e)
				if largest {
					chooseOnTable(t, what, e)
				}
				if largest && smallest {
					tabThroughPanel(t, what, e)
					scrollByHand(t, what, e)
				}
				img := capture(t)
				saveStep(t, dir, fmt.Sprintf("editor-panel-%dx%d-%.0f-scrolled", win[0], win[1], s*100), img)
				onLoop(func() { checkEditorPanel(t, what+", scrolled", e, img) })
			}
		}
	}
}

// mostSettings is the selection of the placed model with the most rows of
// settings in the editor's panel.
func mostSettings(e *editor) editorSel {
	best, n := noSel(), -1
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At == nil {
				continue
			}
			e.sel = noSel()
			e.sel.posse, e.sel.model = pi, mi
			if k := len(e.selectionRows()); k > n {
				best, n = e.sel, k
			}
		}
	}
	return best
}

// editorStatusRect is where the panel's foot writes the engine's line and
// the notes, above the actions.
func editorStatusRect(e *editor, a *App) rect {
	u := a.Theme.U
	x0 := float64(a.W) - editorPanelWidth*u + 12*u
	bottom := e.ui.sim.Y - 6*u
	return rect{x0, bottom - float64(len(e.status))*editorLineHeight*u, x0 + editorPanelWidth*u - 24*u, bottom}
}

// checkEditorPanel checks the panel as laid out for the frame img shows
// (see TestEditorPanelFits).
func checkEditorPanel(t *testing.T, what string, e *editor, img *image.RGBA) {
	t.Helper()
	a := h.app
	W, H := float64(a.W), float64(a.H)
	foot := e.footButtons()
	status := editorStatusRect(e, a)
	if status.y0 < 0 || status.y1 > H {
		t.Errorf("%s: the engine's line %v is outside the window", what, status)
	}
	for i, b := range foot {
		r := buttonRect(b)
		if r.x0 < 0 || r.y0 < 0 || r.x1 > W || r.y1 > H {
			t.Errorf("%s: %q %v is outside the window", what, b.Label, r)
		}
		if r.overlaps(status) {
			t.Errorf("%s: %q %v overlaps the engine's line %v", what, b.Label, r, status)
		}
		for _, o := range foot[:i] {
			if r.overlaps(buttonRect(o)) {
				t.Errorf("%s: %q and %q overlap", what, b.Label, o.Label)
			}
		}
	}
	// What the player sees of the scrolled part, and may click: above the foot.
	for _, b := range e.scrolled() {
		r := buttonRect(b)
		r.y1 = min(r.y1, e.scroll.foot)
		if b.W == 0 || r.y1 <= max(r.y0, 0) {
			continue
		}
		if r.x0 < 0 || r.x1 > W {
			t.Errorf("%s: %q %v is off the screen", what, b.Label, r)
		}
		if r.overlaps(status) {
			t.Errorf("%s: %q %v overlaps the engine's line %v", what, b.Label, r, status)
		}
		for _, o := range foot {
			if r.overlaps(buttonRect(o)) {
				t.Errorf("%s: %q %v overlaps %q %v", what, b.Label, r, o.Label, buttonRect(o))
			}
		}
	}
	// In pixels: the engine's line stands on the bare panel, not on a box.
	bare, all := 0, 0
	for y := int(status.y0); y < int(status.y1); y++ {
		for x := int(status.x0); x < int(status.x1); x++ {
			all++
			if near(img, x, y, colPanel, 6) {
				bare++
			}
		}
	}
	if all == 0 || float64(bare) < 0.6*float64(all) {
		t.Errorf("%s: only %d of the %d pixels round the engine's line are the bare panel", what, bare, all)
	}
}

// clickEveryRow brings each of the chosen model's settings into view with
// the wheel over the panel and clicks it: the position changes, and
// Ctrl+Z takes it back. The last row (take him off the table) is clicked
// last and undone too.
func clickEveryRow(t *testing.T, what string, e *editor) {
	t.Helper()
	var n int
	var px float64
	onLoop(func() { n, px = len(e.rows), float64(h.app.W)-editorPanelWidth*h.app.Theme.U/2 })
	if n < 12 {
		t.Fatalf("%s: the chosen model has %d settings", what, n)
	}
	for i := range n {
		var label string
		var x, y float64
		inView := false
		for range 40 {
			var wheel float64
			onLoop(func() {
				b := &e.rows[i].b
				label, x, y = b.Label, b.X+b.W/2, b.Y+b.H/2
				switch {
				case b.Y < 0:
					wheel = 1
				case b.Y+b.H > e.scroll.foot:
					wheel = -1
				default:
					inView = true
				}
			})
			if inView {
				break
			}
			onLoop(func() { h.app.Feed(Input{X: px, Y: 100, Wheel: wheel}, Input{X: px, Y: 100}) })
			frames(3)
		}
		if !inView {
			t.Errorf("%s: the wheel does not bring %q into view", what, label)
			continue
		}
		var undo0, undo1, undo2 int
		onLoop(func() { undo0 = len(e.undo) })
		clickAt(x, y)
		onLoop(func() { undo1 = len(e.undo) })
		onLoop(func() { h.app.Feed(Input{X: x, Y: y, Keys: keys(KeyUndo)}) })
		waitFed()
		onLoop(func() { undo2 = len(e.undo); e.sel = mostSettings(e) })
		if undo1 != undo0+1 || undo2 != undo0 {
			t.Errorf("%s: a click on %q made %d changes to undo (then %d after Ctrl+Z)", what, label, undo1-undo0, undo2-undo0)
		}
	}
}

// estimateOverARow scrolls the panel so a row lies under Estimate and
// clicks Estimate: the estimate is made, the row under it untouched.
func estimateOverARow(t *testing.T, what string, e *editor) {
	t.Helper()
	var x, y, px float64
	under := ""
	for range 40 {
		onLoop(func() {
			px = float64(h.app.W) - editorPanelWidth*h.app.Theme.U/2
			b := &e.ui.est
			x, y = b.X+b.W/2, b.Y+b.H/2
			for _, r := range e.rows {
				if r.b.X <= x && x < r.b.X+r.b.W && r.b.Y <= y && y < r.b.Y+r.b.H {
					under = r.b.Label
				}
			}
		})
		if under != "" {
			break
		}
		onLoop(func() { h.app.Feed(Input{X: px, Y: 100, Wheel: 0.25}, Input{X: px, Y: 100}) })
		frames(3)
	}
	if under == "" {
		t.Logf("%s: no scroll puts a row under Estimate", what)
		return
	}
	var undo0, undo1 int
	var est bool
	onLoop(func() { undo0 = len(e.undo); e.est = nil })
	clickAt(x, y)
	onLoop(func() { undo1, est = len(e.undo), e.est != nil })
	if !est || undo1 != undo0 {
		t.Errorf("%s: a click on Estimate over %q: estimated %v, %d changes to the position", what, under, est, undo1-undo0)
	}
}

// tabThroughPanel walks the focus with Tab through every enabled button
// of the panel: each focused one lies wholly in view (the scrolled part's
// above the foot); Space on a focused setting changes the position.
func tabThroughPanel(t *testing.T, what string, e *editor) {
	t.Helper()
	var n int
	onLoop(func() { cs, _ := e.controls(); n = len(cs) })
	seen := map[*button]bool{}
	pressed := false
	for k := range n {
		onLoop(func() { h.app.Feed(Input{Keys: keys(KeyNext)}) })
		waitFed()
		var isRow bool
		onLoop(func() {
			cs, footN := e.controls()
			f := e.scroll.focus
			if f < 0 || f >= len(cs) {
				t.Errorf("%s: Tab %d: no focus", what, k+1)
				return
			}
			b := cs[f]
			seen[b] = true
			r := buttonRect(b)
			inView := r.y0 >= 0 && r.y1 <= e.scroll.foot
			if f >= len(cs)-footN {
				inView = r.y0 >= e.scroll.foot && r.y1 <= float64(h.app.H)
			}
			if !inView {
				t.Errorf("%s: Tab %d: %q %v is not in view (foot at %.0f)", what, k+1, b.Label, r, e.scroll.foot)
			}
			isRow = len(e.rows) > 0 && b == &e.rows[len(e.rows)-2].b // Acted this turn, or the like: harmless
		})
		if isRow && !pressed {
			pressed = true
			var undo0, undo1 int
			onLoop(func() { undo0 = len(e.undo) })
			onLoop(func() { h.app.Feed(Input{Keys: keys(KeySkip)}) })
			waitFed()
			onLoop(func() { undo1 = len(e.undo) })
			if undo1 != undo0+1 {
				t.Errorf("%s: Space on a focused setting made %d changes", what, undo1-undo0)
			}
		}
	}
	if len(seen) != n {
		t.Errorf("%s: Tab reached %d of the panel's %d buttons", what, len(seen), n)
	}
	if !pressed {
		t.Errorf("%s: Tab never reached the chosen model's settings", what)
	}
}

// scrollByHand scrolls the panel from its top with Down held over it, then
// back with a left drag on it; the wheel over the table zooms the table,
// not the panel.
func scrollByHand(t *testing.T, what string, e *editor) {
	t.Helper()
	var px, u, off0, off1, off2, off3, scale0, scale1 float64
	onLoop(func() {
		a := h.app
		u, px = a.Theme.U, float64(a.W)-editorPanelWidth*a.Theme.U/2
		a.Feed(Input{X: px, Y: 100, Wheel: 40}, Input{X: px, Y: 100})
	})
	waitFed()
	onLoop(func() {
		off0 = e.scroll.off
		h.app.Feed(Input{X: px, Y: 100, HeldY: 1}, Input{X: px, Y: 100, HeldY: 1}, Input{X: px, Y: 100, HeldY: 1}, Input{X: px, Y: 100})
	})
	waitFed()
	onLoop(func() { off1 = e.scroll.off })
	if off0 != 0 || math.Abs(off1-30*u) > 0.5 {
		t.Errorf("%s: the wheel up left the panel at %.0f; Down held three frames scrolled it to %.0f, not %.0f", what, off0, off1, 30*u)
	}
	onLoop(func() {
		h.app.Feed(Input{X: px, Y: 200, LeftDown: true}, Input{X: px, Y: 210, LeftDown: true},
			Input{X: px, Y: 230, LeftDown: true}, Input{X: px, Y: 230, DragEnd: true})
	})
	waitFed()
	var tx, ty float64
	onLoop(func() {
		off2, scale0 = e.scroll.off, e.cam.Scale
		vx, vy, vw, vh := e.viewport(h.app)
		tx, ty = vx+vw/2, vy+vh/2
		h.app.Feed(Input{X: tx, Y: ty, Wheel: 1}, Input{X: tx, Y: ty})
	})
	waitFed()
	onLoop(func() { off3, scale1 = e.scroll.off, e.cam.Scale })
	if math.Abs(off2-(off1-30)) > 0.5 {
		t.Errorf("%s: a drag of 30 pixels down the panel scrolled it from %.0f to %.0f", what, off1, off2)
	}
	if off3 != off2 || scale1 <= scale0 {
		t.Errorf("%s: the wheel over the table moved the panel from %.0f to %.0f and the table's zoom from %.2f to %.2f", what, off2, off3, scale0, scale1)
	}
}

// chooseOnTable scrolls the panel to its top and clicks another model on
// the table: his heading comes into view, and his settings below it, all
// of them when they fit above the foot, else from the panel's top.
func chooseOnTable(t *testing.T, what string, e *editor) {
	t.Helper()
	var px, x, y float64
	onLoop(func() {
		px = float64(h.app.W) - editorPanelWidth*h.app.Theme.U/2
		h.app.Feed(Input{X: px, Y: 100, Wheel: 40}, Input{X: px, Y: 100})
	})
	waitFed()
	var name string
	var top float64
	onLoop(func() {
		top = e.scroll.off
		md := &e.s.Posses[1].Models[0]
		name = md.Name
		x, y = e.cam.ToScreen(*md.At)
	})
	clickAt(x, y)
	onLoop(func() {
		u := h.app.Theme.U
		md := e.selected()
		if md == nil || md.Name != name || top != 0 {
			t.Errorf("%s: the panel at %.0f, a click on %s chose %v", what, top, name, md)
			return
		}
		last := e.rows[len(e.rows)-1].b
		switch {
		case e.selY < 0 || e.selY >= e.scroll.foot:
			t.Errorf("%s: %s chosen, his heading at %.0f is out of view (foot at %.0f)", what, name, e.selY, e.scroll.foot)
		case last.Y+last.H > e.scroll.foot && math.Abs(e.selY-8*u) > 0.5:
			t.Errorf("%s: %s chosen, his last setting ends at %.0f under the foot at %.0f, his heading at %.0f", what, name, last.Y+last.H, e.scroll.foot, e.selY)
		}
	})
}
