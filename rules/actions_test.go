package rules

import (
	"strings"
	"testing"
)

func TestRunDistanceR9(t *testing.T) {
	cases := []struct {
		faces []int
		fast  bool
		in    Injuries
		want  float64
	}{
		{[]int{3, 4}, false, Injuries{}, 13},
		{[]int{1, 1}, false, Injuries{}, 8},
		{[]int{6, 6}, true, Injuries{}, 20},         // +2" with Fast
		{[]int{2, 2}, true, Injuries{RunCut: 4}, 8}, // legs crippled: -4" (R30)
		{[]int{1, 1}, false, Injuries{RunCut: 10}, 0},
	}
	for _, c := range cases {
		roll := RollRun(Dice(c.faces...))
		if got := RunDistance(roll, c.fast, c.in); got != c.want {
			t.Errorf("Run %v fast=%v cut=%v: %v\", want %v\"", c.faces, c.fast, c.in.RunCut, got, c.want)
		}
	}
	if got := MoveAllowance(Injuries{}); got != 6 {
		t.Errorf("Move = %v\", want 6\"", got)
	}
	if got := MoveAllowance(Injuries{MoveCut: 2}); got != 4 {
		t.Errorf("Move with crippled legs = %v\", want 4\"", got)
	}
}

func TestHailMaryThrowR23(t *testing.T) {
	for die := 1; die <= 6; die++ {
		if got := HailMaryReach(die); got != float64(6+die) {
			t.Errorf("reach for %d = %v", die, got)
		}
	}
	if got := ThrowLanding(10, HailMaryReach(2)); got != 8 {
		t.Errorf("a 10\" Hail Mary rolling 2 lands at %v\", want 8\" (short)", got)
	}
	if got := ThrowLanding(9, HailMaryReach(5)); got != 9 {
		t.Errorf("a 9\" Hail Mary rolling 5 lands at %v\", want 9\" (on the spot)", got)
	}
	cases := map[float64]float64{6.5: 1, 7: 1, 7.5: 5.0 / 6, 9: 4.0 / 6, 12: 1.0 / 6, 12.01: 0}
	for d, want := range cases {
		if got := PHailMaryReaches(d); !closeTo(got, want, 1e-15) {
			t.Errorf("P(Hail Mary reaches %v\") = %v, want %v", d, got, want)
		}
	}
}

func TestBlastPoolR25(t *testing.T) {
	cases := []struct {
		d    float64
		dice int
	}{{0, 6}, {1.99, 6}, {2, 3}, {5.99, 3}, {6, 0}, {20, 0}}
	for _, c := range cases {
		p, err := BlastPool(c.d)
		if err != nil {
			t.Fatal(err)
		}
		if p.Dice != c.dice || !p.EverySix || p.Impossible != (c.dice == 0) {
			t.Errorf("blast at %v\": %s, want %d dice, every six a hit", c.d, p.Explain(), c.dice)
		}
	}
	p, _ := BlastPool(1)
	if res := Shoot(Dice(6, 6, 1, 2, 6, 3), &p); res.Hits != 3 {
		t.Errorf("blast with three sixes: %d hits, want 3 (lethal shrapnel)", res.Hits)
	}
	if _, err := BlastPool(-1); err == nil {
		t.Error("negative blast distance accepted")
	}
}

func TestBrawlPoolR27(t *testing.T) {
	cases := []struct {
		s    BrawlStats
		dice int
		text string
	}{
		{BrawlStats{Tier: Cowpoke}, 2, "Brawl 2 -> 2 dice"},
		{BrawlStats{Tier: Greenhorn}, 1, "Brawl 2, Greenhorn -1 -> 1 die"},
		{BrawlStats{Tier: Legend, Brawler: true, Melee: true}, 7, "Brawl 2, Legend +1, brawler +2, melee weapon +2 -> 7 dice"},
		{BrawlStats{Tier: Greenhorn, Injured: -2}, 1, "Brawl 2, Greenhorn -1, injured -2 -> 1 die"}, // never below 1
	}
	for _, c := range cases {
		p := BrawlPool(c.s)
		if p.Dice != c.dice || p.Explain() != c.text {
			t.Errorf("%+v: %q, want %q", c.s, p.Explain(), c.text)
		}
	}
}

func TestBoutOutcomesChapter73(t *testing.T) {
	cases := []struct {
		a, d int
		want BoutOutcome
	}{{2, 1, AttackerWins}, {0, 1, DefenderWins}, {1, 1, BloodyDraw}, {3, 3, BloodyDraw}, {0, 0, Scuffle}}
	for _, c := range cases {
		if got := JudgeBout(c.a, c.d); got != c.want {
			t.Errorf("%d vs %d sixes: %v, want %v", c.a, c.d, got, c.want)
		}
	}
}

func TestBloodyDrawIsSimultaneous(t *testing.T) {
	// Two Greenhorns, 1 die each, both roll a six: both take a Serious
	// Wound and both fall, although the first blow alone would have ended it.
	a, d := NewHealth(Greenhorn, false), NewHealth(Greenhorn, false)
	pool := BrawlPool(BrawlStats{Tier: Greenhorn})
	bouts := Brawl(Dice(6, 6, 2, 3, 2, 4), Fighter{Pool: pool, Health: &a}, []Fighter{{Pool: pool, Health: &d}})
	if len(bouts) != 1 || bouts[0].Outcome != BloodyDraw {
		t.Fatalf("bouts %+v, want one Bloody Draw", bouts)
	}
	if !a.Removed() || !d.Removed() {
		t.Errorf("after a Bloody Draw of Serious Wounds both Greenhorns fall: %d HP and %d HP", a.HP(), d.HP())
	}
}

