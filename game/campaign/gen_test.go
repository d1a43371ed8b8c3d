package campaign

import (
	"os"
	"testing"

	"cowpoke/game"
)

// TestWriteTestdata writes testdata/played.json, a campaign of two
// matches, when COWPOKE_WRITE_CAMPAIGN is set (the file is committed).
func TestWriteTestdata(t *testing.T) {
	if os.Getenv("COWPOKE_WRITE_CAMPAIGN") == "" {
		t.Skip("set COWPOKE_WRITE_CAMPAIGN=1 to write testdata/played.json")
	}
	all, err := game.ShippedPosses()
	if err != nil {
		t.Fatal(err)
	}
	c, err := New("Two Matches", 5, all[:2], "", game.MethodDraw, true)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.PlayHeadless("easy"); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Save("testdata/played.json"); err != nil {
		t.Fatal(err)
	}
}
