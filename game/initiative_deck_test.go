package game

import (
	"strings"
	"testing"

	"cowpoke/rules"
)

// Seed 003, the character deck (R36), step by step with fixed cards.

func deckOf(m *Match) *deckMethod { return m.init.(*deckMethod) }

func card(m *Match, id int) deckCard {
	c, _ := m.DeckCard(id)
	return deckCard{Model: id, Card: c}
}

var (
	redJoker   = deckCard{Model: -1, Card: rules.Card{Joker: rules.RedJoker}}
	blackJoker = deckCard{Model: -1, Card: rules.Card{Joker: rules.BlackJoker}}
)

// layDeck lays the deck (top first) and the waiting card, then draws.
func layDeck(m *Match, waiting *deckCard, cards ...deckCard) {
	d := deckOf(m)
	d.Deck, d.Waiting, d.Discard, d.Ask, d.Ready = cards, waiting, nil, nil, nil
	restartRound(m)
}

func TestDeckCardsByTierR36(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	want := []string{"A♠", "K♠", "5♠", "A♥", "K♥", "5♥"}
	for id, w := range want {
		if c, _ := m.DeckCard(id); c.Short() != w {
			t.Errorf("%s holds %s, want %s", m.Models[id].Name, c.Short(), w)
		}
	}
	ranks := rules.DeckRanks([]rules.Tier{rules.Cowpoke, rules.Greenhorn, rules.Cowpoke, rules.Legend, rules.Greenhorn})
	if got := ranks; got[0] != rules.King || got[1] != 5 || got[2] != rules.Queen || got[3] != rules.Ace || got[4] != 4 {
		t.Errorf("ranks %v: Cowpokes K then Q, Greenhorns 5 then 4, the Legend the Ace", got)
	}
	// Nine Cowpokes wrap to the King (R36).
	nine := make([]rules.Tier, 9)
	if r := rules.DeckRanks(nine); r[7] != 6 || r[8] != rules.King {
		t.Errorf("Cowpoke ranks %v: ...7, 6, then K again", r)
	}
}

// Step 1: one card per standing model and both jokers, shuffled.
func TestDeckHoldsBothJokersAndOnlyTheStandingR36(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{}, 1, 1, 1, 1, 1, 1)
	m.Models[runt].Health.Damage = 9
	evs := deckOf(m).NewTurn(m, m.dice)
	d := deckOf(m)
	if len(d.Deck) != 7 {
		t.Fatalf("deck of %d cards, want 5 standing models + 2 jokers", len(d.Deck))
	}
	jokers := map[rules.Joker]bool{}
	for _, c := range d.Deck {
		if c.Model == runt {
			t.Error("a fallen model's card is not put in the deck")
		}
		jokers[c.Card.Joker] = true
	}
	if !jokers[rules.RedJoker] || !jokers[rules.BlackJoker] {
		t.Error("both jokers go in the deck")
	}
	if len(evs) != 1 || !strings.Contains(evs[0].Text, "both jokers") {
		t.Errorf("events %v", evs)
	}
}

// Step 3.1: the red joker is discarded and the waiting card shuffled back
// in with the deck.
func TestDeckRedJokerShufflesTheWaitingCardBackR36(t *testing.T) {
	// Shuffle of three cards [Bandit, Runt, Deputy]: Intn(3)=0, Intn(2)=0
	// gives [Runt, Deputy, Bandit].
	m := methodMatch(t, MethodDeck, Options{}, 1, 1)
	w := card(m, deputy)
	layDeck(m, &w, redJoker, card(m, bandit), card(m, runt))
	d := deckOf(m)
	if d.Waiting != nil {
		t.Fatal("the waiting card is shuffled into the deck")
	}
	if d.Ask == nil || d.Ask.Chooser.Model != runt || d.Ask.Other != nil {
		t.Fatalf("ask %+v: Runt's 5 is drawn with nothing waiting and may act or wait", d.Ask)
	}
	if len(d.Deck) != 2 || d.Deck[0].Model != deputy || d.Deck[1].Model != bandit {
		t.Errorf("deck %+v, want Deputy then Bandit after the shuffle", d.Deck)
	}
	if len(d.Discard) != 1 || d.Discard[0].Card.Joker != rules.RedJoker {
		t.Errorf("discard %+v, want the red joker", d.Discard)
	}
	if !strings.Contains(logJSON(t, m), "The red joker") {
		t.Error("the red joker is in the log")
	}
}

// Step 3.2: the black joker takes the next card with it: that model loses
// its action this round.
func TestDeckBlackJokerDiscardsTheNextCardR36(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	layDeck(m, nil, blackJoker, card(m, bandit), card(m, runt))
	d := deckOf(m)
	if len(d.Discard) != 2 || d.Discard[1].Model != bandit {
		t.Fatalf("discard %+v: the black joker and Bandit's King", d.Discard)
	}
	if d.Ask == nil || d.Ask.Chooser.Model != runt {
		t.Fatalf("ask %+v: Runt's card comes next", d.Ask)
	}
	if !strings.Contains(logJSON(t, m), "Bandit loses this action") {
		t.Error("the log says Bandit loses his action")
	}
	// Runt acts; the deck is empty; the round ends without Bandit acting.
	do(t, m, Command{Kind: CmdActNow, Model: runt})
	if m.Active != runt {
		t.Fatalf("Runt acts, active %d", m.Active)
	}
	turn := m.Turn
	m.dice.src = rules.NewSeeded(2)
	do(t, m, end(runt))
	if m.Turn != turn+1 {
		t.Error("an empty deck with no waiting card ends the round (step 10)")
	}
}

