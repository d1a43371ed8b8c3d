package scene

import (
	"math"
	"strings"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/scene/table"
)

// TestNewcomerScript plays what a newcomer does first, by synthetic input in
// the real window, saving a screenshot of every step (in $COWPOKE_SHOTS, or
// the test's folder; the paths are logged): from the title, Play against
// the computer at a chosen level (two clicks); select and activate a
// model; the reach on demand (N): the rings with their dice; the stat
// card's dice by range; Shoot at an enemy within range (a click); Move to
// a spot just out of reach: the click walks to the ghost; then the
// computer plays, and its reason is in the log.
func TestNewcomerScript(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	dir := shotsDir(t)
	step := func(name string) { saveStep(t, dir, name, capture(t)) }
	speed := h.app.Settings.AnimSpeed
	defer onLoop(func() { h.app.Settings.AnimSpeed = speed; h.app.Goto(newTitle(h.app)) })
	onLoop(func() { noMatchInProgress(); h.app.Settings.AnimSpeed = 3; h.app.Goto(newTitle(h.app)) })
	frames(2)
	ti := titleOnScreen(t)
	click := clickAt

	// 1. The title: the level beside Play against the computer, once
	// clicked, says hard; Play starts the match.
	var lx, ly, px, py float64
	var soloLabel string
	onLoop(func() {
		lx, ly = ti.level.X+ti.level.W/2, ti.level.Y+ti.level.H/2
		px, py = ti.solo.X+ti.solo.W/2, ti.solo.Y+ti.solo.H/2
		soloLabel = ti.solo.Label
	})
	if soloLabel != "Play against the computer" {
		t.Fatalf("the title's first button says %q", soloLabel)
	}
	click(lx, ly)
	var level string
	onLoop(func() { level = ti.level.Label })
	if level != "Level: hard" {
		t.Fatalf("after a click the level says %q, want Level: hard", level)
	}
	onLoop(func() { h.app.Feed(Input{X: px, Y: py}) })
	frames(2)
	step("01-title-level-hard")
	click(px, py)
	b := battleOnScreen(t)
	var spec string
	var people int
	onLoop(func() { spec, people = b.t.M.Scenario.Posses[1].Computer, b.players.people })
	if spec != "hard" || people != 1 {
		t.Fatalf("the match has the second posse played by %q, %d people; want the computer at hard and one person", spec, people)
	}

	// 2. Wait for the person's turn (the computer may have the first
	// activation): no handoff screen in front of one person.
	w := &soloWatch{}
	watchSolo(t, b, w, 90*time.Second, func() bool {
		m := b.t.M
		return m.Decider() == 0 && m.Active < 0 && !b.anim.active && !b.players.up(m)
	})
	if w.handoff {
		t.Fatal("a handoff screen came up in a match against the computer")
	}
	step("02-battle-your-turn")

	// 3. Each turn of the person's: a Lawman with an enemy within range
	// of a weapon (the engine's odds give dice) shoots; else the Lawman
	// nearest the enemies walks toward them, each Move to a spot just out
	// of reach, which the click turns into a walk to the ghost.
	walked, shotDone := false, false
	for turn := 0; turn < 14 && !shotDone; turn++ {
		watchSolo(t, b, w, 90*time.Second, func() bool {
			m := b.t.M
			return m.Over || (m.Decider() == 0 && m.Active < 0 && !b.anim.active && !b.players.up(m))
		})
		if shooter, target, slot := shotInRange(b); shooter >= 0 {
			shootWithReach(t, b, dir, shooter, target, slot)
			shotDone = true
			break
		}
		walkToGhosts(t, b, w, dir, !walked)
		walked = true
	}
	if !walked || !shotDone {
		t.Fatalf("walked to the ghost %v, shot %v", walked, shotDone)
	}

	// 8. The computer plays: its reason is in the log, in gold.
	var before int
	onLoop(func() { before = len(b.t.M.Commands()) })
	watchSolo(t, b, w, 120*time.Second, func() bool {
		m := b.t.M
		return m.Over || (m.Decider() == 0 && !b.anim.active && !b.players.up(m))
	})
	t.Logf("%d commands since the shot", func() (n int) { onLoop(func() { n = len(b.t.M.Commands()) - before }); return }())
	var reason string
	onLoop(func() {
		// The last of the computer's reasons, its wrapped lines joined.
		for i := len(b.draw.log) - 1; i >= 0; i-- {
			if i < len(b.draw.logWhy) && b.draw.logWhy[i] {
				reason = strings.TrimSpace(b.draw.log[i]) + " " + reason
				if strings.Contains(b.draw.log[i], "(computer):") {
					break
				}
			} else if reason != "" {
				break
			}
		}
	})
	if reason == "" {
		t.Fatal("no reason of the computer in the log")
	}
	t.Logf("the computer's reason: %q", reason)
	step("09-the-computers-reason")
}

