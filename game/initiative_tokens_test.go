package game

import (
	"strings"
	"testing"
)

// Seed 004, the token stack (R37), with fixed draws: each face picks the
// token at that place in the bag, which is filled in table order (each
// model's two tokens, a shared colour's tokens, then End of Round).

func tokensOf(m *Match) *tokenMethod { return m.init.(*tokenMethod) }

// refillBag fills the bag afresh for the round in progress and draws.
func refillBag(m *Match) {
	m.emit(tokensOf(m).NewTurn(m, m.dice)...)
	restartRound(m)
}

func bagTotal(m *Match) (n int) {
	byModel, byPosse, end, _ := m.BagCounts()
	for _, c := range byModel {
		n += c
	}
	for _, c := range byPosse {
		n += c
	}
	if end {
		n++
	}
	return n
}

func TestTokenCountsR37(t *testing.T) {
	// Both posses played by people: two tokens a model, and End of Round.
	m := methodMatch(t, MethodTokens, Options{})
	byModel, byPosse, end, ok := m.BagCounts()
	if !ok || !end || byPosse[0] != 0 || byPosse[1] != 0 {
		t.Fatalf("bag %v %v %v", byModel, byPosse, end)
	}
	for id, n := range byModel {
		if n != 2 && !(n == 1 && m.Active == id) {
			t.Errorf("%s has %d tokens in the bag", m.Models[id].Name, n)
		}
	}
	// The Desperados played by the computer: one shared colour, by tier
	// (Legend 3, Cowpoke 2, Greenhorn 1).
	m = methodMatch(t, MethodTokens, Options{Computer: []int{1}})
	if got := tokensOf(m).Shared; got[0] != 0 || got[1] != 6 {
		t.Errorf("shared tokens %v, want the Desperados' 3+2+1", got)
	}
	fill := find(t, m.Events(), EvToken)
	if !strings.Contains(fill.Text, "6 tokens of Desperados") || !strings.Contains(fill.Text, "2 Sheriff") {
		t.Errorf("fill event %q", fill.Text)
	}
}

// The optional enemy limit caps the shared tokens at twice the human
// side's (R37).
func TestTokenEnemyLimitR37(t *testing.T) {
	_, desperados := sixFigures()
	lone := []ModelSpec{fig("Kid", "greenhorn", 10, 16, 0, "revolver")}
	m := methodMatchOf(t, MethodTokens, Options{Computer: []int{1}, EnemyLimit: true}, lone, desperados)
	if got := tokensOf(m).Shared[1]; got != 4 {
		t.Errorf("shared tokens %d, want 6 capped at twice the Kid's 2", got)
	}
	m = methodMatchOf(t, MethodTokens, Options{Computer: []int{1}}, lone, desperados)
	if got := tokensOf(m).Shared[1]; got != 6 {
		t.Errorf("without the limit the Desperados put in %d, want 6", got)
	}
}

// A model's token activates that model: drawn twice, it acts twice in a
// round (R37).
func TestTokenTwoActivationsOfOneModelR37(t *testing.T) {
	m := methodMatch(t, MethodTokens, Options{}, 1, 1, 11, 1)
	start := len(m.Events())
	refillBag(m)
	if m.Active != sheriff {
		t.Fatalf("active %d: the first token is the Sheriff's", m.Active)
	}
	do(t, m, end(sheriff))
	if m.Active != sheriff {
		t.Fatalf("active %d: his second token", m.Active)
	}
	n := 0
	for _, e := range m.Events()[start:] {
		if e.Kind == EvActivated && e.Model == sheriff {
			n++
		}
	}
	if n != 2 {
		t.Errorf("the Sheriff activated %d times", n)
	}
	turn := m.Turn
	do(t, m, end(sheriff)) // face 11: End of Round; the new round draws its first token
	if m.Turn != turn+1 {
		t.Errorf("the End of Round token ends the game turn")
	}
}

