package game

import (
	"strings"
	"testing"

	"cowpoke/rules"
)

// Rules edition 3: the seed modules as rulings R39-R53 read them. Each
// test plays its ruling through Match.Apply; where edition 3 changed the
// play, it also checks that edition 2 (older saves) keeps the old.

// effectsMatchIn is effectsMatch played under a rules edition.
func effectsMatchIn(t *testing.T, edition int, opts Options, desperados []ModelSpec, faces ...int) *Match {
	t.Helper()
	m := effectsMatch(t, opts, desperados, faces...)
	m.edition = edition
	return m
}

// giveLuck hands a model Luck tokens as winning the approved action would.
func giveLuck(m *Match, id, n int) { m.effects.Models[id].Luck = n }

func boutDice(t *testing.T, evs []Event, target int) (attacker, defender int) {
	t.Helper()
	for _, e := range evs {
		if e.Kind == EvBrawl && e.Target == target {
			return e.Order[0], e.Order[1]
		}
	}
	t.Fatalf("no bout against %d in %v", target, kinds(evs))
	return 0, 0
}

func shotAt(t *testing.T, evs []Event, target int) Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == EvShot && e.Target == target {
			return e
		}
	}
	t.Fatalf("no shot at %d in %v", target, kinds(evs))
	return Event{}
}

func infoModifier(p *PoolInfo, name string) int {
	for _, md := range p.Modifiers {
		if md.Name == name {
			return md.Dice
		}
	}
	return 0
}

// R39: models with no face-up card rank below every card; among several,
// a fresh flip decides, not the table order; the lost turn is still the
// model's activation (its Overwatch drops) and it may only restack.
func TestLostTurnsRankBelowEveryCardByAFlipR39(t *testing.T) {
	for _, edition := range []int{Edition2, Edition3} {
		m := methodMatch(t, MethodStacks, Options{})
		m.edition = edition
		m.Models[boss].Overwatch = true
		m.dice.src = rules.Dice(1) // the flip: odd, the second named
		layStacks(m, map[int][]rules.Card{
			sheriff: {cd(rules.Ace, rules.Spades)},
			deputy:  {cd(rules.King, rules.Spades)},
			kid:     {cd(rules.Queen, rules.Spades)},
			boss:    {cd(rules.Ace, rules.Hearts)},
			bandit:  {cd(rules.Jack, rules.Spades)},
			runt:    {cd(10, rules.Spades)},
		})
		stacksOf(m).Stacks[sheriff][0].Down = true
		stacksOf(m).Stacks[boss][0].Down = true
		// The Sheriff and the Boss hold no face-up card: restartRound
		// recounted the order; the four with cards go first, high to low.
		m.dice.src = rules.Dice(1)
		restartRound(m)
		var order []int
		for m.Active >= 0 && stacksOf(m).Lost != m.Active {
			order = append(order, m.Active)
			do(t, m, end(m.Active))
		}
		if len(order) != 4 || order[0] != deputy || order[3] != runt {
			t.Fatalf("edition %d: order %v: every model with a card first, highest first", edition, order)
		}
		want := sheriff // edition 2: table order, the first posse favoured
		if edition >= Edition3 {
			want = boss // the flip's die shows 1: the second of the two
		}
		if m.Active != want {
			t.Fatalf("edition %d: %s loses his turn first, want %s", edition, m.Models[m.Active].Name, m.Models[want].Name)
		}
		if edition >= Edition3 {
			if !strings.Contains(logJSON(t, m), "Sheriff and Boss have no face-up card left: a coin flip, the die shows 1, odd: Boss loses his turn first.") {
				t.Error("the flip is in the log")
			}
			if m.Models[boss].Overwatch {
				t.Error("the lost turn is the Boss's activation: his Overwatch comes off")
			}
			refuse(t, m, shoot(boss, 0, kid), "can only restack")
			do(t, m, Command{Kind: CmdRestack, Model: boss})
			if m.Active != sheriff || stacksOf(m).Lost != sheriff {
				t.Errorf("the Sheriff's lost turn comes last")
			}
		}
	}
}

