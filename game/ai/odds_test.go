package ai

import (
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// TestRememberedOddsKeepUpAndDown: the odds a decision remembers tell apart
// pools of the same dice rolled plainly, with one die more and the lowest
// dropped (Up), or the highest dropped (Down) (round effects, R38, R52):
// each is the rules' own odds, whichever was asked first.
func TestRememberedOddsKeepUpAndDown(t *testing.T) {
	m := newMatch(t, setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: 3})
	pl, err := New("normal", 1)
	if err != nil {
		t.Fatal(err)
	}
	e := newEval(m, pl.(*Player), 0)
	h := m.Models[1].Health
	for _, keep := range []rules.Keep{rules.KeepAll, rules.DropLowest, rules.DropHighest, rules.KeepAll} {
		pool := rules.Pool{Label: "Rifle Long", Base: 3, Total: 3, Dice: 3, Keep: keep}
		got, want := e.oddsOf(&pool, h), rules.OddsOf(&pool, h)
		if got.PHit != want.PHit || got.PRemoved != want.PRemoved {
			t.Errorf("keep %d: remembered odds hit %.4f removed %.4f, the rules' %.4f and %.4f", keep, got.PHit, got.PRemoved, want.PHit, want.PRemoved)
		}
	}
	up := rules.Pool{Dice: 3, Keep: rules.DropLowest}
	plain := rules.Pool{Dice: 3}
	if rules.OddsOf(&up, h).PHit <= rules.OddsOf(&plain, h).PHit {
		t.Fatal("Up should hit more often than the plain pool: the check above would prove nothing")
	}
}
