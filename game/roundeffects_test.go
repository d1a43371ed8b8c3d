package game

import (
	"strings"
	"testing"

	"cowpoke/rules"
)

// Round effects (seed 002 as R38 fits it), each effect with fixed dice.
// The matches use the Draw with round effects: the Lawmen are Spades, the
// Desperados Hearts (R36, R38). Dice at the start of each game turn: the
// Draw (2: the Lawmen first), then the effect card's five dice: Spades,
// Hearts, Diamonds, Clubs (1 Breaks, 2 Confused, 3 Down, 4 Fatigued,
// 5 Flurry, 6 Inspiration, 7 Setback, 8 Tests, 9 Stymied, 10 Up), then
// the approved action (1 Attack, 2 Maneuver, 3 Interact).

const (
	fxBreaks = iota + 1
	fxConfused
	fxDown
	fxFatigued
	fxFlurry
	fxInspiration
	fxSetback
	fxTests
	fxStymied
	fxUp
)

// effectsMatch is a Cowpoke of the Lawmen (A) 5" from one of the
// Desperados (B) on open ground, round effects on, rolling the faces given.
func effectsMatch(t *testing.T, opts Options, desperados []ModelSpec, faces ...int) *Match {
	t.Helper()
	opts.RoundEffects = true
	if desperados == nil {
		desperados = []ModelSpec{fig("B", "cowpoke", 10, 22, 180, "revolver")}
	}
	s := Scenario{Name: t.Name(), Map: arenaFile, Initiative: MethodDraw, Options: opts,
		Posses: []PosseSpec{{Name: "Lawmen", Models: []ModelSpec{fig("A", "cowpoke", 5, 22, 0, "revolver")}}, {Name: "Desperados", Models: desperados}}}
	m, err := newMatch(s, arena(t), 1, rules.Dice(faces...), CurrentEdition)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// basePool is A's pool at B with no round effects: Revolver Short.
func basePool(t *testing.T) int {
	m := effectsMatch(t, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 1)
	p, err := m.ShotPreview(0, 0, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	return p.Dice
}

func modifier(p rules.Pool, name string) int {
	for _, md := range p.Modifiers() {
		if md.Name == name {
			return md.Dice
		}
	}
	return 0
}

func TestRoundEffectCardIsAnEventR38(t *testing.T) {
	m := effectsMatch(t, Options{}, nil, 2, fxUp, fxDown, fxFatigued, fxFlurry, 2)
	e := find(t, m.Events(), EvEffect)
	for _, want := range []string{"Spades Up", "Hearts Down", "Diamonds Fatigued", "Clubs Flurry", "Approved action: Maneuver"} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("effect event %q lacks %q", e.Text, want)
		}
	}
	if c, _ := m.RoundEffectCard(); c.Suits[rules.Spades] != rules.Up || c.Approved != rules.ApprovedManeuver {
		t.Errorf("card %+v", c)
	}
	if len(e.Order) != 5 || e.Order[0] != int(rules.Up) {
		t.Errorf("the event's numbers %v give the card's face", e.Order)
	}
}

func TestRoundEffectsNeedACardMethodR38(t *testing.T) {
	s := Scenario{Name: "x", Map: arenaFile, Initiative: MethodCoin, Options: Options{RoundEffects: true},
		Posses: []PosseSpec{{Name: "A", Models: []ModelSpec{fig("A", "cowpoke", 5, 22, 0, "revolver")}}, {Name: "B", Models: []ModelSpec{fig("B", "cowpoke", 10, 22, 0, "revolver")}}}}
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "card-based") {
		t.Errorf("round effects on the coin flip: %v", err)
	}
}

// Up: one extra die, the lowest set aside; Down: the highest (R38).
func TestRoundEffectsUpAndDownR38(t *testing.T) {
	n := basePool(t)
	faces := []int{2, fxUp, fxTests, fxTests, fxTests, 3}
	roll := append([]int{1}, make([]int, n)...) // a 1, then n sixes... set below
	for i := 1; i <= n; i++ {
		roll[i] = 2
	}
	roll[n] = 6
	m := effectsMatch(t, Options{}, nil, append(append(faces, roll...), 1, 1)...)
	do(t, m, activate(0))
	evs := do(t, m, shoot(0, 0, 1))
	shot := find(t, evs, EvShot)
	if len(shot.Faces) != n || len(shot.Dropped) != 1 || shot.Dropped[0] != 1 || shot.Hits != 1 {
		t.Errorf("Up: shot faces %v dropped %v hits %d: %d+1 dice, the 1 set aside", shot.Faces, shot.Dropped, shot.Hits, n)
	}

	faces = []int{2, fxDown, fxTests, fxTests, fxTests, 3}
	roll = make([]int, n+1)
	for i := range roll {
		roll[i] = 3
	}
	roll[0] = 6
	m = effectsMatch(t, Options{}, nil, append(faces, roll...)...)
	do(t, m, activate(0))
	evs = do(t, m, shoot(0, 0, 1))
	shot = find(t, evs, EvShot)
	if len(shot.Faces) != n || shot.Dropped[0] != 6 || shot.Hits != 0 {
		t.Errorf("Down: shot faces %v dropped %v hits %d: the only six is set aside", shot.Faces, shot.Dropped, shot.Hits)
	}
	if !strings.Contains(shot.Text, "set aside") {
		t.Errorf("the log says which die was set aside: %q", shot.Text)
	}
}