// R40: under the Draw with round effects each posse's suit is its seat's,
// fixed for the match: Spades, Hearts, Diamonds, Clubs.
func TestDrawSuitsAreTheSeatsR40(t *testing.T) {
	m := effectsMatch(t, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 3, 1, fxTests, fxTests, fxTests, fxTests, 3)
	for turn := 1; turn <= 2; turn++ {
		if m.effects.Models[0].Suit != int(rules.Spades) || m.effects.Models[1].Suit != int(rules.Hearts) {
			t.Fatalf("turn %d: suits %d and %d, want Spades and Hearts", turn, m.effects.Models[0].Suit, m.effects.Models[1].Suit)
		}
		if turn == 1 {
			endTurn(t, m) // the Desperados draw first in turn 2: the suits stay
		}
	}
	if m.Up.Posse != 1 && m.turnPosse != 1 {
		t.Logf("turn 2 order: %+v", m.Up)
	}
	for seat, want := range []rules.Suit{rules.Spades, rules.Hearts, rules.Diamonds, rules.Clubs} {
		if got := rules.SuitOfSide(seat); got != want {
			t.Errorf("seat %d: %s, want %s", seat+1, got, want)
		}
	}
}

// R41: a Luck token is declared on the roll; without the declaration it
// is kept, with it the roll has one more die and the token is spent.
// Refused without a token, on a roll that is not the model's own shooting
// or brawl roll, and under edition 2 (where it is spent by itself).
func TestLuckIsDeclaredOnTheRollR41(t *testing.T) {
	n := basePool(t)
	m := effectsMatchIn(t, Edition3, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 3)
	m.dice.src = rules.NewSeeded(3)
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Luck: true}, "has no Luck token")
	giveLuck(m, 0, 1)
	refuse(t, m, Command{Kind: CmdMove, Model: 0, To: &Point{X: 5, Y: 20}, Luck: true}, "only to A's own shooting or brawl rolls")
	refuse(t, m, Command{Kind: CmdRun, Model: 0, Luck: true}, "never to a move, a Run")
	refuse(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Luck: true, LuckRoll: 1}, "makes 1 roll")
	evs := do(t, m, shoot(0, 0, 1))
	if s := shotAt(t, evs, 1); s.Pool.Dice != n || infoModifier(s.Pool, "luck") != 0 || m.LuckTokens(0) != 1 {
		t.Fatalf("undeclared: %s, token kept %d", s.Pool.Explain, m.LuckTokens(0))
	}
	evs = do(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Luck: true})
	if s := shotAt(t, evs, 1); s.Pool.Dice != n+1 || infoModifier(s.Pool, "luck") != 1 || m.LuckTokens(0) != 0 || !has(evs, EvLuck) {
		t.Errorf("declared: %s, tokens left %d", s.Pool.Explain, m.LuckTokens(0))
	}

	old := effectsMatchIn(t, Edition2, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 3)
	old.dice.src = rules.NewSeeded(3)
	giveLuck(old, 0, 1)
	do(t, old, activate(0))
	refuse(t, old, Command{Kind: CmdShoot, Model: 0, Target: 1, Luck: true}, "spent by itself")
	if s := shotAt(t, do(t, old, shoot(0, 0, 1)), 1); s.Pool.Dice != n+1 {
		t.Errorf("edition 2 spends the token on the next roll by itself: %s", s.Pool.Explain)
	}
}