// End of Round: every token goes back, but the fallen's are removed; a
// fallen model's token drawn before then is set aside (R37, ruling G18).
func TestTokenEndOfRoundReturnsTokensAndRemovesTheDeadsR37(t *testing.T) {
	m := methodMatch(t, MethodTokens, Options{Computer: []int{1}}, 7, 7)
	refillBag(m) // bag: S S D D K K X X X X X X End; face 7: a Desperados token
	if m.Up.Posse != 1 || m.Up.Model != -1 || m.Active >= 0 || m.Decider() != 1 {
		t.Fatalf("up %+v active %d: a shared token lets the Desperados pick", m.Up, m.Active)
	}
	do(t, m, activate(boss))
	do(t, m, end(boss))
	// Face 7 again: the second shared token; the Boss may act again.
	do(t, m, activate(boss))
	// The Deputy and the Bandit fall; their tokens stay until the round ends.
	m.Models[deputy].Health.Damage = 9
	m.Models[bandit].Health.Damage = 9
	// Bag: S S D D K K X X X X End. Face 3: a Deputy token, set aside;
	// then face 1: the Sheriff's.
	m.dice.src = diceOf([]int{3, 1, 9, 1})
	do(t, m, end(boss))
	if !strings.Contains(logJSON(t, m), "Deputy's token is drawn, but he is out of play") || m.Active != sheriff {
		t.Fatalf("active %d: the fallen Deputy's token is set aside", m.Active)
	}
	turn := m.Turn
	do(t, m, end(sheriff)) // face 9 of the 9 left: the End of Round token
	if m.Turn != turn+1 {
		t.Fatalf("turn %d: End of Round", m.Turn)
	}
	byModel, _, _, _ := m.BagCounts()
	if byModel[deputy] != 0 {
		t.Errorf("the fallen put no tokens back: %v", byModel)
	}
	if got := tokensOf(m).Shared[1]; got != 4 {
		t.Errorf("shared %d: the Desperados now put in the Boss's 3 and Runt's 1", got)
	}
}

func TestTokenDecisionsAreOrdinaryActivations(t *testing.T) {
	m := methodMatch(t, MethodTokens, Options{}, 1)
	refillBag(m)
	refuse(t, m, Command{Kind: CmdWait, Model: sheriff}, "no such decision")
	refuse(t, m, Command{Kind: CmdRefocus, Model: sheriff}, "only played with card stacks")
}

// Model by model, the book's timing holds: an Overwatch marker stays until
// the model's next activation, which the token stack may give it in the
// same round; its stick goes off at the start of that activation (R24,
// R31, R32); a model that falls ends the match at once (R34).
func TestTokensKeepOverwatchFusesAndVictoryR24R32R37(t *testing.T) {
	hale := []ModelSpec{fig("Hale", "cowpoke", 6, 20, 0, "revolver", "dynamite")}
	bart := []ModelSpec{fig("Bart", "cowpoke", 14, 23, 270, "revolver")}
	m := methodMatchOf(t, MethodTokens, Options{}, hale, bart,
		1,       // Hale's token
		2,       // Bart's token
		1,       // Hale's second token
		1, 1, 1, // the blast's dice against Hale
		6, 1, 1, // against Bart: a hit
		3, 6) // its location and severity
	m.Models[1].Health.Damage = 3 // Bart has 1 HP left
	refillBag(m)                  // bag: Hale, Hale, Bart, Bart, End
	if m.Active != 0 {
		t.Fatalf("active %d: Hale's token", m.Active)
	}
	do(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 11, Y: 20}})
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	if m.Active != 1 {
		t.Fatalf("active %d: Bart's token", m.Active)
	}
	do(t, m, moveTo(1, 14, 17))
	if m.Pending == nil || m.Decider() != 0 {
		t.Fatalf("Hale's Overwatch interrupts Bart's move; decider %d", m.Decider())
	}
	do(t, m, Command{Kind: CmdHold, Model: 0})
	if !m.Models[0].Overwatch {
		t.Fatal("holding keeps the marker")
	}
	evs := do(t, m, end(1))
	if m.Models[0].Overwatch || !has(evs, EvOverwatchEnded) {
		t.Error("Hale's second activation takes his Overwatch marker off")
	}
	if !has(evs, EvExploded) || len(m.Fuses) != 0 {
		t.Error("Hale's stick goes off at the start of his next activation, in the same round")
	}
	if !m.Models[1].Removed() {
		t.Fatal("Bart falls to the blast")
	}
	// As under the book's methods, a model's own stick that wins the game
	// ends it when that activation ends.
	do(t, m, end(0))
	if !m.Over || m.Winner != 0 {
		t.Errorf("over %v, winner %d", m.Over, m.Winner)
	}
	if last := m.Events()[len(m.Events())-1]; last.Kind != EvGameOver {
		t.Errorf("no token is drawn after the end: last event %s", last.Kind)
	}
}
