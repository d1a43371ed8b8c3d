package rules

import (
	"fmt"
	"strings"
)

// Weapon names a weapon that can fill a weapon slot.
type Weapon int

// The weapons: the eight of the weapon chart, then the melee weapons of R21.
// The zero value is NoWeapon.
const (
	NoWeapon Weapon = iota
	Derringer
	Revolver
	LeverAction
	Shotgun
	SingleShotRifle
	GatlingGun
	Bow
	Dynamite
	Knife
	Tomahawk
	Sabre
	Club
	numWeapons
)

// NoShot marks a "-" on the weapon chart: the shot is impossible at that
// range, whatever the modifiers. It is distinct from 0, where modifiers may
// still raise the pool to a die (R14).
const NoShot = -1

// WeaponSpec is one line of the weapon chart with the weapon's traits.
type WeaponSpec struct {
	Key  string // lower-case name with hyphens, as typed on a command line
	Name string // as the rulebook prints it

	// Chart holds the base dice per range band; NoShot is "-".
	Chart [numBands]int

	Pistol     bool // counts against the one-pistol limit without Holster (R21)
	Melee      bool // +2 brawl dice, 2 parting-shot dice (R21, R13, R27)
	Spread     int  // hearts: extra targets, each within this many inches of the primary (R20)
	Blast      bool // thrown; explodes on a fuse (R22-R25)
	SingleShot bool // Out of Ammo after every shot (R19)
	AimBonus   int  // dice for a shot after Aim; 0 when it cannot be aimed (R15, R16)
	BlazeBonus int  // dice for Blaze Away; 0 when it cannot Blaze Away (R15, R18)
}

// CanShoot reports whether the weapon makes shooting attacks (it has a
// chart line and is not thrown).
func (s WeaponSpec) CanShoot() bool { return !s.Melee && !s.Blast && s.Key != "" }

// dash is NoShot, short enough to keep the chart below readable.
const dash = NoShot

// weaponChart is the chart of chapter 6.2, with the traits of 6.5 and the
// bonuses of 5.4 and R15. It is data: one line per weapon.
var weaponChart = [numWeapons]WeaponSpec{
	Derringer:       {Key: "derringer", Name: "Derringer", Chart: [5]int{3, 1, dash, dash, dash}, Pistol: true, SingleShot: true, AimBonus: 2},
	Revolver:        {Key: "revolver", Name: "Revolver", Chart: [5]int{4, 3, 2, 0, dash}, Pistol: true, AimBonus: 2, BlazeBonus: 3},
	LeverAction:     {Key: "lever-action", Name: "Lever-Action", Chart: [5]int{2, 3, 4, 2, 0}, AimBonus: 3, BlazeBonus: 2},
	Shotgun:         {Key: "shotgun", Name: "Shotgun", Chart: [5]int{2, 5, 2, 1, dash}, Spread: 1, AimBonus: 2},
	SingleShotRifle: {Key: "single-shot-rifle", Name: "Single-Shot Rifle", Chart: [5]int{1, 2, 4, 3, 2}, SingleShot: true, AimBonus: 3},
	GatlingGun:      {Key: "gatling-gun", Name: "Gatling Gun", Chart: [5]int{dash, 6, 5, 4, 3}, Spread: 2, AimBonus: 3},
	Bow:             {Key: "bow", Name: "Bow", Chart: [5]int{1, 2, 3, 1, dash}, AimBonus: 3},
	Dynamite:        {Key: "dynamite", Name: "Dynamite", Chart: [5]int{6, 3, dash, dash, dash}, Blast: true},
	Knife:           {Key: "knife", Name: "Knife", Chart: [5]int{dash, dash, dash, dash, dash}, Melee: true},
	Tomahawk:        {Key: "tomahawk", Name: "Tomahawk", Chart: [5]int{dash, dash, dash, dash, dash}, Melee: true},
	Sabre:           {Key: "sabre", Name: "Sabre", Chart: [5]int{dash, dash, dash, dash, dash}, Melee: true},
	Club:            {Key: "club", Name: "Club", Chart: [5]int{dash, dash, dash, dash, dash}, Melee: true},
}

// Spec returns the weapon's chart line and traits; ok is false for
// NoWeapon and unknown values.
func (w Weapon) Spec() (spec WeaponSpec, ok bool) {
	if w <= NoWeapon || w >= numWeapons {
		return WeaponSpec{}, false
	}
	return weaponChart[w], true
}

// String is the weapon's printed name.
func (w Weapon) String() string {
	if spec, ok := w.Spec(); ok {
		return spec.Name
	}
	if w == NoWeapon {
		return "no weapon"
	}
	return fmt.Sprintf("Weapon(%d)", int(w))
}

// Weapons lists every weapon, chart weapons first.
func Weapons() []Weapon {
	ws := make([]Weapon, 0, numWeapons-1)
	for w := Derringer; w < numWeapons; w++ {
		ws = append(ws, w)
	}
	return ws
}

// ParseWeapon reads a weapon by its key ("lever-action") or its printed
// name, in any case.
func ParseWeapon(s string) (Weapon, error) {
	var keys []string
	for _, w := range Weapons() {
		spec := weaponChart[w]
		if strings.EqualFold(s, spec.Key) || strings.EqualFold(s, spec.Name) {
			return w, nil
		}
		keys = append(keys, spec.Key)
	}
	return NoWeapon, fmt.Errorf("unknown weapon %q (want one of %s)", s, strings.Join(keys, ", "))
}

// BaseDice is the chart value for w at band b: NoShot for "-".
func BaseDice(w Weapon, b Band) int {
	spec, ok := w.Spec()
	if !ok || b < 0 || b >= numBands {
		return NoShot
	}
	return spec.Chart[b]
}

// EmptyAfter reports whether firing w leaves it Out of Ammo: single-shot
// weapons after every shot, any weapon after Blaze Away (R19).
func EmptyAfter(w Weapon, blaze bool) bool {
	spec, _ := w.Spec()
	return blaze || spec.SingleShot
}
