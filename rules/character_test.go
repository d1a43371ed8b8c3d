package rules

import (
	"strings"
	"testing"
)

func TestTiers(t *testing.T) {
	cases := []struct {
		tier      Tier
		hp, dice  int
		toughness bool
	}{
		{Greenhorn, 2, -1, false},
		{Cowpoke, 4, 0, false},
		{Legend, 4, +1, true},
	}
	for _, c := range cases {
		if c.tier.MaxHP() != c.hp || c.tier.DiceModifier() != c.dice {
			t.Errorf("%s: %d HP %+d dice, want %d HP %+d", c.tier, c.tier.MaxHP(), c.tier.DiceModifier(), c.hp, c.dice)
		}
		if got := NewHealth(c.tier, false).Tough; got != c.toughness {
			t.Errorf("%s Tough by nature = %v, want %v", c.tier, got, c.toughness)
		}
		if got, err := ParseTier(strings.ToLower(c.tier.String())); err != nil || got != c.tier {
			t.Errorf("ParseTier(%q) = %v, %v", c.tier, got, err)
		}
	}
	if _, err := ParseTier("sheriff"); err == nil {
		t.Error("ParseTier accepted a made-up tier")
	}
}

func TestWeaponSlotsR21(t *testing.T) {
	cases := []struct {
		name string
		p    Profile
		err  string // "" for legal
	}{
		{"two slots", Profile{Name: "A", Weapons: []Weapon{Revolver, LeverAction}}, ""},
		{"three weapons", Profile{Name: "A", Weapons: []Weapon{Revolver, LeverAction, Knife}}, "only 2 weapon slots"},
		{"two pistols without Holster", Profile{Name: "A", Weapons: []Weapon{Revolver, Derringer}}, "needs the Holster skill"},
		{"two pistols with Holster", Profile{Name: "A", Skills: Skills(0).With(Holster), Weapons: []Weapon{Revolver, Revolver}}, ""},
		{"melee weapon fills a slot", Profile{Name: "A", Weapons: []Weapon{Revolver, Knife}}, ""},
		{"marksman with signature", Profile{Name: "A", Skills: Skills(0).With(Marksman), Weapons: []Weapon{SingleShotRifle}, Signature: SingleShotRifle}, ""},
		{"marksman without it", Profile{Name: "A", Skills: Skills(0).With(Marksman), Weapons: []Weapon{Revolver}, Signature: SingleShotRifle}, "does not carry a signature weapon"},
		{"marksman with a knife", Profile{Name: "A", Skills: Skills(0).With(Marksman), Weapons: []Weapon{Knife}, Signature: Knife}, "must be a firearm or a bow"},
		{"nameless", Profile{Weapons: []Weapon{Revolver}}, "needs a name"},
		{"sticks with no dynamite", Profile{Name: "A", Weapons: []Weapon{Revolver}, Sticks: 2}, "no Dynamite slot"},
	}
	for _, c := range cases {
		err := c.p.Validate()
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
}

func TestSkills(t *testing.T) {
	s := Skills(0).With(Brawler).With(Fast)
	if !s.Has(Brawler) || !s.Has(Fast) || s.Has(Tough) {
		t.Errorf("skill set %v", s)
	}
	if s.String() != "Brawler, Fast" {
		t.Errorf("String() = %q", s.String())
	}
	for _, name := range []string{"brawler", "fast", "holster", "marksman", "tough"} {
		if _, err := ParseSkill(name); err != nil {
			t.Error(err)
		}
	}
	marks := Profile{Name: "Jeb", Skills: Skills(0).With(Marksman), Weapons: []Weapon{LeverAction, Revolver}, Signature: LeverAction}
	if !marks.IsMarksmanWith(LeverAction) || marks.IsMarksmanWith(Revolver) {
		t.Error("Marksman applies to the signature weapon only")
	}
	if !(Profile{Name: "C", Tier: Cowpoke, Skills: Skills(0).With(Tough)}).IsTough() || !(Profile{Name: "L", Tier: Legend}).IsTough() {
		t.Error("Tough skill and Legend tier both make a character Tough (R28)")
	}
}

func TestToughR28(t *testing.T) {
	legend := NewHealth(Legend, false)
	// First wound Serious: Tough does not reduce it and is not spent.
	m := legend.Take(NewWound(2, 3))
	if m.ToughSave || m.Marked != 2 || legend.HP() != 2 || legend.ToughSpent {
		t.Errorf("Serious first: %+v; Tough must not reduce it nor be spent", m)
	}
	// First Light Wound: ignored.
	m = legend.Take(NewWound(4, 1))
	if !m.ToughSave || m.Marked != 0 || legend.HP() != 2 {
		t.Errorf("first Light Wound: %+v, want it ignored", m)
	}
	// Second Light Wound: marked.
	m = legend.Take(NewWound(4, 1))
	if m.ToughSave || m.Marked != 1 || legend.HP() != 1 {
		t.Errorf("second Light Wound: %+v, want it marked", m)
	}
	// A Mortal Wound is never saved.
	tough := NewHealth(Cowpoke, true)
	m = tough.Take(NewWound(1, 6))
	if m.ToughSave || !m.Removed {
		t.Errorf("Mortal Wound on a Tough Cowpoke: %+v, want removed", m)
	}
}

func TestRemovalR29(t *testing.T) {
	g := NewHealth(Greenhorn, false)
	if m := g.Take(NewWound(5, 1)); m.Removed || m.HPLeft != 1 {
		t.Errorf("Greenhorn after a Light Wound: %+v", m)
	}
	if m := g.Take(NewWound(5, 1)); !m.Removed {
		t.Errorf("Greenhorn after two Light Wounds: %+v, want removed", m)
	}
	if m := g.Take(NewWound(1, 6)); m.Marked != 0 || m.Removed {
		t.Errorf("a removed model takes no more wounds: %+v", m)
	}
	c := NewHealth(Cowpoke, false)
	if m := c.Take(NewWound(1, 5)); !m.Removed || m.HPLeft != 0 {
		t.Errorf("Cowpoke after a Mortal Wound: %+v", m)
	}
	overkill := NewHealth(Cowpoke, false)
	overkill.Take(NewWound(2, 3))
	if m := overkill.Take(NewWound(2, 6)); !m.Removed || m.HPLeft != -2 {
		t.Errorf("0 HP or less is removed: %+v", m)
	}
}

func TestCriticalInjuriesR30(t *testing.T) {
	h := NewHealth(Cowpoke, false)
	h.Take(NewWound(4, 1)) // Arms 1
	if in := h.Injuries(); in.Dice != 0 || in.Crippled[Arms] {
		t.Errorf("one Light Wound to the arms is not a critical injury: %+v", in)
	}
	h.Take(NewWound(4, 2)) // Arms 2: crippled
	if in := h.Injuries(); in.Dice != -1 || !in.Crippled[Arms] {
		t.Errorf("two Light Wounds to the arms: %+v, want -1 die", in)
	}
	// With 4 HP only one location can be crippled while standing, but the
	// penalties are defined to stack (R30): read them off a marked card.
	h = Health{MaxHP: 8, Marked: [NumLocations]int{Head: 2, Arms: 3, Legs: 2}}
	in := h.Injuries()
	if in.Dice != -2 || in.MoveCut != 2 || in.RunCut != 4 {
		t.Errorf("head, arms and legs: %+v, want -2 dice, -2\" move, -4\" run (stacking)", in)
	}
	h = NewHealth(Legend, false)
	h.Take(NewWound(2, 3)) // Chest 2
	h.Take(NewWound(3, 5)) // Gut 2
	in = h.Injuries()
	if in.MoveCut != 2 || in.RunCut != 4 || in.Dice != 0 {
		t.Errorf("chest and gut: %+v, want -2\" move -4\" run", in)
	}
	if got := MoveAllowance(in); got != 4 {
		t.Errorf("move allowance with chest and gut injuries = %v, want 4", got)
	}
}

func TestWoundStrings(t *testing.T) {
	w := NewWound(6, 5)
	if got := w.String(); got != "Legs (6, 5): Serious Wound, 2 damage" {
		t.Errorf("String() = %q", got)
	}
	if LocationFor(5) != Legs || LocationFor(6) != Legs || LocationFor(1) != Head {
		t.Error("location dice 5 and 6 are both Legs")
	}
}
