package sim

import (
	"slices"
	"time"
)

// runClock estimates the time a round robin has left. Its runs (a pair on
// a map) differ in pace by a hundred times and more (a match with hard in
// it takes seconds, one of random against easy a fiftieth of one), so the
// mean pace of the matches played so far, which the progress line would
// divide by, says "a minute left" when an hour is. Each run left is
// costed instead at the pace of its own pair where the pair has played,
// else at the mean pace of its two players in the pairs they have played
// (a match's time is mostly its two players' decisions), else at the mean
// pace so far.
type runClock struct {
	players [][2]int        // each run's two entrants
	total   []int           // each run's matches (in this slice)
	done    []int           // each run's matches played
	spent   []time.Duration // each run's wall time so far
}

// add appends a run of matches between entrants a and b.
func (c *runClock) add(a, b, matches int) {
	c.players = append(c.players, [2]int{a, b})
	c.total = append(c.total, matches)
	c.done = append(c.done, 0)
	c.spent = append(c.spent, 0)
}

// played records that run j has played done matches in spent.
func (c *runClock) played(j, done int, spent time.Duration) { c.done[j], c.spent[j] = done, spent }

// left is the estimate of the time left, and the entrants with matches
// still to play who have not played one yet (whose pace it cannot know,
// so the estimate may fall short by their share). left is 0 before any
// match is played.
func (c *runClock) left() (left time.Duration, notYet []int) {
	type pace struct {
		spent time.Duration
		done  int
	}
	pairs := map[[2]int]pace{}
	players := map[int]pace{}
	var all pace
	for j, pl := range c.players {
		if c.done[j] == 0 {
			continue
		}
		p := pairs[pl]
		pairs[pl] = pace{p.spent + c.spent[j], p.done + c.done[j]}
		for _, x := range pl {
			p := players[x]
			players[x] = pace{p.spent + c.spent[j], p.done + c.done[j]}
		}
		all = pace{all.spent + c.spent[j], all.done + c.done[j]}
	}
	if all.done == 0 {
		return 0, nil
	}
	perMatch := func(p pace) float64 { return float64(p.spent) / float64(p.done) }
	var total float64
	unseen := map[int]bool{}
	for j, pl := range c.players {
		rest := c.total[j] - c.done[j]
		if rest <= 0 {
			continue
		}
		each := perMatch(all)
		if p, ok := pairs[pl]; ok {
			each = perMatch(p)
		} else {
			sum, known := 0.0, 0
			for _, x := range pl {
				if p, ok := players[x]; ok {
					sum, known = sum+perMatch(p), known+1
				} else {
					unseen[x] = true
				}
			}
			if known > 0 {
				each = sum / float64(known)
			}
		}
		total += each * float64(rest)
	}
	for x := range unseen {
		notYet = append(notYet, x)
	}
	slices.Sort(notYet)
	return time.Duration(total), notYet
}
