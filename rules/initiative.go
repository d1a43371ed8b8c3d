package rules

import (
	"fmt"
	"sort"
)

// Initiative draws for the three methods of chapter 3.2. Players are
// numbered from 0 in seating order; each draw returns the order in which
// the players take their turns this Game Turn, and what was drawn or rolled
// so a screen can show it.

// CardDraw is Method A: one card per player, shuffled and flipped one by one
// (R33). Order[i] is the player whose card was flipped i-th.
type CardDraw struct {
	Order []int
}

// DrawCards shuffles one card per player (Fisher-Yates on src).
func DrawCards(src Source, players int) (CardDraw, error) {
	if players < 1 {
		return CardDraw{}, fmt.Errorf("the Draw needs at least one player, not %d", players)
	}
	order := make([]int, players)
	for i := range order {
		order[i] = i
	}
	for i := players - 1; i > 0; i-- {
		j := src.Intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	return CardDraw{Order: order}, nil
}

// CoinFlip is Method B: one D6; even, player 1 (index 0) goes first; odd,
// player 2 (index 1). Only for two players (R33).
type CoinFlip struct {
	Die   int
	Order []int
}

// FlipCoin rolls Method B's die.
func FlipCoin(src Source) CoinFlip {
	d := D6(src)
	if d%2 == 0 {
		return CoinFlip{Die: d, Order: []int{0, 1}}
	}
	return CoinFlip{Die: d, Order: []int{1, 0}}
}

// StandoffRoll is one die of Method C.
type StandoffRoll struct {
	Round  int // 1 for the first roll-off, 2 for the first reroll, ...
	Player int
	Die    int
}

// Standoff is Method C: every player rolls 1D6; highest goes first, and
// ties are rerolled among the tied players only (R33), as often as needed.
type Standoff struct {
	Rolls []StandoffRoll
	Order []int
}

// RollStandoff rolls Method C for the given number of players. The order
// is settled from the top: tied players reroll among themselves to settle
// their places, and nobody else rolls again.
func RollStandoff(src Source, players int) (Standoff, error) {
	if players < 1 {
		return Standoff{}, fmt.Errorf("the Standoff needs at least one player, not %d", players)
	}
	var s Standoff
	group := make([]int, players)
	for i := range group {
		group[i] = i
	}
	s.order(src, group, 1)
	return s, nil
}

// order settles the places of one group of players tied so far.
func (s *Standoff) order(src Source, group []int, round int) {
	if len(group) == 1 {
		s.Order = append(s.Order, group[0])
		return
	}
	dice := make(map[int]int, len(group))
	for _, p := range group {
		d := D6(src)
		dice[p] = d
		s.Rolls = append(s.Rolls, StandoffRoll{Round: round, Player: p, Die: d})
	}
	sorted := append([]int(nil), group...)
	sort.SliceStable(sorted, func(i, j int) bool { return dice[sorted[i]] > dice[sorted[j]] })
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && dice[sorted[j]] == dice[sorted[i]] {
			j++
		}
		s.order(src, sorted[i:j], round+1)
		i = j
	}
}
