package scene

// The UI scale ("Size of the words and buttons", 75% to 150%) multiplies
// Theme.U; the screen stays the window's size (App.LayoutF), so a larger
// scale leaves less room in logical pixels. These helpers keep the battle
// screen laid out whatever the scale.

// unfitted reports whether the table must be fitted to its viewport
// again: the first frame, a new window size or a new UI scale.
func (b *battle) unfitted(a *App) bool {
	return !b.fitted || a.W != b.lastW || a.H != b.lastH || a.Theme.U != b.lastU
}

// relayout keeps the table and the panel laid out for the screen's size
// and scale while a menu holds the input (the settings change the scale
// under it, and the battle behind is drawn with the new one).
func (b *battle) relayout(a *App) {
	if b.unfitted(a) {
		b.fit(a)
	}
	b.panel.layout(a, b)
}

// shortPanel reports whether the side panel is too short for the readout
// and the combat log to have a place each (a large UI scale on a small
// window): the log then starts under whatever the readout wrote.
func shortPanel(a *App) bool { return float64(a.H)/a.Theme.U < pLog+120 }

// logTop is the combat log's top in logical pixels, given where the
// readout ended (logical pixels).
func logTop(a *App, measuresEnd float64) float64 {
	if !shortPanel(a) {
		return pLog
	}
	return max(pMeasure, measuresEnd+6)
}

// measuresBottom is the lowest line the readout may start, logical pixels.
func measuresBottom(a *App) float64 {
	if !shortPanel(a) {
		return pLog - 24
	}
	return float64(a.H)/a.Theme.U - 24
}
