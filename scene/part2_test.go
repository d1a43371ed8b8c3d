package scene

import (
	"fmt"
	"image"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/racecheck"
	"cowpoke/scene/table"
)

// screenOf is where a table point is on screen now.
func screenOf(b *battle, p game.Point) (x, y float64) {
	onLoop(func() { x, y = b.cam.ToScreen(p) })
	return x, y
}

// press feeds one key intent with the cursor resting at (x, y).
func press(x, y float64, k Key) {
	onLoop(func() { h.app.Feed(Input{X: x, Y: y, Keys: keys(k)}, Input{X: x, Y: y}) })
	frames(4)
}

// clickTable hovers a table point for a few frames, then clicks it.
func clickTable(b *battle, p game.Point) {
	x, y := screenOf(b, p)
	onLoop(func() {
		h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y}, Input{X: x, Y: y, Click: true}, Input{X: x, Y: y})
	})
	frames(6)
}

// passHandoff clicks through the handoff screen when it is up.
func passHandoff(b *battle) {
	frames(2)
	var up bool
	onLoop(func() { up = b.handoff })
	if up {
		onLoop(func() { h.app.Feed(Input{X: 5, Y: 5, Click: true}, Input{X: 5, Y: 5}) })
		frames(4)
	}
}

// events since n, of a kind.
func eventsOf(b *battle, from int, k game.EventKind) (out []game.Event) {
	onLoop(func() {
		evs := b.t.M.Events()
		for _, e := range evs[from:] {
			if e.Kind == k {
				out = append(out, e)
			}
		}
	})
	return out
}

func eventCount(b *battle) (n int) {
	onLoop(func() { n = len(b.t.M.Events()) })
	return n
}

// trayShowsDice reports whether the tray is up with its first die drawn.
func trayShowsDice(t *testing.T, b *battle) bool {
	t.Helper()
	onLoop(func() { b.tray.skip() })
	frames(2)
	img := capture(t)
	var x, y, on = 0.0, 0.0, false
	onLoop(func() { x, y, on = b.tray.x+24*h.app.Theme.U, b.tray.y+40*h.app.Theme.U, b.tray.on })
	return on && (share(img, x, y, 6, colPaper) > 0.3 || share(img, x, y, 6, colGold) > 0.3)
}

