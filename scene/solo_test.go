package scene

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"cowpoke/game"
)

// soloWatch records what the screen did frame by frame while a test plays
// against the computer.
type soloWatch struct {
	handoff  bool // a handoff screen came up
	animated bool // a computer's move was animated
}

// watchSolo runs inside the loop every frame until done says so, noting
// handoffs and animations. It fails when the match stands still for limit:
// no command for that long. A slow machine (the race detector, a loaded
// CI runner) makes the computer's decisions slow, not stuck, so the
// limit counts from the last command, not from the start.
func watchSolo(t *testing.T, b *battle, w *soloWatch, limit time.Duration, done func() bool) {
	t.Helper()
	finished := make(chan struct{})
	progress := make(chan struct{}, 1)
	onLoop(func() {
		commands := len(b.t.M.Commands())
		h.tick = func() {
			w.handoff = w.handoff || b.handoff
			if b.players.up(b.t.M) && b.anim.active {
				w.animated = true
			}
			if n := len(b.t.M.Commands()); n != commands {
				commands = n
				select {
				case progress <- struct{}{}:
				default:
				}
			}
			if done() {
				h.tick = nil
				close(finished)
			}
		}
	})
	still := time.NewTimer(limit)
	defer still.Stop()
wait:
	for {
		select {
		case <-finished:
			return
		case <-progress:
			still.Reset(limit)
		case <-still.C:
			break wait
		}
	}
	onLoop(func() { h.tick = nil })
	var state string
	onLoop(func() {
		m := b.t.M
		p := &b.players
		state = fmt.Sprintf("decider %d, %d commands, pending %v, active %d, over %v, paused %v, asking %v, wait %d, anim %v, tray %v/%v, status %q",
			m.Decider(), len(m.Commands()), m.Pending != nil, m.Active, m.Over, p.paused, p.asking != nil, p.wait, b.anim.active, b.tray.on, b.tray.done(), b.t.Status)
	})
	t.Fatalf("the match stood still for %v: %s", limit, state)
}

