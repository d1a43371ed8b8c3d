package scene

// idleDemoCursor reports a mouse left resting on the demo's table: the
// demo then draws no range line or preview to it (nobody is pointing), as
// it does again once the mouse moves.
func (b *battle) idleDemoCursor(a *App) bool {
	return b.demo != nil && a.quiet > 60 && b.stage == nil
}
