package campaign

import (
	"fmt"
	"os"
	"testing"

	"cowpoke/game"
)

// BenchmarkParseCampaign reads a campaign file of one played match,
// replaying the match.
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

// BenchmarkLoadFiveMatchCampaign loads testdata/five.json: five matches of
// two shipped posses, 990 commands, each match replayed and its history,
// Boot Hill and the posses held to the replay.
func BenchmarkLoadFiveMatchCampaign(b *testing.B) {
	data, err := os.ReadFile("testdata/five.json")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkParse(b, data)
}

// BenchmarkLoad20MatchCampaign loads a campaign of 20 played matches: the
// four shipped posses, each filled to the roster's 12 models (48 on the
// table), Critical Injuries on, campaign seed 2, the easy computer on every
// side, and a turn limit of 6 so that the posses last 20 matches (at the
// default 12 none of the campaigns tried lasted more than 11). Setting it
// up plays the 20 matches (several seconds); the loop is Parse: the strict
// decoding, every match replayed (commands, checks, state hash) and its
// record, Boot Hill and the rosters derived and compared.
func BenchmarkLoad20MatchCampaign(b *testing.B) {
	all, err := game.ShippedPosses()
	if err != nil {
		b.Fatal(err)
	}
	for i := range all {
		all[i].Models = fillRoster(all[i].Models, game.MaxRosterModels)
	}
	c, err := New("Twenty", 2, all, "", game.MethodDraw, true)
	if err != nil {
		b.Fatal(err)
	}
	c.TurnLimit = 6
	for len(c.Matches) < 20 {
		if c.Over() {
			b.Fatalf("the campaign ended after %d matches", len(c.Matches))
		}
		if _, err := c.PlayHeadless("easy"); err != nil {
			b.Fatal(err)
		}
	}
	data, err := c.Marshal()
	if err != nil {
		b.Fatal(err)
	}
	benchmarkParse(b, data)
}

func benchmarkParse(b *testing.B, data []byte) {
	c, err := Parse("c.json", data)
	if err != nil {
		b.Fatal(err)
	}
	commands := 0
	for _, r := range c.Matches {
		commands += r.Commands
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if _, err := Parse("c.json", data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(c.Matches)), "matches")
	b.ReportMetric(float64(commands), "commands")
}

// fillRoster repeats a roster's models, numbered ("Slim 2"), up to n.
func fillRoster(models []game.ModelSpec, n int) []game.ModelSpec {
	out := append([]game.ModelSpec(nil), models...)
	for i := 0; len(out) < n; i++ {
		m := models[i%len(models)]
		m.Name = fmt.Sprintf("%s %d", m.Name, i/len(models)+2)
		out = append(out, m)
	}
	return out
}