// R41: a Spread takes the Luck die on the one target the shooter names.
func TestLuckOnOneSpreadTargetR41(t *testing.T) {
	two := []ModelSpec{fig("B", "cowpoke", 10, 22, 180, "revolver"), fig("C", "cowpoke", 10, 20.8, 180, "revolver")}
	m := effectsMatchIn(t, Edition3, Options{}, two, 2, fxTests, fxTests, fxTests, fxTests, 3)
	m.Scenario.Posses[0].Models[0].Weapons = []string{"shotgun"}
	m.Models[0].Profile.Weapons = []rules.Weapon{rules.Shotgun}
	m.dice.src = rules.NewSeeded(4)
	giveLuck(m, 0, 1)
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{2}, Luck: true, LuckRoll: 2}, "makes 2 rolls")
	evs := do(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{2}, Luck: true, LuckRoll: 1})
	if p, q := shotAt(t, evs, 1).Pool, shotAt(t, evs, 2).Pool; infoModifier(p, "luck") != 0 || infoModifier(q, "luck") != 1 {
		t.Errorf("the Luck die goes on C's roll only: %s / %s", p.Explain, q.Explain)
	}
	if m.LuckTokens(0) != 0 {
		t.Error("one token for one roll")
	}
}

// R41: a brawl of several bouts takes the Luck die on the bout chosen; a
// defender holding Luck is asked before any die is rolled, and may spend
// it on his own roll.
func TestLuckInABrawlAndTheDefenderIsAskedR41(t *testing.T) {
	two := []ModelSpec{fig("B", "cowpoke", 6.02, 22, 180, "revolver"), fig("C", "cowpoke", 5, 23.02, 180, "revolver")}
	m := effectsMatchIn(t, Edition3, Options{}, two, 2, fxTests, fxTests, fxTests, fxTests, 3)
	m.dice.src = rules.NewSeeded(5)
	giveLuck(m, 0, 1)
	giveLuck(m, 2, 2)
	do(t, m, activate(0))
	rolls := m.dice.rolls
	evs := do(t, m, Command{Kind: CmdBrawl, Model: 0, Order: []int{1, 2}, Luck: true, LuckRoll: 1})
	if m.Defence == nil || m.Decider() != 1 || m.dice.rolls != rolls || has(evs, EvBrawl) {
		t.Fatalf("C holds Luck: he is asked before a die is rolled (decider %d, events %v)", m.Decider(), kinds(evs))
	}
	if e := find(t, evs, EvLuckAsked); e.Model != 2 || !strings.Contains(e.Text, "2 Luck tokens") {
		t.Errorf("asked: %+v", e)
	}
	refuse(t, m, end(0), "must first say whether he spends Luck")
	refuse(t, m, Command{Kind: CmdDefend, Model: 1, Luck: true}, "it is C who is asked")
	evs = do(t, m, Command{Kind: CmdDefend, Model: 2, Luck: true})
	a1, d1 := boutDice(t, evs, 1)
	a2, d2 := boutDice(t, evs, 2)
	if a1 != 2 || d1 != 2 || a2 != 3 || d2 != 3 {
		t.Errorf("bouts %d v %d and %d v %d: A's Luck on the second bout, C's on his", a1, d1, a2, d2)
	}
	if m.LuckTokens(0) != 0 || m.LuckTokens(2) != 1 || m.Defence != nil {
		t.Errorf("tokens left %d and %d", m.LuckTokens(0), m.LuckTokens(2))
	}
}

