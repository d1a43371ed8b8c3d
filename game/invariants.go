package game

import (
	"fmt"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// Invariants checks what must hold after every command of any match, for
// the property tests of the engine and of every controller: nobody
// activates twice in a game turn, pools roll as many dice as they say, AP
// stays in 0..2 (3 with Flurry), the seeds' cards and tokens are neither lost nor doubled, health stays on the card, bases stay on the table and
// apart, the winner has somebody standing. Make one per match and call
// Check after every command.
type Invariants struct {
	// acted counts activations by game turn and model; under the token
	// stack, key {-turn, i} holds the bag's count for model (or shared
	// colour) i as filled that round.
	acted map[[2]int]int
	seen  int
}

// NewInvariants starts checking a match from its first event.
func NewInvariants() *Invariants { return &Invariants{acted: map[[2]int]int{}} }

// Check returns the first broken invariant, or nil.
func (v *Invariants) Check(m *Match) error {
	acted, seen := v.acted, &v.seen
	for _, e := range m.events[*seen:] {
		if e.Kind == EvToken && e.Model < 0 && e.Posse < 0 && e.Order != nil {
			for i, n := range e.Order { // the bag as filled: remember its counts
				acted[[2]int{-e.Turn, i}] = n
			}
		}
		if e.Kind == EvActivated {
			key := [2]int{e.Turn, e.Model}
			acted[key]++
			limit := m.maxActivations(e.Model)
			if m.Scenario.Initiative == MethodTokens {
				limit = acted[[2]int{-e.Turn, e.Model}]
				if m.computerPlayed(m.Models[e.Model].Posse) {
					limit = acted[[2]int{-e.Turn, len(m.Models) + m.Models[e.Model].Posse}]
				}
			}
			if acted[key] > limit {
				return fmt.Errorf("%s activated %d times in game turn %d (at most %d)", m.Models[e.Model].Name, acted[key], e.Turn, limit)
			}
		}
		if e.Pool != nil && e.Kind != EvBrawl && len(e.Faces) != e.Pool.Dice {
			return fmt.Errorf("%q rolled %d dice for a pool of %d", e.Text, len(e.Faces), e.Pool.Dice)
		}
	}
	*seen = len(m.events)
	maxAP := 2
	if m.effects != nil {
		maxAP = 3 // Flurry (R38)
	}
	if m.AP < 0 || m.AP > maxAP {
		return fmt.Errorf("AP %d", m.AP)
	}
	if err := checkMethodInvariants(m); err != nil {
		return err
	}
	if m.Active >= 0 && m.Models[m.Active].Removed() && m.Pending == nil {
		return fmt.Errorf("%s is activating though out of play", m.Models[m.Active].Name)
	}
	for i := range m.Models {
		a := &m.Models[i]
		if a.Health.HP() > a.Health.MaxHP || a.Health.Damage < 0 {
			return fmt.Errorf("%s has %d HP of %d", a.Name, a.Health.HP(), a.Health.MaxHP)
		}
		if a.Removed() {
			continue
		}
		if a.Pos.X < 0.5-1e-6 || a.Pos.Y < 0.5-1e-6 || a.Pos.X > m.Board.Width-0.5+1e-6 || a.Pos.Y > m.Board.Height-0.5+1e-6 {
			return fmt.Errorf("%s stands off the table at %v", a.Name, a.Pos)
		}
		if a.Sticks < 0 {
			return fmt.Errorf("%s has %d sticks", a.Name, a.Sticks)
		}
		for j := i + 1; j < len(m.Models); j++ {
			b := &m.Models[j]
			if !b.Removed() && a.Pos.Dist(b.Pos) < 2*board.BaseRadius-1e-6 {
				return fmt.Errorf("%s and %s overlap: centres %.4f\" apart", a.Name, b.Name, a.Pos.Dist(b.Pos))
			}
		}
	}
	if m.Over && m.Winner >= 0 && m.left(m.Winner) == 0 {
		return fmt.Errorf("the winner %s has nobody standing or got away", m.Posses[m.Winner].Name)
	}
	return m.objectiveInvariants()
}

// checkMethodInvariants checks the seeds' methods' own state.
func checkMethodInvariants(m *Match) error {
	switch in := m.init.(type) {
	case *stacksMethod:
		// Every model keeps its whole stack; a side's cards are all different.
		for pi, p := range m.Posses {
			seen := map[rules.Card]bool{}
			for _, id := range p.Models {
				if got, want := len(in.Stacks[id]), rules.StackSize(m.Models[id].Profile.Tier); got != want {
					return fmt.Errorf("%s holds %d cards, not %d", m.Models[id].Name, got, want)
				}
				for _, c := range in.Stacks[id] {
					if seen[c.Card] {
						return fmt.Errorf("posse %d holds the %s twice", pi, c.Card)
					}
					seen[c.Card] = true
				}
			}
		}
	case *deckMethod:
		// No card is lost or doubled: deck, waiting, discard, the choice and
		// the card about to act hold each model's card and the jokers once
		// (an Ace's second action counts as its card).
		count := map[int]int{}
		add := func(c deckCard) { count[c.Model]++ }
		for _, c := range in.Deck {
			add(c)
		}
		for _, c := range in.Discard {
			add(c)
		}
		if in.Waiting != nil {
			add(*in.Waiting)
		}
		if in.Ready != nil {
			add(*in.Ready)
		}
		if a := in.Ask; a != nil {
			add(a.Chooser)
			if a.Other != nil {
				add(*a.Other)
			}
		}
		if count[-1] != 2 {
			return fmt.Errorf("the deck holds %d jokers", count[-1])
		}
		for id, n := range count {
			if id >= 0 && n != 1 {
				return fmt.Errorf("%s's card is in the deck %d times", m.Models[id].Name, n)
			}
		}
	case *tokenMethod:
		ends := 0
		for _, tk := range in.Bag {
			if tk == endOfRound {
				ends++
			}
		}
		if ends > 1 {
			return fmt.Errorf("%d End of Round tokens in the bag", ends)
		}
	}
	return nil
}