// A black joker drawn last discards only itself; one that takes the red
// joker with it does not trigger the red joker's shuffle (ruling G16).
func TestDeckBlackJokerTakesTheRedJokerG16(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	w := card(m, kid)
	layDeck(m, &w, blackJoker, redJoker, card(m, bandit))
	d := deckOf(m)
	if len(d.Discard) != 2 || d.Discard[1].Card.Joker != rules.RedJoker {
		t.Fatalf("discard %+v", d.Discard)
	}
	// The Kid still waits: no shuffle happened, so Bandit's King meets him.
	if d.Ask == nil || d.Ask.Chooser.Model != bandit || d.Ask.Other == nil || d.Ask.Other.Model != kid {
		t.Fatalf("ask %+v: Bandit's King against the waiting 5", d.Ask)
	}
}

// Step 5: nothing waits; the drawn card's side may wait. Step 4.1: the
// higher card (here the new one) chooses; the lower takes the other choice.
func TestDeckHigherNewCardChoosesR36(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	layDeck(m, nil, card(m, kid), card(m, bandit), card(m, runt))
	if m.Decider() != 0 {
		t.Fatalf("decider %d: the Kid's side decides whether he waits", m.Decider())
	}
	refuse(t, m, activate(kid), "must first say whether the card acts now or waits")
	refuse(t, m, Command{Kind: CmdWait, Model: bandit}, "that chooses to act now or wait")
	evs := do(t, m, Command{Kind: CmdWait, Model: kid})
	d := deckOf(m)
	if !strings.Contains(evs[0].Text, "Kid waits") {
		t.Errorf("event %q: the Kid's 5 waits face up", evs[0].Text)
	}
	// Bandit's King meets the waiting 5: the King is higher, the Desperados choose.
	if d.Ask == nil || d.Ask.Chooser.Model != bandit || d.Ask.Other == nil || d.Ask.Other.Model != kid || m.Decider() != 1 {
		t.Fatalf("ask %+v, decider %d", d.Ask, m.Decider())
	}
	do(t, m, Command{Kind: CmdActNow, Model: bandit})
	if m.Active != bandit || d.Waiting == nil || d.Waiting.Model != kid {
		t.Fatalf("active %d, waiting %+v: Bandit acts, the Kid keeps waiting", m.Active, d.Waiting)
	}
	do(t, m, end(bandit))
	// Runt's 5 ties the Kid's 5: the new card must act now (step 4.2).
	if m.Active != runt || d.Ask != nil || d.Waiting.Model != kid {
		t.Fatalf("active %d, ask %+v: a tie makes the new card act now", m.Active, d.Ask)
	}
	do(t, m, end(runt))
	// Step 9: the deck is empty; the waiting Kid must act now.
	if m.Active != kid || d.Waiting != nil {
		t.Fatalf("active %d: the last waiting card acts when the deck is empty", m.Active)
	}
	if !strings.Contains(logJSON(t, m), "must act now") {
		t.Error("the log says the waiting card must act")
	}
}

// Step 4.1: when the waiting card is higher, its side chooses; if it keeps
// waiting, the new card must act now; if it acts, the new card waits.
func TestDeckHigherWaitingCardChoosesR36(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	w := card(m, deputy)
	layDeck(m, &w, card(m, runt), card(m, bandit))
	d := deckOf(m)
	if d.Ask == nil || d.Ask.Chooser.Model != deputy || d.Ask.Other.Model != runt || m.Decider() != 0 {
		t.Fatalf("ask %+v, decider %d: the Deputy's waiting King chooses", d.Ask, m.Decider())
	}
	do(t, m, Command{Kind: CmdWait, Model: deputy})
	if m.Active != runt || d.Waiting.Model != deputy {
		t.Fatalf("active %d, waiting %+v: Runt must act, the Deputy waits on", m.Active, d.Waiting)
	}
	do(t, m, end(runt))
	// Bandit's King ties the Deputy's: Bandit acts now, the Deputy waits.
	if m.Active != bandit || d.Waiting.Model != deputy {
		t.Fatalf("active %d", m.Active)
	}

	m = methodMatch(t, MethodDeck, Options{})
	w = card(m, deputy)
	layDeck(m, &w, card(m, runt))
	do(t, m, Command{Kind: CmdActNow, Model: deputy})
	d = deckOf(m)
	if m.Active != deputy || d.Waiting == nil || d.Waiting.Model != runt {
		t.Fatalf("active %d, waiting %+v: the Deputy acts, Runt's 5 waits", m.Active, d.Waiting)
	}
}

