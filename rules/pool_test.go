package rules

import (
	"strings"
	"testing"
)

func TestBandForR4(t *testing.T) {
	cases := []struct {
		d    float64
		want Band
	}{
		{0, PointBlank}, {1.999, PointBlank}, {2, Short}, {5.999, Short}, {6, Medium},
		{11.999, Medium}, {12, Long}, {23.999, Long}, {24, Extreme}, {100, Extreme},
	}
	for _, c := range cases {
		got, err := BandFor(c.d)
		if err != nil || got != c.want {
			t.Errorf("BandFor(%v) = %v, %v; want %v", c.d, got, err, c.want)
		}
	}
	for _, bad := range []float64{-0.1, nan(), inf()} {
		if _, err := BandFor(bad); err == nil {
			t.Errorf("BandFor(%v) accepted", bad)
		}
	}
}

func TestShotPoolModifiersR15(t *testing.T) {
	cases := []struct {
		name string
		shot Shot
		want string // Explain()
		dice int
	}{
		{"issue example: Hail Mary", Shot{Weapon: Revolver, Band: Short, TargetMoved: true, Cover: WoodCover},
			"Revolver Short 3, target moved -1, wood cover -2 -> Hail Mary 1 die", 1},
		{"every modifier in R15 order", Shot{Weapon: LeverAction, Band: Medium, Tier: Legend, AttackerMoved: true, TargetMoved: true,
			Cover: StoneCover, BackShot: true, Aimed: true, Marksman: true, Injured: -1},
			"Lever-Action Medium 4, moved -1, target moved -1, stone cover -3, back shot +1, aim +3, Legend +1, marksman +1, injured -1 -> 4 dice", 4},
		{"aim +2 for a revolver", Shot{Weapon: Revolver, Band: Medium, Aimed: true}, "Revolver Medium 2, aim +2 -> 4 dice", 4},
		{"aim +2 for a derringer", Shot{Weapon: Derringer, Band: Short, Aimed: true}, "Derringer Short 1, aim +2 -> 3 dice", 3},
		{"aim +2 for a shotgun", Shot{Weapon: Shotgun, Band: Short, Aimed: true}, "Shotgun Short 5, aim +2 -> 7 dice", 7},
		{"aim +3 for a rifle", Shot{Weapon: SingleShotRifle, Band: Long, Aimed: true}, "Single-Shot Rifle Long 3, aim +3 -> 6 dice", 6},
		{"aim +3 for a bow", Shot{Weapon: Bow, Band: Medium, Aimed: true}, "Bow Medium 3, aim +3 -> 6 dice", 6},
		{"aim +3 for a gatling gun", Shot{Weapon: GatlingGun, Band: Extreme, Aimed: true}, "Gatling Gun Extreme 3, aim +3 -> 6 dice", 6},
		{"blaze +3 with a revolver", Shot{Weapon: Revolver, Band: Short, Blaze: true}, "Revolver Short 3, blaze away +3 -> 6 dice", 6},
		{"blaze +2 with a lever-action", Shot{Weapon: LeverAction, Band: Short, Blaze: true}, "Lever-Action Short 3, blaze away +2 -> 5 dice", 5},
		{"greenhorn -1", Shot{Weapon: Revolver, Band: PointBlank, Tier: Greenhorn}, "Revolver Point Blank 4, Greenhorn -1 -> 3 dice", 3},
		{"wood cover -2", Shot{Weapon: Shotgun, Band: Short, Cover: WoodCover}, "Shotgun Short 5, wood cover -2 -> 3 dice", 3},
		// R14: base 0 may still shoot when modifiers raise the pool.
		{"base 0 raised by aim", Shot{Weapon: Revolver, Band: Long, Aimed: true}, "Revolver Long 0, aim +2 -> 2 dice", 2},
		{"base 0, no positive modifier", Shot{Weapon: Revolver, Band: Long}, "Revolver Long 0 -> no shot: base 0 and the modifiers leave no die", 0},
		{"base 0 raised then cut to nothing", Shot{Weapon: LeverAction, Band: Extreme, Aimed: true, Cover: StoneCover},
			"Lever-Action Extreme 0, stone cover -3, aim +3 -> no shot: base 0 and the modifiers leave no die", 0},
		{"dash: impossible whatever the aim", Shot{Weapon: Derringer, Band: Medium, Aimed: true, Tier: Legend},
			"Derringer Medium - -> no shot: a Derringer cannot hit at Medium range", 0},
		// R14: the Greenhorn minimum of 1 die is the Hail Mary rule.
		{"greenhorn minimum", Shot{Weapon: Derringer, Band: Short, Tier: Greenhorn}, "Derringer Short 1, Greenhorn -1 -> Hail Mary 1 die", 1},
		{"deep negative still a Hail Mary", Shot{Weapon: Bow, Band: PointBlank, Tier: Greenhorn, Cover: StoneCover, AttackerMoved: true},
			"Bow Point Blank 1, moved -1, stone cover -3, Greenhorn -1 -> Hail Mary 1 die", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ShotPool(c.shot)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Explain(); got != c.want {
				t.Errorf("Explain()\n got %q\nwant %q", got, c.want)
			}
			if p.Dice != c.dice {
				t.Errorf("dice = %d, want %d", p.Dice, c.dice)
			}
			sum := p.Base
			for _, m := range p.Modifiers() {
				sum += m.Dice
			}
			if p.Base != NoShot && sum != p.Total {
				t.Errorf("base plus modifiers = %d, Total = %d", sum, p.Total)
			}
		})
	}
}

