package campaign

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// FuzzParseCampaign: any input gives a campaign or a one-line error naming
// the file, never a panic; an accepted campaign's canonical file parses
// back to the same bytes. Seeded with a played campaign (testdata/played.json).
func FuzzParseCampaign(f *testing.F) {
	played, err := os.ReadFile("testdata/played.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(played)
	f.Add([]byte(`{"version":1,"name":"x","seed":1,"map":"town.tmx","initiative":"draw","turn_limit":1,"posses":[],"boot_hill":[],"matches":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("not a one-line error naming the file: %q", err)
			}
			return
		}
		out, err := c.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse("fuzz.json", out)
		if err != nil {
			t.Fatalf("the canonical file is refused: %v", err)
		}
		again, _ := back.Marshal()
		if !bytes.Equal(again, out) {
			t.Fatal("not byte-identical after a round trip")
		}
	})
}
