package scene

import "github.com/hajimehoshi/ebiten/v2"

// helpLines is every key and mouse action, as the F1 overlay lists them,
// with the keys in force: a key moved in the menu shows under its new
// name.
func helpLines(b *Bindings) [][2]string {
	k := func(key Key) string { return keyName(b[key]) }
	return [][2]string{
		{"Left click a model", "select it: its card, rangefinder and lines of sight"},
		{"Left click it again / Enter", "activate it (one of your models that has not acted)"},
		{"Tab", "select the next model that can still act"},
		{k(KeyMove) + ", then left click", "Move (1 AP) to the point, or into contact with a model"},
		{k(KeyRun) + ", then left click", "Run (2 AP): the 2D6 roll first, then choose the path"},
		{k(KeyFace) + ", then left click", "Face the point or model (free)"},
		{k(KeyShoot) + " / " + k(KeyAim) + " / " + k(KeyBlaze) + ", then click an enemy", "Shoot, Aim, Blaze Away (hover: the pool and odds)"},
		{k(KeyThrow) + " / " + k(KeyOverwatch) + ", then click a spot", "Throw Dynamite; Overwatch (point or drag the arc)"},
		{k(KeyBrawl) + " / " + k(KeyInteract) + " / " + k(KeyReload), "Brawl (click to order the bouts), Interact, Reload"},
		{"1 / 2", "the weapon to use"},
		{"Tab, Enter in a mode", "step through the enemies, act: keys alone"},
		{"Shift+arrows, Enter in a mode", "walk the aim point 1/2\" at a time, act there: keys alone"},
		{k(KeyEnd), "End the activation"},
		{"Enter / " + k(KeyHold), "an overwatcher fires (at the suggestion) / holds"},
		{k(KeyDiceAnim), "dice and move animations on or off"},
		{"Esc", "cancel the mode; with nothing to cancel, the menu (settings, keys, rules)"},
		{k(KeyTape) + ", then two clicks", "tape measure between any two points (from a model: sight and cover)"},
		{"Mouse wheel / + -", "zoom around the cursor"},
		{"Right or middle drag", "pan the table"},
		{"Arrows / WASD", "pan the table"},
		{"Home or 0", "fit the whole table in the window"},
		{k(KeyGrid), "show or hide the 1\" grid"},
		{k(KeyReach), "the reach: the chosen model's weapon's range bands, with their dice"},
		{"Space / click", "skip an animation, show all the dice; Space puts them away"},
		{"Ctrl+Z", "undo, back to the last roll (solo: to your last decision)"},
		{k(KeyWhy) + " / Esc while the computer plays", "what it weighed, on the table / pause it"},
		{k(KeyRefocus), "Refocus (card stacks: restack the cards, 1 AP)"},
		{"Enter / " + k(KeyHold) + " when asked", "spend a Luck token on this roll / keep it (round effects)"},
		{"Ctrl+S  /  Ctrl+O", "save the match  /  load a match"},
		{"F11", "full screen"},
		{"F1", "this help"},
	}
}

// drawHelp draws the help overlay over whatever is on screen.
func drawHelp(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	lines := a.helpText
	w, h := 760*u, (100+float64(len(lines))*21)*u
	x, y := (float64(a.W)-w)/2, (float64(a.H)-h)/2
	a.ui.rect(0, 0, float32(a.W), float32(a.H), colBlack.alpha(0.55))
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel)
	a.ui.line(float32(x), float32(y), float32(x+w), float32(y), float32(2*u), colGold)
	a.ui.flush(dst)
	th.text(dst, "Controls (to change a key: Esc, Settings, Keys)", th.Head, x+24*u, y+18*u, colPaper, alignLeft)
	for i, l := range lines {
		ly := y + (60+float64(i)*21)*u
		th.text(dst, l[0], th.Bold, x+24*u, ly, colGold, alignLeft)
		th.text(dst, l[1], th.Body, x+290*u, ly, colText, alignLeft)
	}
	th.text(dst, "Lawmen: blue bases with a star. Desperados: orange bases with a cross.  F1, Esc or a click closes.", th.Small, x+24*u, y+h-30*u, colTextDim, alignLeft)
}
