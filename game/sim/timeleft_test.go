package sim

import (
	"context"
	"slices"
	"testing"
	"time"
)

// The estimate costs each run left at its own pair's pace, not at the mean
// pace: a ladder whose cheap pairs came first does not say "a minute
// left" when the slow player's hour is still to come.
func TestRunClockCostsEachPairAtItsPace(t *testing.T) {
	c := &runClock{}
	c.add(0, 1, 100) // random against easy: a tenth of a second a match
	c.add(0, 2, 100) // random against hard: ten seconds
	c.add(1, 2, 100) // easy against hard, not begun
	c.add(0, 1, 100) // random against easy again, on another map
	if left, _ := c.left(); left != 0 {
		t.Fatalf("before any match: %v left, want 0 (not known)", left)
	}
	c.played(0, 100, 10*time.Second)
	left, notYet := c.left()
	if !slices.Equal(notYet, []int{2}) {
		t.Errorf("the third player, who has not played: %v, want [2]", notYet)
	}
	// Every run left at the only pace known, a tenth of a second (hard's
	// is not known: it is named).
	if want := 30 * time.Second; left != want {
		t.Errorf("after the first run: %v left, want %v", left, want)
	}
	c.played(1, 10, 100*time.Second)
	left, notYet = c.left()
	if len(notYet) != 0 {
		t.Errorf("everyone has played, yet %v have not", notYet)
	}
	// 90 more at 10 s; the last run at its pair's 0.1 s; easy against hard,
	// not begun, as the sum of the two players' shares: random and easy
	// take 0.1 s between them and random and hard 10 s, so easy and hard
	// 9.9 to 10.1 s (the mean of the two players' paces, 5 s, would give
	// a quarter of an hour too little).
	lo := 900*time.Second + 100*9900*time.Millisecond + 10*time.Second
	hi := 900*time.Second + 100*10100*time.Millisecond + 10*time.Second
	if left < lo || left > hi {
		t.Errorf("part way through the slow run: %v left, want %v to %v", left, lo, hi)
	}
	c.played(1, 100, 1000*time.Second)
	c.played(2, 100, 1000*time.Second)
	c.played(3, 100, 10*time.Second)
	if left, _ := c.left(); left != 0 {
		t.Errorf("at the end: %v left, want 0", left)
	}
}

// A round robin's progress carries the estimate and names who has not
// played yet; by the last match no one is left out and nothing is left.
func TestRoundRobinProgressSaysWhoHasNotPlayed(t *testing.T) {
	cfg := sliceTestConfigs(t)["ladder"]
	cfg.Matches = 4
	var seen []Progress
	cfg.Progress = func(p Progress) { seen = append(seen, p) }
	if _, err := PlayRoundRobin(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no progress told")
	}
	first, last := seen[0], seen[len(seen)-1]
	if !slices.Equal(first.NotYet, []string{"third"}) || first.Left <= 0 {
		t.Errorf("after the first match: left %v, not yet played %v; want a time and [third]", first.Left, first.NotYet)
	}
	if last.Done != last.Total || len(last.NotYet) != 0 || last.Left != 0 {
		t.Errorf("after the last match: %d of %d, left %v, not yet played %v", last.Done, last.Total, last.Left, last.NotYet)
	}
}
