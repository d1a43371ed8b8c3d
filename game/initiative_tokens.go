package game

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"cowpoke/rules"
)

// MethodTokens is seed 004's token stack (R37).
const MethodTokens = "tokens"

// tokenMethod is the token stack (seed 004, R37): a bag of coloured tokens,
// drawn one at a time. Each model of a human-played posse has 2 tokens of
// its own colour; a computer-played posse shares one colour, 1 token per
// Greenhorn, 2 per Cowpoke, 3 per Legend (capped at twice the human tokens
// when the scenario's enemy limit is on); one End-of-Round token. A game
// turn is one round: drawing the End-of-Round token ends it, and the bag
// is refilled without the tokens of the fallen.
type tokenMethod struct {
	Bag    []token `json:"bag"`
	Shared []int   `json:"shared"` // each posse's shared tokens put in this round
}

// token is one token: a model's own colour (Model >= 0), a posse's shared
// colour (Model -1, Posse >= 0) or the End-of-Round token (both -1).
type token struct {
	Model int `json:"model"`
	Posse int `json:"posse"`
}

var endOfRound = token{Model: -1, Posse: -1}

func (t *tokenMethod) Name() string { return MethodTokens }
func (t *tokenMethod) State() any   { return t }

// computerPlayed reports whether the scenario gives a posse to the computer:
// listed in Options.Computer, or naming its computer player (the new-game
// screen's Computer, PosseSpec.Computer). No save made before posses named
// their computer player has the second, so old saves replay as they were.
func (m *Match) computerPlayed(p int) bool {
	if slices.Contains(m.Scenario.Options.Computer, p) {
		return true
	}
	return p >= 0 && p < len(m.Scenario.Posses) && m.Scenario.Posses[p].Computer != ""
}

// sharedTokens is how many shared tokens a computer-played posse puts in
// the bag now: its standing models' tiers, capped by the enemy limit.
func (m *Match) sharedTokens(p int) int {
	n := 0
	for _, id := range m.Posses[p].Models {
		if md := &m.Models[id]; !md.Removed() {
			n += rules.StackSize(md.Profile.Tier) // 1, 2, 3 by tier, as the stacks deal
		}
	}
	if m.Scenario.Options.EnemyLimit {
		human := 0
		for q := range m.Posses {
			if !m.computerPlayed(q) {
				human += 2 * m.standing(q)
			}
		}
		// With no human posse there is nothing to limit against (ruling G18).
		if human > 0 {
			n = min(n, 2*human)
		}
	}
	return n
}

// NewTurn fills the bag for a round: every token back, the fallen's
// removed, the End-of-Round token in (R37).
func (t *tokenMethod) NewTurn(m *Match, src rules.Source) []Event {
	var parts []string
	t.Bag, t.Shared = m.fullBag(t.Bag[:0], func(p, n int) {
		parts = append(parts, fmt.Sprintf("%s %s", tokensText(n), m.Posses[p].Name))
	}, func(id int) {
		parts = append(parts, fmt.Sprintf("2 %s", m.Models[id].Name))
	})
	return []Event{{Kind: EvToken, Model: -1, Posse: -1, Order: countTokens(m, t.Bag),
		Text: fmt.Sprintf("The bag is filled: %s and the End of Round token.", strings.Join(parts, ", "))}}
}

// fullBag appends to bag the tokens a round starts with now (R37): each
// computer-played posse's shared tokens (told to shared), two of every
// other standing model's own colour (told to own), the End-of-Round token.
// It returns the bag and each posse's shared tokens.
func (m *Match) fullBag(bag []token, shared func(p, n int), own func(id int)) ([]token, []int) {
	put := make([]int, len(m.Posses))
	for p := range m.Posses {
		if m.computerPlayed(p) {
			n := m.sharedTokens(p)
			put[p] = n
			for range n {
				bag = append(bag, token{Model: -1, Posse: p})
			}
			if shared != nil {
				shared(p, n)
			}
			continue
		}
		for _, id := range m.Posses[p].Models {
			if !m.Models[id].Removed() {
				bag = append(bag, token{Model: id, Posse: p}, token{Model: id, Posse: p})
				if own != nil {
					own(id)
				}
			}
		}
	}
	return append(bag, endOfRound), put
}

func tokensText(n int) string {
	if n == 1 {
		return "1 token of"
	}
	return fmt.Sprintf("%d tokens of", n)
}

