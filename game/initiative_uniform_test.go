package game

import (
	"math"
	"testing"

	"cowpoke/rules"
)

// Shuffles, deals and bag draws are uniform: chi-square tests over 10^5
// deals or draws of the real code on the seeded dice, each passing at the
// 1% level (R35-R38).

const uniformTrials = 100_000

// chiSquare is Pearson's statistic of observed counts against expected.
func chiSquare(observed []int, expected []float64) float64 {
	x := 0.0
	for i, o := range observed {
		d := float64(o) - expected[i]
		x += float64(d*d) / expected[i]
	}
	return x
}

// chiSquareCritical1 is the 1% critical value of chi-square with df degrees
// of freedom (Wilson-Hilferty; within 0.5% of the tables from df 3 up).
func chiSquareCritical1(df int) float64 {
	const z = 2.3263478740 // the standard normal's 99th percentile
	k := float64(df)
	a := 2 / (9 * k)
	c := 1 - a + z*math.Sqrt(a)
	return k * c * c * c
}

func checkUniform(t *testing.T, what string, observed []int, expected []float64) {
	t.Helper()
	df := len(observed) - 1
	x, crit := chiSquare(observed, expected), chiSquareCritical1(df)
	if x > crit {
		t.Errorf("%s: chi-square %.1f > %.1f (df %d, 1%%)", what, x, crit, df)
	}
	t.Logf("%s: chi-square %.1f, 1%% critical %.1f, df %d", what, x, crit, df)
}

func TestChiSquareCriticalValues(t *testing.T) {
	// Tabled 1% values: df 9 21.666, df 23 41.638, df 100 135.807.
	for df, want := range map[int]float64{9: 21.666, 23: 41.638, 100: 135.807} {
		if got := chiSquareCritical1(df); math.Abs(got-want) > 0.005*want {
			t.Errorf("df %d: %.3f, tables say %.3f", df, got, want)
		}
	}
}

// Every ordering of a four-card deck is equally likely (all 24 of them).
func TestShuffleIsUniformOverPermutations(t *testing.T) {
	src := rules.NewSeeded(11)
	counts := make([]int, 24)
	for range uniformTrials {
		d := []int{0, 1, 2, 3}
		rules.Shuffle(src, d)
		// Lehmer code of the permutation.
		code := 0
		for i := range d {
			smaller := 0
			for j := i + 1; j < len(d); j++ {
				if d[j] < d[i] {
					smaller++
				}
			}
			code = code*(len(d)-i) + smaller
		}
		counts[code]++
	}
	exp := make([]float64, 24)
	for i := range exp {
		exp[i] = float64(uniformTrials) / 24
	}
	checkUniform(t, "orderings of 4 cards", counts, exp)
}

// A shuffled poker deck puts every card in every place equally often.
func TestPokerDeckShuffleIsUniform(t *testing.T) {
	src := rules.NewSeeded(12)
	counts := make([]int, 52*52)
	deck := rules.PokerDeck()
	index := map[rules.Card]int{}
	for i, c := range deck {
		index[c] = i
	}
	for range uniformTrials {
		d := rules.PokerDeck()
		rules.Shuffle(src, d)
		for pos, c := range d {
			counts[pos*52+index[c]]++
		}
	}
	// Four places (the first, 18th, 35th and last), each uniform over the cards.
	for pos := 0; pos < 52; pos += 17 {
		exp := make([]float64, 52)
		for i := range exp {
			exp[i] = float64(uniformTrials) / 52
		}
		checkUniform(t, "cards in one place", counts[pos*52:pos*52+52], exp)
	}
}

