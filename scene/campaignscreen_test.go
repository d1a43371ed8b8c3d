package scene

import (
	"os"
	"path/filepath"
	"testing"

	"cowpoke/game/campaign"
)

// TestCampaignScreen: from the title, a campaign begins with the chosen
// posses, its next match is played out at once computer against computer
// (off the table), its Survival Rolls shown, and Esc returns to the
// campaign screen with the match in the history; the file in the data
// folder loads with the same match.
func TestCampaignScreen(t *testing.T) {
	os.RemoveAll(filepath.Join(h.app.Cfg.Data.Dir, "campaigns"))
	noMatchInProgress()
	s := campaignScreenUp(t)
	keepShot(t, capture(t), "campaign-new")
	onLoop(func() { clickOn(&s.begin) })
	frames(4)
	onLoop(func() { clickOn(&s.auto) })
	frames(6)
	var c *campaign.Campaign
	var path string
	var sv *survivalScreen
	onLoop(func() {
		if len(s.campaigns) > 0 {
			c, path = s.campaigns[0].c, s.campaigns[0].path
		}
		sv, _ = h.app.Scene().(*survivalScreen)
	})
	if c == nil || len(c.Matches) != 1 {
		t.Fatalf("no match played: %q", s.status)
	}
	if sv == nil || sv.rec.Number != 1 {
		t.Fatal("the match played out did not show its Survival Rolls")
	}
	loaded, err := campaign.Load(path)
	if err != nil || len(loaded.Matches) != 1 {
		t.Fatalf("the campaign file: %v", err)
	}
	press(5, 5, KeyCancel) // back to the campaign, the rolls made all the same
	var back *campaignScreen
	onLoop(func() { back, _ = h.app.Scene().(*campaignScreen) })
	if back == nil || len(back.campaigns) != 1 || len(back.campaigns[0].c.Matches) != 1 {
		t.Fatal("Esc on the Survival Rolls did not return to the campaign with its match")
	}
	keepShot(t, capture(t), "campaign")
	onLoop(func() { h.app.Goto(newTitle(h.app)) })
	frames(2)
}