// TestSoloAgainstTheComputer plays the first turns of a solo match by
// synthetic input: the new-game screen sets the Desperados to the
// computer; on the showcase a person moves Deputy Hale and shoots Black
// Bart (the move crosses Slim's Overwatch arc: the computer answers for
// Slim without a handoff); the other Lawmen activate and end; Ctrl+Z while the
// computer has begun its turn skips back over the computer's command to
// the person's last decision; Esc pauses and resumes the computer; it
// plays on (its moves animated, no handoff screen, its reasons in the log)
// and C shows what it weighed.
func TestSoloAgainstTheComputer(t *testing.T) {
	// The new-game screen: a click makes the Desperados the computer's.
	g := newGameFromTitle(t)
	var bx, by float64
	onLoop(func() { bx, by = g.sides[1].who.X+5, g.sides[1].who.Y+5 })
	onLoop(func() { h.app.Feed(Input{X: bx, Y: by, Click: true}, Input{X: bx, Y: by}) })
	frames(3)
	var label string
	onLoop(func() { label = g.sides[1].who.Label })
	if label != "Computer" {
		t.Fatalf("the Desperados' button says %q after a click", label)
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(3)
	b := battleOnScreen(t)
	var spec string
	var people int
	onLoop(func() { spec, people = b.t.M.Scenario.Posses[1].Computer, b.players.people })
	if spec != "normal" || people != 1 {
		t.Fatalf("the match started with the Desperados played by %q, %d people", spec, people)
	}

	// The showcase against the computer: the Lawmen move first. The
	// fastest animations keep the test short; the pace is the same code.
	speed := h.app.Settings.AnimSpeed
	defer onLoop(func() { h.app.Settings.AnimSpeed = speed })
	onLoop(func() {
		h.app.Settings.AnimSpeed = 3
		s, err := game.ShowcaseScenario()
		if err != nil {
			t.Error(err)
			return
		}
		s.Posses[1].Computer = "normal"
		m, err := game.NewMatch(s, 1)
		if err != nil {
			t.Error(err)
			return
		}
		b = newBattle(h.app, m)
		h.app.Goto(b)
	})
	frames(3)
	w := &soloWatch{}
	var hale, bart int
	var from, to, bartAt game.Point
	var sx, sy, dx, dy, tx, ty float64
	onLoop(func() {
		m := b.t.M
		hale, bart = modelNamed(m, "Deputy Hale"), modelNamed(m, "Black Bart")
		from, bartAt = m.Models[hale].Pos, m.Models[bart].Pos
		to = from.Add(game.Point{X: -1})
		sx, sy = b.cam.ToScreen(from)
		dx, dy = b.cam.ToScreen(to)
		tx, ty = b.cam.ToScreen(bartAt)
		w.handoff = b.handoff
	})
	if w.handoff {
		t.Fatal("a handoff screen before the person's first turn in solo play")
	}
	// Select, activate, move 1" west, then Shoot (X) and click Bart.
	onLoop(func() {
		h.app.Feed(Input{X: sx, Y: sy, Click: true}, Input{X: sx, Y: sy}, Input{X: sx, Y: sy, Click: true},
			Input{X: dx, Y: dy}, Input{X: dx, Y: dy}, Input{X: dx, Y: dy, Click: true})
	})
	// The move crosses Slim's Overwatch arc: the computer answers for Slim
	// at once, with its reason and no handoff screen.
	var interrupted bool
	watchSolo(t, b, w, 60*time.Second, func() bool {
		m := b.t.M
		interrupted = interrupted || m.Pending != nil
		return m.Pending == nil && !b.anim.active && m.Models[hale].Pos.Dist(from) > 0.5
	})
	var answerWhy string
	onLoop(func() {
		m := b.t.M
		for i, c := range m.Commands() {
			if c.Kind == game.CmdFire || c.Kind == game.CmdHold {
				answerWhy = m.Why(i)
			}
		}
	})
	if !interrupted || answerWhy == "" || w.handoff {
		t.Fatalf("Hale's move: interrupted %v, the computer's answer's reason %q, handoff %v", interrupted, answerWhy, w.handoff)
	}
	onLoop(func() {
		tx, ty = b.cam.ToScreen(b.t.M.Models[bart].Pos)
		h.app.Feed(Input{X: tx, Y: ty, Keys: keys(KeyShoot)}, Input{X: tx, Y: ty}, Input{X: tx, Y: ty}, Input{X: tx, Y: ty, Click: true}, Input{X: tx, Y: ty})
	})
	frames(8)
	var shot bool
	onLoop(func() {
		for _, e := range b.t.M.Events() {
			shot = shot || (e.Kind == game.EvShot && e.Model == hale && e.Target == bart)
		}
	})
	if !shot {
		t.Fatalf("no shot from Hale at Bart (status %q)", b.t.Status)
	}
	// Hale ends; the other Lawmen activate and end at once (no dice).
	// After the last one's End the computer begins its turn, and Ctrl+Z
	// during the pause after its first command skips back over it to the
	// person's End.
	onLoop(func() {
		if b.t.M.Active == hale {
			h.app.Feed(Input{X: tx, Y: ty, Keys: keys(KeyEnd)})
		}
	})
	frames(3)

	var last, beforeEnd, computerCmd int
	for {
		var next, ready int
		onLoop(func() {
			m := b.t.M
			next, ready = -1, 0
			for _, id := range m.Posses[0].Models {
				if b.t.Ready(id) {
					ready++
					next = id
				}
			}
			if next >= 0 {
				b.t.Select(next)
				h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyConfirm)})
			}
		})
		if next < 0 {
			t.Fatal("no Lawman left to activate")
		}
		waitFed()
		if ready == 1 {
			last = next
			break
		}
		onLoop(func() { h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyEnd)}) })
		waitFed()
	}
	// The last Lawman's End is given from the watcher's first tick, so that
	// every tick from the End on is watched, however slow the machine.
	ended := false
	watchSolo(t, b, w, 60*time.Second, func() bool {
		m := b.t.M
		if !ended {
			if m.Active == last && len(h.app.inject) == 0 {
				beforeEnd, ended = len(m.Commands()), true
				h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyEnd)})
			}
			return false
		}
		if len(m.Commands()) >= beforeEnd+2 && m.Decider() == 1 {
			computerCmd = len(m.Commands())
			h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyUndo)}) // within the computer's pause
			return true
		}
		return false
	})
	frames(4)
	var after, decider, active int
	var status string
	onLoop(func() {
		m := b.t.M
		after, decider, active, status = len(m.Commands()), m.Decider(), m.Active, b.t.Status
	})
	if computerCmd != beforeEnd+2 {
		t.Fatalf("the computer played %d commands before the undo", computerCmd-beforeEnd-1)
	}
	if after != beforeEnd || decider != 0 || active != last {
		t.Fatalf("after Ctrl+Z: %d commands (want %d), posse %d deciding (want the Lawmen), %d active (want %d); status %q",
			after, beforeEnd, decider, active, last, status)
	}
	if !strings.Contains(status, "the computer's 1 command taken back") {
		t.Errorf("status after undo %q", status)
	}

	// The person ends again; Esc pauses the computer (nothing is played
	// for two seconds of ticks), Esc again resumes it.
	var paused int
	onLoop(func() { h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyEnd)}) })
	watchSolo(t, b, w, 30*time.Second, func() bool {
		if b.t.M.Decider() == 1 {
			h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyCancel)})
			return true
		}
		return false
	})
	ticks := 0
	watchSolo(t, b, w, 60*time.Second, func() bool {
		if ticks == 0 {
			paused = len(b.t.M.Commands())
		}
		ticks++
		if len(b.t.M.Commands()) != paused || !b.players.paused || b.menu != nil {
			t.Errorf("while paused: %d commands (were %d), paused %v, menu %v", len(b.t.M.Commands()), paused, b.players.paused, b.menu != nil)
			return true
		}
		return ticks >= 120
	})
	onLoop(func() { h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyCancel)}) })
	frames(2)
	// The computer plays its whole turn, with its reasons in the log and no
	// handoff screen, until the Lawmen are up; C draws what it weighed.
	watchSolo(t, b, w, 150*time.Second, func() bool {
		m := b.t.M
		return m.Over || (m.Decider() == 0 && m.Turn > 1 && !b.anim.active) || (len(m.Commands()) > beforeEnd+8 && !b.anim.active)
	})
	var whys int
	var logged bool
	onLoop(func() {
		m := b.t.M
		for i := beforeEnd + 1; i < len(m.Commands()); i++ {
			if m.Why(i) != "" {
				whys++
			}
		}
		for i, l := range b.draw.log {
			logged = logged || (b.draw.logWhy[i] && strings.Contains(l, "Desperados (computer):"))
		}
	})
	var why bool
	onLoop(func() { h.app.Feed(Input{X: 2, Y: 2, Keys: keys(KeyWhy)}) })
	frames(3)
	onLoop(func() { why = b.players.showWhy && b.players.last != nil })
	if !why {
		t.Error("C did not show what the computer weighed")
	}
	if whys < 5 || !logged {
		t.Fatalf("the computer's commands carry %d reasons; in the log: %v", whys, logged)
	}
	if w.handoff {
		t.Fatal("a handoff screen came up between the person and the computer")
	}
	var moved bool
	onLoop(func() {
		m := b.t.M
		for _, e := range m.Events() {
			moved = moved || (e.Kind == game.EvMoved && e.Model >= 0 && m.Models[e.Model].Posse == 1 && len(e.Path) > 1)
		}
	})
	if moved && !w.animated {
		t.Error("the computer moved a model without animating it")
	}
}

