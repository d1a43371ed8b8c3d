package scene

import (
	"image"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// The seeds' initiative methods on the table, in the real loop: each
// method's stage (the one -screenshot -stage shows) is put on screen and
// its pixels are checked where a player looks (the card up on the mat,
// the cards on the bases, the bag, the effects), then its decision is
// taken the way a player takes it (a click on Wait, on Refocus, on a
// model that has acted under a shared token). COWPOKE_SHOTS=DIR keeps
// each capture as DIR/initiative-STAGE.png.

// stageOnScreen puts a battle staged for an initiative stage on screen.
func stageOnScreen(t *testing.T, stage string) *battle {
	t.Helper()
	var b *battle
	onLoop(func() {
		noMatchInProgress()
		var err error
		b, err = newDefaultBattle(h.app)
		if err == nil {
			b.tray.instant = true
			_, err = b.stageInitiative(h.app, stage)
		}
		if err != nil {
			t.Error(err)
			return
		}
		h.app.Goto(b)
	})
	if b == nil {
		t.FailNow()
	}
	frames(4)
	return b
}

// rectShare is the fraction of a rectangle's pixels near colour c.
func rectShare(img *image.RGBA, x, y, w, h float64, c rgba, tol int) float64 {
	n, hit := 0, 0
	for py := int(y); py < int(y+h); py++ {
		for px := int(x); px < int(x+w); px++ {
			n++
			if near(img, px, py, c, tol) {
				hit++
			}
		}
	}
	return float64(hit) / float64(max(n, 1))
}

// checkCardFace fails unless a card's face is drawn in the rectangle with
// its suit's ink: white paper and red or black print.
func checkCardFace(t *testing.T, img *image.RGBA, what string, x, y, w, ht float64, c rules.Card) {
	t.Helper()
	in := 2.5 * h.app.Theme.U // inside the black edge
	x, y, w, ht = x+in, y+in, w-2*in, ht-2*in
	if s := rectShare(img, x, y, w, ht, colCardFace, 12); s < 0.35 {
		t.Errorf("%s: only %.0f%% of the card's rectangle is its white face", what, 100*s)
	}
	ink := cardInk(c)
	if s := rectShare(img, x, y, w, ht, ink, 60); s < 0.01 {
		t.Errorf("%s: the %s is not printed in its colour (%.1f%% of the card)", what, c, 100*s)
	}
	other := colCardRed
	if ink == colCardRed {
		other = colInk
	}
	if s := rectShare(img, x, y, w, ht, other, 30); s > 0.01 {
		t.Errorf("%s: the %s shows the other colour's ink (%.1f%%)", what, c, 100*s)
	}
}

// checkBaseCards checks the small card beside each standing model's base.
func checkBaseCards(t *testing.T, b *battle, img *image.RGBA) {
	t.Helper()
	var checked int
	onLoop(func() {
		m := b.t.M
		th := h.app.Theme
		r := board.BaseRadius * b.cam.Scale
		w := max(17*th.U, r*1.25)
		for i := range m.Models {
			if m.Models[i].Removed() {
				continue
			}
			c, down := b.baseCard(i)
			if down {
				continue
			}
			x, y := b.cam.ToScreen(m.Models[i].Pos)
			checkCardFace(t, img, m.Models[i].Name+"'s base card", x+r+3*th.U+2*th.U, y-w*1.4*0.8+2*th.U, w-4*th.U, w*1.4-4*th.U, c)
			checked++
		}
	})
	if checked == 0 {
		t.Error("no card on any base")
	}
}

func TestCardStacksOnTheTable(t *testing.T) {
	b := stageOnScreen(t, "stacks")
	img := capture(t)
	keepShot(t, img, "initiative-stacks")
	var up rules.Card
	var id int
	var ok bool
	onLoop(func() { up, id, ok = upCard(b.t.M) })
	if !ok || id < 0 {
		t.Fatal("no card is up on the mat")
	}
	u := h.app.Theme.U
	checkCardFace(t, img, "the card up on the mat", 12*u, 38*u, 60*u, 84*u, up)
	checkBaseCards(t, b, img)
	if s := rectShare(img, 2*u, 300*u, 8*u, 200*u, colMat, 6); s < 0.9 {
		t.Errorf("the mat's cloth covers only %.0f%% of its left edge", 100*s)
	}
	// The model aimed: a card lies face down under its stack, so Refocus
	// is offered on the action bar; a click on it restacks.
	var rf button
	onLoop(func() { rf = b.init.refocus.button })
	if rf.W == 0 || !rf.Enabled {
		t.Fatalf("Refocus is not offered after an Aim (shown %v, enabled %v, why %q)", rf.W > 0, rf.Enabled, rf.Why)
	}
	onLoop(func() { h.app.Feed(Input{X: rf.X + 5, Y: rf.Y + 5, Click: true}) })
	frames(4)
	var last game.Command
	var stack []game.StackCard
	onLoop(func() {
		cs := b.t.M.Commands()
		last = cs[len(cs)-1]
		stack, _ = b.t.M.Stack(id)
	})
	if last.Kind != game.CmdRefocus {
		t.Fatalf("a click on Refocus applied %s", last.Kind)
	}
	for _, c := range stack {
		if c.Down {
			t.Fatal("a card is still face down after Refocus")
		}
	}
}

func TestCharacterDeckOnTheTable(t *testing.T) {
	b := stageOnScreen(t, "deck")
	img := capture(t)
	keepShot(t, img, "initiative-deck")
	var dt game.DeckTable
	onLoop(func() { dt, _ = b.t.M.DeckTable() })
	if dt.WaitingBy < 0 || dt.DrawnBy < 0 {
		t.Fatalf("the stage shows no card meeting a waiting one: %+v", dt)
	}
	u := h.app.Theme.U
	w, hh := 60*u*0.85, 84*u*0.85
	wx := 12*u + w + 10*u
	checkCardFace(t, img, "the waiting card", wx, 38*u, w, hh, dt.Waiting)
	checkCardFace(t, img, "the card drawn", 12*u, 38*u+hh+28*u, 60*u, 84*u, dt.Drawn)
	checkBaseCards(t, b, img)
	// The question: Act now and Wait; a click on Wait is the chooser's.
	var wait button
	onLoop(func() { wait = b.init.wait })
	if wait.W == 0 {
		t.Fatal("no Wait button while the deck asks")
	}
	// With animations on, the card that now acts is shown flying from the
	// deck; Space skips it.
	var animating bool
	onLoop(func() {
		b.tray.instant = false
		h.app.Feed(Input{X: wait.X + 5, Y: wait.Y + 5, Click: true})
	})
	frames(2)
	var last game.Command
	onLoop(func() { cs := b.t.M.Commands(); last = cs[len(cs)-1]; animating = b.init.animating() })
	if last.Kind != game.CmdWait || last.Model != dt.Chose {
		t.Fatalf("a click on Wait applied %+v, want the wait of model %d", last, dt.Chose)
	}
	if !animating {
		t.Fatal("no animation of the card that acts")
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeySkip)}) })
	frames(3)
	onLoop(func() { animating = b.init.animating() })
	if animating {
		t.Fatal("Space did not skip the card's animation")
	}
}

