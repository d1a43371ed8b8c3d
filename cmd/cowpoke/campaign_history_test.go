package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game/campaign"
)

// copyCampaign copies one of game/campaign's committed campaign files into
// a temporary folder, changed by edit when it is not nil.
func copyCampaign(t *testing.T, name string, edit func(c *campaign.Campaign)) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "game", "campaign", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		var c campaign.Campaign
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		edit(&c)
		if data, err = c.Marshal(); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCampaignForgedHistoryRefused: `campaign show` and `campaign play`
// refuse a campaign whose history was edited by hand (a winner the
// match's commands do not give), in one line naming the file and the
// match, and play leaves the file as it was; the campaign as played is
// shown and played on, its new match recorded with its save.
func TestCampaignForgedHistoryRefused(t *testing.T) {
	forged := copyCampaign(t, "five.json", func(c *campaign.Campaign) { c.Matches[2].Winner = "Lawmen" })
	before, _ := os.ReadFile(forged)
	for _, cmd := range []string{"show", "play"} {
		var out, errb bytes.Buffer
		code := runCampaign([]string{cmd, forged}, &out, &errb)
		want := "cowpoke campaign " + cmd + ": " + forged + `: match 3: winner says "Lawmen" but the match's commands give "Desperados"` + "\n"
		if code != exitError || errb.String() != want || out.Len() != 0 {
			t.Errorf("campaign %s of a forged file = %d\nstdout: %s\nstderr: %s", cmd, code, out.String(), errb.String())
		}
	}
	if after, _ := os.ReadFile(forged); !bytes.Equal(before, after) {
		t.Error("campaign play changed a forged campaign file")
	}
	good := copyCampaign(t, "five.json", nil)
	var out, errb bytes.Buffer
	if code := runCampaign([]string{"play", good}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "Match 6:") {
		t.Fatalf("campaign play of the campaign as played = %d\n%s%s", code, out.String(), errb.String())
	}
	c, err := campaign.Load(good)
	if err != nil || len(c.Matches) != 6 || c.Matches[5].Save == nil {
		t.Fatalf("after play: %v", err)
	}
}

// TestCampaignVersion1ReadOnly: a campaign file written before matches
// kept their saves is shown with a line saying it cannot be played on,
// and `campaign play` refuses it in that line and leaves it as it was.
func TestCampaignVersion1ReadOnly(t *testing.T) {
	old := copyCampaign(t, "version1.json", nil)
	before, _ := os.ReadFile(old)
	var out, errb bytes.Buffer
	if code := runCampaign([]string{"show", old}, &out, &errb); code != exitOK || !strings.Contains(out.String(), "2 matches played.\n"+old+" was written by an earlier Cowpoke") || !strings.Contains(out.String(), "Match 2:") {
		t.Errorf("campaign show of a version 1 file = %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	code := runCampaign([]string{"play", old}, &out, &errb)
	if code != exitError || !strings.HasPrefix(errb.String(), "cowpoke campaign play: "+old+" was written by an earlier Cowpoke") || !strings.HasSuffix(errb.String(), "it can be shown but not played on\n") {
		t.Errorf("campaign play of a version 1 file = %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	if after, _ := os.ReadFile(old); !bytes.Equal(before, after) {
		t.Error("campaign play changed a version 1 campaign file")
	}
}
