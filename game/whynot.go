package game

import (
	"fmt"
	"strconv"

	"cowpoke/game/words"
	"cowpoke/rules"
)

// Refusals as a player reads them. Validate's errors are written for the
// tests and the rules reference (rule codes, a pool's arithmetic); a screen
// asks here instead, and never works a reason out itself:
//
//   - WhyNot: why one command is refused, in plain words, an attack's
//     naming what stops it at that target ("Black Bart is 14.2" away: past
//     12" the Revolver rolls no die unless something adds one").
//   - AttackWhys: the same for every enemy at once, for a screen that
//     shows the reason on each enemy before any click.
//   - PlayerOptions: Options with the refusals in plain words; a refused
//     attack says what holds for every enemy ("no enemy within the
//     Revolver's 12"", "Hale sees no enemy"), not the first enemy's reason.

// WhyNot is why command c is refused now, in a player's words, or "" when
// it is allowed.
func (m *Match) WhyNot(c Command) string {
	err := m.Validate(c)
	if err == nil {
		return ""
	}
	if isAttack(c.Kind) {
		if why, cause := m.targetWhy(c); cause != causeNotTarget {
			return why
		}
	}
	return words.Plain(err.Error())
}

// TargetWhy is one enemy and why the active model cannot attack it ("" when
// it can).
type TargetWhy struct {
	Target int
	Why    string
}

// AttackWhys appends to out every enemy in play with why the active model
// cannot make an attack of kind k (CmdShoot, CmdBlaze, CmdAim) at it with
// the weapon in slot, "" for those it can.
func (m *Match) AttackWhys(k CommandKind, slot int, out []TargetWhy) []TargetWhy {
	if m.Active < 0 || !isAttack(k) {
		return out
	}
	me := m.Models[m.Active].Posse
	for i := range m.Models {
		if o := &m.Models[i]; o.Posse != me && !o.Removed() {
			out = append(out, TargetWhy{Target: i, Why: m.WhyNot(Command{Kind: k, Model: m.Active, Slot: slot, Target: i})})
		}
	}
	return out
}

// PlayerOptions is Options with every refusal in a player's words. A
// refused Shoot, Blaze Away or Aim says what holds for all the enemies:
// none left, none in sight, none within the weapons' reach, or the one
// thing about the model that stops it (out of ammo, engaged, no points).
func (m *Match) PlayerOptions() []Option {
	opts := m.Options()
	for i := range opts {
		o := &opts[i]
		switch {
		case o.Allowed:
		case isAttack(o.Kind):
			o.Reason = m.attackSummary(o.Kind, o.Reason)
		case o.Kind == CmdInteract && len(m.DoorsInReach(m.Active)) == 0:
			o.Reason = "no door within " + reachText(interactReach) // not "there is no door -1"
		default:
			o.Reason = words.Plain(o.Reason)
		}
		if !o.Allowed && o.Reason == "" {
			o.Reason = "not possible now"
		}
	}
	return opts
}

func isAttack(k CommandKind) bool { return k == CmdShoot || k == CmdBlaze || k == CmdAim }

// whyCause is what stops an attack at one target.
type whyCause int

const (
	causeNotTarget whyCause = iota // nothing about this target: the model cannot attack at all now
	causeArms                      // the weapon: out of ammo, does not shoot
	causeSight                     // the target cannot be seen
	causeReach                     // the weapon does not reach it (or reaches it with no die)
)

