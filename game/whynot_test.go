package game

import (
	"strings"
	"testing"

	"cowpoke/rules"
)

// notation is what a refusal a player reads must never hold: rule codes,
// a pool's arithmetic, the engine's own words for an empty pool.
var notation = []string{"(R", "->", "base 0", "modifiers leave", "no door -1"}

func checkPlain(t *testing.T, what, s string) {
	t.Helper()
	for _, n := range notation {
		if strings.Contains(s, n) {
			t.Errorf("%s reads %q: %q is not a player's words", what, s, n)
		}
	}
}

func option(t *testing.T, m *Match, k CommandKind) Option {
	t.Helper()
	for _, o := range m.PlayerOptions() {
		if o.Kind == k {
			return o
		}
	}
	t.Fatalf("no %s option", k)
	return Option{}
}

// Each enemy gets its own reason, with the weapon's real reach (R4, R14):
// a Derringer (3, 1, -, -, -) does not reach 13" nor, edge to edge, 6"
// and more; Shoot is refused for all with the Derringer's 6"; a Revolver
// at Long range (base 0) rolls no die unless something adds one, and the
// Aim's +2 is such a thing: after Aim the same shot is allowed.
func TestWhyNotNamesTheReachPerTargetR14(t *testing.T) {
	m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 1, 22, 0, "derringer")},
		[]ModelSpec{fig("Bart", "cowpoke", 15, 22, 180, "revolver"), fig("Slim", "cowpoke", 8, 22, 180, "revolver")}, 2)
	do(t, m, activate(0))
	want := map[int]string{
		1: `Bart is 13.0" away: beyond the Derringer's reach of 6"`,
		2: `Slim is 6.0" away: beyond the Derringer's reach of 6"`,
	}
	whys := m.AttackWhys(CmdShoot, 0, nil)
	if len(whys) != 2 {
		t.Fatalf("%d enemies with a reason, want 2: %+v", len(whys), whys)
	}
	for _, w := range whys {
		if w.Why != want[w.Target] {
			t.Errorf("shooting %s: %q, want %q", m.Models[w.Target].Name, w.Why, want[w.Target])
		}
	}
	if o := option(t, m, CmdShoot); o.Allowed || o.Reason != `no enemy within the Derringer's 6"` {
		t.Errorf("Shoot is %+v, want refused: no enemy within the Derringer's 6\"", o)
	}

	m = scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 1, 22, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 15, 22, 180, "revolver")}, 2)
	do(t, m, activate(0))
	shot := Command{Kind: CmdShoot, Model: 0, Target: 1}
	if got, want := m.WhyNot(shot), `Bart is 13.0" away: past 12" the Revolver rolls no die unless something adds one`; got != want {
		t.Errorf("a Revolver at Long range: %q, want %q", got, want)
	}
	if o := option(t, m, CmdShoot); o.Allowed || o.Reason != `no enemy within the Revolver's 12"` {
		t.Errorf("Shoot is %+v, want refused: no enemy within the Revolver's 12\"", o)
	}
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
	if got := m.WhyNot(shot); got != "" || m.Validate(shot) != nil {
		t.Errorf("after the Aim the shot is still refused: %q (%v)", got, m.Validate(shot))
	}
}

// What stops every target alike is said once: out of ammo (R19), or no
// enemy in sight (a stone wall between, R6).
func TestPlayerOptionsSayWhatHoldsForEveryEnemy(t *testing.T) {
	m := scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 1, 22, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 6, 22, 180, "revolver")}, 2)
	do(t, m, activate(0))
	m.Models[0].Empty[0] = true
	if got, want := m.WhyNot(Command{Kind: CmdShoot, Model: 0, Target: 1}), "the Revolver is out of ammo: Reload first"; got != want {
		t.Errorf("an empty Revolver: %q, want %q", got, want)
	}
	if o := option(t, m, CmdShoot); o.Allowed || o.Reason != "the Revolver is out of ammo: Reload first" {
		t.Errorf("Shoot with an empty Revolver is %+v", o)
	}

	m = scripted(t, Options{}, []ModelSpec{fig("Hale", "cowpoke", 11, 6, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 17, 6, 180, "revolver")}, 2)
	do(t, m, activate(0))
	if got, want := m.WhyNot(Command{Kind: CmdShoot, Model: 0, Target: 1}), "Hale cannot see Bart"; got != want {
		t.Errorf("behind the stone wall: %q, want %q", got, want)
	}
	for _, k := range []CommandKind{CmdShoot, CmdBlaze, CmdAim} {
		if o := option(t, m, k); o.Allowed || o.Reason != "Hale sees no enemy" {
			t.Errorf("%s with the only enemy behind a wall is %+v, want refused: Hale sees no enemy", k, o)
		}
	}
	if o := option(t, m, CmdInteract); o.Allowed || o.Reason != `no door within 1"` {
		t.Errorf("Interact with no door near is %+v", o)
	}
}

// WhyNot is "" exactly when Validate accepts the command, and every
// refusal of every action in the default match, for every model as it
// activates at its starting place, is in plain words.
func TestWhyNotAgreesWithValidate(t *testing.T) {
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	base, err := NewMatch(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for id := range base.Models {
		m := base.Fork(rules.NewSeeded(1))
		for m.Decider() >= 0 && m.Models[id].Posse != m.Decider() {
			m.Up.Posse = m.Models[id].Posse // the side whose model it is decides
		}
		if _, err := m.Apply(Command{Kind: CmdActivate, Model: id}); err != nil {
			continue
		}
		checked++
		for _, o := range m.PlayerOptions() {
			checkPlain(t, string(o.Kind)+" for "+m.Models[id].Name, o.Reason)
		}
		for _, k := range []CommandKind{CmdShoot, CmdBlaze, CmdAim} {
			for slot := range m.Models[id].Profile.Weapons {
				for target := range m.Models {
					c := Command{Kind: k, Model: id, Slot: slot, Target: target}
					why, err := m.WhyNot(c), m.Validate(c)
					if (why == "") != (err == nil) {
						t.Errorf("%+v: WhyNot %q, Validate %v", c, why, err)
					}
					checkPlain(t, "WhyNot", why)
				}
			}
		}
	}
	if checked < 6 {
		t.Errorf("only %d models activated", checked)
	}
}
