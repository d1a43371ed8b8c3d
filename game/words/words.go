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