// countTokens counts a bag's tokens by colour: each model's, then each
// posse's shared colour, then the End-of-Round token.
func countTokens(m *Match, bag []token) []int {
	out := make([]int, len(m.Models)+len(m.Posses)+1)
	for _, tk := range bag {
		switch {
		case tk.Model >= 0:
			out[tk.Model]++
		case tk.Posse >= 0:
			out[len(m.Models)+tk.Posse]++
		default:
			out[len(out)-1]++
		}
	}
	return out
}

// BagCounts says what the token stack's bag holds: by model, by posse's
// shared colour, and whether the End-of-Round token is still in.
func (m *Match) BagCounts() (byModel, byPosse []int, endOfRound bool, ok bool) {
	t, ok := m.init.(*tokenMethod)
	if !ok {
		return nil, nil, false, false
	}
	byModel, byPosse, endOfRound = splitCounts(m, countTokens(m, t.Bag))
	return byModel, byPosse, endOfRound, true
}

// FullBagCounts says what the token stack's bag would hold if a round
// began now, as BagCounts says it: what the next round starts with, the
// fallen's tokens left out.
func (m *Match) FullBagCounts() (byModel, byPosse []int, ok bool) {
	if _, ok := m.init.(*tokenMethod); !ok {
		return nil, nil, false
	}
	bag, _ := m.fullBag(nil, nil, nil)
	byModel, byPosse, _ = splitCounts(m, countTokens(m, bag))
	return byModel, byPosse, true
}

// splitCounts parts countTokens' counts into the models', the shared
// colours' and whether the End-of-Round token is among them.
func splitCounts(m *Match, c []int) (byModel, byPosse []int, endOfRound bool) {
	return c[:len(m.Models)], c[len(m.Models) : len(c)-1], c[len(c)-1] > 0
}

// Next draws a token at random: a model's token activates that model, a
// shared token lets its side pick any of its models, the End-of-Round
// token ends the game turn (R37).
func (t *tokenMethod) Next(m *Match) (Up, bool) {
	for len(t.Bag) > 0 {
		i := m.dice.Intn(len(t.Bag))
		tk := t.Bag[i]
		t.Bag = append(t.Bag[:i], t.Bag[i+1:]...)
		ev := Event{Kind: EvToken, Model: tk.Model, Posse: tk.Posse, Faces: []int{i + 1}}
		switch {
		case tk == endOfRound:
			ev.Text = "The End of Round token is drawn."
			m.emit(ev)
			return Up{}, false
		case tk.Model >= 0 && m.Models[tk.Model].Removed():
			ev.Text = fmt.Sprintf("%s's token is drawn, but he is out of play: it is set aside.", m.Models[tk.Model].Name)
		case tk.Model >= 0:
			ev.Text = fmt.Sprintf("%s's token is drawn.", m.Models[tk.Model].Name)
			m.emit(ev)
			return Up{Posse: tk.Posse, Model: tk.Model}, true
		case m.standing(tk.Posse) == 0:
			ev.Text = fmt.Sprintf("A token of %s is drawn, but none of them stands: it is set aside.", m.Posses[tk.Posse].Name)
		default:
			ev.Text = fmt.Sprintf("A token of %s is drawn: their player picks who acts.", m.Posses[tk.Posse].Name)
			m.emit(ev)
			return Up{Posse: tk.Posse, Model: -1}, true
		}
		m.emit(ev)
	}
	return Up{}, false
}

func (t *tokenMethod) Asking() (int, bool) { return 0, false }

// ActsAgain: a model may be activated by every token drawn for it (R37).
func (t *tokenMethod) ActsAgain() bool { return true }

// MaxActivations: a human-played model has 2 tokens; a shared colour's
// tokens may all go to one model.
func (t *tokenMethod) MaxActivations(m *Match, id int) int {
	if p := m.Models[id].Posse; m.computerPlayed(p) {
		return t.Shared[p]
	}
	return 2
}

func (t *tokenMethod) Activated(m *Match, id int) {}
func (t *tokenMethod) Aimed(m *Match, id int)     {}

func (t *tokenMethod) Check(m *Match, c Command) error {
	return fmt.Errorf("the token stack has no such decision")
}
func (t *tokenMethod) Do(m *Match, c Command)     {}
func (t *tokenMethod) Choices(m *Match) []Command { return nil }

// writeTableKey writes the bag into a table key (Match.TableKey).
func (t *tokenMethod) writeTableKey(w io.Writer) {
	k := keyBytes(make([]byte, 0, 16*len(t.Bag)+64)).int(len(t.Bag))
	for _, tk := range t.Bag {
		k = k.int(tk.Model).int(tk.Posse)
	}
	k = k.int(len(t.Shared))
	for _, n := range t.Shared {
		k = k.int(n)
	}
	w.Write(k)
}
