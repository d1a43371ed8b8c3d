package words

import (
	"strconv"
	"unicode"
)

// Safe is how every file name and every string a user wrote reaches a
// terminal: as it is when it is plain printable text, else quoted like a Go
// string, so that a control character (an escape sequence, a newline that
// would forge a line of output), a bidirectional override such as U+202E,
// any other invisible formatting character or a byte that is not UTF-8
// shows as an escape and does nothing. Ordinary names stay readable:
// Safe("Dry Gulch.json") is unchanged, Safe("a\nb") is `"a\nb"`.
func Safe(s string) string {
	if s == "" {
		return `""`
	}
	for _, r := range s {
		if r == unicode.ReplacementChar || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
