// Package words holds the bits of plain English that the program's
// player-facing text shares, so every screen and command says a thing the
// same way: the noun that goes with a count ("1 die", "3 dice": Plural and
// Count), names joined into a list ("Hale, Slim and Curly": List), and
// Plain, which takes rule codes and raw coordinates out of the engine's
// sentences before a player reads them; Safe quotes a file name or a
// player's words for a terminal, so a control character in a name can
// never forge a line.
//
// It knows nothing of the game; game, game/ai, game/campaign, scene and
// cmd/cowpoke all use it instead of writing their own plurals.
package words
