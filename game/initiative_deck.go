package game

import (
	"fmt"
	"io"
	"slices"

	"cowpoke/rules"
)

// MethodDeck is seed 003's character deck (R36).
const MethodDeck = "deck"

// deckMethod is the character deck (seed 003, R36): one card per model in
// its side's suit, plus a red and a black joker, shuffled each game turn
// (an initiative round). Cards are drawn one by one; one card may wait
// face up beside the deck, and when a new card meets it the higher rank
// chooses to act now or wait; an Ace acts twice. Steps are numbered as in
// the post.
type deckMethod struct {
	Deck    []deckCard `json:"deck"` // face down, top first
	Waiting *deckCard  `json:"waiting,omitempty"`
	Discard []deckCard `json:"discard,omitempty"`
	Ask     *deckAsk   `json:"ask,omitempty"`   // a choice the game waits for
	Ready   *deckCard  `json:"ready,omitempty"` // a card chosen to act, not yet turned
}

// deckCard is one card of the initiative deck: a model's (Model >= 0) or
// a joker (Model -1). Second marks an Ace back for its second action.
type deckCard struct {
	Model  int        `json:"model"`
	Card   rules.Card `json:"card"`
	Second bool       `json:"second,omitempty"`
}

// deckAsk is the choice of step 4.1 or 5: Chooser may act now or wait;
// Other, when there is one, takes the other choice.
type deckAsk struct {
	Posse   int       `json:"posse"` // the chooser's side, who decides
	Chooser deckCard  `json:"chooser"`
	Other   *deckCard `json:"other,omitempty"`
	Waited  bool      `json:"waited,omitempty"` // the chooser is the waiting card (else Other is, if any)
}

// rank is the card's rank for the waiting card's comparison: an Ace ranks
// highest for its first action and lowest for its second, as the post's
// rank list has it (ruling G15).
func (c deckCard) rank() int {
	if c.Card.Rank == rules.Ace && c.Second {
		return 1
	}
	return c.Card.Rank
}

func (d *deckMethod) Name() string { return MethodDeck }
func (d *deckMethod) State() any   { return d }

// NewTurn builds and shuffles the deck for a new round (step 1): one card
// for each model still standing, and both jokers (R36).
func (d *deckMethod) NewTurn(m *Match, src rules.Source) []Event {
	d.Deck, d.Waiting, d.Discard, d.Ask, d.Ready = nil, nil, nil, nil, nil
	for pi, p := range m.Posses {
		ranks := m.deckRanks(pi)
		for i, id := range p.Models {
			if !m.Models[id].Removed() {
				d.Deck = append(d.Deck, deckCard{Model: id, Card: rules.Card{Rank: ranks[i], Suit: rules.SuitOfSide(pi)}})
			}
		}
	}
	d.Deck = append(d.Deck, deckCard{Model: -1, Card: rules.Card{Joker: rules.RedJoker}}, deckCard{Model: -1, Card: rules.Card{Joker: rules.BlackJoker}})
	rules.Shuffle(src, d.Deck)
	return []Event{{Kind: EvCard, Model: -1, Deck: DeckShuffled, Text: fmt.Sprintf("The initiative deck is shuffled: %d cards, both jokers among them.", len(d.Deck))}}
}

// DeckCard is the card that stands for a model in the character deck.
func (m *Match) DeckCard(id int) (rules.Card, bool) {
	if _, ok := m.init.(*deckMethod); !ok {
		return rules.Card{}, false
	}
	p := m.Models[id].Posse
	idx := slices.Index(m.Posses[p].Models, id)
	return rules.Card{Rank: m.deckRanks(p)[idx], Suit: rules.SuitOfSide(p)}, true
}

// deckRanks are the ranks of a side's cards, in roster order: by tier
// (R36), or as the roster names them.
func (m *Match) deckRanks(posse int) []int {
	spec := m.Scenario.Posses[posse].Models
	tiers := make([]rules.Tier, len(spec))
	for i, id := range m.Posses[posse].Models {
		tiers[i] = m.Models[id].Profile.Tier
	}
	ranks := rules.DeckRanks(tiers)
	for i, ms := range spec {
		if r, err := rules.ParseRank(ms.Card); ms.Card != "" && err == nil {
			ranks[i] = r
		}
	}
	return ranks
}

// DeckTable is the character deck as a table shows it: cards left face
// down, the waiting card (also while it meets a new card), the card just
// drawn, and whose card must choose to act now or wait.
type DeckTable struct {
	Left                      int
	Waiting, Drawn, Chooser   rules.Card
	WaitingBy, DrawnBy, Chose int // models; -1 for none
	Discarded                 []rules.Card
}