// shotInRange finds a ready Lawman with an enemy within range of one of
// its weapons, as the engine's odds say (a pool of dice, not "no roll"):
// the best chance of a hit; -1 for none.
func shotInRange(b *battle) (shooter, target, slot int) {
	shooter, target = -1, -1
	onLoop(func() {
		m := b.t.M
		best := 0.0
		for _, id := range m.Posses[0].Models {
			if !b.t.Ready(id) {
				continue
			}
			for s := range m.Models[id].Profile.Weapons {
				for e := range m.Models {
					if m.Models[e].Posse == 0 || m.Models[e].Removed() {
						continue
					}
					o, err := m.ShotOdds(id, s, e, false)
					if err == nil && !o.Pool.Impossible && o.Odds.PHit > best {
						shooter, target, slot, best = id, e, s, o.Odds.PHit
					}
				}
			}
		}
	})
	return shooter, target, slot
}

// walkToGhosts activates the ready Lawman nearest an enemy and spends its
// two actions on Moves toward the nearest enemy, each to a spot 7.5" off
// (out of a Move's 6"): the panel says a click walks to the ghost, and the
// model ends on it. The first time, the steps are saved as screenshots.
func walkToGhosts(t *testing.T, b *battle, w *soloWatch, dir string, shots bool) {
	t.Helper()
	id, to := -1, game.Point{}
	onLoop(func() {
		m := b.t.M
		best := 1e9
		for _, i := range m.Posses[0].Models {
			if !b.t.Ready(i) {
				continue
			}
			for e := range m.Models {
				d := m.Models[i].Pos.Dist(m.Models[e].Pos)
				if m.Models[e].Posse == 0 || m.Models[e].Removed() || d >= best {
					continue
				}
				// Only a walker with a part of the way to walk toward it
				// (not one in a building whose door is far).
				from := m.Models[i].Pos
				spot := from.Add(m.Models[e].Pos.Sub(from).Unit().Scale(7.5))
				if pv := m.PreviewMove(game.Command{Kind: game.CmdMove, Model: i, To: &spot}); len(pv.Within) > 1 && pv.Stop == nil {
					id, to, best = i, m.Models[e].Pos, d
				}
			}
		}
	})
	if id < 0 {
		t.Fatal("no Lawman ready to walk")
	}
	var sx, sy float64
	onLoop(func() { sx, sy = b.cam.ToScreen(b.t.M.Models[id].Pos) })
	onLoop(func() {
		h.app.Feed(Input{X: sx, Y: sy}, Input{X: sx, Y: sy, Click: true}, Input{X: sx, Y: sy}, Input{X: sx, Y: sy, Keys: keys(KeyConfirm)}, Input{X: sx, Y: sy})
	})
	frames(6)
	for k := 0; k < 2; k++ {
		var ok, reach bool
		var from, ghost game.Point
		var gx, gy float64
		var moveText string
		found := false
		onLoop(func() {
			m := b.t.M
			ok = m.Active == id && m.AP > 0
			from = m.Models[id].Pos
			// 7.5" toward the enemy, or a little to either side, where the
			// engine has a part of the way to walk (not into a wall).
			dir := to.Sub(from).Unit()
			for _, a := range []float64{0, 0.4, -0.4, 0.8, -0.8, 1.2, -1.2} {
				d := game.Point{X: dir.X*math.Cos(a) - dir.Y*math.Sin(a), Y: dir.X*math.Sin(a) + dir.Y*math.Cos(a)}
				spot := from.Add(d.Scale(7.5))
				if pv := m.PreviewMove(game.Command{Kind: game.CmdMove, Model: id, To: &spot}); len(pv.Within) > 1 {
					gx, gy = b.cam.ToScreen(spot)
					found = true
					break
				}
			}
			if b.t.Mode != table.ModeMove { // after a move with an action left it stays in Move
				h.app.Feed(Input{X: gx, Y: gy, Keys: keys(KeyMove)})
			}
			h.app.Hold(&Input{X: gx, Y: gy}) // the cursor rests there
		})
		defer onLoop(func() { h.app.Hold(nil) })
		if !ok {
			return // the activation ended
		}
		if !found {
			t.Fatalf("no spot 7.5\" toward the enemy has a part of the way to walk")
		}
		frames(3)
		onLoop(func() {
			v := b.t.View()
			moveText, ghost, reach = v.MoveText, v.ReachEnd, v.Reach
		})
		if !reach {
			t.Logf("7.5\" toward the enemy is no walk with a ghost (%q); the step is left out", moveText)
			onLoop(func() { h.app.Feed(Input{X: gx, Y: gy, Keys: keys(KeyEnd)}) })
			frames(3)
			return
		}
		if !strings.Contains(moveText, "click walks") {
			t.Fatalf("out of reach, the move text says %q", moveText)
		}
		if shots && k == 0 {
			saveStep(t, dir, "03-out-of-reach-ghost", capture(t))
		}
		onLoop(func() { h.app.Feed(Input{X: gx, Y: gy, Click: true}, Input{X: gx, Y: gy}) })
		frames(2)
		watchSolo(t, b, w, 30*time.Second, func() bool { return !b.anim.active })
		var at game.Point
		var st string
		onLoop(func() { at, st = b.t.M.Models[id].Pos, b.t.Status })
		if at.Dist(ghost) > 0.01 || at.Dist(from) < 0.5 {
			t.Fatalf("the model stands %.2f\" from the ghost and %.2f\" from where it was (status %q)", at.Dist(ghost), at.Dist(from), st)
		}
		if shots && k == 0 {
			saveStep(t, dir, "04-walked-to-the-ghost", capture(t))
		}
	}
}

