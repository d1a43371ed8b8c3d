package words

import "testing"

func TestCountTakesTheRightNoun(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 dice"}, {1, "1 die"}, {2, "2 dice"}, {-1, "-1 dice"}} {
		if got := Count(c.n, "die", "dice"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	if Plural(1, "match", "matches") != "match" || Plural(5, "match", "matches") != "matches" {
		t.Error("Plural picks the wrong noun")
	}
}
