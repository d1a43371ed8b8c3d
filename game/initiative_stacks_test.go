package game

import (
	"strings"
	"testing"

	"cowpoke/rules"
)

// Seed 000, card stacks (R35), step by step with fixed cards.

func stacksOf(m *Match) *stacksMethod { return m.init.(*stacksMethod) }

func cd(rank int, s rules.Suit) rules.Card { return rules.Card{Rank: rank, Suit: s} }

// layStacks gives each model the cards listed (top first, face up; a
// model not listed keeps a low card) and starts a fresh game turn's order.
func layStacks(m *Match, stacks map[int][]rules.Card) {
	st := stacksOf(m)
	for id := range m.Models {
		cards, ok := stacks[id]
		if !ok {
			cards = []rules.Card{cd(2, rules.Suit(id%4))}
		}
		st.Stacks[id] = nil
		for _, c := range cards {
			st.Stacks[id] = append(st.Stacks[id], stackCard{Card: c})
		}
	}
	st.Lost = -1
	restartRound(m)
}

// actingOrder ends every activation of the game turn and lists who acted.
func actingOrder(t *testing.T, m *Match) []int {
	t.Helper()
	turn := m.Turn
	var order []int
	for m.Turn == turn && !m.Over {
		if m.Active < 0 {
			t.Fatalf("nobody is active (up %+v)", m.Up)
		}
		order = append(order, m.Active)
		do(t, m, end(m.Active))
	}
	return order
}

func TestStacksDealtByTierHighOnTopR35(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	st := stacksOf(m)
	for id, want := range []int{3, 2, 1, 3, 2, 1} {
		s := st.Stacks[id]
		if len(s) != want {
			t.Fatalf("%s holds %d cards, want %d (Legend 3, Cowpoke 2, Greenhorn 1)", m.Models[id].Name, len(s), want)
		}
		for i := 1; i < len(s); i++ {
			if rules.Outranks(s[i].Card, s[i-1].Card) || s[i].Down {
				t.Errorf("%s's stack %+v is not face up, high to low", m.Models[id].Name, s)
			}
		}
	}
	n := 0
	for _, e := range m.Events() {
		if e.Kind == EvCard && len(e.Cards) > 0 && strings.Contains(e.Text, "is dealt") {
			n++
		}
	}
	if n != 6 {
		t.Errorf("%d deal events, want one per model with its cards", n)
	}
}

// Models act by their top card, highest first; a tie of rank goes to the
// higher suit, Spades > Hearts > Diamonds > Clubs (R35).
func TestStacksOrderByTopCardAndSuitR35(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	layStacks(m, map[int][]rules.Card{
		sheriff: {cd(rules.King, rules.Hearts)},
		deputy:  {cd(rules.Queen, rules.Clubs)},
		kid:     {cd(rules.Queen, rules.Diamonds)},
		boss:    {cd(rules.King, rules.Spades)},
		bandit:  {cd(rules.Ace, rules.Clubs)},
		runt:    {cd(3, rules.Spades)},
	})
	m.dice.src = rules.NewSeeded(3)
	got := actingOrder(t, m)
	want := []int{bandit, boss, sheriff, kid, deputy, runt}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

// The same card in two sides' decks is a complete tie: a fresh coin flip
// each time it arises, even for the first named (R35, ruling G14).
func TestStacksCompleteTieCoinFlipR35(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{}, 3)
	layStacks(m, map[int][]rules.Card{
		deputy: {cd(rules.King, rules.Spades)},
		bandit: {cd(rules.King, rules.Spades)},
	})
	if m.Active != bandit {
		t.Fatalf("active %d: the die shows 3, odd: the second named, Bandit, goes first", m.Active)
	}
	var flip Event
	for _, e := range m.Events() {
		if e.Kind == EvCard && len(e.Faces) == 1 {
			flip = e
		}
	}
	if flip.Faces[0] != 3 || !strings.Contains(flip.Text, "coin flip") || !strings.Contains(flip.Text, "Bandit goes first") {
		t.Errorf("flip event %+v", flip)
	}
	m.dice.src = rules.Dice(4)
	layStacks(m, map[int][]rules.Card{
		deputy: {cd(rules.King, rules.Spades)},
		bandit: {cd(rules.King, rules.Spades)},
	})
	if m.Active != deputy {
		t.Fatalf("active %d: a fresh flip, 4 is even: the Deputy goes first", m.Active)
	}
}

