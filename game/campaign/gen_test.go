package campaign

import (
	"os"
	"testing"

	"cowpoke/game"
)

// TestWriteTestdata writes the committed campaign files when
// COWPOKE_WRITE_CAMPAIGN is set: testdata/played.json, two matches;
// testdata/five.json, five matches with graves, scars and who removed whom
// (campaign seed 2, the first that lasts five matches with the easy
// computer of 2026-11-25); testdata/short.json, two matches of three turns (three rolls, two graves).
func TestWriteTestdata(t *testing.T) {
	if os.Getenv("COWPOKE_WRITE_CAMPAIGN") == "" {
		t.Skip("set COWPOKE_WRITE_CAMPAIGN=1 to write the campaign files of testdata")
	}
	all, err := game.ShippedPosses()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		file, name         string
		seed               uint64
		matches, turnLimit int
	}{
		{"testdata/played.json", "Two Matches", 5, 2, DefaultTurnLimit},
		{"testdata/five.json", "Five Matches", 2, 5, DefaultTurnLimit},
		{"testdata/short.json", "Short Matches", 1, 2, 3}, // small and quick to replay, for the fuzzers
	} {
		c, err := New(f.name, f.seed, all[:2], "", game.MethodDraw, true)
		if err != nil {
			t.Fatal(err)
		}
		c.TurnLimit = f.turnLimit
		for range f.matches {
			if _, err := c.PlayHeadless("easy"); err != nil {
				t.Fatal(err)
			}
		}
		if err := c.Save(f.file); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(f.file, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
