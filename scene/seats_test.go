package scene

import (
	"testing"

	"cowpoke/game"
)

// TestThreePlayerHotSeat: three posses picked on the new-game screen, the
// coin toss refused for three; the match starts behind the handoff, which
// passes the mouse to whoever acts; each person's first turn shows the
// table with three sides' zones and models.
func TestThreePlayerHotSeat(t *testing.T) {
	g := newGameFromTitle(t)
	onLoop(func() { clickOn(&g.seats.count[2]) })
	frames(4)
	keepShot(t, capture(t), "newgame-four")
	onLoop(func() { clickOn(&g.seats.count[1]) })
	frames(4)
	var coin bool
	var n int
	onLoop(func() { coin, n = g.coin.Enabled, len(g.seats.chosen) })
	if n != 3 || coin {
		t.Fatalf("%d seats, coin toss offered %v", n, coin)
	}
	keepShot(t, capture(t), "newgame-three")
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(4)
	b := battleOnScreen(t)
	var posses int
	onLoop(func() { posses = len(b.t.M.Posses) })
	if posses != 3 {
		t.Fatalf("%d posses in the match", posses)
	}
	// Every player in turn: the handoff names who acts, a click hands over.
	seen := map[int]bool{}
	for step := 0; step < 40 && len(seen) < 3; step++ {
		var up bool
		var d int
		onLoop(func() { up, d = b.handoff, b.t.M.Decider() })
		if up {
			if len(seen) == 0 {
				keepShot(t, capture(t), "hotseat-handoff")
			}
			seen[d] = true
			passHandoff(b)
			if len(seen) == 1 {
				img := capture(t)
				keepShot(t, img, "hotseat-three")
				// Each of the three sides' bases in its own colour.
				onLoop(func() {
					m := b.t.M
					for p := range m.Posses {
						md := m.Models[m.Posses[p].Models[0]]
						x, y := b.cam.ToScreen(md.Pos)
						if got := share(img, x, y, 0.45*b.cam.Scale, sideColour(p)); got < 0.2 {
							t.Errorf("%s's base at (%.0f, %.0f): %.2f of it in the side's colour", md.Name, x, y, got)
						}
					}
				})
			}
		}
		// The one acting ends every activation.
		onLoop(func() {
			m := b.t.M
			if m.Active < 0 {
				for _, id := range m.Posses[m.Decider()].Models {
					if _, err := m.Apply(game.Command{Kind: game.CmdActivate, Model: id}); err == nil {
						break
					}
				}
			}
			if m.Active >= 0 {
				m.Apply(game.Command{Kind: game.CmdEnd, Model: m.Active})
			}
		})
		frames(3)
	}
	if len(seen) != 3 {
		t.Fatalf("the handoff went to %d players, want 3", len(seen))
	}
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2)
}

// newGameFromTitle opens the new-game screen as a person does, with Enter
// on the title (no match in progress), and returns it.
func newGameFromTitle(t *testing.T) *newGame {
	t.Helper()
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2)
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(3)
	var g *newGame
	onLoop(func() { g, _ = h.app.Scene().(*newGame) })
	if g == nil {
		t.Fatal("Enter on the title did not open the new-game screen")
	}
	return g
}
