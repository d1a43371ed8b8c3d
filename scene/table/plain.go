package table

import "cowpoke/game/words"

// Plain turns the engine's words into what a player reads (words.Plain):
// no rule codes, no raw coordinates, "1 die".
func Plain(s string) string { return words.Plain(s) }