// shootWithReach activates the shooter, shows the reach (N) and the card's
// dice by range, and shoots the target with a click.
func shootWithReach(t *testing.T, b *battle, dir string, shooter, target, slot int) {
	t.Helper()
	step := func(name string) { saveStep(t, dir, name, capture(t)) }
	click := clickAt
	var sx, sy, tx, ty float64
	var name, enemy string
	onLoop(func() {
		m := b.t.M
		sx, sy = b.cam.ToScreen(m.Models[shooter].Pos)
		tx, ty = b.cam.ToScreen(m.Models[target].Pos)
		name, enemy = m.Models[shooter].Name, m.Models[target].Name
	})
	t.Logf("%s shoots at %s with weapon %d", name, enemy, slot+1)
	click(sx, sy)
	onLoop(func() { h.app.Feed(Input{X: sx, Y: sy, Keys: keys(KeyConfirm)}, Input{X: sx, Y: sy}) })
	frames(3)
	var active int
	onLoop(func() { active = b.t.M.Active })
	if active != shooter {
		t.Fatalf("%s is not active after a click and Enter (active %d, status %q)", name, active, b.t.Status)
	}
	if slot == 1 {
		onLoop(func() { h.app.Feed(Input{X: sx, Y: sy, Keys: keys(KeySlot2)}, Input{X: sx, Y: sy}) })
		frames(2)
	}

	// The reach on demand: N draws the rings, each named with its dice.
	defer onLoop(func() { h.app.Hold(nil) })
	onLoop(func() { h.app.Feed(Input{X: sx, Y: sy, Keys: keys(KeyReach)}); h.app.Hold(&Input{X: sx + 1, Y: sy}) })
	frames(3)
	var reach bool
	var ringWords []string
	onLoop(func() {
		reach = b.reach
		for _, l := range b.labels.drawn[:b.labels.nd] {
			if strings.Contains(l.text, "dice") || strings.Contains(l.text, "die") {
				ringWords = append(ringWords, l.text)
			}
		}
	})
	if !reach || len(ringWords) == 0 {
		t.Fatalf("N: reach %v, ring labels %q", reach, ringWords)
	}
	t.Logf("the rings say %q", ringWords)
	step("05-reach-on-demand")

	// The stat card: over the weapon's line, its dice at each range.
	var cx, cy, bx, u float64
	onLoop(func() {
		u = h.app.Theme.U
		cx = float64(h.app.W) - panelWidth*u + 40*u
		cy = (pCard + 8 + float64(slot+2)*16 + 8) * u
		bx = float64(h.app.W) - panelWidth*u - 100*u
	})
	onLoop(func() { h.app.Hold(&Input{X: cx, Y: cy}) })
	frames(3)
	img := capture(t)
	saveStep(t, dir, "06-card-dice-by-range", img)
	if !near(img, int(bx), int(cy+20*u), colPanel, 12) {
		t.Error("no box of the weapon's dice beside the card under the cursor")
	}
	onLoop(func() { h.app.Hold(&Input{X: tx, Y: ty}) })

	// Shoot (X) and a click on the enemy: the dice are rolled.
	onLoop(func() {
		h.app.Feed(Input{X: tx, Y: ty, Keys: keys(KeyShoot)}, Input{X: tx, Y: ty}, Input{X: tx, Y: ty})
	})
	frames(3)
	step("07-shoot-odds")
	onLoop(func() { h.app.Feed(Input{X: tx, Y: ty, Click: true}, Input{X: tx, Y: ty}) })
	frames(3)
	onLoop(func() {
		if strings.HasPrefix(b.t.Status, "Spread") { // a shotgun may take a second target: Enter fires at one
			h.app.Feed(Input{X: tx, Y: ty, Keys: keys(KeyConfirm)}, Input{X: tx, Y: ty})
		}
	})
	frames(6)
	var shot bool
	var st string
	onLoop(func() {
		for _, e := range b.t.M.Events() {
			shot = shot || (e.Kind == game.EvShot && e.Model == shooter && e.Target == target)
		}
		st = b.t.Status
	})
	if !shot {
		t.Fatalf("no shot from %s at %s (status %q)", name, enemy, st)
	}
	step("08-shot-dice")

	// E ends the activation with an action left: the status says so and
	// that Ctrl+Z takes it back.
	onLoop(func() {
		if b.t.M.Active == shooter {
			h.app.Feed(Input{X: 5, Y: 5, Keys: keys(KeySkip)}, Input{X: 5, Y: 5}, Input{X: 5, Y: 5, Keys: keys(KeyEnd)}, Input{X: 5, Y: 5})
		}
	})
	frames(5)
	onLoop(func() { st = b.t.Status })
	if !strings.Contains(st, "unused") && !strings.Contains(st, "Ctrl+Z") {
		t.Logf("after E the status says %q", st)
	}
}
