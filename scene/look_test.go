package scene

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
)

// shotsDir is where the look tests save their screenshots: the folder in
// COWPOKE_SHOTS when set (to keep them), else the test's temporary folder.
func shotsDir(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("COWPOKE_SHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// saveStep writes a captured frame as a PNG in dir and logs its path,
// when COWPOKE_SHOTS asks for screenshots: otherwise dir is a temporary
// folder no one opens, and encoding the PNG is the slowest part of a step
// under the race detector.
func saveStep(t *testing.T, dir, name string, img *image.RGBA) {
	t.Helper()
	if os.Getenv("COWPOKE_SHOTS") == "" {
		return
	}
	p := filepath.Join(dir, name+".png")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
}

// rect is a box on the screen, device pixels.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

func (r rect) String() string { return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", r.x0, r.y0, r.x1, r.y1) }

func buttonRect(b *button) rect { return rect{b.X, b.Y, b.X + b.W, b.Y + b.H} }

// inkBand is the first run of rows, from the top of the box, holding
// pixels near colour c, and its height in pixels: the height of a line of
// text drawn in that colour.
func inkBand(img *image.RGBA, box rect, c rgba) (top, height int) {
	top = -1
	for y := int(box.y0); y < int(box.y1); y++ {
		ink := false
		for x := int(box.x0); x < int(box.x1) && !ink; x++ {
			ink = near(img, x, y, c, 30)
		}
		switch {
		case ink && top < 0:
			top = y
		case !ink && top >= 0:
			return top, y - top
		}
	}
	if top < 0 {
		return -1, 0
	}
	return top, int(box.y1) - top
}

// TestUIScaleOnTheBattleScreen: "Size of the words and buttons" at 150%
// makes the battle screen's words 1.5 times taller than at 100% in the
// same 1280x800 window (the panel's "Game turn 1", measured in pixels),
// and its buttons 1.5 times larger; at each scale no two buttons overlap,
// every button is inside the panel and off the table, the Menu button
// does not cover the header, and the settings dialog drawn over the
// battle has its buttons (larger too) inside the screen.
func TestUIScaleOnTheBattleScreen(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale })
	heights := map[float64]int{}
	buttonH := map[float64]float64{}
	for _, s := range []float64{1, 1.5} {
		var b *battle
		onLoop(func() {
			h.app.Settings.UIScale = s
			var err error
			b, err = newDefaultBattle(h.app)
			if err != nil {
				t.Error(err)
				return
			}
			b.shownTo = b.t.M.Decider() // no handoff
			h.app.Goto(b)
		})
		frames(3)
		// Select a model and activate it: the action bar is up.
		var sx, sy float64
		onLoop(func() {
			id := nearestReady(b.t.M, b.t.Ready)
			sx, sy = b.cam.ToScreen(b.t.M.Models[id].Pos)
		})
		onLoop(func() {
			h.app.Feed(Input{X: sx, Y: sy, Click: true}, Input{X: sx, Y: sy}, Input{X: sx, Y: sy, Keys: keys(KeyConfirm)}, Input{X: 5, Y: 5})
		})
		frames(6)
		img := capture(t)
		saveStep(t, dir, fmt.Sprintf("battle-%.0f", s*100), img)
		var W, H, u float64
		var bs []rect
		var names []string
		var menu rect
		var vx, vy, vw, vh float64
		var active int
		onLoop(func() {
			W, H, u = float64(h.app.W), float64(h.app.H), h.app.Theme.U
			active = b.t.M.Active
			menu = buttonRect(&b.panel.menu)
			for i := range b.panel.actions {
				if ab := &b.panel.actions[i]; ab.W > 0 {
					bs = append(bs, buttonRect(&ab.button))
					names = append(names, ab.Label)
				}
			}
			vx, vy, vw, vh = b.viewport(h.app)
			buttonH[s] = b.panel.actions[0].H
		})
		if W != 1280 || H != 800 {
			t.Fatalf("at %.0f%% the screen is %.0fx%.0f, want the window's 1280x800", s*100, W, H)
		}
		if active < 0 || len(bs) < 12 {
			t.Fatalf("at %.0f%% no activation with its action bar (active %d, %d buttons)", s*100, active, len(bs))
		}
		panelX := W - panelWidth*u
		if vx+vw > panelX+0.5 || vy < 0 || vy+vh > H {
			t.Errorf("at %.0f%% the table's viewport (%.0f,%.0f %.0fx%.0f) runs under the panel at x %.0f", s*100, vx, vy, vw, vh, panelX)
		}
		for i, r := range bs {
			if r.x0 < panelX || r.x1 > W || r.y1 > H {
				t.Errorf("at %.0f%% the %s button %v is outside the panel (x %.0f..%.0f)", s*100, names[i], r, panelX, W)
			}
			if r.overlaps(menu) {
				t.Errorf("at %.0f%% the %s button overlaps the Menu button", s*100, names[i])
			}
			for j := range i {
				if r.overlaps(bs[j]) {
					t.Errorf("at %.0f%% the %s and %s buttons overlap", s*100, names[i], names[j])
				}
			}
		}
		// The header "Game turn 1" in the paper colour, left of the Menu button.
		top, ht := inkBand(img, rect{panelX + 40*u, 0, menu.x0 - 2, pCard * u}, colPaper)
		if top < 0 {
			t.Fatalf("at %.0f%% no header text found in the panel", s*100)
		}
		heights[s] = ht
		var hdr string
		onLoop(func() { hdr = b.draw.header })
		hx0 := panelX + 16*u + 32*u
		hdrBox := rect{hx0, float64(top), hx0 + h.app.Theme.width(hdr, h.app.Theme.Head), float64(top + ht)}
		if hdrBox.overlaps(menu) {
			t.Errorf("at %.0f%% the header %q %v runs under the Menu button %v", s*100, hdr, hdrBox, menu)
		}

		// The settings dialog over this battle.
		onLoop(func() {
			b.menu = newEscMenu(h.app, b)
			b.menu.page = pageSettings
			b.menu.place(h.app)
		})
		frames(3)
		img = capture(t)
		saveStep(t, dir, fmt.Sprintf("settings-%.0f", s*100), img)
		var ms []rect
		onLoop(func() {
			ms = append(ms, buttonRect(&b.menu.back))
			for i := range b.menu.settings {
				ms = append(ms, buttonRect(&b.menu.settings[i]))
			}
		})
		for i, r := range ms {
			if r.x0 < 0 || r.y0 < 0 || r.x1 > W || r.y1 > H || r.x1-r.x0 < 1 {
				t.Errorf("at %.0f%% settings button %d %v is not on the screen", s*100, i, r)
			}
			for j := range i {
				if r.overlaps(ms[j]) {
					t.Errorf("at %.0f%% settings buttons %d and %d overlap", s*100, i, j)
				}
			}
		}
		if got, want := ms[1].y1-ms[1].y0, 40*s; got < want-0.5 || got > want+0.5 {
			t.Errorf("at %.0f%% the dialog's buttons are %.1f px tall, want %.1f", s*100, got, want)
		}
		onLoop(func() { b.menu = nil })
	}
	ratio := float64(heights[1.5]) / float64(heights[1])
	t.Logf("header glyph height: %d px at 100%%, %d px at 150%% (ratio %.2f)", heights[1], heights[1.5], ratio)
	if d := float64(heights[1.5]) - 1.5*float64(heights[1]); d < -1.5 || d > 1.5 {
		t.Errorf("the header's glyphs are %d px at 100%% and %d px at 150%%: not 1.5 times taller", heights[1], heights[1.5])
	}
	if r := buttonH[1.5] / buttonH[1]; r < 1.49 || r > 1.51 {
		t.Errorf("the action buttons are %.1f px at 100%% and %.1f px at 150%%", buttonH[1], buttonH[1.5])
	}
}

// TestTableLabelsNeverOverlap lays out a crowded table: the showcase with
// Deputy Hale aiming at Black Bart (the odds by the cursor on Bart), six
// models packed round Bart with states under their names (out of ammo, a
// fuse lit), a lit fuse on the table among them, and two models at the
// board's corner. At 100% and 150%, fitted and zoomed in on the crowd,
// every word the table draws went through the placer, no two of them
// overlap, none covers a miniature, and none crosses the frame (the
// viewport and the board's edges); the odds, Bart's name and whose the
// lit fuse is are among them.
func TestTableLabelsNeverOverlap(t *testing.T) {
	layoutOnly(t)
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale; h.app.Goto(newTitle(h.app)) })
	for _, s := range []float64{1, 1.5} {
		for _, zoom := range []float64{1, 2.5} {
			var b *battle
			onLoop(func() {
				h.app.Settings.UIScale = s
				var err error
				if b, err = newShowcaseBattle(h.app); err != nil {
					t.Error(err)
					return
				}
				m := b.t.M
				hale, bart, miller := modelNamed(m, "Deputy Hale"), modelNamed(m, "Black Bart"), modelNamed(m, "Sheriff Miller")
				at := m.Models[bart].Pos
				away := at.Sub(m.Models[hale].Pos).Unit() // the crowd stands behind Bart, out of Hale's line
				n := 0
				for i := range m.Models {
					if i == hale || i == bart || n >= 6 {
						continue
					}
					a := float64(n-3)*0.5 + 0.25
					dir := game.Point{X: away.X*math.Cos(a) - away.Y*math.Sin(a), Y: away.X*math.Sin(a) + away.Y*math.Cos(a)}
					m.Models[i].Pos = at.Add(dir.Scale(1.2 + 0.9*float64(n%2)))
					if n%2 == 0 {
						m.Models[i].Empty[0] = true // "out of ammo" under the name
					}
					n++
				}
				// A lit fuse in the middle of the crowd, between the bases.
				m.Fuses = append(m.Fuses, game.Fuse{Thrower: miller, Posse: m.Models[miller].Posse, At: at.Add(away.Scale(1.65))})
				// Two at the board's far corner: their words stay on the board.
				k := 0
				for i := len(m.Models) - 1; i >= 0 && k < 2; i-- {
					if i != hale && i != bart && i != miller {
						m.Models[i].Pos = game.Point{X: m.Board.Width - 0.6 - 1.1*float64(k), Y: m.Board.Height - 0.6}
						k++
					}
				}
				b.tray.instant = true
				p, err := b.stageShowcase(h.app, "shot")
				if err != nil {
					t.Error(err)
					return
				}
				b.stage = &p
				if zoom != 1 {
					b.zoom = &stageZoom{at: at, factor: zoom}
				}
				b.shownTo = m.Decider()
				h.app.Goto(b)
			})
			frames(4)
			img := capture(t)
			saveStep(t, dir, fmt.Sprintf("crowd-%.0f-x%.1f", s*100, zoom), img)
			onLoop(func() {
				l := &b.labels
				m := b.t.M
				r := board.BaseRadius * b.cam.Scale
				drawn := l.drawn[:l.nd]
				var tip, bart, fuse bool
				for i, p := range drawn {
					tip = tip || strings.Contains(p.text, "dice")
					bart = bart || p.text == "Black Bart"
					fuse = fuse || strings.HasPrefix(p.text, possessive("Sheriff Miller")+" fuse")
					if p.box.x0 < l.view.x0-0.5 || p.box.x1 > l.view.x1+0.5 || p.box.y0 < l.view.y0-0.5 || p.box.y1 > l.view.y1+0.5 {
						t.Errorf("%.0f%% x%.1f: %q %v crosses the frame %v", s*100, zoom, p.text, p.box, l.view)
					}
					for _, q := range drawn[:i] {
						if p.box.overlaps(q.box) {
							t.Errorf("%.0f%% x%.1f: %q %v overlaps %q %v", s*100, zoom, p.text, p.box, q.text, q.box)
						}
					}
					for j := range m.Models {
						x, y := b.cam.ToScreen(m.Models[j].Pos)
						if !m.Models[j].Removed() && p.box.overlaps(labelBox{x - r, y - r, x + r, y + r}) {
							t.Errorf("%.0f%% x%.1f: %q %v covers %s's base", s*100, zoom, p.text, p.box, m.Models[j].Name)
						}
					}
				}
				if !tip || !bart {
					t.Errorf("%.0f%% x%.1f: the odds drawn %v, Black Bart's name drawn %v (of %d labels)", s*100, zoom, tip, bart, len(drawn))
				}
				if !fuse {
					t.Errorf("%.0f%% x%.1f: the lit fuse in the crowd has no label", s*100, zoom)
				}
				if len(drawn) < 8 {
					t.Errorf("%.0f%% x%.1f: only %d labels on a table of %d models", s*100, zoom, len(drawn), len(m.Models))
				}
			})
		}
	}
}