func TestShotPoolRefusesWhatTheRulesForbid(t *testing.T) {
	cases := []struct {
		shot Shot
		want string
	}{
		{Shot{Weapon: Revolver, Band: Short, Aimed: true, Blaze: true}, "Aim cannot be combined with Blaze Away (R16)"},
		{Shot{Weapon: Shotgun, Band: Short, Blaze: true}, "only a Revolver or a Lever-Action can Blaze Away"},
		{Shot{Weapon: SingleShotRifle, Band: Short, Blaze: true}, "only a Revolver or a Lever-Action"},
		{Shot{Weapon: Dynamite, Band: Short}, "dynamite is thrown"},
		{Shot{Weapon: Knife, Band: PointBlank}, "melee weapon"},
		{Shot{Weapon: NoWeapon, Band: Short}, "unknown weapon"},
	}
	for _, c := range cases {
		_, err := ShotPool(c.shot)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ShotPool(%+v) error %v, want it to say %q", c.shot, err, c.want)
		}
	}
}

func TestHitsR17(t *testing.T) {
	standard, _ := ShotPool(Shot{Weapon: Revolver, Band: PointBlank})
	res := Shoot(Dice(6, 6, 6, 1), &standard)
	if res.Hits != 1 {
		t.Errorf("standard shot with three sixes: %d hits, want 1", res.Hits)
	}
	blaze, _ := ShotPool(Shot{Weapon: Revolver, Band: PointBlank, Blaze: true})
	res = Shoot(Dice(6, 6, 6, 1, 2, 3, 4), &blaze)
	if res.Hits != 3 {
		t.Errorf("Blaze Away with three sixes: %d hits, want 3", res.Hits)
	}
	miss := Shoot(Dice(1, 2, 3, 4), &standard)
	if miss.Hits != 0 {
		t.Errorf("no sixes: %d hits", miss.Hits)
	}
	impossible, _ := ShotPool(Shot{Weapon: Revolver, Band: Extreme})
	if res := Shoot(Dice(), &impossible); len(res.Roll.Faces) != 0 || res.Hits != 0 {
		t.Errorf("an impossible shot rolled %v", res.Roll.Faces)
	}
}

func TestOutOfAmmoR19(t *testing.T) {
	for _, w := range []Weapon{Derringer, SingleShotRifle} {
		if !EmptyAfter(w, false) {
			t.Errorf("%s should be empty after every shot", w)
		}
	}
	for _, w := range []Weapon{Revolver, LeverAction, Shotgun, GatlingGun, Bow} {
		if EmptyAfter(w, false) {
			t.Errorf("%s should not be empty after a standard shot", w)
		}
	}
	if !EmptyAfter(Revolver, true) || !EmptyAfter(LeverAction, true) {
		t.Error("a weapon that Blazed Away must be empty (R18, R19)")
	}
}

