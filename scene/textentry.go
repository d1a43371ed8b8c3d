package scene

import (
	"fmt"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// textEntry is one line of text the player types, the way desktop games
// take a name: the characters typed (Input.Chars, in the keyboard layout's
// translation), Backspace (held, it repeats), Enter or OK to confirm, Esc
// or Cancel to give up, a blinking caret at the end. The text it opens
// with is selected, as in a desktop program's rename: the first key typed
// replaces it, Backspace clears it, a click in the field keeps it to edit
// at its end. It stops at max characters and takes printable characters
// only. It is drawn as a dialog over the screen and takes all input while
// open. The scene that opened it checks the text on Enter and closes it,
// or keeps it open with the reason (refuse).
type textEntry struct {
	title    string // "Name the posse"
	hint     string // one line under the field
	text     []rune
	max      int    // characters
	refusal  string // why the last Enter was refused, or why a key did nothing
	selected bool   // the text opened with is selected: typing replaces it
	frame    int    // frames since the last keystroke: the caret blinks from it

	ok, cancel button
	field      button  // the field's rectangle, for a click in it
	x, y, w, h float64 // the dialog, laid out by update

	shownFor string  // the text shown was cut from (tail)
	shownW   float64 // and the width it was cut to
	shown    string  // the end of the text that fits the field
}

// entryState is what a frame of typing came to.
type entryState int

const (
	entryOpen      entryState = iota // still typing
	entryConfirmed                   // Enter or OK: the scene checks value()
	entryCancelled                   // Esc or Cancel: the scene closes it
)

// caretPeriod is the caret's blink, in frames: shown, then hidden, as long.
const caretPeriod = 32

func newTextEntry(title, hint, text string, max int) *textEntry {
	r := []rune(text)
	if len(r) > max {
		r = r[:max]
	}
	return &textEntry{title: title, hint: hint, text: r, max: max, selected: len(r) > 0,
		ok:     button{Label: "OK", Key: "Enter", Enabled: true},
		cancel: button{Label: "Cancel", Key: "Esc", Enabled: true}}
}

// value is the text typed.
func (e *textEntry) value() string { return string(e.text) }

// refuse keeps the entry open with the reason the text was not taken.
func (e *textEntry) refuse(why string) { e.refusal = why }

// layout places the dialog in the middle of the screen.
func (e *textEntry) layout(a *App) {
	u := a.Theme.U
	e.w, e.h = min(760*u, float64(a.W)-40*u), 236*u
	e.x, e.y = float64(a.W)/2-e.w/2, float64(a.H)/2-e.h/2
	e.field = button{X: e.x + 30*u, Y: e.y + 62*u, W: e.w - 60*u, H: 36 * u}
	e.ok.place(e.x+e.w-360*u, e.y+e.h-60*u, 160*u, 40*u)
	e.cancel.place(e.x+e.w-190*u, e.y+e.h-60*u, 160*u, 40*u)
}

// update reads a frame of typing and takes all the input.
func (e *textEntry) update(a *App) entryState {
	e.layout(a)
	in := &a.In
	defer in.consume()
	e.frame++
	switch {
	case in.Pressed(KeyCancel) || e.cancel.clicked(in):
		return entryCancelled
	case in.Pressed(KeyConfirm) || e.ok.clicked(in):
		return entryConfirmed
	}
	if in.Click && e.field.hover(in) {
		e.selected = false
	}
	if e.selected && (in.Backspace || len(in.Chars) > 0) {
		e.text, e.selected, e.frame, e.refusal = e.text[:0], false, 0, ""
		in.Backspace = false // the selection is what it deletes
	}
	if in.Backspace && len(e.text) > 0 {
		e.text = e.text[:len(e.text)-1]
		e.frame, e.refusal = 0, ""
	}
	for _, r := range in.Chars {
		if !unicode.IsPrint(r) {
			continue
		}
		if len(e.text) >= e.max {
			e.refusal = fmt.Sprintf("At most %d characters.", e.max)
			break
		}
		e.text = append(e.text, r)
		e.frame, e.refusal = 0, ""
	}
	return entryOpen
}

// caretShown reports whether the caret is drawn this frame: always just
// after a keystroke, then blinking.
func (e *textEntry) caretShown() bool { return e.frame/caretPeriod%2 == 0 }

// tail is the end of the text that fits in w pixels: the caret stays in
// sight as a long path is typed. Worked out again only when the text or
// the width changes.
func (e *textEntry) tail(th *Theme, w float64) string {
	s := string(e.text)
	if s == e.shownFor && w == e.shownW {
		return e.shown
	}
	e.shownFor, e.shownW, e.shown = s, w, s
	if th.width(s, th.Body) > w {
		r := e.text
		lo, hi := 0, len(r) // the fewest runes to drop, by bisection
		for lo < hi {
			mid := (lo + hi) / 2
			if th.width("…"+string(r[mid:]), th.Body) <= w {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		e.shown = "…" + string(r[lo:])
	}
	return e.shown
}

func (e *textEntry) draw(a *App, dst *ebiten.Image) {
	e.layout(a)
	th := a.Theme
	u := th.U
	fu := float32(u)
	dialogFrame(a, e.x, e.y, e.w, e.h)
	fx, fy, fw, fh := e.field.X, e.field.Y, e.field.W, e.field.H
	a.ui.rect(float32(fx), float32(fy), float32(fw), float32(fh), colBlack.alpha(0.45))
	edge := colGold.alpha(0.8)
	a.ui.line(float32(fx), float32(fy+fh), float32(fx+fw), float32(fy+fh), 2*fu, edge)
	shown := e.tail(th, fw-24*u)
	cx := fx + 10*u + th.width(shown, th.Body)
	if e.selected {
		a.ui.rect(float32(fx+8*u), float32(fy+6*u), float32(cx-fx-6*u), float32(fh-12*u), colGold.alpha(0.35))
	}
	if e.caretShown() {
		a.ui.rect(float32(cx+1*u), float32(fy+7*u), 2*fu, float32(fh-14*u), colPaper)
	}
	a.ui.flush(dst)
	th.text(dst, e.title, th.Head, e.x+30*u, e.y+22*u, colPaper, alignLeft)
	th.text(dst, shown, th.Body, fx+10*u, fy+9*u, colText, alignLeft)
	th.text(dst, fmt.Sprintf("%d of %d characters", len(e.text), e.max), th.Small, fx+fw, fy+fh+8*u, colTextDim, alignRight)
	y := fy + fh + 8*u
	if e.hint != "" {
		th.text(dst, th.clipped(e.hint, th.Small, fw-150*u), th.Small, fx, y, colTextDim, alignLeft)
	}
	if e.refusal != "" {
		for i, line := range wrapText(th, e.refusal, th.Body, fw) {
			if i == 2 {
				break
			}
			th.text(dst, th.clipped(line, th.Body, fw), th.Body, fx, y+22*u+float64(i)*19*u, colBad, alignLeft)
		}
	}
	drawButtons(a, dst, &e.ok, &e.cancel)
}

// dialogFrame queues a dialog's box over the dimmed screen: its shadow,
// the panel and a gold edge on top (drawn at the batch's next flush).
func dialogFrame(a *App, x, y, w, h float64) {
	u := float32(a.Theme.U)
	a.ui.rect(0, 0, float32(a.W), float32(a.H), colBlack.alpha(0.55))
	a.ui.rect(float32(x)+3*u, float32(y)+4*u, float32(w), float32(h), colBlack.alpha(0.4))
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel)
	a.ui.line(float32(x), float32(y), float32(x+w), float32(y), u, colGold.alpha(0.7))
}