// R41: an overwatcher declares Luck with his shot; parting shots and
// blasts never take it.
func TestLuckOnOverwatchNotOnPartingShotsOrBlastsR41(t *testing.T) {
	watch := 180.0
	b := fig("B", "cowpoke", 12, 22, 180, "revolver")
	b.Overwatch = &watch
	m := effectsMatchIn(t, Edition3, Options{}, []ModelSpec{b}, 2, fxTests, fxTests, fxTests, fxTests, 3)
	m.dice.src = rules.NewSeeded(6)
	giveLuck(m, 1, 1)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 5, 17))
	if m.Pending == nil {
		t.Fatal("A walks through B's arc")
	}
	at := m.Pending.Chances()[0].From
	refuse(t, m, Command{Kind: CmdHold, Model: 1, Luck: true}, "only to")
	evs := do(t, m, Command{Kind: CmdFire, Model: 1, At: at, Luck: true})
	if s := shotAt(t, evs, 0); infoModifier(s.Pool, "luck") != 1 || m.LuckTokens(1) != 0 {
		t.Errorf("the overwatcher's shot: %s", s.Pool.Explain)
	}

	// Parting shot and blast: the token stays.
	near := []ModelSpec{fig("B", "cowpoke", 6.02, 22, 180, "revolver")}
	m = effectsMatchIn(t, Edition3, Options{}, near, 2, fxTests, fxTests, fxTests, fxTests, 3)
	m.dice.src = rules.NewSeeded(7)
	giveLuck(m, 1, 1)
	m.Fuses = []Fuse{{Thrower: 0, Posse: 0, At: Point{X: 7, Y: 20}}}
	evs = do(t, m, activate(0)) // A's stick goes off
	for _, e := range evs {
		if e.Kind == EvBlast && e.Model == 1 && infoModifier(e.Pool, "luck") != 0 {
			t.Errorf("a blast takes no Luck: %s", e.Pool.Explain)
		}
	}
	if !m.Models[0].Removed() && !m.Models[1].Removed() {
		evs = do(t, m, moveTo(0, 3, 22))
		if e := find(t, evs, EvPartingShot); infoModifier(e.Pool, "luck") != 0 || m.LuckTokens(1) != 1 {
			t.Errorf("a parting shot takes no Luck: %s, tokens %d", e.Pool.Explain, m.LuckTokens(1))
		}
	}
}

// approvedMatch is A and B under the Draw with round effects, the round's
// approved action as given (1 Attack, 2 Maneuver, 3 Interact), under an
// edition, rolling the match's seeded dice after the round's card.
func approvedMatch(t *testing.T, edition, approved int, desperados []ModelSpec) *Match {
	t.Helper()
	m := effectsMatchIn(t, edition, Options{}, desperados, 2, fxTests, fxTests, fxTests, fxTests, approved)
	m.dice.src = rules.NewSeeded(11)
	return m
}

func wonLuck(evs []Event) bool {
	for _, e := range evs {
		if e.Kind == EvEffect && strings.Contains(e.Text, "wins a Luck token") {
			return true
		}
	}
	return false
}

// R42: Maneuver is a Run walked and ended standing, or a brawl left
// alive; declaring the Run is not succeeding.
func TestManeuverIsARunWalkedR42(t *testing.T) {
	m := approvedMatch(t, Edition3, 2, nil)
	do(t, m, activate(0))
	if evs := do(t, m, Command{Kind: CmdRun, Model: 0}); wonLuck(evs) {
		t.Fatal("declaring the Run is not succeeding")
	}
	if evs := do(t, m, runTo(0, 5, 18)); !wonLuck(evs) || m.LuckTokens(0) != 1 {
		t.Errorf("the Run walked and ended standing wins the token: %v", kinds(evs))
	}
	old := approvedMatch(t, Edition2, 2, nil)
	do(t, old, activate(0))
	if evs := do(t, old, Command{Kind: CmdRun, Model: 0}); !wonLuck(evs) {
		t.Error("edition 2 counted the Run when declared")
	}

	// Leaving a brawl alive: a Move out of contact, the parting shot survived.
	m = approvedMatch(t, Edition3, 2, []ModelSpec{fig("B", "cowpoke", 6.02, 22, 180, "revolver")})
	m.dice.src = rules.Dice(1) // B's parting shot misses
	do(t, m, activate(0))
	if evs := do(t, m, moveTo(0, 3, 22)); !wonLuck(evs) {
		t.Errorf("leaving a brawl alive is a Maneuver: %v", kinds(evs))
	}
}

// R42: Interact succeeds when the table changes (a door opened).
func TestInteractIsTheDoorWorkedR42(t *testing.T) {
	m := approvedMatch(t, Edition3, 3, nil)
	m.Models[0].Pos = Point{X: 4.75, Y: 8.6}
	do(t, m, activate(0))
	doors := m.DoorsInReach(0)
	if len(doors) == 0 {
		t.Fatal("A stands at the shack door")
	}
	if evs := do(t, m, Command{Kind: CmdInteract, Model: 0, Door: doors[0], Open: true}); !wonLuck(evs) || !has(evs, EvDoor) {
		t.Errorf("the door opened wins the token: %v", kinds(evs))
	}
}

