// Package words holds the bits of plain English that the program's
// player-facing text shares, so every screen and command says a thing the
// same way: the noun that goes with a count ("1 die", "3 dice": Plural and
// Count), and names joined into a list ("Hale, Slim and Curly": List).
//
// It knows nothing of the game; game, game/ai, game/campaign, scene and
// cmd/cowpoke all use it instead of writing their own plurals.
package words
