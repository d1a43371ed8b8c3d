package scene

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/scene/table"
)

// Every key a player may move is moved to a key nothing else uses, and every
// place that names a key then names the new one: the action bar's buttons,
// the Hold fire button under an Overwatch interrupt, F1's lines, the menu's
// Keys page, and the hints that name a key (the overwatcher's prompt, the
// tape, the dice animation's toggle, the solo banner). Before the action
// table, Hold fire still said "H" after Hold was moved, and U (Refocus) was
// never read at all.
func TestRebindEveryActionKey(t *testing.T) {
	withSettingsFile(t)
	fresh := []ebiten.Key{ebiten.KeyF2, ebiten.KeyF3, ebiten.KeyF4, ebiten.KeyF5, ebiten.KeyF6, ebiten.KeyF7,
		ebiten.KeyF8, ebiten.KeyF9, ebiten.KeyF10, ebiten.KeyF12, ebiten.KeyNumpad3, ebiten.KeyNumpad4,
		ebiten.KeyNumpad5, ebiten.KeyNumpad6, ebiten.KeyNumpad7, ebiten.KeyNumpad8, ebiten.KeyNumpad9, ebiten.KeySemicolon,
		ebiten.KeyBackslash, ebiten.KeyBracketLeft, ebiten.KeyBracketRight}
	if len(fresh) < len(bindable) {
		t.Fatalf("%d fresh keys for %d bindable intents", len(fresh), len(bindable))
	}
	want := map[Key]string{}
	var old []string
	for i, k := range bindable {
		want[k.key] = keyName(fresh[i])
		old = append(old, keyName(k.def))
	}
	var b *battle
	onLoop(func() {
		for i, k := range bindable {
			h.app.Settings.bind(k.key, fresh[i])
		}
		if err := h.app.SettingsChanged(); err != nil {
			t.Fatal(err)
		}
		for _, k := range bindable {
			if got := h.app.keyOf(k.key); got != want[k.key] {
				t.Errorf("%s is bound to %s, want %s", k.name, got, want[k.key])
			}
		}
		// F1: a line per action, under its new key.
		for _, k := range bindable {
			if k.help == "" {
				continue
			}
			if !slices.ContainsFunc(h.app.helpText, func(l [2]string) bool { return l[0] == want[k.key]+k.how && l[1] == k.help }) {
				t.Errorf("F1 has no line %q for %s: %q", want[k.key]+k.how, k.name, h.app.helpText)
			}
		}
		for _, l := range h.app.helpText {
			for _, o := range old {
				if l[0] == o || strings.HasPrefix(l[0], o+",") || strings.HasPrefix(l[0], o+" ") {
					t.Errorf("F1 still names the first-start key %s: %q", o, l)
				}
			}
		}
		noMatchInProgress()
		var err error
		if b, err = newShowcaseBattle(h.app); err != nil {
			t.Fatal(err)
		}
		b.tray.instant = true
		if _, err = b.stageShowcase(h.app, "shot"); err != nil {
			t.Fatal(err)
		}
		b.shownTo = b.t.M.Decider() // no handoff screen
		h.app.Goto(b)
	})
	frames(3)
	onLoop(func() {
		// The action bar: every button under its new key.
		if n := len(b.panel.actions); n != len(barActions()) {
			t.Errorf("%d buttons on the action bar, %d rows with a label", n, len(barActions()))
		}
		for _, ab := range b.panel.actions {
			if ab.W == 0 {
				t.Errorf("%s is not on the action bar during an activation", ab.Label)
			}
			if ab.Key != want[ab.key] {
				t.Errorf("the %s button says %q, want %q", ab.Label, ab.Key, want[ab.key])
			}
		}
		// The hints the battle writes name the keys in force.
		h.app.Feed(Input{Keys: keys(KeyDiceAnim)})
	})
	frames(2)
	onLoop(func() {
		if s := b.t.Status; !strings.Contains(s, "("+want[KeyDiceAnim]+" turns them") {
			t.Errorf("the dice animation's toggle says %q, not its key %s", s, want[KeyDiceAnim])
		}
		b.t.Do(table.ActTape)
		if s := b.t.Status; !strings.Contains(s, want[KeyTape]+" or Esc puts it away") {
			t.Errorf("the tape's hint says %q, not its key %s", s, want[KeyTape])
		}
		b.t.Do(table.ActTape)
		// The Keys page of the menu.
		b.menu = newEscMenu(h.app, b)
		b.menu.page = pageKeys
	})
	frames(2)
	onLoop(func() {
		for i, k := range bindable {
			if got := b.menu.keys[i].Key; got != want[k.key] {
				t.Errorf("the Keys page shows %s for %s, want %s", got, k.name, want[k.key])
			}
		}
		b.menu = nil
		// An Overwatch interrupt: the Hold fire button and the prompt.
		noMatchInProgress()
		var err error
		if b, err = newShowcaseBattle(h.app); err != nil {
			t.Fatal(err)
		}
		b.tray.instant = true
		if _, err = b.stageShowcase(h.app, "overwatch"); err != nil {
			t.Fatal(err)
		}
		h.app.Goto(b)
	})
	frames(3)
	img := capture(t)
	onLoop(func() {
		if b.panel.hold.W == 0 || b.panel.hold.Key != want[KeyHold] {
			t.Errorf("the Hold fire button (width %.0f) says %q, want %q", b.panel.hold.W, b.panel.hold.Key, want[KeyHold])
		}
		found := false
		for _, l := range b.t.View().Info {
			if strings.Contains(l.Text, " holds") || strings.Contains(l.Text, "hold (") {
				found = true
				if !strings.Contains(l.Text, want[KeyHold]) || strings.Contains(l.Text, "H holds") || strings.Contains(l.Text, "(H)") {
					t.Errorf("the overwatcher's prompt says %q, want the key %s", l.Text, want[KeyHold])
				}
			}
		}
		if !found {
			t.Errorf("no prompt names the key to hold: %+v", b.t.View().Info)
		}
		h.app.Goto(newTitle(h.app))
	})
	if dir := os.Getenv("COWPOKE_SHOTS"); dir != "" {
		savePNG(t, filepath.Join(dir, "rebound-hold.png"), img)
	}
}

// savePNG writes a capture for a person to look at.
func savePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Error(err)
	}
}
