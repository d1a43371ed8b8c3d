package rules

import (
	"math"
	"testing"
)

// Every worked example of the rulebook, replayed with the dice it names.

// Chapter 1.3: Sheriff Coleman fires his Revolver at a bandit running 5"
// away: 3 dice at Short, -1 for the moving target, rolls 2 and 6: a hit.
func TestExampleSheriffColemansRunningBandit(t *testing.T) {
	band, err := BandFor(5)
	if err != nil || band != Short {
		t.Fatalf("5\" is %v (%v), want Short", band, err)
	}
	pool, err := ShotPool(Shot{Weapon: Revolver, Band: band, Tier: Cowpoke, TargetMoved: true})
	if err != nil {
		t.Fatal(err)
	}
	if pool.Base != 3 || pool.Dice != 2 || pool.HailMary || pool.Impossible {
		t.Fatalf("pool %+v, want base 3 and 2 dice", pool)
	}
	if got, want := pool.Explain(), "Revolver Short 3, target moved -1 -> 2 dice"; got != want {
		t.Errorf("Explain() = %q, want %q", got, want)
	}
	res := Shoot(Dice(2, 6), &pool)
	if len(res.Roll.Faces) != 2 || res.Roll.Faces[0] != 2 || res.Roll.Faces[1] != 6 {
		t.Errorf("faces %v, want [2 6]", res.Roll.Faces)
	}
	if res.Hits != 1 {
		t.Errorf("hits = %d, want 1: the six is a hit", res.Hits)
	}
}

// Chapter 2.2: "Red" Harlow, a Cowpoke with a Revolver, a Dynamite stick
// and the Brawler skill.
func TestExampleRedHarlowsCreation(t *testing.T) {
	red := Profile{Name: `"Red" Harlow`, Tier: Cowpoke, Skills: Skills(0).With(Brawler), Weapons: []Weapon{Revolver, Dynamite}}
	if err := red.Validate(); err != nil {
		t.Fatalf("Red Harlow is a legal character: %v", err)
	}
	h := HealthOf(red)
	if h.MaxHP != 4 || h.HP() != 4 || h.Tough {
		t.Errorf("health %+v, want 4 HP and not Tough", h)
	}
	if got := red.DynamiteSticks(); got != 1 {
		t.Errorf("sticks = %d, want 1 (R26)", got)
	}
	brawl := BrawlPool(BrawlStatsOf(red))
	if brawl.Dice != 4 {
		t.Errorf("brawl dice = %d, want 2 base + 2 Brawler = 4", brawl.Dice)
	}
	shot, _ := ShotPool(Shot{Weapon: Revolver, Band: PointBlank, Tier: red.Tier})
	if shot.Dice != 4 || len(shot.Modifiers()) != 0 {
		t.Errorf("a Cowpoke's Revolver at Point Blank: %s, want the chart's 4 dice unmodified", shot.Explain())
	}
}

// Chapter 8.6: Sheriff Miller (4 HP) is hit in the Chest (2) with severity 3:
// 2 damage, 2 HP left. Next turn, Leg (5) severity 6: 2 damage, 0 HP, he falls.
func TestExampleSheriffMillersTwoWounds(t *testing.T) {
	miller := NewHealth(Cowpoke, false)
	first := miller.Take(RollWound(Dice(2, 3)))
	if first.Wound.Location != Chest || first.Wound.Damage != 2 || first.Wound.Kind() != "Serious Wound" {
		t.Errorf("first wound %v, want Chest Serious Wound 2 damage", first.Wound)
	}
	if first.HPLeft != 2 || first.Removed {
		t.Errorf("after the first wound: %+v, want 2 HP and standing", first)
	}
	second := miller.Take(RollWound(Dice(5, 6)))
	if second.Wound.Location != Legs || second.Wound.Damage != 2 {
		t.Errorf("second wound %v, want Legs 2 damage", second.Wound)
	}
	if second.HPLeft != 0 || !second.Removed || !miller.Removed() {
		t.Errorf("after the second wound: %+v, want 0 HP and removed (R29)", second)
	}
}

