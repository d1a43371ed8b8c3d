package game

import "slices"

// Deep copies of the seeds' initiative state and of round effects, for
// Match.Fork: a fork that shared them would change the real match's cards
// and tokens while the computer looks ahead.

// Clone copies the card stacks.
func (st *stacksMethod) Clone() Initiative {
	c := *st
	c.Stacks = make([][]stackCard, len(st.Stacks))
	for i, s := range st.Stacks {
		c.Stacks[i] = slices.Clone(s)
	}
	return &c
}

// Clone copies the character deck, its waiting card and any open choice.
func (d *deckMethod) Clone() Initiative {
	c := *d
	c.Deck, c.Discard = slices.Clone(d.Deck), slices.Clone(d.Discard)
	c.Waiting, c.Ready = clonePtr(d.Waiting), clonePtr(d.Ready)
	if d.Ask != nil {
		a := *d.Ask
		a.Other = clonePtr(d.Ask.Other)
		c.Ask = &a
	}
	return &c
}

// Clone copies the bag.
func (t *tokenMethod) Clone() Initiative {
	return &tokenMethod{Bag: slices.Clone(t.Bag), Shared: slices.Clone(t.Shared)}
}

func (re *roundEffects) clone() *roundEffects {
	if re == nil {
		return nil
	}
	c := *re
	c.Models = slices.Clone(re.Models)
	return &c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
