package scene

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// centre is a click in the middle of a placed button.
func centre(b *button) Input { return Input{X: b.X + b.W/2, Y: b.Y + b.H/2, Click: true} }

// The first click on the handoff screen, on the very frame after Start,
// passes it: the mouse alone from the title (New game, Start the match),
// then one click, and the table is on screen (issue 14: that click was
// ignored right after a match started).
func TestFirstHandoffClickCounts(t *testing.T) {
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2) // the title places its buttons
	onLoop(func() {
		ti := h.app.Scene().(*title)
		h.app.Feed(centre(&ti.newGame))
	})
	frames(3)
	var start Input
	onLoop(func() {
		g, ok := h.app.Scene().(*newGame)
		if !ok {
			t.Fatalf("a click on New game shows %T", h.app.Scene())
		}
		start = centre(&g.start)
		// Start, then at once a click in the middle of the handoff screen.
		h.app.Feed(start, Input{X: 400, Y: 400, Click: true})
	})
	frames(4)
	b := battleOnScreen(t)
	var handoff bool
	var shown, decider int
	onLoop(func() { handoff, shown, decider = b.handoff, b.shownTo, b.t.M.Decider() })
	if handoff || shown != decider {
		t.Fatalf("the first click on the handoff was ignored: handoff %v, shown to %d, decider %d", handoff, shown, decider)
	}
	// The table is drawn: the town where the handoff showed bare cloth.
	img := capture(t)
	cloth := 0
	for _, p := range [][2]int{{150, 150}, {700, 650}, {300, 500}} {
		if near(img, p[0], p[1], colCloth, 3) {
			cloth++
		}
	}
	if cloth == 3 {
		t.Error("the table is not on screen after the handoff click")
	}
}

// withSettingsFile points the shared App at a settings file in a fresh
// folder (a config folder of its own) and puts the defaults back after.
func withSettingsFile(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "cowpoke", "settings.json")
	onLoop(func() { h.app.Cfg.SettingsPath = path })
	t.Cleanup(func() {
		onLoop(func() {
			h.app.Cfg.SettingsPath = ""
			h.app.Settings = DefaultSettings()
			_ = h.app.SettingsChanged()
			h.app.Goto(newTitle(h.app))
		})
	})
	return path
}

// battleUp puts a new default match on the table, the handoff passed.
func battleUp(t *testing.T) *battle {
	var b *battle
	onLoop(func() {
		noMatchInProgress()
		var err error
		if b, err = newDefaultBattle(h.app); err != nil {
			t.Fatal(err)
		}
		b.shownTo = b.t.M.Decider()
		h.app.Goto(b)
	})
	frames(3)
	return b
}

// The Esc menu over the table: Esc opens it (the table dimmed), Settings
// opens its page, clicks change the volume, sound on and off and the
// animation speed, each kept in the settings file at once; a new App
// reading the same file (the program started again) has them; Esc goes
// back a page and Resume closes the menu.
func TestMenuSettingsPersistAcrossARestart(t *testing.T) {
	path := withSettingsFile(t)
	b := battleUp(t)
	before := capture(t)
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyCancel)}, Input{}) })
	frames(3)
	var m *escMenu
	onLoop(func() { m = b.menu })
	if m == nil {
		t.Fatal("Esc with nothing to cancel did not open the menu")
	}
	after := capture(t)
	// The table under the menu is dimmed.
	i := before.PixOffset(300, 300)
	if !(after.Pix[i] < before.Pix[i]/2 && after.Pix[i+1] < before.Pix[i+1]/2) {
		t.Errorf("the table is not dimmed under the menu: %v then %v", before.Pix[i:i+3], after.Pix[i:i+3])
	}
	click := func(pick func() *button) {
		t.Helper()
		var in Input
		onLoop(func() { in = centre(pick()) })
		onLoop(func() { h.app.Feed(in, Input{}) })
		frames(3)
	}
	click(func() *button { return &m.main[3] }) // Settings
	onLoop(func() {
		if m.page != pageSettings {
			t.Fatalf("Settings shows page %d", m.page)
		}
	})
	var s0 Settings
	onLoop(func() { s0 = h.app.Settings })
	click(func() *button { return &m.settings[2] }) // Volume
	click(func() *button { return &m.settings[3] }) // Sound on/off
	click(func() *button { return &m.settings[1] }) // Animations
	var s1 Settings
	var labels []string
	onLoop(func() {
		s1 = h.app.Settings
		for _, bt := range m.settings {
			labels = append(labels, bt.Label)
		}
	})
	if s1.Volume == s0.Volume || s1.Mute == s0.Mute || s1.AnimSpeed == s0.AnimSpeed {
		t.Fatalf("the clicks changed nothing: %+v then %+v", s0, s1)
	}
	if !slices.ContainsFunc(labels, func(l string) bool { return strings.HasPrefix(l, "Volume: ") }) ||
		!slices.Contains(labels, "Sound: off (muted)") {
		t.Errorf("the settings page reads %q", labels)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the settings were not written: %v", err)
	}
	// The program started again with the same config folder.
	again := NewApp(Config{SettingsPath: path})
	if got := again.Settings; got.Volume != s1.Volume || got.Mute != s1.Mute || got.AnimSpeed != s1.AnimSpeed {
		t.Errorf("after a restart the settings are %+v, want %+v", got, s1)
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyCancel)}, Input{}) })
	frames(3)
	onLoop(func() {
		if m.page != pageMain {
			t.Errorf("Esc on the settings goes back to the menu, not page %d", m.page)
		}
	})
	click(func() *button { return &m.main[0] }) // Resume
	onLoop(func() {
		if b.menu != nil {
			t.Error("Resume did not close the menu")
		}
	})
}

