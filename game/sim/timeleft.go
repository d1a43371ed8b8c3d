package sim

import (
	"slices"
	"time"
)

// runClock estimates the time a round robin has left. Its runs (a pair on
// a map) differ in pace by a hundred times and more (a match with hard in
// it takes half a minute, one of random against easy a fiftieth of a
// second), so the mean pace of the matches played so far, which the
// progress line would divide by, says "a minute left" when an hour is.
// Each run left is costed instead at the pace of its own pair where the
// pair has played; else as the sum of its two players' shares, a match's
// time being mostly its two players' decisions (each player's share
// fitted to the pairs played: shares); else at the mean pace so far.
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

// pace is the matches a pair has played and the time they took.
type pace struct {
	spent time.Duration
	done  int
}

func (p pace) each() float64 { return float64(p.spent) / float64(p.done) }

// left is the estimate of the time left, and the entrants with matches
// still to play who have not played one yet (whose pace it cannot know,
// so the estimate may fall short by their share). left is 0 before any
// match is played.
func (c *runClock) left() (left time.Duration, notYet []int) {
	pairs := map[[2]int]pace{}
	var all pace
	for j, pl := range c.players {
		if c.done[j] > 0 {
			p := pairs[pl]
			pairs[pl] = pace{p.spent + c.spent[j], p.done + c.done[j]}
			all = pace{all.spent + c.spent[j], all.done + c.done[j]}
		}
	}
	if all.done == 0 {
		return 0, nil
	}
	share := shares(pairs)
	var total float64
	unseen := map[int]bool{}
	for j, pl := range c.players {
		rest := c.total[j] - c.done[j]
		if rest <= 0 {
			continue
		}
		each := all.each()
		if p, ok := pairs[pl]; ok {
			each = p.each()
		} else {
			a, aok := share[pl[0]]
			b, bok := share[pl[1]]
			switch {
			case aok && bok:
				each = a + b
			case !aok && !bok:
				unseen[pl[0]], unseen[pl[1]] = true, true
			case aok:
				each, unseen[pl[1]] = max(each, a), true
			default:
				each, unseen[pl[0]] = max(each, b), true
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

// shares fits each player's share of a match's time, so that a pair's
// pace is near the sum of its two players' shares (least squares weighted
// by matches, shares at least 0, by coordinate descent from half the mean
// pace of each player's pairs). With fewer pairs than players the fit is
// not unique, but the sums for pairs of players who have played are all
// near alike: a slow player's share is near the pace of its pairs, a fast
// one's near zero.
func shares(pairs map[[2]int]pace) map[int]float64 {
	type seen struct {
		other int
		p     pace
	}
	by := map[int][]seen{}
	var order []int
	for pl, p := range pairs {
		for i, x := range pl {
			if by[x] == nil {
				order = append(order, x)
			}
			by[x] = append(by[x], seen{pl[1-i], p})
		}
	}
	slices.Sort(order) // a fixed order of descent: the same estimate every time
	share := map[int]float64{}
	for _, x := range order {
		sum, n := 0.0, 0
		for _, s := range by[x] {
			sum, n = sum+s.p.each()*float64(s.p.done), n+s.p.done
		}
		share[x] = sum / float64(n) / 2
	}
	for range 100 {
		for _, x := range order {
			sum, n := 0.0, 0
			for _, s := range by[x] {
				sum, n = sum+(s.p.each()-share[s.other])*float64(s.p.done), n+s.p.done
			}
			share[x] = max(0, sum/float64(n))
		}
	}
	return share
}
