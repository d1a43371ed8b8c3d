// Package words holds the bits of plain English that the program's
// player-facing text shares: the noun that goes with a count, a list as a
// sentence says it, and Plain, which takes rule codes and raw coordinates
// out of the engine's sentences before a player reads them.
package words

import "strconv"

// Plural is one when n is 1, else many: Plural(3, "die", "dice") is "dice".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count is n and its noun: Count(1, "die", "dice") is "1 die", Count(0,
// "match", "matches") is "0 matches".
func Count(n int, one, many string) string { return strconv.Itoa(n) + " " + Plural(n, one, many) }
