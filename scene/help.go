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

// drawHelp draws the help overlay over whatever is on screen: in two
// columns when one would not fit the window's height.
func drawHelp(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	lines := a.helpText
	rowH := 21 * u
	cols := 1
	if 100*u+float64(len(lines))*rowH > float64(a.H)-20*u {
		cols = 2
	}
	rows := (len(lines) + cols - 1) / cols
	keyW, textW := 0.0, 0.0
	for _, l := range lines {
		keyW = max(keyW, th.width(l[0], th.Bold))
		textW = max(textW, th.width(l[1], th.Body))
	}
	gap := 24 * u
	w := min(float64(cols)*(keyW+16*u+textW)+float64(cols-1)*gap+48*u, float64(a.W)-20*u)
	colW := (w - 48*u - float64(cols-1)*gap) / float64(cols)
	textW = colW - keyW - 16*u
	h := 100*u + float64(rows)*rowH
	x, y := (float64(a.W)-w)/2, max(0, (float64(a.H)-h)/2)
	a.ui.rect(0, 0, float32(a.W), float32(a.H), colBlack.alpha(0.55))
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel)
	a.ui.line(float32(x), float32(y), float32(x+w), float32(y), float32(2*u), colGold)
	a.ui.flush(dst)
	th.text(dst, "Controls (to change a key: Esc, Settings, Keys)", th.Head, x+24*u, y+18*u, colPaper, alignLeft)
	for i, l := range lines {
		cx := x + 24*u + float64(i/rows)*(colW+gap)
		ly := y + 60*u + float64(i%rows)*rowH
		th.text(dst, l[0], th.Bold, cx, ly, colGold, alignLeft)
		th.text(dst, th.clipped(l[1], th.Body, textW), th.Body, cx+keyW+16*u, ly, colText, alignLeft)
	}
	th.text(dst, "Lawmen: blue bases with a star. Desperados: orange bases with a cross.  F1, Esc or a click closes.", th.Small, x+24*u, y+h-30*u, colTextDim, alignLeft)
}
