package words

import (
	"strings"
	"testing"
)

// Plain names print as they are; anything that could act on a terminal or
// forge a line is escaped, and the result is always one line of printable
// ASCII-or-printable text.
func TestSafeEscapesWhatATerminalWouldObey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"town.tmx", "town.tmx"},
		{"Dry Gulch/posse é.json", "Dry Gulch/posse é.json"},
		{"", `""`},
		{"x\nResult: Lawmen win", `"x\nResult: Lawmen win"`},
		{"\x1b[2J\x1b[31mred", `"\x1b[2J\x1b[31mred"`},
		{"evil\u202Egpj.exe", `"evil\u202egpj.exe"`},
		{"zero\u200bwidth", `"zero\u200bwidth"`},
		{"tab\there", `"tab\there"`},
		{"cr\rover", `"cr\rover"`},
		{"bad\xffutf8", `"bad\xffutf8"`},
		{"nbsp\u00a0", `"nbsp\u00a0"`},
	} {
		got := Safe(c.in)
		if got != c.want {
			t.Errorf("Safe(%q) = %s, want %s", c.in, got, c.want)
		}
		if strings.ContainsAny(got, "\n\r\x1b\u202e") {
			t.Errorf("Safe(%q) = %q still holds a control character", c.in, got)
		}
	}
}