func TestBrawlStopsWhenActiveFallsR27(t *testing.T) {
	a := NewHealth(Greenhorn, false)
	e1, e2 := NewHealth(Cowpoke, false), NewHealth(Cowpoke, false)
	pool := BrawlPool(BrawlStats{Tier: Greenhorn})
	enemy := BrawlPool(BrawlStats{Tier: Cowpoke})
	src := Dice(1, 6, 2 /* bout 1: enemy 1 wins */, 1, 5 /* Head 5: Mortal */)
	bouts := Brawl(src, Fighter{Pool: pool, Health: &a}, []Fighter{{Pool: enemy, Health: &e1}, {Pool: enemy, Health: &e2}})
	if len(bouts) != 1 || !a.Removed() {
		t.Errorf("%d bouts, active removed %v: a removed active model stops", len(bouts), a.Removed())
	}
	if src.Remaining() != 0 {
		t.Errorf("%d dice unrolled", src.Remaining())
	}
	// Opponents already out of play are skipped.
	b := NewHealth(Cowpoke, false)
	gone := NewHealth(Greenhorn, false)
	gone.Take(NewWound(1, 6))
	bouts = Brawl(Dice(1, 2, 3, 4), Fighter{Pool: BrawlPool(BrawlStats{}), Health: &b},
		[]Fighter{{Pool: pool, Health: &gone}, {Pool: BrawlPool(BrawlStats{}), Health: &e2}})
	if len(bouts) != 1 || bouts[0].Opponent != 1 {
		t.Errorf("bouts %+v, want only the standing opponent fought", bouts)
	}
}

func TestPartingShotR13(t *testing.T) {
	if p := PartingShotPool(false); p.Dice != 1 {
		t.Errorf("unarmed parting shot %d dice, want 1", p.Dice)
	}
	p := PartingShotPool(true)
	if p.Dice != 2 || p.EverySix {
		t.Errorf("armed parting shot: %s, want 2 dice, one hit at most", p.Explain())
	}
	if res := Shoot(Dice(6, 6), &p); res.Hits != 1 {
		t.Errorf("two sixes on a parting shot: %d hits, want 1", res.Hits)
	}
}

func TestSurvivalPoolChapter93(t *testing.T) {
	cases := []struct {
		tier  Tier
		tough bool
		dice  int
	}{
		{Greenhorn, false, 3}, {Cowpoke, false, 3}, {Cowpoke, true, 4}, {Greenhorn, true, 4},
		{Legend, false, 5}, {Legend, true, 5}, // P1: a Legend is Tough by nature
	}
	for _, c := range cases {
		if got := SurvivalPool(c.tier, c.tough).Dice; got != c.dice {
			t.Errorf("%s tough=%v: %d dice, want %d", c.tier, c.tough, got, c.dice)
		}
	}
	if r := RollSurvival(Dice(1, 2, 6), SurvivalPool(Cowpoke, false)); !r.Survived {
		t.Error("a six survives")
	}
	if r := RollSurvival(Dice(1, 2, 5), SurvivalPool(Cowpoke, false)); r.Survived {
		t.Error("no six is the end")
	}
}

func TestInitiativeR33(t *testing.T) {
	// Method B: even, player 1 first; odd, player 2 first.
	for die := 1; die <= 6; die++ {
		f := FlipCoin(Dice(die))
		want := 0
		if die%2 == 1 {
			want = 1
		}
		if f.Die != die || f.Order[0] != want || len(f.Order) != 2 {
			t.Errorf("die %d: order %v", die, f.Order)
		}
	}
	// Method C: 3 players roll 5, 5, 2; the two fives reroll (6, 1); player 2 waits.
	s, err := RollStandoff(Dice(5, 5, 2, 1, 6), 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 0, 2}; !equalInts(s.Order, want) {
		t.Errorf("standoff order %v, want %v", s.Order, want)
	}
	if len(s.Rolls) != 5 || s.Rolls[3].Round != 2 || s.Rolls[3].Player != 0 {
		t.Errorf("rolls %+v: only the tied players reroll, in round 2", s.Rolls)
	}
	// Ties again: all three tie on 4, players 0 and 1 tie again on 3 over
	// player 2's 1, then player 1's 6 beats player 0's 2.
	s, _ = RollStandoff(Dice(4, 4, 4, 3, 3, 1, 2, 6), 3)
	if want := []int{1, 0, 2}; !equalInts(s.Order, want) {
		t.Errorf("repeated ties: order %v, want %v (rolls %+v)", s.Order, want, s.Rolls)
	}
	// Method A: a shuffle is a permutation of the players.
	d, err := DrawCards(NewSeeded(7), 5)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range d.Order {
		seen[p] = true
	}
	if len(seen) != 5 || len(d.Order) != 5 {
		t.Errorf("draw order %v is not a permutation of 5 players", d.Order)
	}
	for _, bad := range []int{0, -1} {
		if _, err := DrawCards(NewSeeded(1), bad); err == nil || !strings.Contains(err.Error(), "at least one player") {
			t.Errorf("DrawCards(%d) error %v", bad, err)
		}
	}
}

// Method A is fair: over many draws each of 3 players leads a third of the
// time (4 sigma).
func TestDrawCardsIsUniform(t *testing.T) {
	const n = 60000
	src := NewSeeded(11)
	var first [3]int
	for i := 0; i < n; i++ {
		d, _ := DrawCards(src, 3)
		first[d.Order[0]]++
	}
	for _, c := range first {
		checkWithinSigmas(t, "player leads", float64(c)/n, 1.0/3, n)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
