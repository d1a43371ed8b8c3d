package scene

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
)

// retype feeds s as typed on a keyboard, a character a frame, after n
// Backspaces, and waits until the loop has read all of it.
func retype(s string, n int) {
	onLoop(func() {
		for range n {
			h.app.Feed(Input{Backspace: true})
		}
		for _, r := range s {
			h.app.Feed(Input{Chars: []rune{r}})
		}
	})
	waitFed()
}

// paste feeds s in one frame, as a fast typist or a paste does.
func paste(s string) { onLoop(func() { h.app.Feed(Input{Chars: []rune(s)}) }); waitFed() }

// pressKey feeds a key intent in one frame.
func pressKey(k Key) { onLoop(func() { h.app.Feed(Input{Keys: keys(k)}) }); waitFed() }

// waitFed waits until every fed input was read, then for two more frames.
func waitFed() {
	for {
		var left int
		onLoop(func() { left = len(h.app.inject) })
		if left == 0 {
			break
		}
		frames(1)
	}
	frames(2)
}

// clickAt feeds a click at a point of the screen (the pointer there, the
// press, the pointer still there), then lets four frames pass.
func clickAt(x, y float64) {
	onLoop(func() { h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true}, Input{X: x, Y: y}) })
	frames(4)
}

// clickButtonOf clicks the centre of the button b returns (read on the
// loop); the test fails if the button is not laid out or not enabled.
func clickButtonOf(t *testing.T, b func() *button) {
	t.Helper()
	var x, y float64
	var ok bool
	onLoop(func() { bb := b(); x, y, ok = bb.X+bb.W/2, bb.Y+bb.H/2, bb.Enabled && bb.W > 0 })
	if !ok {
		t.Fatal("the button is not there or not enabled")
	}
	clickAt(x, y)
}

// openBuilder opens a builder on an empty posses folder, with a new posse
// of the player's shown (one Cowpoke, "Jesse").
func openBuilder(t *testing.T) *builder {
	t.Helper()
	os.RemoveAll(filepath.Join(h.app.Cfg.Data.Dir, "posses"))
	var b *builder
	onLoop(func() {
		noMatchInProgress()
		b = newBuilder(h.app)
		h.app.Goto(b)
	})
	waitFed()
	onLoop(func() { clickOn(&b.newP) })
	waitFed()
	return b
}

// entryOf is the builder's open text entry, or nil.
func entryOf(b *builder) (e *textEntry) { onLoop(func() { e = b.entry }); return e }

// countNear counts the pixels in r near colour c.
func countNear(img *image.RGBA, r image.Rectangle, c rgba) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img, x, y, c, 24) {
				n++
			}
		}
	}
	return n
}

