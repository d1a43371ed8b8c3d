package campaign

import (
	"testing"

	"cowpoke/game"
)

// BenchmarkParseCampaign reads a campaign file of one played match.
func BenchmarkParseCampaign(b *testing.B) {
	all, _ := game.ShippedPosses()
	c, _ := New("Bench", 3, all[:2], "", game.MethodDraw, true)
	if _, err := c.PlayHeadless("easy"); err != nil {
		b.Fatal(err)
	}
	data, _ := c.Marshal()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Parse("c.json", data); err != nil {
			b.Fatal(err)
		}
	}
}
