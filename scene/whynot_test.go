package scene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/scene/table"
)

// In Shoot mode, hovering each enemy says why that one cannot be shot, in
// the engine's words (game.Match.WhyNot): the Revolver's real reach for an
// enemy past it, "cannot see" for one behind a building; never "base 0"
// nor "modifiers leave no die" (issue 21, defect 1). The greyed buttons'
// reasons are plain words too.
func TestShootSaysWhyPerEnemy(t *testing.T) {
	b := battleUp(t)
	var jack, hidden int
	var jackAt, hiddenAt game.Point
	onLoop(func() {
		m := b.t.M
		miller := modelNamed(m, "Sheriff Miller")
		jack = modelNamed(m, `"One-Eyed" Jack`)
		if miller < 0 || jack < 0 {
			t.Fatal("the default scenario has no Sheriff Miller or One-Eyed Jack")
		}
		if err := upFor(b.t, m.Models[miller].Posse, miller); err != nil {
			t.Fatal(err)
		}
		b.shownTo = m.Decider()
		// Jack 14" away along the open line between them: past the
		// Revolver's 12", within the Lever-Action's reach.
		from, to := m.Models[miller].Pos, m.Models[jack].Pos
		m.Models[jack].Pos = from.Add(to.Sub(from).Unit().Scale(15))
		b.t.Replace(m)
		if _, err := b.t.Apply(game.Command{Kind: game.CmdActivate, Model: miller}); err != nil {
			t.Fatal(err)
		}
		hidden = -1
		for i := range m.Models {
			if m.Models[i].Posse != m.Models[miller].Posse && !m.Board.Visible(m.Models[miller].Pos, m.Models[i].Pos) {
				hidden = i
				break
			}
		}
		if hidden < 0 {
			t.Fatal("every enemy is in sight of Sheriff Miller")
		}
		jackAt, hiddenAt = m.Models[jack].Pos, m.Models[hidden].Pos
		b.t.Slot = 0 // the Revolver
		if _, ok := b.t.Do(table.ActShoot); !ok && b.t.Mode != table.ModeShoot {
			t.Fatalf("Shoot did not start: %s", b.t.Status)
		}
	})
	frames(2)
	hover := func(p game.Point) []string {
		x, y := screenOf(b, p)
		onLoop(func() { h.app.Hold(&Input{X: x, Y: y}) })
		frames(4)
		var lines []string
		onLoop(func() {
			for _, l := range b.t.View().Info {
				lines = append(lines, l.Text)
			}
		})
		return lines
	}
	has := func(lines []string, s string) bool {
		for _, l := range lines {
			if strings.Contains(l, s) {
				return true
			}
		}
		return false
	}
	lines := hover(jackAt)
	if !has(lines, `past 12" the Revolver rolls no die unless something adds one`) {
		t.Errorf("hovering Jack 14\" away with the Revolver: %q", lines)
	}
	img := capture(t)
	if dir := os.Getenv("COWPOKE_SHOTS"); dir != "" {
		savePNG(t, filepath.Join(dir, "shoot-why-per-enemy.png"), img)
	}
	for _, l := range lines {
		for _, bad := range []string{"base 0", "modifiers leave", "->", "(R"} {
			if strings.Contains(l, bad) {
				t.Errorf("the readout says %q", l)
			}
		}
	}
	var name string
	onLoop(func() { name = b.t.M.Models[hidden].Name })
	if lines := hover(hiddenAt); !has(lines, "Sheriff Miller cannot see "+name) {
		t.Errorf("hovering %s out of sight: %q", name, lines)
	}
	onLoop(func() {
		for _, ab := range b.panel.actions {
			if ab.Enabled {
				continue
			}
			for _, bad := range []string{"base 0", "modifiers leave", "->", "(R", "no door -1"} {
				if strings.Contains(ab.Why, bad) {
					t.Errorf("the greyed %s says %q", ab.Label, ab.Why)
				}
			}
		}
		h.app.Hold(nil)
		h.app.Goto(newTitle(h.app))
	})
}