// R42, R49: an Attack succeeds with a hit that wounds or takes out an
// enemy: a hit Tough shrugs off is no success under edition 3.
func TestAttackIsAWoundR42R49(t *testing.T) {
	legend := []ModelSpec{fig("B", "legend", 10, 22, 180, "revolver")}
	light := [2]int{}
	for loc := 1; loc <= 6 && light[0] == 0; loc++ {
		for sev := 1; sev <= 6; sev++ {
			if rules.WoundDamage(loc, sev) == 1 {
				light = [2]int{loc, sev}
				break
			}
		}
	}
	for _, edition := range []int{Edition2, Edition3} {
		m := approvedMatch(t, edition, 1, legend)
		p, _ := m.ShotPreview(0, 0, 1, false)
		faces := []int{6}
		for len(faces) < p.Dice {
			faces = append(faces, 1)
		}
		m.dice.src = rules.Dice(append(faces, light[0], light[1])...)
		do(t, m, activate(0))
		evs := do(t, m, shoot(0, 0, 1))
		if w := find(t, evs, EvWound); !w.Wound.ToughSave {
			t.Fatalf("the Legend's Tough takes the light wound: %+v", w.Wound)
		}
		if got := wonLuck(evs); got != (edition == Edition2) {
			t.Errorf("edition %d: a hit Tough shrugs off won the token: %v", edition, got)
		}
	}
}

// R43: Stymied lapses at the round's end when no roll took it, and takes a
// die from an action's first roll only.
func TestStymiedLapsesAndTakesTheFirstRollR43(t *testing.T) {
	for _, edition := range []int{Edition2, Edition3} {
		m := effectsMatchIn(t, edition, Options{}, nil, 2, fxStymied, fxTests, fxTests, fxTests, 3, 2, fxTests, fxTests, fxTests, fxTests, 3)
		endTurn(t, m)
		p, _ := m.ShotPreview(0, 0, 1, false)
		if got, want := modifier(p, "stymied"), map[int]int{Edition2: -1, Edition3: 0}[edition]; got != want {
			t.Errorf("edition %d: round 2 stymied %d, want %d", edition, got, want)
		}
	}
	two := []ModelSpec{fig("B", "cowpoke", 10, 22, 180, "revolver"), fig("C", "cowpoke", 10, 20.8, 180, "revolver")}
	for _, edition := range []int{Edition2, Edition3} {
		m := effectsMatchIn(t, edition, Options{}, two, 2, fxStymied, fxTests, fxTests, fxTests, 3)
		m.Models[0].Profile.Weapons = []rules.Weapon{rules.Shotgun}
		m.dice.src = rules.NewSeeded(12)
		do(t, m, activate(0))
		evs := do(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{2}})
		first, second := infoModifier(shotAt(t, evs, 1).Pool, "stymied"), infoModifier(shotAt(t, evs, 2).Pool, "stymied")
		if want := map[int]int{Edition2: -1, Edition3: 0}[edition]; first != -1 || second != want {
			t.Errorf("edition %d: Spread stymied %d then %d, want -1 then %d", edition, first, second, want)
		}
	}
}

