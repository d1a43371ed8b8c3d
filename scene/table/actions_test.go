package table

import (
	"fmt"
	"strings"
	"testing"

	"cowpoke/game"
)

// showcase is the showcase scenario on seed 1 (the Lawmen go first).
func showcase(t *testing.T) *Table {
	t.Helper()
	s, err := game.ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m.Up.Posse != 0 {
		t.Fatal("the Lawmen should be up first on seed 1")
	}
	return New(m)
}

func named(t *testing.T, m *game.Match, name string) int {
	t.Helper()
	for i := range m.Models {
		if m.Models[i].Name == name {
			return i
		}
	}
	t.Fatalf("no %s", name)
	return -1
}

func must(t *testing.T, tb *Table, c game.Command) {
	t.Helper()
	if _, err := tb.Apply(c); err != nil {
		t.Fatalf("%s: %v", c.Kind, err)
	}
}

func hasLine(v *View, s string) bool {
	for _, l := range v.Info {
		if strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}

// The odds on screen are the engine's ShotOdds for the very pool it rolls,
// over a grid: every Lawman, both weapons, Shoot and Blaze Away, every
// Desperado, standing still, after a Move and after an Aim. The readout
// prints each modifier by name and the two probabilities.
func TestShotOddsOnScreenAreTheEngines(t *testing.T) {
	checked := 0
	for _, shooter := range []string{"Deputy Pike", "Deputy Hale", "Sheriff Miller", "Ranger Tex"} {
		for _, prep := range []string{"still", "moved", "aimed"} {
			tb := showcase(t)
			m := tb.M
			id := named(t, m, shooter)
			must(t, tb, game.Command{Kind: game.CmdActivate, Model: id})
			switch prep {
			case "moved":
				to := m.Models[id].Pos.Add(game.Point{X: 0.6})
				if _, err := tb.Apply(game.Command{Kind: game.CmdMove, Model: id, To: &to}); err != nil {
					continue // boxed in: the grid's other cells still count
				}
			case "aimed":
				if _, err := tb.Apply(game.Command{Kind: game.CmdAim, Model: id, Target: named(t, m, "Black Bart")}); err != nil {
					continue
				}
			}
			for slot := range m.Models[id].Profile.Weapons {
				for _, blaze := range []bool{false, true} {
					act := ActShoot
					if blaze {
						act = ActBlaze
					}
					tb.SetMode(ModeIdle)
					if ok, _ := tb.Allowed(map[bool]game.CommandKind{false: game.CmdShoot, true: game.CmdBlaze}[blaze]); !ok {
						continue
					}
					tb.Slot = slot
					tb.Do(act)
					for e := range m.Models {
						if m.Models[e].Posse == m.Models[id].Posse {
							continue
						}
						tb.SetHover(m.Models[e].Pos, true)
						v := tb.View()
						want, err := m.ShotOdds(id, slot, e, blaze)
						kind := map[bool]game.CommandKind{false: game.CmdShoot, true: game.CmdBlaze}[blaze]
						whyNot := m.WhyNot(game.Command{Kind: kind, Model: id, Slot: slot, Target: e})
						if err != nil {
							if v.HasOdds || whyNot == "" || !hasLine(v, whyNot) {
								t.Errorf("%s %s slot %d at %s: the engine refuses (%q), the screen shows odds %v: %v", shooter, prep, slot, m.Models[e].Name, whyNot, v.HasOdds, v.Info)
							}
							continue
						}
						if want.Pool.Impossible && !m.Scenario.Options.DeadReckoning && !hasLine(v, "No shot: "+whyNot) {
							t.Errorf("%s at %s: an impossible shot without the engine's reason %q: %v", shooter, m.Models[e].Name, whyNot, v.Info)
						}
						if !v.HasOdds || v.Odds.Pool.Explain() != want.Pool.Explain() || v.Odds.Odds.PHit != want.Odds.PHit || v.Odds.Odds.PRemoved != want.Odds.PRemoved {
							t.Errorf("%s %s slot %d blaze %v at %s: screen %+v, engine %+v", shooter, prep, slot, blaze, m.Models[e].Name, v.Odds, want)
							continue
						}
						for _, md := range want.Pool.Modifiers() {
							more := "more"
							if md.Dice < 0 {
								more = "fewer"
							}
							if md.Dice != 0 && !hasLine(v, fmt.Sprintf("%d %s %s", abs(md.Dice), more, modifierWhy(md.Name))) {
								t.Errorf("%s at %s: modifier %q not shown", shooter, m.Models[e].Name, md.Name)
							}
						}
						if !want.Pool.Impossible {
							if !hasLine(v, fmt.Sprintf("At least one hit: %.1f%%", 100*want.Odds.PHit)) || !hasLine(v, fmt.Sprintf(": %.1f%%", 100*want.Odds.PRemoved)) {
								t.Errorf("%s at %s: the readout does not print P(hit) %.4f and P(removed) %.4f: %v", shooter, m.Models[e].Name, want.Odds.PHit, want.Odds.PRemoved, v.Info)
							}
						}
						checked++
					}
				}
			}
		}
	}
	if checked < 40 {
		t.Fatalf("only %d situations compared", checked)
	}
	t.Logf("%d situations compared", checked)
}

// The throw preview is the engine's ThrowPreview and BlastOdds, over a
// grid of spots around Sheriff Miller.
func TestThrowPreviewIsTheEngines(t *testing.T) {
	tb := showcase(t)
	m := tb.M
	miller := named(t, m, "Sheriff Miller")
	must(t, tb, game.Command{Kind: game.CmdActivate, Model: miller})
	tb.Do(ActThrow)
	if tb.Mode != ModeThrow {
		t.Fatalf("Throw did not start: %s", tb.Status)
	}
	n := 0
	for dx := -14.0; dx <= 14; dx += 3.5 {
		for dy := -14.0; dy <= 14; dy += 3.5 {
			p := m.Models[miller].Pos.Add(game.Point{X: dx, Y: dy})
			if tb.ModelAt(p) >= 0 {
				continue
			}
			tb.SetHover(p, true)
			v := tb.View()
			kind, reach, err := m.ThrowPreview(p)
			if (err == nil) != v.ThrowOK || (err == nil && (kind != v.ThrowKind || reach != v.PReach)) {
				t.Errorf("spot %v: screen %v %v %v, engine %v %v %v", p, v.ThrowOK, v.ThrowKind, v.PReach, kind, reach, err)
			}
			if err != nil {
				continue
			}
			want := m.BlastOdds(p)
			if len(want) != len(v.Blast) {
				t.Errorf("spot %v: %d caught on screen, %d by the engine", p, len(v.Blast), len(want))
				continue
			}
			for i := range want {
				if want[i].Target != v.Blast[i].Target || want[i].Odds.PRemoved != v.Blast[i].Odds.PRemoved || want[i].Pool.Impossible != v.Blast[i].Pool.Impossible {
					t.Errorf("spot %v: blast %d differs", p, i)
				}
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d spots compared", n)
	}
}

// Keys alone: Shoot (X, Tab, Enter), Throw (T, Tab, Enter), Overwatch (O,
// Tab, Enter), and the Fire/Hold prompt (Enter fires at the suggestion).
func TestKeysAloneGiveTheCommands(t *testing.T) {
	tb := showcase(t)
	m := tb.M
	hale, miller, pike := named(t, m, "Deputy Hale"), named(t, m, "Sheriff Miller"), named(t, m, "Deputy Pike")
	must(t, tb, game.Command{Kind: game.CmdActivate, Model: hale})
	tb.Do(ActShoot)
	tb.Do(ActNext)
	c, ok := tb.Do(ActActivate)
	if !ok || c.Kind != game.CmdShoot || c.Model != hale || m.Models[c.Target].Posse == 0 {
		t.Fatalf("X, Tab, Enter gave %+v %v (%s)", c, ok, tb.Status)
	}
	if got := tb.View().Odds; got.Target != c.Target {
		t.Errorf("the odds shown were for %d, the shot is at %d", got.Target, c.Target)
	}
	must(t, tb, c)
	tb.Do(ActOverwatch)
	tb.Do(ActNext)
	c, ok = tb.Do(ActActivate)
	if !ok || c.Kind != game.CmdOverwatch {
		t.Fatalf("O, Tab, Enter gave %+v %v (%s)", c, ok, tb.Status)
	}
	must(t, tb, c)
	if !m.Models[hale].Overwatch {
		t.Fatal("Hale is not on Overwatch")
	}
	if m.Active >= 0 {
		must(t, tb, game.Command{Kind: game.CmdEnd, Model: m.Active})
	}
	for m.Up.Posse != 0 || m.Active >= 0 {
		// a Desperado who is neither Slim nor near: activate and end
		for _, id := range m.Posses[m.Up.Posse].Models {
			if tb.Ready(id) && m.Models[id].Name != "Slim" {
				must(t, tb, game.Command{Kind: game.CmdActivate, Model: id})
				must(t, tb, game.Command{Kind: game.CmdEnd, Model: id})
				break
			}
		}
	}
	must(t, tb, game.Command{Kind: game.CmdActivate, Model: miller})
	tb.Do(ActThrow)
	tb.Do(ActNext)
	c, ok = tb.Do(ActActivate)
	if !ok || c.Kind != game.CmdThrow || c.To == nil {
		t.Fatalf("T, Tab, Enter gave %+v %v (%s)", c, ok, tb.Status)
	}
	if _, err := tb.Apply(c); err != nil {
		t.Logf("the throw at the first enemy is refused (%v): fine, the command was formed", err)
	}
	_ = pike
}

// The Fire/Hold prompt suggests the engine's best point, and Enter fires
// there; Tab moves the point and the odds follow FireOdds.
func TestFirePromptUsesBestFire(t *testing.T) {
	tb := showcase(t)
	m := tb.M
	pike := named(t, m, "Deputy Pike")
	must(t, tb, game.Command{Kind: game.CmdActivate, Model: pike})
	tb.Do(ActRun)
	must(t, tb, game.Command{Kind: game.CmdRun, Model: pike})
	to := game.Point{X: 15.5, Y: min(2+m.RunLeft-0.2, 14)}
	must(t, tb, game.Command{Kind: game.CmdRunTo, Model: pike, To: &to})
	if m.Pending == nil {
		t.Fatal("Pike's run met no Overwatch")
	}
	slot, at, odds, ok := m.BestFire()
	v := tb.View()
	if !ok || !v.Fire || !v.Suggested || v.FireAt != at || v.FireSlot != slot || v.Odds.Odds.PHit != odds.Odds.PHit {
		t.Fatalf("prompt %+v, engine best %d %v %v", v, slot, at, odds.Odds.PHit)
	}
	want := fmt.Sprintf("Slim may fire at Deputy Pike: %d dice, %.1f%%", odds.Pool.Dice, 100*odds.Odds.PHit)
	if !hasLine(v, want) {
		t.Errorf("no %q in %v", want, v.Info)
	}
	tb.Do(ActNext)
	v = tb.View()
	if o, err := m.FireOdds(v.FireSlot, v.FireAt); err != nil || o.Odds.PHit != v.Odds.Odds.PHit || v.Suggested {
		t.Errorf("after Tab: at %v the screen shows %v, the engine %v (%v)", v.FireAt, v.Odds.Odds.PHit, o.Odds.PHit, err)
	}
	c, ok := tb.Do(ActFire)
	if !ok || c.Kind != game.CmdFire || c.At != v.FireAt {
		t.Fatalf("Fire gave %+v", c)
	}
	must(t, tb, c)
}

// keysTo selects a model with Tab alone and activates it with Enter.
func keysTo(t *testing.T, tb *Table, id int) {
	t.Helper()
	for range len(tb.M.Models) + 1 {
		if tb.Selected == id {
			break
		}
		tb.Do(ActNext)
	}
	if tb.Selected != id {
		t.Fatalf("Tab never selected %s", tb.M.Models[id].Name)
	}
	c, ok := tb.Do(ActActivate)
	if !ok {
		t.Fatal("Enter did not activate")
	}
	must(t, tb, c)
}

// press applies what an action key gives, failing when it gives nothing.
func press(t *testing.T, tb *Table, a Action) {
	t.Helper()
	c, ok := tb.Do(a)
	if !ok {
		t.Fatalf("action %d gave no command (status %q)", a, tb.Status)
	}
	must(t, tb, c)
}

// Keys alone can put a Move, a facing, an Overwatch arc and a throw on any
// spot: Shift+arrows walk the aim point half an inch at a time from the
// model, Enter acts there (the mouse never moves).
func TestKeysAloneChooseAnySpot(t *testing.T) {
	tb := showcase(t)
	m := tb.M
	pike := named(t, m, "Deputy Pike")
	keysTo(t, tb, pike)
	start := m.Models[pike].Pos
	tb.Do(ActMove)
	for range 6 {
		tb.NudgeAim(0, AimStep) // Shift+Down six times: 3" south
	}
	tb.NudgeAim(AimStep, 0) // Shift+Right: half an inch east
	press(t, tb, ActActivate)
	if got, want := m.Models[pike].Pos, (game.Point{X: start.X + 0.5, Y: start.Y + 3}); got.Dist(want) > 1e-9 {
		t.Fatalf("Pike moved to %v by keys, want %v", got, want)
	}
	tb.Do(ActFace)
	tb.NudgeAim(-AimStep, 0)
	tb.NudgeAim(-AimStep, 0) // an inch west: off the model's own base
	press(t, tb, ActActivate)
	if f := m.Models[pike].Facing; fmt.Sprintf("%.3f", f) != "3.142" && fmt.Sprintf("%.3f", f) != "-3.142" {
		t.Errorf("facing %v after Shift+Left and Enter, want west (pi)", f)
	}
	tb.Do(ActOverwatch)
	tb.NudgeAim(0, AimStep)
	tb.NudgeAim(0, AimStep)
	press(t, tb, ActActivate)
	if !m.Models[pike].Overwatch || fmt.Sprintf("%.3f", m.Models[pike].WatchDir) != "1.571" {
		t.Errorf("Overwatch by keys: on %v facing %v, want south (pi/2)", m.Models[pike].Overwatch, m.Models[pike].WatchDir)
	}

	miller := named(t, m, "Sheriff Miller")
	keysTo(t, tb, miller)
	from := m.Models[miller].Pos
	tb.Do(ActThrow)
	for range 8 {
		tb.NudgeAim(AimStep, 0) // 4" east, behind the wagon
	}
	c, ok := tb.Do(ActActivate)
	if !ok || c.Kind != game.CmdThrow || c.To == nil || c.To.Dist(game.Point{X: from.X + 4, Y: from.Y}) > 1e-9 {
		t.Fatalf("throw by keys: %+v %v (status %q)", c, ok, tb.Status)
	}
	must(t, tb, c)
	if len(m.Fuses) != 1 {
		t.Error("no lit stick after the throw by keys")
	}
}
