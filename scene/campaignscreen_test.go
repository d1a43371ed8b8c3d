package scene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game/campaign"
)

// TestCampaignScreen: from the title, a campaign begins with the chosen
// posses, its next match is played computer against computer, and the
// screen shows the roster and the history with the Survival Rolls; the
// file in the data folder loads with the same match.
func TestCampaignScreen(t *testing.T) {
	os.RemoveAll(filepath.Join(h.app.Cfg.Data.Dir, "campaigns"))
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	frames(2)
	keepShot(t, capture(t), "title")
	onLoop(func() { clickOn(&h.app.Scene().(*title).campaigns) })
	frames(4)
	var s *campaignScreen
	onLoop(func() { s, _ = h.app.Scene().(*campaignScreen) })
	if s == nil {
		t.Fatal("the Campaigns button did not open the campaigns")
	}
	keepShot(t, capture(t), "campaign-new")
	onLoop(func() { clickOn(&s.begin) })
	frames(4)
	onLoop(func() { clickOn(&s.play) })
	frames(6)
	var c *campaign.Campaign
	var path, status string
	onLoop(func() {
		if len(s.campaigns) > 0 {
			c, path = s.campaigns[0].c, s.campaigns[0].path
		}
		status = s.status
	})
	if c == nil || len(c.Matches) != 1 {
		t.Fatalf("no match played: %q", status)
	}
	keepShot(t, capture(t), "campaign")
	loaded, err := campaign.Load(path)
	if err != nil || len(loaded.Matches) != 1 {
		t.Fatalf("the campaign file: %v", err)
	}
	if !strings.Contains(status, "Match 1 is played") {
		t.Errorf("status %q", status)
	}
	onLoop(func() { h.app.Goto(newTitle(h.app)) })
	frames(2)
}
