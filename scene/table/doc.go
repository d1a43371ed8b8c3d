// Package table is the battle screen's logic without pixels: the camera's
// arithmetic, what is selected, which mode the player is in, and how a
// click or a key becomes a game.Command. It caches what the screen needs
// to draw (move preview, lines of sight, overwatch threats) so that the
// drawing code asks the engine nothing per frame. It imports no Ebitengine,
// so its tests run without a display.
package table
