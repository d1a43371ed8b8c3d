package scene

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/store"
)

// TestCampaignLockedByAnotherWindow: another window holds a campaign's lock
// (taken here as that window would) and has its match 1 under way in the
// match file. This window's campaign screen shows the campaign but greys
// both play buttons with the reason, clicking them says it and writes
// nothing (the campaign file and the match file keep their bytes, no
// Survival Rolls, no setup). Once the other window lets go, the screen
// takes the lock within a second, reads the campaign again and offers to
// resume the match, which Resume puts on the table; back at the title the
// lock is free for the next window.
func TestCampaignLockedByAnotherWindow(t *testing.T) {
	noMatchInProgress()
	c := smallCampaign(t, 1)
	path := writeCampaign(t, c)
	scn, err := c.NextScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(scn, c.NextSeed())
	if err != nil {
		t.Fatal(err)
	}
	under, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	if err := store.WriteFileAtomic(matchPath(path), under); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	onLoop(func() { h.app.Goto(newTitle(h.app)) }) // this window holds no campaign
	other, ok, err := store.LockFile(campaignLockPath(path))
	if err != nil || !ok {
		t.Fatalf("the other window's lock: ok %v, %v", ok, err)
	}
	defer other()

	s := campaignScreenUp(t)
	var play, auto button
	onLoop(func() { play, auto = s.play, s.auto })
	if play.Enabled || auto.Enabled || play.Why != busyWhy || auto.Why != busyWhy {
		t.Fatalf("while another window plays it: %q enabled %v (%q), play it out enabled %v (%q)", play.Label, play.Enabled, play.Why, auto.Enabled, auto.Why)
	}
	var status string
	var scene Scene
	for _, b := range []*button{&s.play, &s.auto} {
		onLoop(func() { clickOn(b) })
		frames(4)
		onLoop(func() { status, scene = s.status, h.app.Scene() })
		if scene != s || s.setup || status != "Not now: another program is playing this campaign." {
			t.Fatalf("a click on %q: %T on screen, setup %v, status %q", b.Label, scene, s.setup, status)
		}
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyConfirm)}) })
	frames(4)
	keepShot(t, capture(t), "campaign-busy")
	after, _ := os.ReadFile(path)
	match, _ := os.ReadFile(matchPath(path))
	if !bytes.Equal(after, before) || !bytes.Equal(match, under) || s.setup {
		t.Fatalf("this window wrote the other's campaign: campaign file changed %v, match file changed %v, setup %v", !bytes.Equal(after, before), !bytes.Equal(match, under), s.setup)
	}

	other()
	frames(62) // retried once a second
	onLoop(func() { play, status = s.play, s.status })
	if !play.Enabled || !strings.HasPrefix(play.Label, "Resume match 1 (turn 1)") || !strings.HasPrefix(status, "The other program has left Short Rope") {
		t.Fatalf("after the other window left: %q enabled %v, status %q", play.Label, play.Enabled, status)
	}
	onLoop(func() { clickOn(&s.play) })
	frames(4)
	b := battleOnScreen(t)
	var resumed int
	onLoop(func() { resumed = len(b.t.M.Commands()) })
	if resumed != len(m.Commands()) {
		t.Errorf("Resume put %d commands on the table, the match file has %d", resumed, len(m.Commands()))
	}
	if again, ok, _ := store.LockFile(campaignLockPath(path)); ok {
		again()
		t.Error("another window could take the lock while this one plays the match")
	}
	onLoop(func() { h.app.Goto(newTitle(h.app)) })
	frames(2)
	next, ok, err := store.LockFile(campaignLockPath(path))
	if !ok || err != nil {
		t.Fatalf("back at the title this window still holds the campaign: %v", err)
	}
	next()
}