// R44: Breaks' -1 die touches only the computer side's Greenhorns.
func TestBreaksDieOnlyOnComputerGreenhornsR44(t *testing.T) {
	side := []ModelSpec{fig("B", "greenhorn", 10, 22, 180, "revolver"), fig("C", "cowpoke", 18, 20, 180, "revolver"), fig("Boss", "legend", 20, 4, 180, "revolver")}
	m := effectsMatch(t, Options{Computer: []int{1}}, side, 2, fxTests, fxBreaks, fxTests, fxTests, 3)
	for id, want := range map[int]int{1: -1, 2: 0, 3: 0} {
		if p, _ := m.ShotPreview(id, 0, 0, false); modifier(p, "breaks") != want {
			t.Errorf("%s: breaks %d, want %d", m.Models[id].Name, modifier(p, "breaks"), want)
		}
	}
	m = effectsMatch(t, Options{}, side, 2, fxTests, fxBreaks, fxTests, fxTests, 3)
	if p, _ := m.ShotPreview(1, 0, 0, false); modifier(p, "breaks") != 0 {
		t.Error("a person's Greenhorn is not touched")
	}
}

// R45: Refocus is refused while the stack is in order.
func TestRefocusRefusedInOrderR45(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{})
	layStacks(m, map[int][]rules.Card{sheriff: {cd(rules.Ace, rules.Spades), cd(7, rules.Hearts)}})
	refuse(t, m, Command{Kind: CmdRefocus, Model: sheriff}, "already face up, highest on top")
	do(t, m, Command{Kind: CmdAim, Model: sheriff, Target: boss})
	do(t, m, Command{Kind: CmdRefocus, Model: sheriff})
}

// R46: Flurry's third action point does not let a model Run after it
// shot or aimed in the same activation.
func TestFlurryKeepsTheRunBanR46(t *testing.T) {
	for _, edition := range []int{Edition2, Edition3} {
		for _, first := range []Command{shoot(0, 0, 1), {Kind: CmdAim, Model: 0, Target: 1}} {
			m := effectsMatchIn(t, edition, Options{}, nil, 2, fxFlurry, fxTests, fxTests, fxTests, 3)
			m.dice.src = rules.NewSeeded(13)
			do(t, m, activate(0))
			if m.AP != 3 {
				t.Fatalf("Flurry: AP %d", m.AP)
			}
			do(t, m, first)
			_, err := m.Apply(Command{Kind: CmdRun, Model: 0})
			if edition >= Edition3 && (err == nil || !strings.Contains(err.Error(), "cannot Run as well")) {
				t.Errorf("edition 3, %s then Run: %v", first.Kind, err)
			}
			if edition == Edition2 && err != nil {
				t.Errorf("edition 2 allowed it: %v", err)
			}
		}
	}
	m := effectsMatch(t, Options{}, nil, 2, fxFlurry, fxTests, fxTests, fxTests, 3, 1, 1)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdFace, Model: 0, Facing: 1})
	do(t, m, Command{Kind: CmdRun, Model: 0}) // nothing barred: the Run is free to take
}

// deckEffectsMatch is the six figures under the character deck with round
// effects, the Spades (Lawmen) under effect e; the Sheriff's Ace acts
// twice (R36).
func deckEffectsMatch(t *testing.T, edition int, e int, lawmen []ModelSpec) *Match {
	t.Helper()
	_, desperados := sixFigures()
	m := methodMatchOf(t, MethodDeck, Options{RoundEffects: true}, lawmen, desperados)
	m.edition = edition
	m.dice.src = rules.Dice(e, fxTests, fxTests, fxTests, 1)
	m.effects.newRound(m)
	layDeck(m, nil, card(m, sheriff), card(m, runt))
	m.dice.src = rules.NewSeeded(14)
	do(t, m, Command{Kind: CmdActNow, Model: sheriff})
	return m
}

// secondActivation ends the Sheriff's first activation and brings his Ace
// back (the Runt's card waits twice).
func secondActivation(t *testing.T, m *Match) {
	t.Helper()
	if m.Active == sheriff {
		do(t, m, end(sheriff))
	}
	do(t, m, Command{Kind: CmdWait, Model: runt})
	do(t, m, Command{Kind: CmdWait, Model: runt})
	if m.Active != sheriff {
		t.Fatalf("active %d: the Ace acts again", m.Active)
	}
}