func TestTokenStackOnTheTable(t *testing.T) {
	b := stageOnScreen(t, "tokens")
	img := capture(t)
	keepShot(t, img, "initiative-tokens")
	u := h.app.Theme.U
	if s := share(img, 12*u+34*u, 38*u+44*u+12*u, 10*u, hex(0x8a6a3e)); s < 0.3 {
		t.Errorf("the bag is not drawn (%.0f%% of its middle)", 100*s)
	}
	// A shared token: a model that has acted this round may be picked.
	var acted int = -1
	var x, y float64
	onLoop(func() {
		m := b.t.M
		if !m.SharedToken() {
			return
		}
		for _, id := range m.Posses[m.Up.Posse].Models {
			if m.Models[id].Activated && !m.Models[id].Removed() {
				acted = id
				x, y = b.cam.ToScreen(m.Models[id].Pos)
				break
			}
		}
	})
	if acted < 0 {
		t.Fatal("the stage shows no shared token with a model that has acted")
	}
	onLoop(func() {
		h.app.Feed(Input{X: x, Y: y, Click: true}, Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
	})
	frames(6)
	var active int
	onLoop(func() { active = b.t.M.Active })
	if active != acted {
		t.Fatalf("clicking a model that has acted under a shared token activates %d, want %d", active, acted)
	}
}

func TestRoundEffectsOnTheTable(t *testing.T) {
	b := stageOnScreen(t, "effects")
	img := capture(t)
	keepShot(t, img, "initiative-effects")
	var lines [4]string
	var ok bool
	onLoop(func() { lines, _, ok = effectLines(b.t.M) })
	if !ok || lines[0] == "" {
		t.Fatal("no round effect card")
	}
	// The four suit chips at the mat's foot, each with its suit's ink.
	var u, vh float64
	onLoop(func() { // the loop's Layout writes what viewport reads
		u = h.app.Theme.U
		_, _, _, vh = b.viewport(h.app)
	})
	var inks int
	for y := vh * 0.45; y < vh; y += u {
		if near(img, int(12*u+8*u), int(y), colCardRed, 40) {
			inks++
		}
	}
	if inks == 0 {
		t.Error("no red suit chip (Hearts, Diamonds) beside the effects")
	}
}

// TestNewGameOffersTheSeedMethods clicks the new-game screen's method and
// round-effects buttons and starts a match under them.
func TestNewGameOffersTheSeedMethods(t *testing.T) {
	var g *newGame
	onLoop(func() { noMatchInProgress(); g = newNewGame(h.app); h.app.Goto(g) })
	frames(3)
	click := func(b *button) {
		var x, y float64
		onLoop(func() { x, y = b.X+5, b.Y+5 })
		onLoop(func() { h.app.Feed(Input{X: x, Y: y, Click: true}) })
		frames(3)
	}
	click(&g.seeds.deck)
	click(&g.seeds.effects)
	keepShot(t, capture(t), "newgame")
	var s game.Scenario
	onLoop(func() { s = g.scn })
	if s.Initiative != game.MethodDeck || !s.Options.RoundEffects {
		t.Fatalf("after clicking the character deck and round effects: %q, round effects %v", s.Initiative, s.Options.RoundEffects)
	}
	click(&g.seeds.tokens)
	onLoop(func() { s = g.scn })
	if s.Initiative != game.MethodTokens || s.Options.RoundEffects {
		t.Fatalf("the token stack keeps round effects on (%v): they need cards", s.Options.RoundEffects)
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(3)
	b := battleOnScreen(t)
	var method string
	onLoop(func() { method = b.t.M.Scenario.Initiative })
	if method != game.MethodTokens {
		t.Fatalf("the match started under %q", method)
	}
}
