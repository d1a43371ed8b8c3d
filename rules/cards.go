package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Playing cards for the seeds' initiative methods (R35-R38): a poker deck,
// its two jokers, the suit order of card stacks (seed 000) and uniform
// shuffles on a Source.

// Suit is a card's suit, numbered so that a higher suit wins a tie of
// rank in card stacks: Spades > Hearts > Diamonds > Clubs (R35).
type Suit int

// The four suits, lowest first.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// SuitOfSide is the suit a side plays in the character deck and in round
// effects (R36, R38): the first posse Spades, then Hearts, Diamonds, Clubs.
func SuitOfSide(posse int) Suit { return Spades - Suit(posse%4) }

// MaxSuitedSides is how many sides can each have a suit of their own.
const MaxSuitedSides = 4

func (s Suit) String() string {
	switch s {
	case Clubs:
		return "Clubs"
	case Diamonds:
		return "Diamonds"
	case Hearts:
		return "Hearts"
	case Spades:
		return "Spades"
	}
	return fmt.Sprintf("Suit(%d)", int(s))
}

// Symbol is the suit's sign for a card face.
func (s Suit) Symbol() string { return [...]string{"♣", "♦", "♥", "♠"}[s&3] }

// Card ranks: 2..10 as numbered, then the court cards and the Ace, which
// is high (R35, R36).
const (
	Jack  = 11
	Queen = 12
	King  = 13
	Ace   = 14
)

// Joker tells a joker from an ordinary card (R36: a red and a black one).
type Joker int

// No joker, the red joker, the black joker.
const (
	NoJoker Joker = iota
	RedJoker
	BlackJoker
)

// Card is one playing card.
type Card struct {
	Rank  int   `json:"rank,omitempty"` // 2..14; 0 for a joker
	Suit  Suit  `json:"suit"`
	Joker Joker `json:"joker,omitempty"`
}

// String names the card in words: "Ace of Spades", "10 of Hearts", "the red joker".
func (c Card) String() string {
	switch c.Joker {
	case RedJoker:
		return "the red joker"
	case BlackJoker:
		return "the black joker"
	}
	return rankName(c.Rank) + " of " + c.Suit.String()
}

// Short is the card as printed in its corner: "A♠", "10♥", "Joker".
func (c Card) Short() string {
	if c.Joker != NoJoker {
		return "Joker"
	}
	r := fmt.Sprint(c.Rank)
	switch c.Rank {
	case Jack, Queen, King, Ace:
		r = rankName(c.Rank)[:1]
	}
	return r + c.Suit.Symbol()
}

func rankName(r int) string {
	switch r {
	case Jack:
		return "Jack"
	case Queen:
		return "Queen"
	case King:
		return "King"
	case Ace:
		return "Ace"
	}
	return fmt.Sprint(r)
}

// PokerDeck is the 52 cards without jokers, in a fixed order.
func PokerDeck() []Card {
	out := make([]Card, 0, 52)
	for s := Clubs; s <= Spades; s++ {
		for r := 2; r <= Ace; r++ {
			out = append(out, Card{Rank: r, Suit: s})
		}
	}
	return out
}

// Shuffle puts a slice in uniformly random order (Fisher-Yates on src).
func Shuffle[T any](src Source, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := src.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// Outranks reports whether a beats b in card stacks: higher rank, then
// higher suit (R35). Equal cards (from two decks) outrank neither.
func Outranks(a, b Card) bool {
	if a.Rank != b.Rank {
		return a.Rank > b.Rank
	}
	return a.Suit > b.Suit
}

// SortHighFirst orders cards from the highest to the lowest (R35), as a
// stack is built and refocused.
func SortHighFirst(cards []Card) {
	sort.SliceStable(cards, func(i, j int) bool { return Outranks(cards[i], cards[j]) })
}

// StackSize is how many cards card stacks deal a model of a tier (R35).
func StackSize(t Tier) int {
	switch t {
	case Greenhorn:
		return 1
	case Legend:
		return 3
	}
	return 2
}

// ParseRank reads a card's rank as a roster names it: "A" or "ace", "K",
// "Q", "J" (or the words), "2" to "10".
func ParseRank(s string) (int, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for r := 2; r <= Ace; r++ {
		name := strings.ToLower(rankName(r))
		if t == name || (r > 10 && t == name[:1]) {
			return r, nil
		}
	}
	return 0, fmt.Errorf("%q is not a card rank (want A, K, Q, J or 2 to 10)", s)
}

// DeckRanks gives each model of a side its card in the character deck
// (R36): Legends the Ace; Cowpokes King, Queen, Jack, 10, then 9 down to 6,
// wrapping to the King; Greenhorns 5 down to 2, wrapping to the 5. tiers
// are the side's models in order.
func DeckRanks(tiers []Tier) []int {
	cowpoke := []int{King, Queen, Jack, 10, 9, 8, 7, 6}
	greenhorn := []int{5, 4, 3, 2}
	out := make([]int, len(tiers))
	nc, ng := 0, 0
	for i, t := range tiers {
		switch t {
		case Legend:
			out[i] = Ace
		case Greenhorn:
			out[i] = greenhorn[ng%len(greenhorn)]
			ng++
		default:
			out[i] = cowpoke[nc%len(cowpoke)]
			nc++
		}
	}
	return out
}
