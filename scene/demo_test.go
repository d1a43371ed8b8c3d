package scene

import (
	"strings"
	"testing"
	"time"

	"cowpoke/game"
)

// demoOnScreen returns the battle if the demo is on screen, else nil.
func demoOnScreen() *battle {
	var b *battle
	onLoop(func() {
		if bb, ok := h.app.Scene().(*battle); ok && bb.demo != nil {
			b = bb
		}
	})
	return b
}

// TestDemo starts the demo with W on the title and after a minute idle
// there; it plays the showcase computer against computer with captions,
// takes no autosave, and any key or click returns to the title.
func TestDemo(t *testing.T) {
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2)
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyWatch)}) })
	frames(3)
	b := demoOnScreen()
	if b == nil {
		t.Fatal("W on the title did not start the demo")
	}
	var first string
	onLoop(func() {
		first = b.demo.head
		h.app.Settings.AnimSpeed = 3
	})
	defer onLoop(func() { h.app.Settings.AnimSpeed = 1 })
	w := &soloWatch{}
	var head string
	var people, commands int
	watchSolo(t, b, w, 90*time.Second, func() bool {
		head, people, commands = b.demo.head, b.players.people, len(b.t.M.Commands())
		return commands >= 4 && head != first
	})
	if people != 0 || w.handoff {
		t.Fatalf("the demo has %d people and handoff %v", people, w.handoff)
	}
	if _, err := game.LoadFile(h.app.Cfg.Data.AutosavePath()); err == nil {
		t.Error("the demo wrote the autosave")
	}
	// The caption band sits above the table: the table's viewport starts
	// below it, so no caption covers the action.
	var top, band float64
	onLoop(func() { _, top, _, _ = b.viewport(h.app); band = b.demo.band(h.app) })
	if band <= 0 || top < band {
		t.Errorf("the table starts at %.0f, under a caption band of %.0f", top, band)
	}
	// At its end it starts again on the next seed.
	var seed uint64
	onLoop(func() { seed = b.demo.seed; b.players.paused = true })
	restarted := make(chan struct{})
	onLoop(func() {
		h.tick = func() {
			if nb, ok := h.app.Scene().(*battle); ok && nb != b && nb.demo != nil && nb.demo.seed == seed+1 {
				h.tick = nil
				close(restarted)
			}
		}
	})
	select {
	case <-restarted:
	case <-time.After(90 * time.Second):
		onLoop(func() { h.tick = nil })
		t.Fatal("the demo did not start again after its end")
	}
	b = demoOnScreen()
	// A click returns to the title.
	onLoop(func() { h.app.Feed(Input{X: 300, Y: 300, Click: true}) })
	frames(3)
	var onTitle bool
	onLoop(func() { _, onTitle = h.app.Scene().(*title) })
	if !onTitle {
		t.Fatal("a click in the demo did not return to the title")
	}
	// A minute idle on the title starts it too; a key returns.
	onLoop(func() { h.app.quiet = titleIdleWatch })
	frames(3)
	if demoOnScreen() == nil {
		t.Fatal("a minute idle on the title did not start the demo")
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyGrid)}) })
	frames(3)
	onLoop(func() { _, onTitle = h.app.Scene().(*title) })
	if !onTitle {
		t.Fatal("a key in the demo did not return to the title")
	}
}

// demoBattle is the demo's battle on seed 1, made on the loop (nil, the
// test failed, when it cannot start).
func demoBattle(t *testing.T) *battle {
	b, err := newDemoBattle(h.app, 1)
	if err != nil {
		t.Error(err)
		return nil
	}
	return b
}

// The demo's captions say in plain words what a command does, with its
// odds: a shot's dice and chances, a throw's fuse and who the blast would
// catch, a Run's rolled distance, an Overwatch arc cut short by walls.
func TestDemoCaptions(t *testing.T) {
	var caps []string
	onLoop(func() {
		b := demoBattle(t)
		if b == nil {
			return
		}
		m := b.t.M
		id := func(n string) int { return modelNamed(m, n) }
		hale, bart, miller, pike := id("Deputy Hale"), id("Black Bart"), id("Sheriff Miller"), id("Deputy Pike")
		play := func(c game.Command) {
			before := b.t.M.Fork(nil)
			side := b.t.M.Decider()
			evs, err := b.t.Apply(c)
			if err != nil {
				t.Errorf("%s: %v", c.Kind, err)
				return
			}
			b.demo.saw(b, before, side, game.Decision{Command: c, Why: "I can."}, evs)
			caps = append(caps, b.demo.head)
		}
		spot := game.Point{X: 20, Y: 18.8}
		play(game.Command{Kind: game.CmdActivate, Model: hale})
		play(game.Command{Kind: game.CmdShoot, Model: hale, Target: bart})
		play(game.Command{Kind: game.CmdOverwatch, Model: hale, Facing: 0})
		if err := upFor(b.t, 0, miller, pike); err != nil {
			t.Error(err)
			return
		}
		play(game.Command{Kind: game.CmdActivate, Model: miller})
		play(game.Command{Kind: game.CmdThrow, Model: miller, To: &spot})
		play(game.Command{Kind: game.CmdEnd, Model: miller})
		if err := upFor(b.t, 0, pike); err != nil {
			t.Error(err)
			return
		}
		play(game.Command{Kind: game.CmdActivate, Model: pike})
		play(game.Command{Kind: game.CmdRun, Model: pike})
	})
	if len(caps) != 8 {
		t.Fatalf("captions %q", caps)
	}
	for i, want := range [][]string{
		{"Deputy Hale steps up for the Lawmen."},
		{"Deputy Hale shoots at Black Bart with the ", " dice, ", "% to hit, ", "% to remove him."},
		{"Deputy Hale goes on Overwatch", "Walls cut the arc short"},
		{"Sheriff Miller steps up"},
		{"Sheriff Miller throws dynamite to catch ", "Dutch", "(a Sure Throw", "It goes off at his next activation."},
		{"Sheriff Miller throws"}, // an End keeps the caption
		{"Deputy Pike steps up"},
		{"Deputy Pike runs: two dice added to the 6\" allowance give "},
	} {
		for _, w := range want {
			if !strings.Contains(caps[i], w) {
				t.Errorf("caption %d %q lacks %q", i+1, caps[i], w)
			}
		}
	}
}

// A throw's caption names the enemies the stick is meant to catch, and a
// friend in reach of the blast apart, so that it never reads as though
// the thrower aimed at his own.
func TestDemoThrowCaptionNamesFriendsApart(t *testing.T) {
	var head string
	onLoop(func() {
		b := demoBattle(t)
		if b == nil {
			return
		}
		m := b.t.M
		miller, hale := modelNamed(m, "Sheriff Miller"), modelNamed(m, "Deputy Hale")
		at := m.Models[hale].Pos
		head = b.demo.headline(b, m, m.Models[miller].Posse, game.Command{Kind: game.CmdThrow, Model: miller, To: &at}, nil)
	})
	if !strings.Contains(head, "Deputy Hale would be caught too.") || strings.Contains(head, "to catch Deputy Hale") {
		t.Errorf("caption %q: Deputy Hale should be named as a friend in reach, not a target", head)
	}
	if !strings.Contains(head, "It goes off at his next activation.") {
		t.Errorf("caption %q does not say when the stick goes off", head)
	}
}
