package scene

import "cowpoke/game"

// seedChoices are the new-game screen's buttons for the seeds' initiative
// methods (a second row under the book's three) and the round-effects
// option (beside the other optional rules).
type seedChoices struct {
	stacks, deck, tokens, effects button
}

func newSeedChoices() seedChoices {
	return seedChoices{
		stacks:  button{Label: "Card stacks", Enabled: true},
		deck:    button{Label: "Character deck", Enabled: true},
		tokens:  button{Label: "Token stack", Enabled: true},
		effects: button{Label: "Round effects", Enabled: true},
	}
}

// place lays the methods out at (x, y) and the option at (ox, oy), in
// buttons w x h, each slot step apart.
func (c *seedChoices) place(x, y, ox, oy, step, w, h float64) {
	c.stacks.place(x, y, w, h)
	c.deck.place(x+step, y, w, h)
	c.tokens.place(x+2*step, y, w, h)
	c.effects.place(ox, oy, w, h)
}

// update shows the choice and takes a click; round effects need a
// card-based method (R38), so they switch off with any other.
func (c *seedChoices) update(in *Input, s *game.Scenario) {
	c.stacks.On, c.deck.On, c.tokens.On = s.Initiative == game.MethodStacks, s.Initiative == game.MethodDeck, s.Initiative == game.MethodTokens
	switch {
	case c.stacks.clicked(in):
		s.Initiative = game.MethodStacks
	case c.deck.clicked(in):
		s.Initiative = game.MethodDeck
	case c.tokens.clicked(in):
		s.Initiative = game.MethodTokens
	case c.effects.clicked(in):
		s.Options.RoundEffects = !s.Options.RoundEffects
	}
	cardBased := game.CardBased(s.Initiative)
	if !cardBased {
		s.Options.RoundEffects = false
	}
	c.effects.Enabled, c.effects.On = cardBased, s.Options.RoundEffects
}

// seedMethodsNote says in one line what the seeds' methods and round
// effects are, for under the optional rules.
const seedMethodsNote = "Round effects: each round a card gives every suit an effect (with the Draw, card stacks or the deck)."