// endTurn ends both activations of a game turn (A then B).
func endTurn(t *testing.T, m *Match) {
	t.Helper()
	turn := m.Turn
	for m.Turn == turn {
		if m.Active < 0 {
			for _, id := range m.Posses[m.Up.Posse].Models {
				if m.mayActivate(id) {
					do(t, m, activate(id))
					break
				}
			}
		}
		do(t, m, end(m.Active))
	}
}

// Fatigued: -1 die, stacking to -2, until Inspiration clears it (R38).
func TestRoundEffectsFatigueAndInspirationR38(t *testing.T) {
	n := basePool(t)
	m := effectsMatch(t, Options{}, nil,
		2, fxFatigued, fxTests, fxTests, fxTests, 3,
		2, fxFatigued, fxTests, fxTests, fxTests, 3,
		2, fxFatigued, fxTests, fxTests, fxTests, 3,
		2, fxInspiration, fxTests, fxTests, fxTests, 3)
	for _, want := range []int{-1, -2, -2, 0} {
		p, _ := m.ShotPreview(0, 0, 1, false)
		if got := modifier(p, "fatigued"); got != want || p.Dice != n+want {
			t.Fatalf("turn %d: fatigued %d, %d dice; want %d", m.Turn, got, p.Dice, want)
		}
		if q, _ := m.ShotPreview(1, 0, 0, false); modifier(q, "fatigued") != 0 {
			t.Fatal("Hearts are not fatigued")
		}
		if m.Turn < 4 {
			endTurn(t, m)
		}
	}
}

// Flurry: +1 AP; Setback: -1 AP, this round (R38).
func TestRoundEffectsFlurryAndSetbackR38(t *testing.T) {
	m := effectsMatch(t, Options{}, nil, 2, fxFlurry, fxSetback, fxTests, fxTests, 3)
	do(t, m, activate(0))
	if m.AP != 3 {
		t.Errorf("Flurry: AP %d, want 3", m.AP)
	}
	do(t, m, end(0))
	do(t, m, activate(1))
	if m.AP != 1 {
		t.Errorf("Setback: AP %d, want 1", m.AP)
	}
}

// Stymied: -1 die on the next pool only (R38).
func TestRoundEffectsStymiedR38(t *testing.T) {
	n := basePool(t)
	faces := []int{2, fxStymied, fxTests, fxTests, fxTests, 3}
	for range 2*n - 1 {
		faces = append(faces, 1)
	}
	m := effectsMatch(t, Options{}, nil, faces...)
	do(t, m, activate(0))
	evs := do(t, m, shoot(0, 0, 1))
	if s := find(t, evs, EvShot); s.Pool.Dice != n-1 {
		t.Errorf("first shot %d dice, want %d", s.Pool.Dice, n-1)
	}
	evs = do(t, m, shoot(0, 0, 1))
	if s := find(t, evs, EvShot); s.Pool.Dice != n {
		t.Errorf("second shot %d dice, want %d: Stymied is spent", s.Pool.Dice, n)
	}
}

// Confused: each human-played model rolls; 1-3 loses one AP. The
// computer's side is not confused (R38).
func TestRoundEffectsConfusedR38(t *testing.T) {
	m := effectsMatch(t, Options{Computer: []int{1}}, nil, 2, fxConfused, fxConfused, fxTests, fxTests, 3, 3)
	confused := 0
	for _, e := range m.Events() {
		if e.Kind == EvEffect && strings.Contains(e.Text, "confused") {
			confused++
			if e.Model != 0 || e.Faces[0] != 3 {
				t.Errorf("confusion %+v", e)
			}
		}
	}
	if confused != 1 {
		t.Fatalf("%d confusion rolls: only A (human) rolls", confused)
	}
	do(t, m, activate(0))
	if m.AP != 1 {
		t.Errorf("A rolled 3: AP %d, want 1", m.AP)
	}
	do(t, m, end(0))
	do(t, m, activate(1))
	if m.AP != 2 {
		t.Errorf("B is the computer's: AP %d, want 2", m.AP)
	}

	m = effectsMatch(t, Options{}, nil, 2, fxConfused, fxTests, fxTests, fxTests, 3, 4)
	do(t, m, activate(0))
	if m.AP != 2 {
		t.Errorf("A rolled 4: AP %d, want 2", m.AP)
	}
}

