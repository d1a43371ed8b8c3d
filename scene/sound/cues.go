package sound

import (
	"strings"

	"cowpoke/game"
	"cowpoke/rules"
)

// Cue is a sound to start Delay frames (1/60 s) after the events that
// asked for it: the shot at once, the dice as the tray rolls them, the
// hit and the fall once the wound is read.
type Cue struct {
	Delay int
	Kind  Kind
}

// The delays, in frames, after a command's events.
const (
	diceDelay = 12 // the dice hit the tray after the report
	hitDelay  = 40 // the wound is marked once the dice settle
	fallDelay = 58
)

// ShotKind is the report of a weapon; a Blaze Away is the volley.
func ShotKind(w rules.Weapon, blaze bool) Kind {
	if blaze {
		return Volley
	}
	switch w {
	case rules.Derringer:
		return ShotDerringer
	case rules.Revolver:
		return ShotRevolver
	case rules.LeverAction:
		return ShotLeverAction
	case rules.Shotgun:
		return ShotShotgun
	case rules.SingleShotRifle:
		return ShotRifle
	case rules.GatlingGun:
		return ShotGatling
	case rules.Bow:
		return ShotBow
	}
	return Silence
}

// ShotWeapon is the weapon a shot event was fired with: the one of the
// shooter's weapons its text names ("... with the Lever-Action at ...";
// the event carries no slot, and the saves' event logs stay as they are).
func ShotWeapon(m *game.Match, e *game.Event) rules.Weapon {
	if e.Model < 0 || e.Model >= len(m.Models) {
		return rules.NoWeapon
	}
	first := rules.NoWeapon
	for _, w := range m.Models[e.Model].Profile.Weapons {
		if ShotKind(w, false) == Silence {
			continue
		}
		if strings.Contains(e.Text, " with the "+w.String()+" ") {
			return w
		}
		if first == rules.NoWeapon {
			first = w
		}
	}
	return first
}

// ForEvents is what a command's events sound like, at most one cue of a
// kind (a Spread shot's second target is the same report).
func ForEvents(m *game.Match, evs []game.Event) []Cue {
	var cues []Cue
	add := func(delay int, k Kind) {
		if k == Silence {
			return
		}
		for _, c := range cues {
			if c.Kind == k {
				return
			}
		}
		cues = append(cues, Cue{Delay: delay, Kind: k})
	}
	rolled := false // dice were thrown before the wounds
	for i := range evs {
		e := &evs[i]
		switch e.Kind {
		case game.EvShot:
			blaze := e.Pool != nil && e.Pool.EverySix // only a Blaze Away's pool counts every six (R18)
			add(0, ShotKind(ShotWeapon(m, e), blaze))
			add(diceDelay, Dice)
			rolled = true
		case game.EvPartingShot, game.EvBrawl, game.EvRunRolled, game.EvBlast:
			add(diceDelay, Dice)
			rolled = true
		case game.EvThrown:
			add(0, Fuse)
			if len(e.Faces) > 0 { // a Hail Mary's die
				add(diceDelay, Dice)
			}
		case game.EvExploded:
			add(0, Explosion)
		case game.EvWound:
			if rolled {
				add(hitDelay, Hit)
			} else {
				add(0, Hit)
			}
		case game.EvRemoved:
			add(fallDelay, Fall)
		}
	}
	return cues
}