func TestSpreadR20(t *testing.T) {
	for w, hearts := range map[Weapon]int{Shotgun: 1, GatlingGun: 2, Revolver: 0, Dynamite: 0} {
		spec, _ := w.Spec()
		if spec.Spread != hearts {
			t.Errorf("%s has %d hearts, want %d", w, spec.Spread, hearts)
		}
	}
}

func TestParseWeaponNames(t *testing.T) {
	keys := map[string]Weapon{"derringer": Derringer, "revolver": Revolver, "lever-action": LeverAction, "shotgun": Shotgun,
		"single-shot-rifle": SingleShotRifle, "gatling-gun": GatlingGun, "bow": Bow, "dynamite": Dynamite, "Single-Shot Rifle": SingleShotRifle}
	for k, want := range keys {
		if got, err := ParseWeapon(k); err != nil || got != want {
			t.Errorf("ParseWeapon(%q) = %v, %v", k, got, err)
		}
	}
	if _, err := ParseWeapon("bazooka"); err == nil || !strings.Contains(err.Error(), "lever-action") {
		t.Errorf("unknown weapon error %v should list the names", err)
	}
}

// TestScarsCrippleWithoutDamageP14: a campaign's scar counts as a crippled
// location (R30) with no damage marked, and once with damage there too.
func TestScarsCrippleWithoutDamageP14(t *testing.T) {
	h := NewHealth(Cowpoke, false)
	legs, _ := ParseLocation("LEGS")
	h.Scars = 1<<Arms | 1<<legs
	in := h.Injuries()
	if in.Dice != -1 || in.MoveCut != 2 || in.RunCut != 4 || !in.Crippled[Arms] || h.HP() != 4 {
		t.Fatalf("scars: %+v, HP %d", in, h.HP())
	}
	h.Take(NewWound(4, 3)) // arms, serious: crippled already
	if got := h.Injuries(); got.Dice != -1 {
		t.Fatalf("a scarred arm hit again: %+v", got)
	}
	if _, err := ParseLocation("tail"); err == nil {
		t.Fatal("an unknown location parsed")
	}
}

// TestShotRollsWhatever checks ShotRollsWhatever against ShotPool itself:
// for every shooting weapon and band, every combination of the shot's
// modifiers (moved, target moved, each cover, back shot, Marksman, each
// tier, injuries) and round-effect modifiers after it, a shot it says
// rolls always rolls at least one die (R14); and where it says no, some
// combination rolls none, so it is no wider than it must be.
func TestShotRollsWhatever(t *testing.T) {
	for w := NoWeapon + 1; w < numWeapons; w++ {
		spec, _ := w.Spec()
		if !spec.CanShoot() {
			if ShotRollsWhatever(w, Short) {
				t.Errorf("%s does not shoot, yet ShotRollsWhatever says it rolls", spec.Name)
			}
			continue
		}
		for b := PointBlank; b < numBands; b++ {
			says := ShotRollsWhatever(w, b)
			sawNone := false
			for combo := range 1 << 4 {
				for cover := NoCover; cover <= StoneCover; cover++ {
					for _, tier := range []Tier{Greenhorn, Cowpoke, Legend} {
						for injured := -2; injured <= 0; injured++ {
							for round := -3; round <= 2; round++ {
								p, err := ShotPool(Shot{Weapon: w, Band: b, Tier: tier, Cover: cover, Injured: injured,
									AttackerMoved: combo&1 != 0, TargetMoved: combo&2 != 0, BackShot: combo&4 != 0, Marksman: combo&8 != 0})
								if err != nil {
									t.Fatalf("%s at %s: %v", spec.Name, b, err)
								}
								p.AddModifier("round", round)
								if p.Dice < 1 {
									sawNone = true
									if says {
										t.Fatalf("%s at %s: ShotRollsWhatever says it rolls, but %s", spec.Name, b, p.Explain())
									}
								}
							}
						}
					}
				}
			}
			if !says && !sawNone {
				t.Errorf("%s at %s: ShotRollsWhatever says no, yet every combination rolls", spec.Name, b)
			}
		}
	}
}