// defaultBattle puts the default match (seed 5) on screen with specs[i]
// the computer playing posse i ("" a person), ready changing the battle
// before its first frame (nil: nothing).
func defaultBattle(t *testing.T, specs [2]string, ready func(*battle)) *battle {
	t.Helper()
	var b *battle
	onLoop(func() {
		s, err := game.DefaultScenario()
		if err != nil {
			t.Fatal(err)
		}
		s.Posses[0].Computer, s.Posses[1].Computer = specs[0], specs[1]
		m, err := game.NewMatch(s, 5)
		if err != nil {
			t.Fatal(err)
		}
		b = newBattle(h.app, m)
		if ready != nil {
			ready(b)
		}
		h.app.Goto(b)
	})
	return b
}

// gatedController is a computer player whose decisions wait for a gate:
// a slow decision, as hard's can be, for as long as a test holds it.
type gatedController struct {
	game.Controller
	gate chan struct{}
}

func (g gatedController) Decide(m *game.Match) (game.Decision, bool) {
	<-g.gate
	return g.Controller.Decide(m)
}

// While the computer decides for longer than a blink, the status line says
// it is thinking, and the window goes on drawing frames; once its command
// is played the line says who plays again.
func TestSoloBannerSaysThinking(t *testing.T) {
	gate := make(chan struct{})
	b := defaultBattle(t, [2]string{"normal", "normal"}, func(b *battle) {
		for i, c := range b.players.ctrls {
			b.players.ctrls[i] = gatedController{Controller: c, gate: gate}
		}
	})
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	var asking bool
	var banner string
	for i := 0; i < 600 && !(asking && strings.Contains(banner, "thinking")); i++ {
		frames(1)
		onLoop(func() { asking, banner = b.players.asking != nil, b.soloBanner(h.app) })
	}
	if !asking || !strings.Contains(banner, "The computer (normal) plays the ") || !strings.HasSuffix(banner, ": thinking...  Esc pauses") {
		t.Fatalf("while the computer decided, the status line read %q (deciding: %v)", banner, asking)
	}
	frames(2) // the window goes on drawing while it decides
	if os.Getenv("COWPOKE_SHOTS") != "" {
		keepShot(t, capture(t), "solo-thinking")
	}
	close(gate)
	var commands int
	for i := 0; i < 600 && commands == 0; i++ {
		frames(1)
		onLoop(func() { commands, banner = len(b.t.M.Commands()), b.soloBanner(h.app) })
	}
	if commands == 0 {
		t.Fatal("the computer's decision was never played")
	}
	if strings.Contains(banner, "thinking") {
		t.Errorf("once its command was played the status line still read %q", banner)
	}
}

