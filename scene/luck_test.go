package scene

import (
	"path/filepath"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
)

// Luck on the table (R41, rules edition 3), in the real loop: a person's
// model holding a token shoots; the shot is held back and the panel asks
// whether to spend it, with the odds with and without the die; the token
// shows as a gold badge on the base; Enter spends it and the shot rolls
// one more die; "never ask" is remembered. The position is the first of
// an edition 3 golden save (every seed module on) where the active model
// holds Luck and has a shot. COWPOKE_SHOTS=DIR keeps the capture as
// DIR/luck-question.png.
func TestLuckQuestionOnTheTable(t *testing.T) {
	src, err := game.LoadFile(filepath.Join("..", "game", "testdata", "golden", "halt-draw-effects-ed3.json"))
	if err != nil {
		t.Fatal(err)
	}
	tape, err := game.NewTape(src)
	if err != nil {
		t.Fatal(err)
	}
	var m *game.Match
	var shot game.Command
	for i := 0; i < tape.Len() && m == nil; i++ {
		p := tape.At(i)
		if p.Over || p.Active < 0 || p.Pending != nil || p.Defence != nil || p.RunLeft > 0 || p.LuckTokens(p.Active) == 0 {
			continue
		}
		for target := range p.Models {
			c := game.Command{Kind: game.CmdShoot, Model: p.Active, Target: target}
			if p.Validate(c) == nil && luckHelps(p, c) {
				m, shot = p, c
				break
			}
		}
	}
	if m == nil {
		t.Fatal("no position in the save where a model holding Luck can shoot")
	}
	var b *battle
	onLoop(func() {
		noMatchInProgress()
		b = newBattle(h.app, m)
		b.tray.instant = true
		b.shownTo = m.Decider()
		b.players.ctrls = make([]game.Controller, len(m.Posses)) // people on both sides
		h.app.Goto(b)
	})
	frames(3)
	shooter := shot.Model
	n := len(m.Events())
	onLoop(func() { b.apply(h.app, shot, true) }) // as a click on the target gives it
	frames(3)
	var question []string
	var spendW float64
	onLoop(func() { question, spendW = b.luck.question, b.luck.spend.W })
	if spendW == 0 || len(question) == 0 || len(m.Events()) != n {
		t.Fatalf("the shot must wait for the Luck question (buttons %.0f, question %q, events %d -> %d)", spendW, question, n, len(m.Events()))
	}
	img := capture(t)
	keepShot(t, img, "luck-question")
	var bx, by float64
	onLoop(func() {
		r := board.BaseRadius * b.cam.Scale
		x, y := b.cam.ToScreen(m.Models[shooter].Pos)
		bx, by = x-r-2*h.app.Theme.U, y-r-2*h.app.Theme.U
	})
	if s := share(img, bx, by, 3*h.app.Theme.U, colGold); s < 0.3 {
		t.Errorf("the Luck badge on %s's base: only %.0f%% gold", m.Models[shooter].Name, 100*s)
	}
	tokens := m.LuckTokens(shooter)
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(4)
	var spent bool
	onLoop(func() {
		for _, e := range m.Events()[n:] {
			spent = spent || (e.Kind == game.EvLuck && e.Model == shooter)
		}
	})
	if !spent || m.LuckTokens(shooter) != tokens-1 {
		t.Errorf("Enter spends the token on the shot: spent %v, tokens %d -> %d", spent, tokens, m.LuckTokens(shooter))
	}
}