// TestShootThrowOverwatchEndToEnd plays the showcase with synthetic input
// only: S on the title, clicks through the handoffs; Pike runs into Slim's
// arc (R, click), the Desperados get the handoff and the Fire/Hold prompt
// and fire at the suggested point (Enter); Hale shoots Black Bart (click,
// X, click); Miller throws at the wagon (click, T, click); every other
// model activates and ends (Tab, Enter, E); in game turn 2 Miller's
// activation sets his stick off. It checks the engine's events and the
// pixels: the prompt's path, the dice tray, the lit fuse, the explosion.
func TestShootThrowOverwatchEndToEnd(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	onLoop(func() {
		h.app.inject = h.app.inject[:0]
		h.app.Cfg.Seed = 1 // the Lawmen go first
		noMatchInProgress()
		h.app.Goto(newTitle(h.app))
	})
	defer onLoop(func() { h.app.Cfg.Seed = 7 })
	frames(2)
	press(5, 5, KeyShowcase)
	b := battleOnScreen(t)
	passHandoff(b)
	var m *game.Match
	onLoop(func() { m = b.t.M; b.tray.instant = false })
	pike, hale, miller := modelNamed(m, "Deputy Pike"), modelNamed(m, "Deputy Hale"), modelNamed(m, "Sheriff Miller")
	bart := modelNamed(m, "Black Bart")
	pos := func(id int) (p game.Point) { onLoop(func() { p = b.t.M.Models[id].Pos }); return p }

	// Overwatch: Pike runs down the street through Slim's arc.
	clickTable(b, pos(pike))
	clickTable(b, pos(pike))
	x, y := screenOf(b, pos(pike))
	press(x, y, KeyRun)
	var runLeft float64
	onLoop(func() { runLeft = b.t.M.RunLeft })
	if runLeft <= 0 {
		t.Fatal("R did not roll a Run")
	}
	n0 := eventCount(b)
	clickTable(b, game.Point{X: 15.5, Y: min(2+runLeft-0.2, 14)})
	if len(eventsOf(b, n0, game.EvInterrupt)) == 0 {
		t.Fatal("Pike's run raised no Overwatch interrupt")
	}
	var handoff bool
	onLoop(func() { handoff = b.handoff })
	if !handoff {
		t.Fatal("no handoff before the Desperados decide")
	}
	passHandoff(b)
	var firePt game.Point
	var suggested bool
	onLoop(func() { v := b.t.View(); firePt, suggested = v.FirePt, v.Suggested })
	img := capture(t)
	fx, fy := screenOf(b, firePt)
	if !suggested || share(img, fx, fy, 4, colGold) < 0.3 {
		t.Errorf("the suggested point (%v) is not marked on screen", firePt)
	}
	press(5, 5, KeyConfirm)
	frames(120) // the rest of the run walks on screen
	shots := eventsOf(b, n0, game.EvShot)
	if len(shots) == 0 || shots[0].Model != modelNamed(m, "Slim") || shots[0].Target != pike {
		t.Fatalf("Enter on the prompt did not fire Slim at Pike: %+v", shots)
	}
	passHandoff(b) // back to the Lawmen
	if !trayShowsDice(t, b) {
		t.Error("the dice tray does not show Slim's dice")
	}
	onLoop(func() {
		if b.t.M.Active == pike {
			h.app.Feed(Input{X: 5, Y: 5, Keys: keys(KeyEnd)}, Input{X: 5, Y: 5})
		}
	})
	frames(4)

	// Shoot: Hale at Black Bart.
	clickTable(b, pos(hale))
	clickTable(b, pos(hale))
	x, y = screenOf(b, pos(hale))
	press(x, y, KeyShoot)
	n1 := eventCount(b)
	clickTable(b, pos(bart))
	shots = eventsOf(b, n1, game.EvShot)
	if len(shots) != 1 || shots[0].Model != hale || shots[0].Target != bart || len(shots[0].Faces) == 0 {
		var st string
		onLoop(func() {
			st = fmt.Sprintf("active %d mode %v status %q handoff %v up %v", b.t.M.Active, b.t.Mode, b.t.Status, b.handoff, b.t.M.Up)
		})
		t.Fatalf("the click did not shoot Hale at Bart: %+v (%s)", shots, st)
	}
	if !trayShowsDice(t, b) {
		t.Error("the dice tray does not show Hale's dice")
	}
	press(5, 5, KeyEnd)

	// Dynamite: Miller throws behind the wagon.
	spot := game.Point{X: 20, Y: 18.8}
	clickTable(b, pos(miller))
	clickTable(b, pos(miller))
	x, y = screenOf(b, pos(miller))
	press(x, y, KeyThrow)
	n2 := eventCount(b)
	clickTable(b, spot)
	if th := eventsOf(b, n2, game.EvThrown); len(th) != 1 || th[0].Model != miller {
		t.Fatalf("the click did not throw Miller's stick: %+v", th)
	}
	var fuse game.Point
	onLoop(func() { fuse = b.t.M.Fuses[0].At })
	img = capture(t)
	fx, fy = screenOf(b, fuse)
	if !near(img, int(fx), int(fy), hex(0xb02020), 40) {
		t.Error("the lit stick is not on the table")
	}
	if fiery(img, int(fx), int(fy)) || share(img, fx, fy, 12, hex(0xff4020)) > 0.05 {
		t.Error("the spot looks like an explosion before the stick goes off: the check below would prove nothing")
	}
	press(5, 5, KeyEnd)

	// Everyone else acts (Tab, Enter, E) until Miller can activate in turn 2.
	for range 30 {
		passHandoff(b)
		var turn, active int
		var ready bool
		onLoop(func() { turn, active, ready = b.t.M.Turn, b.t.M.Active, b.t.Ready(miller) })
		if turn == 2 && ready {
			break
		}
		if active >= 0 {
			press(5, 5, KeyEnd)
			continue
		}
		press(5, 5, KeyNext)
		press(5, 5, KeyConfirm)
		onLoop(func() { active = b.t.M.Active })
		if active == miller {
			break // the Lawmen went first in turn 2 and Tab chose Miller
		}
		press(5, 5, KeyEnd)
	}
	n3 := eventCount(b)
	var active int
	onLoop(func() { active = b.t.M.Active })
	if active != miller {
		clickTable(b, pos(miller))
		clickTable(b, pos(miller))
	}
	booms := eventsOf(b, n3, game.EvExploded)
	if len(booms) == 0 {
		// the explosion may have come with the activation Tab gave
		booms = eventsOf(b, n2+1, game.EvExploded)
	}
	if len(booms) != 1 || booms[0].To == nil || booms[0].To.Dist(fuse) > 1e-9 {
		t.Fatalf("Miller's activation did not set his stick off: %+v", booms)
	}
	var nb int
	onLoop(func() { nb = len(b.booms) })
	img = capture(t)
	fx, fy = screenOf(b, fuse)
	if s := share(img, fx, fy, 12, hex(0xff4020)); nb == 0 || s < 0.3 { // names may cross the spot: a share, not one pixel
		i := img.PixOffset(int(fx), int(fy))
		var fr int
		onLoop(func() {
			if len(b.booms) > 0 {
				fr = b.booms[0].frame
			}
		})
		t.Errorf("the explosion is not on screen: %d booms (frame %d), pixel %v", nb, fr, img.Pix[i:i+4])
	}
	if len(eventsOf(b, n2+1, game.EvBlast))+len(eventsOf(b, n2+1, game.EvShielded)) == 0 {
		t.Error("the blast caught nobody")
	}
}

