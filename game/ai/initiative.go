package ai

import (
	"fmt"
	"strings"

	"cowpoke/game"
	"cowpoke/rules"
)

// The decisions the seeds' initiative methods add to an activation (R35,
// R37), beyond act now or wait and the restack (methodChoice):
//
//   - a shared token of the token stack lets the side activate any of its
//     standing models, one that has already acted included;
//   - under card stacks Aim pushes the top card face down, and a model
//     with no face-up card left loses its next turn; Refocus (1 AP)
//     restacks the cards high to low.

// pickForInitiative is the model to activate: under a shared token any
// standing model of the side may go, else those the side has ready.
func (p *Player) pickForInitiative(m *game.Match) []choice {
	if !m.SharedToken() {
		return p.pickModel(m)
	}
	// Weigh every standing model as if none had acted: the same scoring
	// as pickModel, on a fork where the side's models are all ready.
	f := m.Fork(rules.NewSeeded(p.seed))
	acted := map[int]bool{}
	for _, id := range f.Posses[f.Up.Posse].Models {
		if md := &f.Models[id]; md.Activated && !md.Removed() {
			acted[id] = true
			md.Activated = false
		}
	}
	cs := p.pickModel(f)
	for i := range cs {
		if acted[cs[i].cmd.Model] {
			cs[i].what += " again"
			cs[i].terms += " (a shared token may go to a model that has acted)"
		}
	}
	return cs
}

// withStacks adjusts the active model's choices under card stacks: an Aim
// that gives up the last face-up card costs the next turn, and Refocus is
// offered when the stack is out of order and worth the action point.
func (p *Player) withStacks(m *game.Match, cs []choice) []choice {
	id := m.Active
	stack, ok := m.Stack(id)
	if !ok || id < 0 || m.Pending != nil || m.RunLeft > 0 {
		return cs
	}
	up := faceUp(stack)
	future := m.Scenario.TurnLimit == 0 || m.Turn < m.Scenario.TurnLimit
	lost := 0.0 // what losing the next turn costs
	if future {
		e := newEval(m, p, id)
		lost = 0.5 + e.bestShotValue(id, m.Models[id].Pos)
	}
	if up == 1 && lost > 0 {
		for i := range cs {
			if cs[i].cmd.Kind == game.CmdAim {
				cs[i].score -= lost
				cs[i].terms = strings.TrimPrefix(cs[i].terms+"; it gives up his last face-up card, so he would lose his next turn unless he refocuses", "; ")
			}
		}
	}
	refocus := game.Command{Kind: game.CmdRefocus, Model: id}
	if m.AP < 1 || m.Validate(refocus) != nil {
		return cs
	}
	name := m.Models[id].Name
	stay := endScore(cs)
	switch {
	case up == 0 && future:
		// Every card is face down: without a Refocus the next turn is lost.
		return append(cs, choice{cmd: refocus, score: stay + lost,
			what:  "Refocus: restack the cards high to low",
			terms: fmt.Sprintf("%s has no face-up card left and would lose his next turn", name)})
	case m.AP == 1 && future:
		// The last action point: restacking brings a higher card to the
		// top, so he acts earlier next turn; worth it only when no other
		// action is.
		top, _ := m.TopCard(id)
		best := highest(stack)
		if !rules.Outranks(best, top) {
			return cs
		}
		gain := 0.15 * float64(best.Rank-top.Rank+1) / 13
		return append(cs, choice{cmd: refocus, score: stay + gain,
			what:  "Refocus: restack the cards high to low",
			terms: fmt.Sprintf("the %s comes back on top in place of the %s, so %s acts earlier next turn, and nothing else is worth the last action point", best, top, name)})
	}
	return cs
}

// faceUp counts the face-up cards of a stack.
func faceUp(stack []game.StackCard) int {
	n := 0
	for _, c := range stack {
		if !c.Down {
			n++
		}
	}
	return n
}

// highest is the highest card of a stack, face up or down.
func highest(stack []game.StackCard) rules.Card {
	var best rules.Card
	for i, c := range stack {
		if i == 0 || rules.Outranks(c.Card, best) {
			best = c.Card
		}
	}
	return best
}

// endScore is the score of ending the activation where the model stands.
func endScore(cs []choice) float64 {
	best, found := 0.0, false
	for _, c := range cs {
		if c.cmd.Kind == game.CmdEnd && (!found || c.score > best) {
			best, found = c.score, true
		}
	}
	return best
}
