package scene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
)

// clickOn feeds a click at the centre of a button, then a few quiet frames.
func clickOn(b *button) {
	x, y := b.X+b.W/2, b.Y+b.H/2
	h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true}, Input{X: x, Y: y})
}

// TestPosseBuilder: from the title, a new posse is made legal through the
// builder's choices, an illegal choice (a second pistol without Holster)
// is refused with its reason on screen, the posse is named by typing, and
// the posse file in the data folder passes `cowpoke posse check`.
func TestPosseBuilder(t *testing.T) {
	os.RemoveAll(filepath.Join(h.app.Cfg.Data.Dir, "posses"))
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2)
	onLoop(func() { clickOn(&h.app.Scene().(*title).posses) })
	frames(4)
	var b *builder
	onLoop(func() { b, _ = h.app.Scene().(*builder) })
	if b == nil {
		t.Fatal("the Posses button did not open the builder")
	}
	step := func(f func()) { onLoop(f); frames(4) }
	step(func() { clickOn(&b.newP) })
	derringer := -1
	onLoop(func() {
		for i, w := range b.weapons {
			if spec, _ := w.Spec(); spec.Key == "derringer" {
				derringer = i
			}
		}
	})
	var holster *button
	onLoop(func() { holster = &b.skillBtns[2] })

	// A second pistol without Holster: offered disabled, refused with why.
	var enabled bool
	var why string
	onLoop(func() { enabled, why = b.weaponBtns[derringer].Enabled, b.weaponBtns[derringer].Why })
	if enabled || !strings.Contains(why, "a second pistol needs the Holster skill") {
		t.Fatalf("the Derringer beside a Revolver: enabled %v, why %q", enabled, why)
	}
	step(func() { clickOn(&b.weaponBtns[derringer]) })
	var status string
	var weapons []string
	onLoop(func() { status, weapons = b.status, b.current().spec.Models[0].Weapons })
	if !strings.Contains(status, "Derringer is not offered") || !strings.Contains(status, "Holster") || len(weapons) != 1 {
		t.Fatalf("status %q, weapons %v", status, weapons)
	}
	img := capture(t)
	keepShot(t, img, "builder-refused")
	var bx, by int
	onLoop(func() {
		bx, by = int(b.weaponBtns[derringer].X+4), int(b.weaponBtns[derringer].Y+b.weaponBtns[derringer].H/2)
	})
	if !near(img, bx, by, colPanel.mix(colBlack, 0.2), 6) {
		t.Errorf("the refused Derringer is not drawn disabled at (%d, %d)", bx, by)
	}

	// Holster, then the Derringer, then a second model: a legal posse.
	step(func() { clickOn(holster) })
	step(func() { clickOn(&b.weaponBtns[derringer]) })
	img = capture(t)
	onLoop(func() { bx, by = int(holster.X+4), int(holster.Y+holster.H/2) })
	if !near(img, bx, by, hex(0x7a4e22), 6) {
		i := img.PixOffset(bx, by)
		var sk []string
		onLoop(func() { sk = b.current().spec.Models[0].Skills })
		t.Errorf("Holster is not drawn taken at (%d, %d): %v; skills %v, status %q", bx, by, img.Pix[i:i+4], sk, b.status)
	}
	step(func() { clickOn(&b.addM) })
	step(func() { clickOn(&b.modelBtns[0]) })
	step(func() { clickOn(&b.renameP) })
	retype("The Wild Bunch", len("New Posse"))
	keepShot(t, capture(t), "builder-typing")
	step(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	var spec game.PosseSpec
	var file string
	onLoop(func() { spec, file = b.current().spec, b.current().file })
	if len(spec.Models) != 2 || strings.Join(spec.Models[0].Weapons, ",") != "revolver,derringer" || spec.Name != "The Wild Bunch" {
		t.Fatalf("the posse made: %+v", spec)
	}
	keepShot(t, capture(t), "builder-legal")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the posse was not saved in the data folder: %v", err)
	}
	if lines := game.CheckPosseFile(file, data); lines != nil {
		t.Fatalf("the saved posse is not legal: %q", lines)
	}
	if again, _ := game.FormatPosse(spec); string(again) != string(data) {
		t.Fatal("the saved file is not the posse in canonical form")
	}
	step(func() { h.app.Feed(Input{Keys: keys(KeyCancel)}) })
}