// R47: an Ace's second activation is a new turn: Move and Run are fresh,
// and its lit fuse goes off.
func TestSecondActivationIsANewTurnR47(t *testing.T) {
	lawmen, _ := sixFigures()
	lawmen[0].Weapons = []string{"revolver", "dynamite"}
	m := deckEffectsMatch(t, Edition3, fxTests, lawmen)
	do(t, m, moveTo(sheriff, 8, 12))
	do(t, m, Command{Kind: CmdThrow, Model: sheriff, To: &Point{X: 12, Y: 10}})
	secondActivation(t, m)
	if !has(m.Events()[len(m.Events())-8:], EvExploded) || len(m.Fuses) != 0 {
		t.Error("the Sheriff's stick goes off at the start of his second activation")
	}
	if m.UsedMove || m.AP != 2 {
		t.Fatalf("a new turn: used move %v, AP %d", m.UsedMove, m.AP)
	}
	do(t, m, Command{Kind: CmdRun, Model: sheriff})
}

// R48: Flurry (and Setback, Confused) change only the model's first
// activation of the round.
func TestFlurryOnlyOnTheFirstActivationR48(t *testing.T) {
	lawmen, _ := sixFigures()
	for _, c := range []struct{ effect, first int }{{fxFlurry, 3}, {fxSetback, 1}} {
		for _, edition := range []int{Edition2, Edition3} {
			m := deckEffectsMatch(t, edition, c.effect, lawmen)
			if m.AP != c.first {
				t.Fatalf("first activation AP %d, want %d", m.AP, c.first)
			}
			secondActivation(t, m)
			want := map[int]int{Edition2: c.first, Edition3: 2}[edition]
			if m.AP != want {
				t.Errorf("edition %d, effect %d: second activation AP %d, want %d", edition, c.effect, m.AP, want)
			}
		}
	}
}

// breaksMatch is A against the computer's Greenhorn B under Breaks (B must
// cause damage this round or flee), under an edition.
func breaksMatch(t *testing.T, edition int, desperados []ModelSpec) *Match {
	t.Helper()
	m := effectsMatchIn(t, edition, Options{Computer: []int{1}}, desperados, 2, fxTests, fxBreaks, fxTests, fxTests, 3)
	if !m.effects.Models[1].MustHurt {
		t.Fatal("B must cause damage this round")
	}
	return m
}

// R49: damage from a parting shot and from the model's own dynamite counts
// for Breaks; a hit on a friend never does.
func TestCausesDamageCountsPartingShotsAndDynamiteR49(t *testing.T) {
	for _, edition := range []int{Edition2, Edition3} {
		m := breaksMatch(t, edition, []ModelSpec{fig("B", "greenhorn", 6.02, 22, 180, "revolver")})
		m.dice.src = rules.Dice(6, 1, 1) // B's parting shot hits: location 1, severity 1
		do(t, m, activate(0))
		do(t, m, moveTo(0, 3, 22))
		m.dice.src = rules.NewSeeded(15)
		endTurn(t, m)
		if fled := m.Models[1].Removed(); fled != (edition == Edition2) {
			t.Errorf("edition %d: B wounded A with his parting shot; fled %v", edition, fled)
		}
	}
	for _, friend := range []bool{false, true} {
		side := []ModelSpec{fig("B", "greenhorn", 20, 4, 180, "revolver", "dynamite"), fig("C", "cowpoke", 15, 20, 180, "revolver")}
		m := breaksMatch(t, Edition3, side)
		at := Point{X: 5, Y: 20} // by A
		if friend {
			at = Point{X: 15, Y: 18} // by C
		}
		m.Fuses = []Fuse{{Thrower: 1, Posse: 1, At: at}}
		do(t, m, activate(0))
		do(t, m, end(0))
		m.dice.src = rules.Dice(6, 1, 1, 1, 1, 1, 1, 1) // six dice for the one caught, then location and severity
		do(t, m, activate(1))                           // B's stick goes off
		m.dice.src = rules.NewSeeded(16)
		do(t, m, end(1))
		if m.Turn == 1 {
			endTurn(t, m)
		}
		if fled := m.Models[1].Removed(); fled != friend {
			t.Errorf("B's stick wounded %s: fled %v", map[bool]string{false: "A", true: "his friend C"}[friend], fled)
		}
	}
}

