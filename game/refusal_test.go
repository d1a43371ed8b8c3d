package game

import (
	"errors"
	"fmt"
	"testing"
)

// TestRefusalsReadAsErrorf checks that a refusal, put into words only when
// read, reads exactly as fmt.Errorf with the same format and arguments, for
// every number of arguments and every kind (a word, a length, an error's
// words, an empty word, a zero length).
func TestRefusalsReadAsErrorf(t *testing.T) {
	cases := []struct {
		format string
		args   []reasonArg
		want   []any
	}{
		{"no model is activating", nil, nil},
		{"%s has no action points left", []reasonArg{word("Hale")}, []any{"Hale"}},
		{"%s can go %s; that spot is %s away", []reasonArg{word("Pike"), inches(6), inches(9.25)}, []any{"Pike", inchesText(6), inchesText(9.25)}},
		{"%s cannot go there: %s", []reasonArg{word("Jack"), cause(errors.New("no path there"))}, []any{"Jack", "no path there"}},
		{"%s: %s %s %s", []reasonArg{word(""), inches(0), word("x"), cause(fmt.Errorf("wrapped: %w", errors.New("inner")))}, []any{"", inchesText(0), "x", "wrapped: inner"}},
	}
	for _, c := range cases {
		got := reasonf(c.format, c.args...).Error()
		if want := fmt.Errorf(c.format, c.want...).Error(); got != want {
			t.Errorf("%q with %d arguments reads %q, fmt.Errorf gives %q", c.format, len(c.args), got, want)
		}
	}
}
