package board

import "testing"

// The maps' letters that tell barrels and crates apart are not said to a
// player; other names are kept whole.
func TestSpokenNameDropsTheMapsLetters(t *testing.T) {
	for _, c := range []struct {
		f    Feature
		want string
	}{
		{Feature{Kind: Barrel, Name: "barrel B"}, "barrel"},
		{Feature{Kind: Crate, Name: "crate c"}, "crate"},
		{Feature{Kind: Crate, Name: "crate 2"}, "crate"},
		{Feature{Kind: Wagon, Name: "Hank's wagon"}, "Hank's wagon"},
		{Feature{Kind: Door, Name: "Station door"}, "Station door"},
		{Feature{Kind: Well, Name: "water tower"}, "water tower"},
		{Feature{Kind: HayBale}, "hay bale"},
		{Feature{Kind: HayBale, Name: "hay bale"}, "hay bale"},
		{Feature{Kind: Barrel, Name: "barrel AB"}, "barrel AB"},
	} {
		if got := c.f.SpokenName(); got != c.want {
			t.Errorf("%q (%s) is said %q, want %q", c.f.Name, c.f.Kind, got, c.want)
		}
	}
}
