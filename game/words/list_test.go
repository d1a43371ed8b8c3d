package words

import "testing"

func TestListJoinsAsASentenceDoes(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"the Lawmen"}, "the Lawmen"},
		{[]string{"the Lawmen", "the Desperados"}, "the Lawmen and the Desperados"},
		{[]string{"A", "B", "C"}, "A, B and C"},
	} {
		if got := List(c.names); got != c.want {
			t.Errorf("List(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}