// DeckTable shows the character deck; ok is false under other methods.
func (m *Match) DeckTable() (t DeckTable, ok bool) {
	d, ok := m.init.(*deckMethod)
	if !ok {
		return t, false
	}
	t = DeckTable{Left: len(d.Deck), WaitingBy: -1, DrawnBy: -1, Chose: -1}
	for _, c := range d.Discard {
		t.Discarded = append(t.Discarded, c.Card)
	}
	if d.Waiting != nil {
		t.Waiting, t.WaitingBy = d.Waiting.Card, d.Waiting.Model
	}
	if a := d.Ask; a != nil {
		t.Chooser, t.Chose = a.Chooser.Card, a.Chooser.Model
		drawn, waiting := &a.Chooser, a.Other
		if a.Waited {
			drawn, waiting = a.Other, &a.Chooser
		}
		if waiting != nil {
			t.Waiting, t.WaitingBy = waiting.Card, waiting.Model
		}
		if drawn != nil {
			t.Drawn, t.DrawnBy = drawn.Card, drawn.Model
		}
	}
	return t, true
}

// Next draws until a card acts (steps 2-9) or a choice must be made; ok is
// false when the round is over (step 10).
func (d *deckMethod) Next(m *Match) (Up, bool) {
	for {
		if d.Ask != nil {
			return Up{Posse: d.Ask.Posse, Model: -1}, true
		}
		if d.Ready != nil {
			c := *d.Ready
			d.Ready = nil
			return d.act(m, c), true
		}
		if len(d.Deck) == 0 {
			if d.Waiting == nil {
				return Up{}, false // step 10: the round is over
			}
			// Step 9: the last waiting card must act now.
			w := *d.Waiting
			d.Waiting = nil
			if m.Models[w.Model].Removed() {
				d.discardFallen(m, w)
				continue
			}
			m.emit(Event{Kind: EvCard, Model: w.Model, Posse: m.Models[w.Model].Posse, Cards: []rules.Card{w.Card},
				Text: fmt.Sprintf("The deck is empty: the waiting %s must act now.", w.Card)})
			return d.act(m, w), true
		}
		c := d.draw()
		switch c.Card.Joker {
		case rules.RedJoker:
			// Step 3.1: discard it; the waiting card and the deck are shuffled.
			d.Discard = append(d.Discard, c)
			if d.Waiting != nil {
				d.Deck = append(d.Deck, *d.Waiting)
				d.Waiting = nil
			}
			rules.Shuffle(m.dice, d.Deck)
			m.emit(Event{Kind: EvCard, Model: -1, Cards: []rules.Card{c.Card}, Deck: DeckShuffled,
				Text: fmt.Sprintf("The red joker: the waiting card and the deck are shuffled together (%d cards).", len(d.Deck))})
			continue
		case rules.BlackJoker:
			// Step 3.2: the next card is discarded with it (ruling G16).
			d.Discard = append(d.Discard, c)
			ev := Event{Kind: EvCard, Model: -1, Cards: []rules.Card{c.Card}, Deck: DeckDrawn, Text: "The black joker, and the deck is empty."}
			if len(d.Deck) > 0 {
				lost := d.draw()
				d.Discard = append(d.Discard, lost)
				ev.Cards = append(ev.Cards, lost.Card)
				ev.Text = fmt.Sprintf("The black joker takes %s with it.", cardList([]rules.Card{lost.Card}))
				if lost.Model >= 0 {
					ev.Model, ev.Posse = lost.Model, m.Models[lost.Model].Posse
					ev.Text = fmt.Sprintf("The black joker takes the %s with it: %s loses this action.", lost.Card, m.Models[lost.Model].Name)
				}
			}
			m.emit(ev)
			continue
		}
		if m.Models[c.Model].Removed() {
			d.discardFallen(m, c)
			continue
		}
		md := &m.Models[c.Model]
		m.emit(Event{Kind: EvCard, Model: c.Model, Posse: md.Posse, Cards: []rules.Card{c.Card}, Deck: DeckDrawn,
			Text: fmt.Sprintf("The %s is drawn: %s.", c.Card, md.Name)})
		if w := d.Waiting; w != nil && m.Models[w.Model].Removed() {
			d.Waiting = nil
			d.discardFallen(m, *w)
		}
		if w := d.Waiting; w != nil {
			// Step 4: compare with the waiting card.
			switch {
			case c.rank() == w.rank():
				// 4.2: the new card must act now; the waiting card stays.
				m.emit(Event{Kind: EvCard, Model: c.Model, Posse: md.Posse, Cards: []rules.Card{c.Card, w.Card},
					Text: fmt.Sprintf("The %s ties the waiting %s: %s must act now.", c.Card, w.Card, md.Name)})
				return d.act(m, c), true
			case c.rank() > w.rank():
				d.Ask = &deckAsk{Posse: md.Posse, Chooser: c, Other: cardPtr(*w)}
			default:
				d.Ask = &deckAsk{Posse: m.Models[w.Model].Posse, Chooser: *w, Other: cardPtr(c), Waited: true}
			}
			d.Waiting = nil
			continue
		}
		// Step 5: nothing waits; the card may act now or wait.
		d.Ask = &deckAsk{Posse: md.Posse, Chooser: c}
	}
}

// draw takes the top card of the deck.
func (d *deckMethod) draw() deckCard {
	c := d.Deck[0]
	d.Deck = d.Deck[1:]
	return c
}