// Aim pushes the top card face down to the bottom; a model left with no
// face-up card loses its next turn, which it spends restacking (R35).
func TestStacksAimPushAndLostTurnR35(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	layStacks(m, map[int][]rules.Card{
		sheriff: {cd(rules.Ace, rules.Spades), cd(7, rules.Hearts), cd(2, rules.Clubs)},
		kid:     {cd(rules.King, rules.Hearts)},
		boss:    {cd(rules.Queen, rules.Hearts)},
	})
	st := stacksOf(m)
	if m.Active != sheriff {
		t.Fatalf("active %d", m.Active)
	}
	evs := do(t, m, Command{Kind: CmdAim, Model: sheriff, Target: boss})
	s := st.Stacks[sheriff]
	if s[0].Card != cd(7, rules.Hearts) || s[0].Down || !s[2].Down || s[2].Card != cd(rules.Ace, rules.Spades) {
		t.Fatalf("stack %+v: the Ace goes face down under the 7 and the 2", s)
	}
	if e := find(t, evs, EvCard); !strings.Contains(e.Text, "his card is now the 7 of Hearts") {
		t.Errorf("event %q", e.Text)
	}
	do(t, m, end(sheriff))
	// The Kid aims with his only card: none is left face up.
	if m.Active != kid {
		t.Fatalf("active %d", m.Active)
	}
	evs = do(t, m, Command{Kind: CmdAim, Model: kid, Target: boss})
	if e := find(t, evs, EvCard); !strings.Contains(e.Text, "will lose his next turn") {
		t.Errorf("event %q", e.Text)
	}
	m.dice.src = rules.NewSeeded(5)
	do(t, m, end(kid))
	for m.Turn == 1 {
		do(t, m, end(m.Active))
	}
	// Game turn 2: the Kid comes after every model with a face-up card (G13).
	var order []int
	for m.Active != kid {
		order = append(order, m.Active)
		do(t, m, end(m.Active))
	}
	if len(order) != 5 {
		t.Fatalf("the Kid acted after %v, want after all five others", order)
	}
	if m.AP != 0 || m.Decider() != 0 {
		t.Fatalf("AP %d: a lost turn has no actions", m.AP)
	}
	refuse(t, m, moveTo(kid, 10, 18), "loses this turn and can only restack")
	refuse(t, m, end(kid), "can only restack")
	if opts := m.methodChoices(); len(opts) != 1 || opts[0].Kind != CmdRestack {
		t.Fatalf("choices %+v: restacking is the one decision", opts)
	}
	evs = do(t, m, Command{Kind: CmdRestack, Model: kid})
	if e := find(t, evs, EvCard); !strings.Contains(e.Text, "spends the turn restacking") {
		t.Errorf("event %q", e.Text)
	}
	if c, ok := m.TopCard(kid); !ok || c != cd(rules.King, rules.Hearts) {
		t.Errorf("after restacking the Kid's King is face up again")
	}
	if !has(evs, EvActivationEnded) || m.Turn != 3 {
		t.Errorf("the lost turn ends the Kid's activation (and here the game turn)")
	}
}

// A lost turn is still the model's turn: its lit fuse goes off (R24, G13).
func TestStacksLostTurnSetsOffTheFuseR24G13(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{}, 1, 1, 1)
	layStacks(m, map[int][]rules.Card{kid: {cd(rules.King, rules.Hearts)}})
	st := stacksOf(m)
	st.Stacks[kid][0].Down = true
	m.Fuses = []Fuse{{Thrower: kid, Posse: 0, At: Point{X: 3, Y: 22}}}
	restartRound(m)
	for m.Active != kid {
		do(t, m, end(m.Active))
	}
	if len(m.Fuses) != 0 || !has(m.Events(), EvExploded) {
		t.Error("the Kid's stick goes off at the start of his lost turn")
	}
}

// Refocus costs 1 AP and restacks high to low, face up (R35); it is
// refused when there is nothing to restack (ruling G13).
func TestStacksRefocusR35(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	layStacks(m, map[int][]rules.Card{
		sheriff: {cd(7, rules.Hearts), cd(2, rules.Clubs), cd(rules.Ace, rules.Spades)},
	})
	stacksOf(m).Stacks[sheriff][2].Down = true
	if m.Active != sheriff {
		t.Fatalf("active %d", m.Active)
	}
	var refocus bool
	for _, o := range m.Options() {
		if o.Kind == CmdRefocus {
			refocus = o.Allowed
		}
	}
	if !refocus {
		t.Error("Refocus is offered on the action bar")
	}
	evs := do(t, m, Command{Kind: CmdRefocus, Model: sheriff})
	if m.AP != 1 {
		t.Errorf("AP %d: Refocus costs one", m.AP)
	}
	if c, _ := m.TopCard(sheriff); c != cd(rules.Ace, rules.Spades) {
		t.Errorf("top card %v after Refocus, want the Ace", c)
	}
	if e := find(t, evs, EvCard); len(e.Cards) != 3 || !strings.Contains(e.Text, "refocuses") {
		t.Errorf("event %+v", e)
	}
	refuse(t, m, Command{Kind: CmdRefocus, Model: sheriff}, "already face up, highest on top")
}
