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
	if len(evs) > 0 && m.Models[0].Removed() {
		t.Skip("A fell in the first bout")
	}
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