// F1 lists the keys in force: after Move is moved to J (the Keys page's
// swap), the help says J for Move and M for what J did before, kept
// across a restart too.
func TestHelpShowsReboundKeys(t *testing.T) {
	path := withSettingsFile(t)
	battleUp(t)
	has := func(lines [][2]string, key string) bool {
		return slices.ContainsFunc(lines, func(l [2]string) bool { return l[0] == key })
	}
	onLoop(func() {
		if !has(h.app.helpText, "M, then left click") {
			t.Errorf("the default help has no M for Move: %q", h.app.helpText)
		}
		h.app.Settings.bind(KeyMove, ebiten.KeyJ)
		if err := h.app.SettingsChanged(); err != nil {
			t.Fatal(err)
		}
		h.app.Feed(Input{Keys: keys(KeyHelp)}, Input{})
	})
	frames(3)
	var shown bool
	var lines [][2]string
	onLoop(func() { shown, lines = h.app.HelpShown(), h.app.helpText })
	if !shown {
		t.Fatal("F1 did not show the help")
	}
	if !has(lines, "J, then left click") || has(lines, "M, then left click") {
		t.Errorf("after moving Move to J the help reads %q", lines)
	}
	img := capture(t)
	if out := os.Getenv("COWPOKE_HELP_PNG"); out != "" { // to look at it
		f, err := os.Create(out)
		if err == nil {
			err = png.Encode(f, img)
			f.Close()
		}
		if err != nil {
			t.Error(err)
		}
	}
	if again := NewApp(Config{SettingsPath: path}); !has(again.helpText, "J, then left click") {
		t.Errorf("after a restart the help reads %q", again.helpText)
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyHelp)}, Input{}) })
	frames(2)
}

// Zoomed in with a model by the view's right edge (the "edge" stage), every
// name drawn lies wholly inside the view: moved in, not cut at the panel
// or the window's edge; and a model out of view gets no name in it.
func TestLabelsStayInsideTheView(t *testing.T) {
	layoutOnly(t)
	b := battleUp(t)
	onLoop(func() {
		b.stageEdge()
		b.fitted = false // the close-up is applied when the table is fitted again
	})
	frames(3)
	onLoop(func() {
		l := &b.labels
		if l.nn == 0 {
			t.Fatal("no names drawn")
		}
		v := l.view
		for _, n := range l.names[:l.nn] {
			if n.x0 < v.x0-0.5 || n.x1 > v.x1+0.5 || n.y0 < v.y0-0.5 || n.y1 > v.y1+0.5 {
				t.Errorf("a name at %+v runs out of the view %+v", n, v)
			}
		}
		// The model by the right edge has its name, and no name is drawn
		// for a model whose base is out of view.
		m := b.t.M
		edge := 0
		for i := range m.Models {
			x, y := b.cam.ToScreen(m.Models[i].Pos)
			if x > v.x1-20 && x < v.x1+1 && y > v.y0 && y < v.y1 {
				edge++
			}
		}
		if edge == 0 {
			t.Error("the stage put no model by the view's right edge")
		}
		shown := 0
		for i := range m.Models {
			x, y := b.cam.ToScreen(m.Models[i].Pos)
			if l.shows(x, y, 0) {
				shown++
			}
		}
		if l.nn > shown {
			t.Errorf("%d names drawn for %d models in view", l.nn, shown)
		}
		h.app.Goto(newTitle(h.app))
	})
}
