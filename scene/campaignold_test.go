package scene

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCampaignOfAnEarlierVersionShownNotPlayed: a campaign file written
// before matches kept their moves (game/campaign's testdata/version1.json)
// cannot be checked by replaying them. The campaign screen lists it and
// shows its posses and history, greys both play buttons with the reason
// and says it on a click, and writes nothing: neither the campaign file
// nor a match file beside it is touched.
func TestCampaignOfAnEarlierVersionShownNotPlayed(t *testing.T) {
	noMatchInProgress()
	old, err := os.ReadFile(filepath.Join("..", "game", "campaign", "testdata", "version1.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(h.app.Cfg.Data.Dir, "campaigns")
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "old.json")
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	under := []byte("a match file this window must leave alone")
	if err := os.WriteFile(matchPath(path), under, 0o644); err != nil {
		t.Fatal(err)
	}

	s := campaignScreenUp(t)
	var play, auto button
	var listed, problems int
	var history []string
	onLoop(func() {
		play, auto, listed, problems = s.play, s.auto, len(s.campaigns), len(s.problems)
		if listed > 0 {
			history = s.campaigns[s.sel].c.Matches[1].Lines()
		}
	})
	if listed != 1 || problems != 0 || len(history) == 0 {
		t.Fatalf("the old campaign: %d listed, %d problems", listed, problems)
	}
	if play.Enabled || auto.Enabled || play.Why != readOnlyWhy || auto.Why != readOnlyWhy {
		t.Fatalf("play %q enabled %v (%q), play it out enabled %v (%q)", play.Label, play.Enabled, play.Why, auto.Enabled, auto.Why)
	}
	var status string
	onLoop(func() { clickOn(&s.play) })
	frames(4)
	onLoop(func() { status = s.status })
	if status != "Not now: "+readOnlyWhy+"." || !strings.Contains(status, "earlier Cowpoke") {
		t.Errorf("a click on %q says %q", play.Label, status)
	}
	keepShot(t, capture(t), "campaign-version1")
	after, _ := os.ReadFile(path)
	match, _ := os.ReadFile(matchPath(path))
	if !bytes.Equal(after, old) || !bytes.Equal(match, under) {
		t.Errorf("the window wrote an old campaign: campaign file changed %v, match file changed %v", !bytes.Equal(after, old), !bytes.Equal(match, under))
	}
	os.RemoveAll(dir)
}
