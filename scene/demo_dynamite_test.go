package scene

import (
	"os"
	"strconv"
	"testing"

	"cowpoke/game"
)

// TestDemoThrowsDynamite measures how often the demo throws dynamite, in
// the demo's own time: COWPOKE_DEMO_MINUTES minutes of game ticks (60 a
// second, counted as the game loop's Updates, which a loaded machine may
// run several to a drawn frame) of the demo as W on the title starts it,
// at the normal animation speed, over as many showcase matches as fit,
// counting the Throw commands. The demo is there to show movement,
// dynamite and Overwatch to a newcomer, so it must throw at least once a
// minute. It plays in real time, so it is off unless asked for (make
// soak-scene runs 10 minutes):
//
//	COWPOKE_DEMO_MINUTES=10 xvfb-run -a -s "-screen 0 1280x800x24" go test -run TestDemoThrowsDynamite -v -timeout 30m ./scene/
func TestDemoThrowsDynamite(t *testing.T) {
	minutes, _ := strconv.Atoi(os.Getenv("COWPOKE_DEMO_MINUTES"))
	if minutes <= 0 {
		t.Skip("set COWPOKE_DEMO_MINUTES to the minutes of demo to watch")
	}
	onLoop(func() { noMatchInProgress(); h.app.Settings.AnimSpeed = 1; h.app.Goto(newTitle(h.app)) })
	frames(2)
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyWatch)}) })
	frames(3)
	if demoOnScreen() == nil {
		t.Fatal("W on the title did not start the demo")
	}
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	throws := func(m *game.Match) int {
		n := 0
		for _, c := range m.Commands() {
			if c.Kind == game.CmdThrow {
				n++
			}
		}
		return n
	}
	ticks := 0 // the game loop's Updates: the demo's pace is counted in them
	onLoop(func() { h.tick = func() { ticks++ } })
	defer onLoop(func() { h.tick = nil })
	var last *battle
	done, current, matches := 0, 0, 0 // throws of the finished matches, of the one on screen
	for elapsed := 0; elapsed < minutes*3600; {
		frames(60)
		b := demoOnScreen()
		if b == nil {
			t.Fatal("the demo left the screen")
		}
		if b != last {
			done, current, last = done+current, 0, b
			matches++
		}
		onLoop(func() { current, elapsed = throws(b.t.M), ticks })
	}
	total := done + current
	rate := float64(total) / float64(minutes)
	t.Logf("%d throws in %d minutes of demo (%d matches begun): %.2f a minute", total, minutes, matches, rate)
	if rate < 1 {
		t.Errorf("the demo threw %d sticks in %d minutes: fewer than one a minute", total, minutes)
	}
}
