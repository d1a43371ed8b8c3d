package rules

import "testing"

func TestStackSize(t *testing.T) {
	for tier, want := range map[Tier]int{Greenhorn: 1, Cowpoke: 2, Legend: 3} {
		if got := StackSize(tier); got != want {
			t.Errorf("%s: %d cards, want %d (R35)", tier, got, want)
		}
	}
}

func TestSuitOrderAndOutranksR35(t *testing.T) {
	if !(Spades > Hearts && Hearts > Diamonds && Diamonds > Clubs) {
		t.Fatal("Spades > Hearts > Diamonds > Clubs")
	}
	k := func(s Suit) Card { return Card{Rank: King, Suit: s} }
	if !Outranks(Card{Rank: Ace, Suit: Clubs}, k(Spades)) || !Outranks(k(Spades), k(Hearts)) || Outranks(k(Hearts), k(Hearts)) {
		t.Error("rank first, then suit; equal cards outrank neither")
	}
	cards := []Card{{Rank: 7, Suit: Hearts}, k(Clubs), {Rank: 7, Suit: Spades}, {Rank: Ace, Suit: Diamonds}}
	SortHighFirst(cards)
	if cards[0].Rank != Ace || cards[1] != k(Clubs) || cards[2].Suit != Spades || cards[3].Suit != Hearts {
		t.Errorf("sorted %v", cards)
	}
}

func TestDeckRanksR36(t *testing.T) {
	got := DeckRanks([]Tier{Legend, Cowpoke, Cowpoke, Greenhorn, Greenhorn, Greenhorn, Greenhorn, Greenhorn})
	want := []int{Ace, King, Queen, 5, 4, 3, 2, 5}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ranks %v, want %v (Greenhorns wrap after the 2)", got, want)
		}
	}
	if SuitOfSide(0) != Spades || SuitOfSide(1) != Hearts || SuitOfSide(3) != Clubs {
		t.Error("sides take Spades, Hearts, Diamonds, Clubs")
	}
}

func TestCardNames(t *testing.T) {
	for c, want := range map[Card]string{
		{Rank: Ace, Suit: Spades}: "Ace of Spades",
		{Rank: 10, Suit: Hearts}:  "10 of Hearts",
		{Joker: RedJoker}:         "the red joker",
		{Joker: BlackJoker}:       "the black joker",
	} {
		if c.String() != want {
			t.Errorf("%q, want %q", c.String(), want)
		}
	}
	if s := (Card{Rank: Queen, Suit: Diamonds}).Short(); s != "Q♦" {
		t.Errorf("short %q", s)
	}
	if n := len(PokerDeck()); n != 52 {
		t.Errorf("%d cards in a poker deck", n)
	}
}

func TestRollKeepingR38(t *testing.T) {
	r := RollKeeping(Dice(3, 6, 1), 2, DropLowest)
	if len(r.Faces) != 2 || r.Faces[0] != 3 || r.Faces[1] != 6 || r.Dropped[0] != 1 {
		t.Errorf("Up: %+v: three dice, the 1 set aside", r)
	}
	r = RollKeeping(Dice(3, 6, 1), 2, DropHighest)
	if r.Sixes() != 0 || r.Dropped[0] != 6 {
		t.Errorf("Down: %+v: the 6 set aside", r)
	}
	r = RollKeeping(Dice(6, 6), 1, DropLowest)
	if r.Sixes() != 1 || len(r.Dropped) != 1 {
		t.Errorf("Up with two sixes keeps one: %+v", r)
	}
	if r := RollKeeping(Dice(4), 1, KeepAll); len(r.Faces) != 1 || r.Dropped != nil {
		t.Errorf("no effect: %+v", r)
	}
}

func TestAddModifierSettlesAgainR38(t *testing.T) {
	// Revolver at Medium: base 2; Fatigued -2 leaves 0: a Hail Mary die (R14).
	p, _ := ShotPool(Shot{Weapon: Revolver, Band: Medium})
	p.AddModifier("fatigued", -2)
	if !p.HailMary || p.Dice != 1 {
		t.Errorf("%s: want a Hail Mary", p.Explain())
	}
	p.AddModifier("luck", 2)
	if p.HailMary || p.Dice != 2 {
		t.Errorf("%s: Luck brings it back to 2 dice", p.Explain())
	}
	b := BrawlPool(BrawlStats{Tier: Greenhorn})
	b.AddModifier("fatigued", -2)
	if b.Dice != 1 {
		t.Errorf("%s: a brawl never drops below 1 die (R27)", b.Explain())
	}
}