// Steps 6-7: an Ace acts, goes face down under the deck, and acts again
// when drawn; for its second action it ranks lowest (ruling G15).
func TestDeckAcesActTwiceR36G15(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	layDeck(m, nil, card(m, sheriff), card(m, runt))
	do(t, m, Command{Kind: CmdActNow, Model: sheriff})
	d := deckOf(m)
	if m.Active != sheriff || len(d.Deck) != 2 || d.Deck[1].Model != sheriff || !d.Deck[1].Second {
		t.Fatalf("deck %+v: the Ace goes to the bottom for its second action", d.Deck)
	}
	do(t, m, end(sheriff))
	// Runt's 5, nothing waiting: Runt waits.
	do(t, m, Command{Kind: CmdWait, Model: runt})
	// The Ace comes back; on its second action it ranks below the 5, so
	// Runt's waiting 5 chooses.
	if d.Ask == nil || d.Ask.Chooser.Model != runt || d.Ask.Other.Model != sheriff || m.Decider() != 1 {
		t.Fatalf("ask %+v: the waiting 5 outranks the Ace's second action", d.Ask)
	}
	do(t, m, Command{Kind: CmdWait, Model: runt})
	if m.Active != sheriff {
		t.Fatalf("active %d: the Sheriff acts a second time", m.Active)
	}
	n := 0
	for _, e := range m.Events() {
		if e.Kind == EvActivated && e.Model == sheriff && e.Turn == m.Turn {
			n++
		}
	}
	if n != 2 {
		t.Errorf("the Sheriff activated %d times this round", n)
	}
	if len(d.Discard) != 1 || d.Discard[0].Model != sheriff {
		t.Errorf("discard %+v: after its second action the Ace is discarded", d.Discard)
	}
	do(t, m, end(sheriff))
	if m.Active != runt {
		t.Errorf("active %d: Runt's last waiting card acts", m.Active)
	}
}

// A fallen model's card is discarded when drawn or while it waits (G17).
func TestDeckFallenModelsCardsAreDiscardedG17(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	m.Models[bandit].Health.Damage = 9
	w := card(m, bandit)
	layDeck(m, &w, card(m, runt))
	d := deckOf(m)
	if d.Ask == nil || d.Ask.Chooser.Model != runt || d.Ask.Other != nil {
		t.Fatalf("ask %+v: the fallen Bandit's waiting card is discarded, Runt chooses alone", d.Ask)
	}
	if len(d.Discard) != 1 || d.Discard[0].Model != bandit {
		t.Errorf("discard %+v", d.Discard)
	}
}

func TestDeckDecisionsRefusedElsewhere(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	layDeck(m, nil, card(m, kid))
	do(t, m, Command{Kind: CmdActNow, Model: kid})
	refuse(t, m, Command{Kind: CmdWait, Model: kid}, "no card is waiting for a decision")
	refuse(t, m, Command{Kind: CmdRefocus, Model: kid}, "only played with card stacks")
	s := scripted(t, Options{}, []ModelSpec{fig("A", "cowpoke", 5, 20, 0, "revolver")}, []ModelSpec{fig("B", "cowpoke", 20, 20, 0, "revolver")}, 2)
	refuse(t, s, Command{Kind: CmdWait, Model: 0}, "no such decision")
}

// The table shows the waiting card in its place while it meets a new card.
func TestDeckTableShowsTheWaitingCard(t *testing.T) {
	m := methodMatch(t, MethodDeck, Options{})
	w := card(m, kid)
	layDeck(m, &w, card(m, bandit), card(m, runt))
	tb, ok := m.DeckTable()
	if !ok || tb.WaitingBy != kid || tb.DrawnBy != bandit || tb.Chose != bandit || tb.Left != 1 {
		t.Errorf("table %+v: the Kid's 5 waits, Bandit's King drawn and choosing, one card left", tb)
	}
	w = card(m, deputy)
	layDeck(m, &w, card(m, runt))
	if tb, _ := m.DeckTable(); tb.WaitingBy != deputy || tb.DrawnBy != runt || tb.Chose != deputy {
		t.Errorf("table %+v: the waiting King chooses", tb)
	}
}

// The roster may name a model's card (R36); a rank that is no rank is
// refused naming the model.
func TestDeckRosterNamesACardR36(t *testing.T) {
	lawmen, desperados := sixFigures()
	lawmen[kid].Card = "Q"
	m := methodMatchOf(t, MethodDeck, Options{}, lawmen, desperados)
	if c, _ := m.DeckCard(kid); c.Short() != "Q♠" {
		t.Errorf("the Kid's card %s, want the Queen of Spades his roster names", c.Short())
	}
	lawmen[kid].Card = "Z"
	s := Scenario{Name: "x", Map: arenaFile, Initiative: MethodDeck,
		Posses: []PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}}
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "Kid") || !strings.Contains(err.Error(), "not a card rank") {
		t.Errorf("error %v", err)
	}
}