// The demo's caption of a Move gives the distance walked, not the 0" of
// the note before it (a model stopping at a window): the log's figure.
func TestDemoMoveCaptionDistance(t *testing.T) {
	var got string
	onLoop(func() {
		b, err := newShowcaseBattle(h.app)
		if err != nil {
			t.Error(err)
			return
		}
		m := b.t.M
		slim := modelNamed(m, "Slim")
		to := m.Models[slim].Pos
		evs := []game.Event{
			{Kind: game.EvMoved, Model: slim, Text: "Slim stops just inside the Livery Barn window."},
			{Kind: game.EvMoved, Model: slim, To: &to, Distance: 3.6, Text: "Slim moves 3.6\"."},
		}
		got = (&demo{}).headline(b, m, m.Models[slim].Posse, game.Command{Kind: game.CmdMove, Model: slim, To: &to}, evs)
	})
	if !strings.Contains(got, "3.6\"") {
		t.Errorf("the caption says %q, want the 3.6\" the log says", got)
	}
}

// segmentMeetsBox, the placer's test of a label against a wall.
func TestSegmentMeetsBox(t *testing.T) {
	b := labelBox{10, 10, 20, 20}
	for _, c := range []struct {
		x0, y0, x1, y1 float64
		want           bool
	}{
		{0, 15, 30, 15, true},  // straight through
		{12, 12, 14, 14, true}, // inside
		{0, 0, 9, 30, false},   // left of it
		{0, 0, 30, 30, true},   // the diagonal
		{0, 25, 30, 25, false}, // under it
		{25, 0, 25, 30, false}, // right of it
		{15, 0, 15, 10, true},  // touching the top edge
	} {
		if got := segmentMeetsBox(c.x0, c.y0, c.x1, c.y1, b); got != c.want {
			t.Errorf("segment (%v,%v)-(%v,%v): %v, want %v", c.x0, c.y0, c.x1, c.y1, got, c.want)
		}
	}
}

