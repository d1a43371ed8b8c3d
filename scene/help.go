package scene

import "github.com/hajimehoshi/ebiten/v2"

// helpLines is every key and mouse action, as the F1 overlay lists them,
// with the keys in force: a key moved in the menu shows under its new
// name. The keys a player may move come from the action table
// (bindable), one line each.
func helpLines(b *Bindings) [][2]string {
	lines := [][2]string{
		{"Left click a model", "select it: its card, rangefinder and lines of sight"},
		{"Left click it again / Enter", "activate it (one of your models that has not acted)"},
		{"Tab", "select the next model that can still act"},
	}
	for _, k := range bindable {
		if k.help != "" {
			lines = append(lines, [2]string{keyName(b[k.key]) + k.how, k.help})
		}
	}
	return append(lines, [][2]string{
		{"1 / 2", "the weapon to use"},
		{"Tab, Enter in a mode", "step through the enemies, act: keys alone"},
		{"Shift+arrows, Enter", "walk the aim point 1/2\" at a time, act there"},
		{"Esc", "cancel the mode; with nothing to cancel, the menu"},
		{"Esc while the computer plays", "pause it"},
		{"Mouse wheel / + -", "zoom around the cursor"},
		{"Right or middle drag", "pan the table"},
		{"Arrows / WASD", "pan the table"},
		{"Home or 0", "fit the whole table in the window"},
		{"Space / click", "skip an animation, show all the dice; Space puts them away"},
		{"Ctrl+Z", "undo, back to the last roll (solo: to your last decision)"},
		{"Enter / " + keyName(b[KeyHold]) + " when asked", "spend a Luck token on this roll / keep it (round effects)"},
		{"Ctrl+S  /  Ctrl+O", "save the match  /  load a match"},
		{"F11", "full screen"},
		{"F1", "this help"},
	}...)
}

// helpRow is one line of the help as laid out: its key, its words
// wrapped to the column (never cut), its column and its top, logical to
// the rows' area (device pixels, unscrolled).
type helpRow struct {
	key   string
	words []string
	col   int
	top   float64
}

// helpView is the help overlay laid out for a screen and a UI scale: the
// box, the rows' area inside it, the rows, and how far they scroll when
// the box cannot hold them all (a large UI scale on a small window).
type helpView struct {
	x, y, w, h   float64 // the box
	areaY, areaH float64 // the rows' area: rows wholly inside it are drawn
	colX         [2]float64
	keyW, rowH   float64
	rows         []helpRow
	contentH     float64
	theme        *Theme
	scrW, scrH   int
	src          [][2]string // the helpText it was made from
	scroll       formScroll
}

// layoutHelp lays the help out (again when the screen, the scale or the
// lines change): in two columns when one would not fit the window's
// height, each line's words wrapped in its column, never cut; the rows
// scroll when even so they are taller than the window.
func layoutHelp(a *App, v *helpView) {
	th := a.Theme
	same := len(v.src) == len(a.helpText) && (len(v.src) == 0 || &v.src[0] == &a.helpText[0])
	if v.theme == th && v.scrW == a.W && v.scrH == a.H && same {
		return
	}
	v.theme, v.scrW, v.scrH, v.src = th, a.W, a.H, a.helpText
	u := th.U
	v.rowH = 21 * u
	colW, gap := v.arrange(a, 1)
	if 100*u+v.contentH > float64(a.H)-20*u { // two columns, if shorter
		one := v.contentH
		if colW, gap = v.arrange(a, 2); v.contentH > one {
			colW, gap = v.arrange(a, 1)
		}
	}
	v.h = min(100*u+v.contentH, float64(a.H)-20*u)
	v.x, v.y = (float64(a.W)-v.w)/2, max(10*u, (float64(a.H)-v.h)/2)
	v.areaY, v.areaH = v.y+60*u, v.h-100*u
	for c := range v.colX {
		v.colX[c] = v.x + 24*u + float64(c)*(colW+gap)
	}
	v.scroll.size(v.contentH, v.areaH)
}

