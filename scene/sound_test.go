package scene

import (
	"testing"

	"cowpoke/game"
	"cowpoke/scene/sound"
)

// The battle screen cues the sounds of the events it shows: Hale's shot at
// Bart on the showcase queues his weapon's report at once and the dice
// after, and the queue empties as their frames come (no device in the
// tests: playing is silent, the cues are what is checked).
func TestBattleCuesTheShotsSounds(t *testing.T) {
	var b *battle
	var want sound.Kind
	var cues []sound.Cue
	onLoop(func() {
		noMatchInProgress()
		var err error
		if b, err = newShowcaseBattle(h.app); err != nil {
			t.Fatal(err)
		}
		m := b.t.M
		hale, bart := modelNamed(m, "Deputy Hale"), modelNamed(m, "Black Bart")
		if err := upFor(b.t, m.Models[hale].Posse, hale, bart); err != nil {
			t.Fatal(err)
		}
		b.shownTo = m.Decider()
		h.app.Goto(b)
		b.apply(h.app, game.Command{Kind: game.CmdActivate, Model: hale}, true)
		w, _ := m.Models[hale].Weapon(0)
		want = sound.ShotKind(w, false)
		b.apply(h.app, game.Command{Kind: game.CmdShoot, Model: hale, Target: bart}, true)
		cues = append(cues, b.cues...) // before the frame plays the first ones
	})
	report, dice := false, false
	for _, c := range cues {
		report = report || (c.Kind == want && c.Delay == 0)
		dice = dice || (c.Kind == sound.Dice && c.Delay > 0)
	}
	if want == sound.Silence || !report || !dice {
		t.Fatalf("the shot cued %v, want the %s report at once and the dice after", cues, want)
	}
	frames(90)
	onLoop(func() {
		if len(b.cues) != 0 {
			t.Errorf("cues still waiting after 90 frames: %v", b.cues)
		}
		h.app.Goto(newTitle(h.app))
	})
}
