package game

import (
	"fmt"
	"math"
	"testing"

	"cowpoke/rules"
)

// R53: the odds shown for a roll account for every modifier the engine
// applies to it (Up, Down, Fatigued, Stymied, a declared Luck die,
// Breaks). Each case sizes a shot with CommandOdds (what the odds panel
// and the computer read), checks that Apply rolls that very pool, then
// holds the shown chance to hit (and the mean hits of a Blaze) to a
// Monte Carlo of the engine: 100,000 rolls of the pool by rules.Shoot,
// the function the match's fire calls, and 3,000 shots played through
// Apply on forks of the match, each within 4 standard errors.
func TestOddsShownAreTheEnginesRollR53(t *testing.T) {
	greenhornSide := []ModelSpec{fig("B", "greenhorn", 10, 22, 180, "revolver"), fig("Boss", "legend", 20, 4, 180, "revolver")}
	cases := []struct {
		name       string
		effect     int // on the shooter's suit
		opts       Options
		desperados []ModelSpec
		shooter    int
		luck       bool
		blaze      bool
		mod        string // the modifier the pool must show, "" for none
	}{
		{name: "plain", effect: fxTests},
		{name: "up", effect: fxUp},
		{name: "down", effect: fxDown},
		{name: "fatigued", effect: fxFatigued, mod: "fatigued"},
		{name: "stymied", effect: fxStymied, mod: "stymied"},
		{name: "luck", effect: fxTests, luck: true, mod: "luck"},
		{name: "breaks", effect: fxBreaks, opts: Options{Computer: []int{1}}, desperados: greenhornSide, shooter: 1, mod: "breaks"},
		{name: "blaze-up", effect: fxUp, blaze: true},
		{name: "blaze-down-luck", effect: fxDown, blaze: true, luck: true, mod: "luck"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			faces := []int{2, fxTests, fxTests, fxTests, fxTests, 3}
			faces[1+c.shooter] = c.effect // Spades for the Lawmen, Hearts for the Desperados
			m := effectsMatch(t, c.opts, c.desperados, faces...)
			m.dice.src = rules.NewSeeded(21)
			if c.shooter == 1 {
				do(t, m, activate(0))
				do(t, m, end(0))
			}
			do(t, m, activate(c.shooter))
			target := 1 - c.shooter
			if c.luck {
				giveLuck(m, c.shooter, 1)
			}
			cmd := Command{Kind: CmdShoot, Model: c.shooter, Target: target, Luck: c.luck}
			if c.blaze {
				cmd.Kind = CmdBlaze
			}
			shown, err := m.CommandOdds(cmd)
			if err != nil {
				t.Fatal(err)
			}
			pool := shown[0].Pool
			if c.mod != "" && modifier(pool, c.mod) == 0 {
				t.Fatalf("the pool shown lacks %s: %s", c.mod, pool.Explain())
			}
			wantKeep := map[int]rules.Keep{fxUp: rules.DropLowest, fxDown: rules.DropHighest}[c.effect]
			if pool.Keep != wantKeep {
				t.Fatalf("the pool shown keeps %d, want %d", pool.Keep, wantKeep)
			}

			// Apply rolls the pool shown.
			evs := do(t, m.Fork(rules.NewSeeded(1)), cmd)
			s := shotAt(t, evs, target)
			if s.Pool.Explain != pool.Explain() || len(s.Faces) != pool.Dice {
				t.Fatalf("rolled %s (%d faces), shown %s", s.Pool.Explain, len(s.Faces), pool.Explain())
			}

			// 100,000 rolls of the engine's roll function.
			const n = 100000
			dice := rules.NewSeeded(22)
			var hit, hits float64
			for range n {
				r := rules.Shoot(dice, &pool)
				if r.Hits > 0 {
					hit++
				}
				hits += float64(r.Hits)
			}
			within(t, "chance to hit, rolls", hit/n, shown[0].Odds.PHit, n)
			if c.blaze {
				mean, sd := distMeanSD(&shown[0].Odds.Hits)
				if se := sd / math.Sqrt(n); math.Abs(hits/n-mean) > 4*se {
					t.Errorf("mean hits %.4f, shown %.4f (4 SE %.4f)", hits/n, mean, 4*se)
				}
			}

			// 3,000 shots through Apply.
			const k = 3000
			hit = 0
			for i := range k {
				f := m.Fork(rules.NewSeeded(uint64(1000 + i)))
				if shotAt(t, do(t, f, cmd), target).Hits > 0 {
					hit++
				}
			}
			within(t, "chance to hit, Apply", hit/k, shown[0].Odds.PHit, k)
		})
	}
}