// TestTextEntryNames: a model and a posse named by typing. Names the posse
// rules refuse (a model's name another model has, an empty name, a posse
// name another posse has) keep the entry open with the rules' reason in
// words, drawn in the warning colour; the entry stops at the names' length
// limit; Esc leaves the name as it was; the caret blinks.
func TestTextEntryNames(t *testing.T) {
	b := openBuilder(t)
	onLoop(func() { clickOn(&b.addM) })
	waitFed()
	onLoop(func() { clickOn(&b.rename) })
	waitFed()
	e := entryOf(b)
	if e == nil || e.value() != "Wyatt" || e.title != "Rename Wyatt" {
		t.Fatalf("Rename did not open an entry holding the model's name: %+v", e)
	}
	keepShot(t, capture(t), "builder-rename-open")

	// The first model's name: refused with the rules' reason.
	retype("jesse", len("Wyatt"))
	pressKey(KeyConfirm)
	var refusal string
	onLoop(func() { refusal = e.refusal })
	if entryOf(b) != e || !strings.Contains(refusal, "every model needs a name of its own") {
		t.Fatalf("a name another model has: entry %v, refusal %q", entryOf(b) != nil, refusal)
	}
	if strings.Contains(refusal, "unique names") || strings.ContainsAny(refusal[:1], "abcdefghijklmnopqrstuvwxyz") {
		t.Errorf("the refusal is not a plain sentence: %q", refusal)
	}
	img := capture(t)
	keepShot(t, img, "builder-name-refused")
	var box image.Rectangle
	onLoop(func() {
		u := h.app.Theme.U
		box = image.Rect(int(e.x+30*u), int(e.y+62*u+36*u+28*u), int(e.x+e.w-30*u), int(e.y+62*u+36*u+46*u))
	})
	if n := countNear(img, box, colBad); n < 40 {
		t.Errorf("the refusal is not drawn in the warning colour under the field: %d pixels in %v", n, box)
	}

	// The length limit, then Esc: the name stays.
	retype(strings.Repeat("x", game.MaxNameRunes+10), len("jesse"))
	onLoop(func() { refusal = e.refusal })
	if n := len([]rune(e.value())); n != game.MaxNameRunes || !strings.Contains(refusal, "At most 60 characters") {
		t.Fatalf("typing past the limit: %d characters kept, refusal %q", n, refusal)
	}
	pressKey(KeyCancel)
	var name string
	onLoop(func() { name = b.current().spec.Models[1].Name })
	if entryOf(b) != nil || name != "Wyatt" {
		t.Fatalf("Esc: entry still open %v, name %q", entryOf(b) != nil, name)
	}

	// A name of its own, typed: taken and saved.
	onLoop(func() { clickOn(&b.rename) })
	waitFed()
	e = entryOf(b)
	retype("Doc Holliday", 0) // the name opened with is selected: typing replaces it
	// The caret blinks: drawn just after a keystroke, gone half a period on.
	var cx, cy int
	onLoop(func() {
		u := h.app.Theme.U
		cx = int(e.x + 30*u + 10*u + h.app.Theme.width("Doc Holliday", h.app.Theme.Body) + 2*u)
		cy = int(e.y + 62*u + 18*u)
	})
	// (The loop may run several updates to a drawn frame under load: the
	// blink's phase is set on the frame the capture is asked.)
	captureAt := func(phase int) *image.RGBA {
		got := make(chan *image.RGBA, 1)
		onLoop(func() {
			e.frame = phase
			h.app.Capture(func(img *image.RGBA) { got <- img })
		})
		return <-got
	}
	shown := near(captureAt(0), cx, cy, colPaper, 30)
	hidden := !near(captureAt(caretPeriod+caretPeriod/2), cx, cy, colPaper, 30)
	if !shown || !hidden {
		t.Errorf("the caret at (%d, %d): drawn after a keystroke %v, gone half a blink later %v", cx, cy, shown, hidden)
	}
	pressKey(KeyConfirm)
	var spec game.PosseSpec
	var file, label string
	onLoop(func() { spec, file, label = b.current().spec, b.current().file, b.modelBtns[1].Label })
	if entryOf(b) != nil || spec.Models[1].Name != "Doc Holliday" || label != "Doc Holliday (greenhorn)" {
		t.Fatalf("the typed name was not taken: %q, button %q", spec.Models[1].Name, label)
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), `"name": "Doc Holliday"`) {
		t.Fatalf("the name is not in the posse file: %v %s", err, data)
	}

	// The posse: an empty name and a shipped posse's name are refused.
	onLoop(func() { clickOn(&b.renameP) })
	waitFed()
	e = entryOf(b)
	onLoop(func() { clickOn(&e.field) }) // a click in the field: edit at the end
	waitFed()
	retype("!", 0)
	if v := e.value(); v != "New Posse!" {
		t.Fatalf("typing after a click in the field: %q", v)
	}
	retype("", len("New Posse!"))
	pressKey(KeyConfirm)
	onLoop(func() { refusal = e.refusal })
	if refusal != "The posse's name is empty." {
		t.Errorf("an empty posse name: refusal %q", refusal)
	}
	retype("lawmen", 0)
	pressKey(KeyConfirm)
	onLoop(func() { refusal = e.refusal })
	if !strings.Contains(refusal, "Another posse is already called lawmen") {
		t.Errorf("a shipped posse's name: refusal %q", refusal)
	}
	retype("Dust Devils", len("lawmen"))
	pressKey(KeyConfirm)
	onLoop(func() { name = b.current().spec.Name })
	if entryOf(b) != nil || name != "Dust Devils" {
		t.Fatalf("the posse's typed name was not taken: %q", name)
	}
}

// rectAt is the rectangle of size w x h at (x, y).
func rectAt(x, y, w, h int) image.Rectangle { return image.Rect(x, y, x+w, y+h) }