// arrange lays the rows out in cols columns (the box's width, the rows'
// words wrapped to their column and their tops, contentH); it returns a
// column's width and the gap between columns.
func (v *helpView) arrange(a *App, cols int) (colW, gap float64) {
	th := a.Theme
	u := th.U
	lines := a.helpText
	keyW, textW := 0.0, 0.0
	for _, l := range lines {
		keyW = max(keyW, th.width(l[0], th.Bold))
		textW = max(textW, th.width(l[1], th.Body))
	}
	gap = 24 * u
	v.w = min(float64(cols)*(keyW+16*u+textW)+float64(cols-1)*gap+48*u, float64(a.W)-20*u)
	colW = (v.w - 48*u - float64(cols-1)*gap) / float64(cols)
	textW = colW - keyW - 16*u
	v.keyW = keyW
	v.rows = v.rows[:0]
	total := 0.0
	for _, l := range lines {
		words := []string{l[1]}
		if th.width(l[1], th.Body) > textW {
			words = appendWrapped(nil, th, l[1], th.Body, textW, "")
		}
		v.rows = append(v.rows, helpRow{key: l[0], words: words})
		total += float64(len(words)) * v.rowH
	}
	// Columns of about equal height, in reading order.
	col, top, h0 := 0, 0.0, 0.0
	for i := range v.rows {
		r := &v.rows[i]
		if cols == 2 && col == 0 && top > 0 && top+float64(len(r.words))*v.rowH/2 > total/2 {
			col, h0, top = 1, top, 0
		}
		r.col, r.top = col, top
		top += float64(len(r.words)) * v.rowH
	}
	v.contentH = max(h0, top)
	return colW, gap
}

// updateHelp scrolls the help: the wheel, a left drag, Up and Down.
func updateHelp(a *App) {
	layoutHelp(a, &a.helpView)
	a.helpView.scroll.update(&a.In, a.Theme.U)
}

// shown reports whether row i is drawn at the scroll: wholly inside the
// rows' area; its top on the screen.
func (v *helpView) shown(i int) (top float64, ok bool) {
	r := &v.rows[i]
	top = v.areaY + r.top - v.scroll.off
	return top, top >= v.areaY-0.5 && top+float64(len(r.words))*v.rowH <= v.areaY+v.areaH+0.5
}

// drawHelp draws the help overlay over whatever is on screen.
func drawHelp(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	v := &a.helpView
	layoutHelp(a, v)
	x, y, w, h := v.x, v.y, v.w, v.h
	a.ui.rect(0, 0, float32(a.W), float32(a.H), colBlack.alpha(0.55))
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel)
	a.ui.line(float32(x), float32(y), float32(x+w), float32(y), float32(2*u), colGold)
	if s := &v.scroll; s.most > 0 { // the scroll bar
		track := v.areaH
		thumb := track * track / (track + s.most)
		a.ui.rect(float32(x+w-10*u), float32(v.areaY), float32(4*u), float32(track), colPanelHi)
		a.ui.rect(float32(x+w-10*u), float32(v.areaY+(track-thumb)*s.off/s.most), float32(4*u), float32(thumb), colGold.alpha(0.7))
	}
	a.ui.flush(dst)
	th.text(dst, "Controls (to change a key: Esc, Settings, Keys)", th.Head, x+24*u, y+18*u, colPaper, alignLeft)
	for i, r := range v.rows {
		top, ok := v.shown(i)
		if !ok {
			continue
		}
		cx := v.colX[r.col]
		th.text(dst, r.key, th.Bold, cx, top, colGold, alignLeft)
		for k, l := range r.words {
			th.text(dst, l, th.Body, cx+v.keyW+16*u, top+float64(k)*v.rowH, colText, alignLeft)
		}
	}
	foot := "Lawmen: blue bases with a star. Desperados: orange bases with a cross.  F1, Esc or a click closes."
	if v.scroll.most > 0 {
		foot = "The wheel, a drag or Up and Down scroll.  F1, Esc or a click closes."
	}
	th.text(dst, foot, th.Small, x+24*u, y+h-30*u, colTextDim, alignLeft)
}