// within checks a sampled proportion against the shown probability.
func within(t *testing.T, what string, got, p float64, n int) {
	t.Helper()
	se := math.Sqrt(p * (1 - p) / float64(n))
	if math.Abs(got-p) > 4*se {
		t.Errorf("%s: sampled %.4f, shown %.4f (4 SE %.4f)", what, got, p, 4*se)
	}
}

func distMeanSD(d *rules.Dist) (mean, sd float64) {
	mean = d.Mean()
	v := 0.0
	for k := 0; k <= d.N; k++ {
		x := float64(k) - mean
		v += float64(x*x) * d.P[k]
	}
	return mean, math.Sqrt(v)
}

// R53: three dice under Up are shown as the engine rolls them: four dice,
// the lowest set aside, so a hit is any six of four, 1-(5/6)^4 = 51.8%
// (the panel used to show three dice's 42.1%).
func TestThreeDiceUnderUpShow518R53(t *testing.T) {
	m := effectsMatch(t, Options{}, nil, 2, fxUp, fxTests, fxTests, fxTests, 3)
	o, err := m.ShotOdds(0, 0, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	if o.Pool.Dice != 3 {
		t.Fatalf("pool %s: the case needs three dice", o.Pool.Explain())
	}
	if want := 1 - math.Pow(5.0/6, 4); math.Abs(o.Odds.PHit-want) > 1e-12 || fmt.Sprintf("%.1f%%", 100*o.Odds.PHit) != "51.8%" {
		t.Errorf("shown %.4f, want %.4f", o.Odds.PHit, want)
	}
	do(t, m, activate(0))
	if odds, _ := m.CommandOdds(shoot(0, 0, 1)); odds[0].Odds.PHit != o.Odds.PHit {
		t.Errorf("CommandOdds %.4f and ShotOdds %.4f differ", odds[0].Odds.PHit, o.Odds.PHit)
	}
}

// R43, R53: a brawl's bout odds follow the bouts' pools: under Stymied
// only the first bout loses the die under edition 3.
func TestBoutOddsInOrderFollowStymiedR53(t *testing.T) {
	two := []ModelSpec{fig("B", "cowpoke", 6.02, 22, 180, "revolver"), fig("C", "cowpoke", 5, 23.02, 180, "revolver")}
	m := effectsMatch(t, Options{}, two, 2, fxStymied, fxTests, fxTests, fxTests, 3)
	odds := m.BoutOddsInOrder(0, []int{1, 2})
	if odds[0].AttackerDice != 1 || odds[1].AttackerDice != 2 {
		t.Errorf("bouts of %d and %d dice, want 1 (Stymied) and 2", odds[0].AttackerDice, odds[1].AttackerDice)
	}
	m.dice.src = rules.NewSeeded(3)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdBrawl, Model: 0, Order: []int{1, 2}})
	if a1, _ := boutDice(t, evs, 1); a1 != odds[0].AttackerDice {
		t.Errorf("first bout rolled %d dice, shown %d", a1, odds[0].AttackerDice)
	}
	if m.Models[0].Removed() {
		t.Fatal("A fell in the first bout: the dice must let him fight the second")
	}
	if a2, _ := boutDice(t, evs, 2); a2 != odds[1].AttackerDice {
		t.Errorf("second bout rolled %d dice, shown %d", a2, odds[1].AttackerDice)
	}
}