// discardFallen discards the card of a model out of play (ruling G17).
func (d *deckMethod) discardFallen(m *Match, c deckCard) {
	d.Discard = append(d.Discard, c)
	m.emit(Event{Kind: EvCard, Model: c.Model, Posse: m.Models[c.Model].Posse, Cards: []rules.Card{c.Card},
		Text: fmt.Sprintf("The %s is %s's, who is out of play: it is discarded.", c.Card, m.Models[c.Model].Name)})
}

// act turns a card to act (step 6) and files it (step 7): an Ace's first
// action sends it face down to the bottom of the deck.
func (d *deckMethod) act(m *Match, c deckCard) Up {
	md := &m.Models[c.Model]
	text := fmt.Sprintf("%s acts on the %s.", md.Name, c.Card)
	if c.Card.Rank == rules.Ace && !c.Second {
		c.Second = true
		d.Deck = append(d.Deck, c)
		text = fmt.Sprintf("%s acts on the %s; the Ace goes under the deck for his second action.", md.Name, c.Card)
	} else {
		d.Discard = append(d.Discard, c)
	}
	m.emit(Event{Kind: EvCard, Model: c.Model, Posse: md.Posse, Cards: []rules.Card{c.Card}, Deck: DeckDrawn, Text: text})
	return Up{Posse: md.Posse, Model: c.Model}
}

func (d *deckMethod) Asking() (int, bool) {
	if d.Ask == nil {
		return 0, false
	}
	return d.Ask.Posse, true
}

func (d *deckMethod) ActsAgain() bool { return false }

// MaxActivations: an Ace acts twice a round (R36).
func (d *deckMethod) MaxActivations(m *Match, id int) int {
	if c, _ := m.DeckCard(id); c.Rank == rules.Ace {
		return 2
	}
	return 1
}

func (d *deckMethod) Activated(m *Match, id int) {}
func (d *deckMethod) Aimed(m *Match, id int)     {}

func (d *deckMethod) Check(m *Match, c Command) error {
	a := d.Ask
	switch {
	case c.Kind == CmdRestack:
		return fmt.Errorf("only card stacks restack")
	case a == nil:
		return fmt.Errorf("no card is waiting for a decision")
	case c.Kind != CmdActNow && c.Kind != CmdWait:
		return nil // the gate names the decision awaited
	case c.Model != a.Chooser.Model:
		return fmt.Errorf("it is the %s (%s) that chooses to act now or wait", a.Chooser.Card, m.Models[a.Chooser.Model].Name)
	}
	return nil
}

// Do settles the choice: the chooser acts now or waits, and the other
// card, if any, takes the other choice (steps 4.1, 5).
func (d *deckMethod) Do(m *Match, c Command) {
	a := d.Ask
	d.Ask = nil
	ch := a.Chooser
	md := &m.Models[ch.Model]
	text := fmt.Sprintf("%s waits: the %s lies face up beside the deck.", md.Name, ch.Card)
	other := " The %s (%s) must act now."
	d.Waiting, d.Ready = &ch, a.Other
	if c.Kind == CmdActNow {
		text = fmt.Sprintf("%s chooses to act now on the %s.", md.Name, ch.Card)
		other = " The %s (%s) waits."
		d.Waiting, d.Ready = a.Other, &ch
	}
	if a.Other != nil {
		text += fmt.Sprintf(other, a.Other.Card, m.Models[a.Other.Model].Name)
	}
	m.emit(Event{Kind: EvCard, Model: ch.Model, Posse: md.Posse, Cards: []rules.Card{ch.Card}, Text: text})
}

func (d *deckMethod) Choices(m *Match) []Command {
	if d.Ask == nil {
		return nil
	}
	id := d.Ask.Chooser.Model
	return []Command{{Kind: CmdActNow, Model: id}, {Kind: CmdWait, Model: id}}
}

func cardPtr(c deckCard) *deckCard { return &c }

// writeTableKey writes the deck's state into a table key (Match.TableKey).
func (d *deckMethod) writeTableKey(w io.Writer) {
	k := keyBytes(make([]byte, 0, 32*(len(d.Deck)+len(d.Discard)+4)))
	cards := func(k keyBytes, cs []deckCard) keyBytes {
		k = k.int(len(cs))
		for _, c := range cs {
			k = c.key(k)
		}
		return k
	}
	maybe := func(k keyBytes, c *deckCard) keyBytes {
		if k = k.flag(c != nil); c != nil {
			k = c.key(k)
		}
		return k
	}
	k = maybe(cards(k, d.Deck), d.Waiting)
	k = cards(k, d.Discard).flag(d.Ask != nil)
	if a := d.Ask; a != nil {
		k = maybe(a.Chooser.key(k.int(a.Posse)), a.Other).flag(a.Waited)
	}
	w.Write(maybe(k, d.Ready))
}

func (c deckCard) key(k keyBytes) keyBytes { return k.int(c.Model).card(c.Card).flag(c.Second) }