// TestTitleFits: at 100% and 150% the title's buttons stand under its name,
// on the screen, none over another, Play against the computer first.
func TestTitleFits(t *testing.T) {
	dir := shotsDir(t)
	scale := h.app.Settings.UIScale
	defer onLoop(func() { h.app.Settings.UIScale = scale; h.app.Goto(newTitle(h.app)) })
	for _, s := range []float64{1, 1.5} {
		onLoop(func() { h.app.Settings.UIScale = s })
		frames(2)
		onLoop(func() { h.app.Goto(newTitle(h.app)) })
		frames(3)
		saveStep(t, dir, fmt.Sprintf("title-%.0f", s*100), capture(t))
		ti := titleOnScreen(t)
		onLoop(func() {
			a := h.app
			bs := append(ti.column(), &ti.level)
			top := titleTop(a)
			for i, b := range bs {
				r := buttonRect(b)
				if r.y0 < top-0.5 || r.x0 < 0 || r.x1 > float64(a.W) || r.y1 > float64(a.H) {
					t.Errorf("at %.0f%% %q %v is off the screen or over the name (top %.0f)", s*100, b.Label, r, top)
				}
				for _, o := range bs[:i] {
					if r.overlaps(buttonRect(o)) {
						t.Errorf("at %.0f%% %q overlaps %q", s*100, b.Label, o.Label)
					}
				}
			}
			if ti.solo.Y > ti.newGame.Y {
				t.Errorf("at %.0f%% Play against the computer is not first", s*100)
			}
		})
	}
}