// Breaks: the computer's Greenhorns without a Legend must cause damage
// this round or flee; with a Legend they roll -1 die. People's sides are
// not affected (R38).
func TestRoundEffectsBreaksR38(t *testing.T) {
	green := []ModelSpec{fig("B", "greenhorn", 10, 22, 180, "revolver")}
	m := effectsMatch(t, Options{Computer: []int{1}}, green,
		2, fxTests, fxBreaks, fxTests, fxTests, 3,
		2, fxTests, fxTests, fxTests, fxTests, 3)
	if !m.effects.Models[1].MustHurt {
		t.Fatal("B must cause damage this round")
	}
	endTurn(t, m)
	if !m.Models[1].Removed() || !m.Over || m.Winner != 0 {
		t.Errorf("B caused no harm and flees: removed %v, over %v, winner %d", m.Models[1].Removed(), m.Over, m.Winner)
	}
	if !strings.Contains(logJSON(t, m), "flees the fight") {
		t.Error("the log says he flees")
	}

	withLegend := []ModelSpec{fig("B", "greenhorn", 10, 22, 180, "revolver"), fig("Boss", "legend", 20, 4, 180, "revolver")}
	m = effectsMatch(t, Options{Computer: []int{1}}, withLegend, 2, fxTests, fxBreaks, fxTests, fxTests, 3)
	if m.effects.Models[1].MustHurt {
		t.Error("with a Legend on their side the Greenhorns hold")
	}
	if p, _ := m.ShotPreview(1, 0, 0, false); modifier(p, "breaks") != -1 {
		t.Errorf("with a Legend: -1 die, pool %s", p.Explain())
	}
	m = effectsMatch(t, Options{}, green, 2, fxTests, fxBreaks, fxTests, fxTests, 3)
	if p, _ := m.ShotPreview(1, 0, 0, false); m.effects.Models[1].MustHurt || modifier(p, "breaks") != 0 {
		t.Error("Breaks touches only the computer's side")
	}
}

// Tests: no effect in Cowpoke (R38).
func TestRoundEffectsTestsDoNothingR38(t *testing.T) {
	n := basePool(t)
	m := effectsMatch(t, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 3)
	if p, _ := m.ShotPreview(0, 0, 1, false); p.Dice != n || len(p.Modifiers()) != 0 {
		t.Errorf("pool %s", p.Explain())
	}
	do(t, m, activate(0))
	if m.AP != 2 {
		t.Errorf("AP %d", m.AP)
	}
}

// The approved action: the first success of the round wins a Luck token,
// +1 die on the model's next pool, then spent (R38, ruling G20). Rules
// edition 2: edition 3 counts the Run when walked and lets the owner
// declare the token (R41, R42; edition3_test.go).
func TestRoundEffectsApprovedActionLuckR38G20(t *testing.T) {
	n := basePool(t)
	faces := []int{2, fxTests, fxTests, fxTests, fxTests, 2, // Maneuver
		1, 1, // A's Run: 2D6 = 2"
		2, fxTests, fxTests, fxTests, fxTests, 1} // turn 2: Attack
	for range n + 1 {
		faces = append(faces, 1)
	}
	m := effectsMatchIn(t, Edition2, Options{}, nil, faces...)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdRun, Model: 0})
	if e := find(t, evs, EvEffect); !strings.Contains(e.Text, "wins a Luck token") {
		t.Errorf("event %q", e.Text)
	}
	do(t, m, end(0))
	endTurn(t, m)
	do(t, m, activate(0))
	evs = do(t, m, shoot(0, 0, 1))
	s := find(t, evs, EvShot)
	if s.Pool.Dice != n+1 || modifier(rulesPool(s.Pool), "luck") != 1 {
		t.Errorf("shot %s: +1 die of Luck", s.Pool.Explain)
	}
	if m.effects.Models[0].Luck != 0 {
		t.Error("Luck is spent on the roll")
	}
}

func rulesPool(p *PoolInfo) rules.Pool {
	var q rules.Pool
	q.Label = "x"
	for _, md := range p.Modifiers {
		q.AddModifier(md.Name, md.Dice)
	}
	return q
}

// Under card stacks a model's suit is its top card's; with no face-up card
// it has none (R38, ruling G21).
func TestRoundEffectsSuitOfTheTopCardG21(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{RoundEffects: true})
	layStacks(m, map[int][]rules.Card{sheriff: {cd(rules.King, rules.Hearts)}, kid: {cd(rules.King, rules.Clubs)}})
	stacksOf(m).Stacks[kid][0].Down = true
	m.dice.src = rules.Dice(fxTests, fxFatigued, fxTests, fxTests, 1)
	m.effects.newRound(m)
	if m.effects.Models[sheriff].Suit != int(rules.Hearts) || m.effects.Models[sheriff].Fatigue != 1 {
		t.Errorf("the Sheriff's top card is a Heart: %+v", m.effects.Models[sheriff])
	}
	if m.effects.Models[kid].Suit != -1 {
		t.Errorf("the Kid shows no card: %+v", m.effects.Models[kid])
	}
}