// targetWhy says what stops a refused attack at its target, if it is the
// target: the weapon, the sight or the reach.
func (m *Match) targetWhy(c Command) (string, whyCause) {
	if c.Model < 0 || c.Model >= len(m.Models) || c.Target < 0 || c.Target >= len(m.Models) {
		return "", causeNotTarget
	}
	sm, tm := &m.Models[c.Model], &m.Models[c.Target]
	if tm.Posse == sm.Posse || tm.Removed() {
		return "", causeNotTarget
	}
	at := m.targetPos(c.Target)
	if c.Kind == CmdAim {
		if !m.Board.Visible(sm.Pos, tm.Pos) {
			return fmt.Sprintf("%s cannot see %s", sm.Name, tm.Name), causeSight
		}
		return "", causeNotTarget
	}
	w, ok := sm.Weapon(c.Slot)
	if !ok {
		return "", causeNotTarget
	}
	spec, _ := w.Spec()
	if err := m.checkArms(c.Model, c.Slot, c.Target, false); err != nil {
		if sm.Empty[c.Slot] {
			return fmt.Sprintf("the %s is out of ammo: Reload first", spec.Name), causeArms
		}
		return words.Plain(err.Error()), causeArms
	}
	if !m.Board.SeesAny(sm.Pos, at, m.sightRules()) {
		return fmt.Sprintf("%s cannot see %s", sm.Name, tm.Name), causeSight
	}
	kind := standardShot
	if c.Kind == CmdBlaze {
		kind = blazeShot
	}
	s, err := m.setupShot(c.Model, c.Slot, c.Target, kind, at)
	if err != nil || !s.Pool.Impossible {
		return "", causeNotTarget
	}
	near, sure, most, _ := spec.Reach()
	away := fmt.Sprintf("%s is %s away", tm.Name, inchesText(s.Distance))
	switch {
	case s.Pool.Base == rules.NoShot && s.Distance < near:
		return fmt.Sprintf("%s: too close for the %s, which fires from %s", away, spec.Name, reachText(near)), causeReach
	case s.Pool.Base == rules.NoShot:
		return fmt.Sprintf("%s: beyond the %s's reach of %s", away, spec.Name, reachText(most)), causeReach
	}
	return fmt.Sprintf("%s: past %s the %s rolls no die unless something adds one", away, reachText(sure), spec.Name), causeReach
}

// attackSummary is why no attack of kind k can be made at any enemy.
func (m *Match) attackSummary(k CommandKind, first string) string {
	if m.Active < 0 {
		return words.Plain(first)
	}
	me := &m.Models[m.Active]
	var slots []int // the weapons that might make it
	for s, w := range me.Profile.Weapons {
		if spec, _ := w.Spec(); spec.CanShoot() || k == CmdAim {
			slots = append(slots, s)
		}
		if k == CmdAim {
			break // Aim is not made with a weapon: one pass
		}
	}
	if len(slots) == 0 {
		return words.Plain(first)
	}
	enemies, seen := 0, 0
	nearest, nearestD, nearestWhy := -1, 0.0, ""
	armsWhy := ""
	beyondSure := true // every enemy in sight is past every loaded weapon's sure reach
	for i := range m.Models {
		o := &m.Models[i]
		if o.Posse == me.Posse || o.Removed() {
			continue
		}
		enemies++
		inSight := false
		for _, s := range slots {
			why, cause := m.targetWhy(Command{Kind: k, Model: m.Active, Slot: s, Target: i})
			switch cause {
			case causeNotTarget:
				return words.Plain(first) // the model cannot attack now, whoever the target
			case causeArms:
				if armsWhy == "" {
					armsWhy = why
				}
				continue
			case causeSight:
				continue
			}
			inSight = true
			d := m.LineOfSight(me.Pos, m.targetPos(i)).Distance // as the shot measures it
			spec, _ := me.Profile.Weapons[s].Spec()
			if _, sure, _, _ := spec.Reach(); d < sure {
				beyondSure = false // too close (a Gatling Gun at Point Blank): its own reason
			}
			if nearest < 0 || d < nearestD {
				nearest, nearestD, nearestWhy = i, d, why
			}
		}
		if inSight {
			seen++
		}
	}
	switch {
	case enemies == 0:
		return "no enemy is left standing"
	case seen == 0 && armsWhy != "" && !m.anyLoaded(slots):
		return armsWhy
	case seen == 0:
		return me.Name + " sees no enemy"
	case beyondSure:
		return "no enemy within " + m.reachList(slots)
	}
	return nearestWhy
}

// anyLoaded reports whether one of the active model's weapons in slots
// can fire.
func (m *Match) anyLoaded(slots []int) bool {
	me := &m.Models[m.Active]
	for _, s := range slots {
		if !me.Empty[s] {
			return true
		}
	}
	return false
}

// reachList is "the Revolver's 12"" or "the Revolver's 12" or the
// Shotgun's 24"": how far each loaded weapon of slots always rolls a die.
func (m *Match) reachList(slots []int) string {
	me := &m.Models[m.Active]
	var parts []string
	for _, s := range slots {
		spec, _ := me.Profile.Weapons[s].Spec()
		if _, sure, _, ok := spec.Reach(); ok && !me.Empty[s] {
			parts = append(parts, "the "+spec.Name+"'s "+reachText(sure))
		}
	}
	if len(parts) == 0 {
		return "reach"
	}
	return words.List(parts)
}

// reachText is a reach in whole inches as the chart prints it ("12"").
func reachText(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) + "\"" }