// Card stacks: a Legend's top card is the highest of three cards dealt
// from a shuffled deck: P(top is the k-th card from the bottom, k = 3..52)
// = C(k-1, 2) / C(52, 3). The real deal of the match, 10^5 times.
func TestStacksDealTopCardMatchesClosedForm(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	m.dice.src = rules.NewSeeded(13)
	st := stacksOf(m)
	order := rules.PokerDeck()
	rules.SortHighFirst(order) // highest first
	place := map[rules.Card]int{}
	for i, c := range order {
		place[c] = 51 - i // 0 for the lowest card
	}
	counts := make([]int, 52)
	for range uniformTrials {
		st.Stacks = nil
		st.NewTurn(m, m.dice)
		counts[place[st.Stacks[sheriff][0].Card]]++
	}
	c523 := float64(52 * 51 * 50 / 6)
	var obs []int
	var exp []float64
	for k := 2; k < 52; k++ { // the k-th lowest card (from 0) is top when the two others are below it
		obs = append(obs, counts[k])
		exp = append(exp, float64(uniformTrials)*float64(k*(k-1)/2)/c523)
	}
	// Pool the rare low places so each expected count is at least 5.
	for len(exp) > 1 && exp[0] < 5 {
		exp[1] += exp[0]
		obs[1] += obs[0]
		exp, obs = exp[1:], obs[1:]
	}
	if counts[0]+counts[1] != 0 {
		t.Fatal("the lowest two cards can never top a stack of three")
	}
	checkUniform(t, "a Legend's top card", obs, exp)
}

// The character deck: each round's shuffle puts each of the 8 cards
// (6 models, 2 jokers) first equally often.
func TestCharacterDeckShuffleIsUniform(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	m.dice.src = rules.NewSeeded(14)
	d := deckOf(m)
	counts := make([]int, 8)
	for range uniformTrials {
		d.NewTurn(m, m.dice)
		c := d.Deck[0]
		switch c.Card.Joker {
		case rules.RedJoker:
			counts[6]++
		case rules.BlackJoker:
			counts[7]++
		default:
			counts[c.Model]++
		}
	}
	exp := make([]float64, 8)
	for i := range exp {
		exp[i] = float64(uniformTrials) / 8
	}
	checkUniform(t, "the first card of the character deck", counts, exp)
}

// The token stack's bag: the first token drawn is each colour in
// proportion to its tokens, and the End-of-Round token comes out at each
// place equally often. The real Next, 10^5 rounds.
func TestTokenBagDrawsAreUniform(t *testing.T) {
	m := methodMatch(t, MethodTokens, Options{Computer: []int{1}})
	m.dice.src = rules.NewSeeded(15)
	tm := tokensOf(m)
	// Bag: 2 each for the Sheriff, Deputy and Kid; 6 shared; End of Round.
	first := make([]int, 5)
	endAt := make([]int, 13)
	for range uniformTrials {
		tm.NewTurn(m, m.dice)
		for draws := 0; ; draws++ {
			m.events = m.events[:0]
			up, ok := tm.Next(m)
			if draws == 0 {
				switch {
				case !ok:
					first[4]++
				case up.Model >= 0:
					first[up.Model]++
				default:
					first[3]++
				}
			}
			if !ok {
				endAt[draws]++
				break
			}
		}
	}
	n := float64(uniformTrials)
	checkUniform(t, "the first token's colour", first, []float64{n * 2 / 13, n * 2 / 13, n * 2 / 13, n * 6 / 13, n / 13})
	exp := make([]float64, 13)
	for i := range exp {
		exp[i] = n / 13
	}
	checkUniform(t, "the End of Round token's place", endAt, exp)
}

// Round effects: each suit's effect is each of the ten equally often, and
// the approved action each of the three (ruling G19).
func TestEffectCardsAreUniformG19(t *testing.T) {
	src := rules.NewSeeded(16)
	suits := make([][]int, 4)
	for s := range suits {
		suits[s] = make([]int, 10)
	}
	approved := make([]int, 3)
	for range uniformTrials {
		c := rules.DrawEffectCard(src)
		for s, e := range c.Suits {
			suits[s][e]++
		}
		approved[c.Approved]++
	}
	n := float64(uniformTrials)
	for s := range suits {
		checkUniform(t, rules.Suit(s).String()+"' effect", suits[s], []float64{n / 10, n / 10, n / 10, n / 10, n / 10, n / 10, n / 10, n / 10, n / 10, n / 10})
	}
	checkUniform(t, "the approved action", approved, []float64{n / 3, n / 3, n / 3})
}
