package game

import (
	"testing"

	"cowpoke/rules"
)

// Scripted tests of the seeds' methods play on the arena with three
// Lawmen (posse 0: Sheriff a Legend, Deputy a Cowpoke, Kid a Greenhorn)
// against three Desperados (posse 1: Boss a Legend, Bandit a Cowpoke, Runt
// a Greenhorn), standing apart. Under the character deck (R36) they are
// the Ace, King and 5 of Spades and of Hearts.
const (
	sheriff = iota
	deputy
	kid
	boss
	bandit
	runt
)

func sixFigures() (lawmen, desperados []ModelSpec) {
	lawmen = []ModelSpec{
		fig("Sheriff", "legend", 10, 12, 0, "revolver"),
		fig("Deputy", "cowpoke", 10, 14, 0, "revolver"),
		fig("Kid", "greenhorn", 10, 16, 0, "revolver"),
	}
	desperados = []ModelSpec{
		fig("Boss", "legend", 20, 12, 180, "revolver"),
		fig("Bandit", "cowpoke", 20, 14, 180, "revolver"),
		fig("Runt", "greenhorn", 20, 16, 180, "revolver"),
	}
	return
}

// methodMatch starts a match of the six figures under a method, set up
// with seeded dice; from then on it rolls exactly the faces given.
func methodMatch(t *testing.T, method string, opts Options, faces ...int) *Match {
	t.Helper()
	lawmen, desperados := sixFigures()
	return methodMatchOf(t, method, opts, lawmen, desperados, faces...)
}

func methodMatchOf(t *testing.T, method string, opts Options, lawmen, desperados []ModelSpec, faces ...int) *Match {
	t.Helper()
	s := Scenario{Name: t.Name(), Map: arenaFile, Initiative: method, Options: opts,
		Posses: []PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}}
	m, err := newMatch(s, arena(t), 1, rules.NewSeeded(1), CurrentEdition)
	if err != nil {
		t.Fatal(err)
	}
	m.dice.src = rules.Dice(faces...)
	return m
}

// restartRound clears the game turn in progress (nobody active, nobody has
// acted) so a test can lay out the method's cards or tokens, then asks
// the method who is up, as the match does after an activation.
func restartRound(m *Match) {
	m.Active, m.AP, m.UsedMove, m.RunLeft = -1, 0, false, 0
	for i := range m.Models {
		m.Models[i].Activated = false
	}
	m.turnPosse = -1
	m.nextUp(-1)
}

// upModel is the model the initiative has made active, or -1.
func upModel(m *Match) int { return m.Active }