// R50: a Greenhorn that must flee but is held in base contact stays on the
// table with -1 die until it leaves contact.
func TestCorneredGreenhornStaysR50(t *testing.T) {
	for _, edition := range []int{Edition2, Edition3} {
		m := breaksMatch(t, edition, []ModelSpec{fig("B", "greenhorn", 6.02, 22, 180, "revolver")})
		m.dice.src = rules.Dice(2, fxTests, fxTests, fxTests, fxTests, 3)
		endTurn(t, m)
		if removed := m.Models[1].Removed(); removed != (edition == Edition2) {
			t.Fatalf("edition %d: B held in contact removed %v", edition, removed)
		}
		if edition == Edition2 {
			continue
		}
		if p := m.brawlPool(1); modifier(p, "breaks") != -1 {
			t.Errorf("cornered: %s", p.Explain())
		}
		do(t, m, activate(0))
		do(t, m, end(0))
		m.dice.src = rules.Dice(1) // A's parting shot misses
		do(t, m, activate(1))
		do(t, m, moveTo(1, 9, 22))
		if p, _ := m.ShotPreview(1, 0, 0, false); modifier(p, "breaks") != 0 {
			t.Errorf("out of contact: %s", p.Explain())
		}
	}
}

// R51: a card stack's suit for round effects is fixed when the round's card
// is turned: an Aim that turns up a card of another suit changes nothing.
func TestStackSuitFixedWhenTheCardIsTurnedR51(t *testing.T) {
	m := methodMatch(t, MethodStacks, Options{RoundEffects: true})
	layStacks(m, map[int][]rules.Card{sheriff: {cd(rules.King, rules.Hearts), cd(rules.Queen, rules.Spades)}})
	m.dice.src = rules.Dice(fxTests, fxFatigued, fxTests, fxTests, 1)
	m.effects.newRound(m)
	m.dice.src = rules.NewSeeded(17)
	do(t, m, Command{Kind: CmdAim, Model: sheriff, Target: boss})
	if c, _ := m.TopCard(sheriff); c.Suit != rules.Spades {
		t.Fatalf("top card %v", c)
	}
	if p, _ := m.ShotPreview(sheriff, 0, boss, false); modifier(p, "fatigued") != -1 || m.effects.Models[sheriff].Suit != int(rules.Hearts) {
		t.Errorf("the Hearts' Fatigue stays with him this round: %s", p.Explain())
	}
}

// R52: Up or Down on a single die (a Hail Mary): two dice, the higher or
// the lower kept.
func TestUpDownOnAHailMaryR52(t *testing.T) {
	far := []ModelSpec{fig("B", "cowpoke", 14, 22, 180, "revolver")}
	for _, c := range []struct {
		effect, hits int
		faces        []int
	}{{fxUp, 1, []int{1, 6, 1, 1}}, {fxDown, 0, []int{6, 1}}} {
		m := effectsMatch(t, Options{}, far, 2, c.effect, fxTests, fxTests, fxTests, 3)
		m.Models[0].Profile.Tier = rules.Greenhorn
		do(t, m, activate(0))
		m.dice.src = rules.Dice(c.faces...)
		do(t, m, moveTo(0, 5, 21))
		p, _ := m.ShotPreview(0, 0, 1, false)
		if !p.HailMary {
			t.Fatalf("pool %s: want a Hail Mary", p.Explain())
		}
		s := shotAt(t, do(t, m, shoot(0, 0, 1)), 1)
		if len(s.Faces) != 1 || len(s.Dropped) != 1 || s.Hits != c.hits {
			t.Errorf("effect %d: faces %v dropped %v hits %d", c.effect, s.Faces, s.Dropped, s.Hits)
		}
	}
}