// Chapter 7.6: Ranger Tex, surrounded by two Bandits, brawls. He beats
// Bandit #1 and stabs him; Bandit #2 beats him and stabs him; Tex bleeds but
// stands. (The example gives no pools or faces; these are a Cowpoke with a
// knife against two unarmed Greenhorns, with faces chosen to play it out.)
func TestExampleRangerTexAgainstTwoBandits(t *testing.T) {
	tex := NewHealth(Cowpoke, false)
	b1 := NewHealth(Greenhorn, false)
	b2 := NewHealth(Greenhorn, false)
	texPool := BrawlPool(BrawlStats{Tier: Cowpoke, Melee: true})
	banditPool := BrawlPool(BrawlStats{Tier: Greenhorn})
	if texPool.Dice != 4 || banditPool.Dice != 1 {
		t.Fatalf("pools: Tex %d, bandit %d; want 4 and 1", texPool.Dice, banditPool.Dice)
	}
	src := Dice(
		6, 2, 3, 1, 4, // bout 1: Tex rolls one six, Bandit #1 none
		4, 1, // Tex's blow: Arms, severity 1: 1 damage
		1, 2, 3, 4, 6, // bout 2: Tex no six, Bandit #2 a six
		5, 2, // the bandit's blow: Legs, severity 2: 1 damage
	)
	bouts := Brawl(src,
		Fighter{Name: "Ranger Tex", Pool: texPool, Health: &tex},
		[]Fighter{{Name: "Bandit #1", Pool: banditPool, Health: &b1}, {Name: "Bandit #2", Pool: banditPool, Health: &b2}})
	if len(bouts) != 2 {
		t.Fatalf("%d bouts, want 2", len(bouts))
	}
	if bouts[0].Outcome != AttackerWins || len(bouts[0].DefenderWounds) != 1 || len(bouts[0].AttackerWounds) != 0 {
		t.Errorf("bout 1: %+v, want Tex to win and wound Bandit #1", bouts[0])
	}
	if bouts[1].Outcome != DefenderWins || len(bouts[1].AttackerWounds) != 1 {
		t.Errorf("bout 2: %+v, want Bandit #2 to win and wound Tex", bouts[1])
	}
	if b1.HP() != 1 || b2.HP() != 2 || tex.HP() != 3 || tex.Removed() {
		t.Errorf("after the brawl: Tex %d HP, #1 %d HP, #2 %d HP; want 3, 1, 2", tex.HP(), b1.HP(), b2.HP())
	}
	if src.Remaining() != 0 {
		t.Errorf("%d dice left unrolled", src.Remaining())
	}
}

// Chapter 9.3, Developer's Note: 3 dice die 58% of the time (57.9%); a
// Tough Legend's 5 dice still die 40% (40.2%).
func TestExampleDevelopersNoteSurvivalOdds(t *testing.T) {
	cases := []struct {
		tier     Tier
		tough    bool
		dice     int
		pDeath   float64 // as printed, to one decimal
		printedP string
	}{
		{Greenhorn, false, 3, 0.579, "57.9%"},
		{Legend, true, 5, 0.402, "40.2%"},
	}
	for _, c := range cases {
		pool := SurvivalPool(c.tier, c.tough)
		if pool.Dice != c.dice {
			t.Errorf("%s: %d survival dice, want %d", c.tier, pool.Dice, c.dice)
		}
		death := 1 - PSurvive(pool.Dice)
		if math.Abs(death-c.pDeath) > 0.0005 {
			t.Errorf("%s: P(death) = %.4f, the note says %s", c.tier, death, c.printedP)
		}
		if want := math.Pow(5.0/6, float64(c.dice)); math.Abs(death-want) > 1e-12 {
			t.Errorf("%s: P(death) = %v, closed form %v", c.tier, death, want)
		}
	}
}