// TestTableWaitsOnTheComputer measures how long the table waits on the
// computer's answers once a command's animation and pause are over, with
// the computer on both sides (the default match, seed 5): the frames of
// each wait, in total and at worst, over COWPOKE_WAIT_COMMANDS commands
// by COWPOKE_WAIT_SPEC (hard unless named), and the time of the window's
// Update and Draw meanwhile (its decisions run on their goroutine, so the
// frames go on while it thinks). It runs only when asked:
//
//	COWPOKE_WAIT_COMMANDS=40 xvfb-run -a -s "-screen 0 1280x800x24" go test -count=1 -v -run TestTableWaitsOnTheComputer ./scene/
func TestTableWaitsOnTheComputer(t *testing.T) {
	commands, _ := strconv.Atoi(os.Getenv("COWPOKE_WAIT_COMMANDS"))
	if commands <= 0 {
		t.Skip("set COWPOKE_WAIT_COMMANDS to the computer's commands to watch")
	}
	spec := os.Getenv("COWPOKE_WAIT_SPEC")
	if spec == "" {
		spec = "hard"
	}
	b := defaultBattle(t, [2]string{spec, spec}, nil)
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	var times []time.Duration // Update+Draw of every frame while it plays and thinks
	onLoop(func() { times = make([]time.Duration, 0, 4096); h.record = &times })
	total, worst, long, played, waited := 0, 0, 0, 0, 0
	for i := 0; i < 3600*commands && played < commands; i++ {
		frames(1)
		onLoop(func() {
			if b.players.stalled > 0 {
				waited = b.players.stalled // the answer resets it on the frame it is played
			}
			if n := len(b.t.M.Commands()); n != played {
				played, total, worst = n, total+waited, max(worst, waited)
				if waited > thinkingFrames {
					long++
				}
				waited = 0
			}
		})
	}
	onLoop(func() { h.record = nil })
	median, p95 := medianAndP95(times)
	t.Logf("%s on both sides, %d commands: the table waited %d frames on the computer after the pauses (%.1f s at 60 a second), %d at worst; of the waits, %d long enough to say it is thinking; Update+Draw over the %d frames: median %v, 95th percentile %v",
		spec, played, total, float64(total)/60, worst, long, len(times), median, p95)
}