// TestFrameCostBusyShowcase is part 1's frame bar with part 2 on screen:
// two Overwatch arcs (one per side, each with its pattern), a lit fuse, the
// dice tray after a brawl, and a model choosing a move while engaged (the
// parting shots' odds) with the cursor resting.
func stageBusyShowcase(t testing.TB) Input {
	var rest Input
	onLoop(func() {
		h.app.inject = h.app.inject[:0]
		a := h.app
		a.Cfg.Seed = 1
		b, err := newShowcaseBattle(a)
		a.Cfg.Seed = 7
		if err != nil {
			t.Error(err)
			return
		}
		a.Goto(b)
		m := b.t.M
		hale, miller, tex := modelNamed(m, "Deputy Hale"), modelNamed(m, "Sheriff Miller"), modelNamed(m, "Ranger Tex")
		do := func(c game.Command) {
			if _, err := b.t.Apply(c); err != nil {
				t.Errorf("%s: %v", c.Kind, err)
			}
		}
		do(game.Command{Kind: game.CmdActivate, Model: hale})
		do(game.Command{Kind: game.CmdOverwatch, Model: hale, Facing: 0})
		do(game.Command{Kind: game.CmdActivate, Model: miller})
		spot := game.Point{X: 20, Y: 18.8}
		do(game.Command{Kind: game.CmdThrow, Model: miller, To: &spot})
		do(game.Command{Kind: game.CmdEnd, Model: miller})
		do(game.Command{Kind: game.CmdActivate, Model: tex})
		b.apply(a, game.Command{Kind: game.CmdBrawl, Model: tex}, true)
		b.tray.skip()
		b.tray.keep = true
		b.t.Do(table.ActMove)
		b.shownTo = m.Decider()
		p := m.Models[tex].Pos.Add(game.Point{X: -2.5, Y: 1})
		x, y := b.cam.ToScreen(p)
		rest = Input{X: x, Y: y}
	})
	return rest
}

// TestFrameCostBusyShowcase stages the busiest table (two Overwatch arcs,
// a lit fuse, the dice tray, a move while engaged) and counts the
// allocations of 600 frames of Update and Draw (none); their time is
// logged (the 4 ms bar is BenchmarkBusyShowcaseFrame's).
func TestFrameCostBusyShowcase(t *testing.T) {
	rest := stageBusyShowcase(t)
	onLoop(func() { h.app.Hold(&rest) })
	defer onLoop(func() { h.app.Hold(nil) })
	frames(settleFrames)
	b := battleOnScreen(t)
	var arcs, fuses int
	var tray bool
	onLoop(func() {
		for _, a := range b.draw.arcs {
			if len(a) > 0 {
				arcs++
			}
		}
		fuses, tray = len(b.t.M.Fuses), b.tray.on
	})
	if arcs < 2 || fuses != 1 || !tray {
		t.Fatalf("staging: %d arcs, %d fuses, tray %v", arcs, fuses, tray)
	}
	img := capture(t)
	_ = img
	var times []time.Duration
	onLoop(func() { times = make([]time.Duration, 0, 700); h.record = &times })
	frames(steadyFrames)
	onLoop(func() { h.record = nil })
	median, p95 := medianAndP95(times)
	var mallocs uint64
	onLoop(func() { h.mallocs, h.inUpdate, h.countAllocs = 0, 0, true })
	frames(steadyFrames)
	onLoop(func() { h.countAllocs, mallocs = false, h.mallocs })
	t.Logf("showcase, two arcs, a fuse, the dice tray, a move while engaged: median %v, 95th percentile %v (race %v); %d allocations in %d frames",
		median, p95, racecheck.Enabled, mallocs, steadyFrames)
	if !racecheck.Enabled && mallocs > 8 {
		t.Errorf("allocated %d times in 600 frames, want 0", mallocs)
	}
	_ = board.BaseRadius
}

// BenchmarkBusyShowcaseFrame is one whole frame of the busy showcase (see
// benchFrames).
func BenchmarkBusyShowcaseFrame(bm *testing.B) {
	rest := stageBusyShowcase(bm)
	benchFrames(bm, &rest)
}

// fiery reports whether a pixel has the explosion's colours: strong red,
// little blue, well redder than green (the sand and the wood are neither).
func fiery(img *image.RGBA, x, y int) bool {
	i := img.PixOffset(x, y)
	r, g, bl := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])
	return r >= 200 && bl <= 120 && r-g >= 60
}
