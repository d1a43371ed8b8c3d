package campaign

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cowpoke/game"
)

// readFive is testdata/five.json, a campaign of five matches played by
// the computer (TestWriteTestdata): eight graves, scars, removals by shot
// and brawl.
func readFive(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/five.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// forge decodes a campaign file without checking it, lets change edit it
// as a hostile hand would, and writes it back.
func forge(t *testing.T, data []byte, change func(c *Campaign)) []byte {
	t.Helper()
	var c Campaign
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	change(&c)
	out, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// living finds a model riding now.
func riding(t *testing.T, c *Campaign, posse, name string) *game.ModelSpec {
	t.Helper()
	for i := range c.Posses {
		for j := range c.Posses[i].Models {
			if c.Posses[i].Name == posse && c.Posses[i].Models[j].Name == name {
				return &c.Posses[i].Models[j]
			}
		}
	}
	t.Fatalf("%s of the %s does not ride", name, posse)
	return nil
}

// TestForgedCampaignsAreRefused: a campaign is a record of real matches.
// Each forgery a hostile hand could make to a real campaign file (five
// matches played by the computer) is refused with one line naming the
// file, the match and the first field that differs from what the
// matches' replays give; the file as played loads.
func TestForgedCampaignsAreRefused(t *testing.T) {
	good := readFive(t)
	if _, err := Parse("dust.json", good); err != nil {
		t.Fatalf("the campaign as played: %v", err)
	}
	cases := []struct {
		what   string
		change func(c *Campaign)
		says   []string // every one in the error
	}{
		{"winner edited", func(c *Campaign) { c.Matches[2].Winner = "Lawmen" },
			[]string{`match 3: winner says "Lawmen" but the match's commands give "Desperados"`}},
		{"a draw made a win", func(c *Campaign) { c.Matches[1].Winner = "Desperados" },
			[]string{`match 2: winner says "Desperados" but the match's commands give nobody (a draw)`}},
		{"who removed whom edited", func(c *Campaign) { c.Matches[0].Removals[1].By = "Sheriff Miller" },
			[]string{`match 1: removal 2 (Dutch): by says "Sheriff Miller" but the match's commands give "Ranger Tex"`}},
		{"how a model fell edited", func(c *Campaign) { c.Matches[1].Removals[1].How = "shot" },
			[]string{`match 2: removal 2 (Deputy Rudd): how says "shot" but the match's commands give "brawl"`}},
		{"a grave's killer edited", func(c *Campaign) { c.BootHill[6].By = "Slim of the Desperados, shot" },
			[]string{`match 3: boot_hill: grave 7: by says "Slim of the Desperados, shot" but the matches give "Black Bart of the Desperados, shot"`}},
		{"turns edited", func(c *Campaign) { c.Matches[3].Turns = 12 },
			[]string{`match 4: turns says 12 but the match's commands give 9`}},
		{"command count edited", func(c *Campaign) { c.Matches[4].Commands = 200 },
			[]string{`match 5: commands says 200 but the match's commands give 137`}},
		{"a command edited", func(c *Campaign) { editCommand(t, c.Matches[2].Save) },
			[]string{"match 3: its save does not replay: command "}},
		{"a command removed", func(c *Campaign) {
			s := c.Matches[1].Save
			s.Commands, s.Checks = slices.Delete(s.Commands, 50, 51), slices.Delete(s.Checks, 50, 51)
		}, []string{"match 2: its save does not replay: command "}},
		{"the match's seed edited", func(c *Campaign) { c.Matches[2].Seed++ },
			[]string{"match 3: ", "seed is not the campaign's"}},
		{"the save's seed edited", func(c *Campaign) { c.Matches[2].Save.Seed++ },
			[]string{"match 3: the save's seed is not the campaign's"}},
		{"the campaign's seed edited", func(c *Campaign) { c.Seed++ },
			[]string{"match 1: ", "seed is not the campaign's"}},
		{"the final state hash edited", func(c *Campaign) { c.Matches[3].Save.Hash = strings.Repeat("0", 64) },
			[]string{"match 4: its save does not replay: the replayed match does not match the saved state"}},
		{"a model in Boot Hill and alive", func(c *Campaign) {
			lawmen := &c.Posses[0]
			lawmen.Models = append(lawmen.Models, c.BootHill[3].Model) // Deputy Rudd, fell in match 2
		}, []string{"match 2: boot_hill: Deputy Rudd of the Lawmen lies in Boot Hill yet rides on"}},
		{"a model resurrected", func(c *Campaign) {
			c.Posses[0].Models = append(c.Posses[0].Models, c.BootHill[7].Model) // Deputy Hale, fell in match 4
			c.BootHill = c.BootHill[:7]
		}, []string{"match 4: posses: Deputy Hale of the Lawmen rides on, but the matches put them in Boot Hill"}},
		{"a grave dug for the living", func(c *Campaign) {
			pike := *riding(t, c, "Lawmen", "Deputy Pike")
			c.BootHill = append(c.BootHill, Grave{Posse: "Lawmen", Model: pike, Match: 5, By: "Slim of the Desperados, shot"})
			c.Posses[0].Models = slices.DeleteFunc(c.Posses[0].Models, func(m game.ModelSpec) bool { return m.Name == "Deputy Pike" })
		}, []string{"match 5: boot_hill: Deputy Pike of the Lawmen lies in Boot Hill, but in the matches they survive and ride on"}},
		{"a survivor's roll turned to death", func(c *Campaign) { c.Matches[4].Survival[0].Survived = false },
			[]string{"match 5: ", "Deputy Pike's survival dice are not the ones the campaign rolled"}},
		{"a scar never earned", func(c *Campaign) {
			jack := riding(t, c, "Desperados", `"One-Eyed" Jack`)
			jack.Scars = append(jack.Scars, "Head")
		}, []string{`after match 5: posses: the Desperados: model 1 ("One-Eyed" Jack): scars says "Gut", "Chest", "Legs", "Head" but the matches give "Gut", "Chest", "Legs"`}},
		{"a scar in the history never earned", func(c *Campaign) {
			c.Matches[3].Scars = append(c.Matches[3].Scars, Scar{Posse: "Lawmen", Model: "Deputy Pike", Locations: []string{"Arms"}})
		}, []string{"match 4: scars lists 1 but the match's commands give 0"}},
		{"a scar healed", func(c *Campaign) { riding(t, c, "Lawmen", "Deputy Pike").Scars = nil },
			[]string{`after match 5: posses: the Lawmen: model 1 (Deputy Pike): scars says nothing but the matches give "Chest", "Head"`}},
		{"experience edited", func(c *Campaign) { riding(t, c, "Desperados", "Black Bart").Tier = "legend" },
			[]string{`after match 5: posses: the Desperados: model `, `(Black Bart): tier says "legend" but the matches give "cowpoke"`}},
		{"a starting roster edited", func(c *Campaign) { c.Start[1].Models[0].Tier = "greenhorn" },
			[]string{"match 1: the save's scenario is not the match the campaign sets up"}},
		{"a match removed", func(c *Campaign) { c.Matches = slices.Delete(c.Matches, 1, 2) },
			[]string{"match 2: is numbered 3"}},
		{"the last match removed", func(c *Campaign) { c.Matches = c.Matches[:4] },
			[]string{"after match 4: posses: the Lawmen: model 1 (Deputy Pike): scars says "}},
		{"two matches swapped", func(c *Campaign) { c.Matches[1], c.Matches[2] = c.Matches[2], c.Matches[1] },
			[]string{"match 2: is numbered 3"}},
		{"two matches swapped and renumbered", func(c *Campaign) {
			c.Matches[1], c.Matches[2] = c.Matches[2], c.Matches[1]
			c.Matches[1].Number, c.Matches[2].Number = 2, 3
		}, []string{"match 2: ", "seed is not the campaign's"}},
		{"a match duplicated", func(c *Campaign) { c.Matches = append(c.Matches, c.Matches[4]) },
			[]string{"match 6: is numbered 5"}},
		{"a match duplicated and renumbered", func(c *Campaign) {
			dup := c.Matches[4]
			dup.Number, dup.Seed = 6, MatchSeed(c.Seed, 6)
			c.Matches = append(c.Matches, dup)
		}, []string{"match 6: the save's seed is not the campaign's for this match"}},
		{"the history taken away", func(c *Campaign) { c.Matches[0].Save = nil },
			[]string{"match 1: its save is missing"}},
	}
	for _, tc := range cases {
		forged := forge(t, good, tc.change)
		_, err := Parse("dust.json", forged)
		if err == nil {
			t.Errorf("%s: loaded", tc.what)
			continue
		}
		msg := err.Error()
		t.Logf("%s: %s", tc.what, msg)
		ok := strings.HasPrefix(msg, "dust.json: ") && !strings.ContainsAny(msg, "\n\r")
		for _, s := range tc.says {
			ok = ok && strings.Contains(msg, s)
		}
		if !ok {
			t.Errorf("%s:\n got %s\nwant %q", tc.what, msg, tc.says)
		}
	}
}

// editCommand moves the first move's destination, or turns the first
// facing, of a match's save, leaving its checks and hash as they were.
func editCommand(t *testing.T, s *game.Save) {
	t.Helper()
	for i := range s.Commands {
		if c := &s.Commands[i]; c.To != nil {
			to := *c.To
			to.X += 0.5
			c.To = &to
			return
		}
	}
	t.Fatal("no move in the match")
}

// TestReplayedCommandsRewriteTheHistory: a forger who replaces a match's
// moves with another real game of the same match (a save that replays, its
// checks and hash true) but keeps the history as it was is refused at the
// first field the new game changes; the file whose history is the new
// game's loads (a campaign is its matches).
func TestReplayedCommandsRewriteTheHistory(t *testing.T) {
	good := readFive(t)
	c, err := Parse("dust.json", good)
	if err != nil {
		t.Fatal(err)
	}
	// The campaign up to match 2, and match 3 played by other hands.
	upTo2 := forge(t, good, func(c *Campaign) {})
	twin, err := Parse("twin.json", upTo2)
	if err != nil {
		t.Fatal(err)
	}
	rewind(t, twin, c, 2)
	m, err := twin.NewMatch()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayOut(m, []game.Controller{game.NewRandomPlayer(7), game.NewRandomPlayer(8)}, 0); err != nil {
		t.Fatal(err)
	}
	other, err := twin.Record(m)
	if err != nil {
		t.Fatal(err)
	}
	forged := forge(t, good, func(f *Campaign) { f.Matches[2].Save = other.Save })
	_, err = Parse("dust.json", forged)
	if err == nil || !strings.HasPrefix(err.Error(), "dust.json: match 3: ") || !strings.Contains(err.Error(), "the match's commands give") {
		t.Errorf("match 3's moves replaced: %v", err)
	}
	// Its whole history told as the new game gives: a real campaign.
	twin.Matches = twin.Matches[:3]
	data, _ := twin.Marshal()
	if _, err := Parse("twin.json", data); err != nil {
		t.Errorf("the campaign of the other match 3: %v", err)
	}
}

// rewind makes c the campaign full was after its first n matches, by
// recording them again from their saves.
func rewind(t *testing.T, c, full *Campaign, n int) {
	t.Helper()
	c.Posses, c.BootHill, c.Matches = clonePosses(full.Start), []Grave{}, []Record{}
	for i := range n {
		m, err := full.Matches[i].Save.Replay(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Record(m); err != nil {
			t.Fatal(err)
		}
	}
}

// TestVersion1CampaignLoadsReadOnly: a campaign file of version 1 (written
// before matches kept their saves, testdata/version1.json) is shown but
// cannot be checked, so it is not played on or saved, with one line
// saying why.
func TestVersion1CampaignLoadsReadOnly(t *testing.T) {
	c, err := Load("testdata/version1.json")
	if err != nil {
		t.Fatal(err)
	}
	why := c.ReadOnly()
	if !strings.HasPrefix(why, "testdata/version1.json was written by an earlier Cowpoke") || !strings.Contains(why, "shown but not played on") {
		t.Errorf("read only because: %q", why)
	}
	if len(c.Matches) != 2 || len(c.RosterLines()) == 0 || len(c.Matches[0].Lines()) == 0 {
		t.Errorf("the old campaign's history is not shown: %d matches", len(c.Matches))
	}
	if _, err := c.PlayHeadless("easy"); err == nil || err.Error() != why {
		t.Errorf("playing on: %v", err)
	}
	if _, err := c.NewMatch(); err == nil || err.Error() != why {
		t.Errorf("a new match: %v", err)
	}
	path := filepath.Join(t.TempDir(), "c.json")
	if err := c.Save(path); err == nil || err.Error() != why {
		t.Errorf("saving: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a read-only campaign was written")
	}
	// What a version 1 file can hold is checked still: its dice.
	old, _ := os.ReadFile("testdata/version1.json")
	forged := forge(t, old, func(c *Campaign) { c.Matches[1].Survival[0].Survived = !c.Matches[1].Survival[0].Survived })
	if _, err := Parse("old.json", forged); err == nil || !strings.Contains(err.Error(), "cannot be changed or rolled again") {
		t.Errorf("a version 1 file's roll changed: %v", err)
	}
	// A version 1 file holds no saves and no start; one that does is damaged.
	mixed := forge(t, old, func(c *Campaign) { c.Start = c.Posses })
	if _, err := Parse("old.json", mixed); err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("a version 1 file with a start: %v", err)
	}
}
