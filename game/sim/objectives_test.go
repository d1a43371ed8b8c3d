package sim

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/assets"
	"cowpoke/game"
)

// TestVictoryPointsPerMatch: with a scenario that has objectives, each
// match's points are its save's score with posse A first (sides swap on
// every other match), the summary's mean is theirs, and the text says it.
func TestVictoryPointsPerMatch(t *testing.T) {
	data, err := assets.Scenario("jailbreak.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.LoadScenario("jailbreak.json", data)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res := mustRun(t, Config{Scenario: s, A: "random", B: "random", Matches: 4, Seed: 3, Workers: 2, SaveDir: dir})
	sum := [2]float64{}
	withPoints := [2]int{}
	for _, mr := range res.Matches {
		if mr.Outcome == AWins && mr.Points[0] > 0 {
			withPoints[0]++
		}
		if mr.Outcome == BWins && mr.Points[1] > 0 {
			withPoints[1]++
		}
		m, err := game.LoadFile(filepath.Join(dir, SaveName(mr.Number)))
		if err != nil {
			t.Fatal(err)
		}
		score := m.Score()
		if len(mr.Points) != 2 || mr.Points[0] != score[mr.ASeat] || mr.Points[1] != score[1-mr.ASeat] {
			t.Fatalf("match %d (A in seat %d): points %v, the save's score %v", mr.Number, mr.ASeat, mr.Points, score)
		}
		sum[0] += float64(mr.Points[0]) / 4
		sum[1] += float64(mr.Points[1]) / 4
	}
	rep := NewReport(res)
	if p := rep.Summary.MeanPoints; len(p) != 2 || math.Abs(p[0]-sum[0]) > 1e-12 || math.Abs(p[1]-sum[1]) > 1e-12 {
		t.Fatalf("mean points %v, want %v", p, sum)
	}
	if w := rep.Summary.WinsWithPoints; len(w) != 2 || w[0] != withPoints[0] || w[1] != withPoints[1] {
		t.Fatalf("wins with points %v, want %v", w, withPoints)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Victory points a match: posse A ") || !strings.Contains(b.String(), "Wins with victory points scored") {
		t.Errorf("the text gives no victory points:\n%s", b.String())
	}
	plain := mustRun(t, Config{Scenario: shortScenario(t, 2), A: "random", B: "random", Matches: 2, Seed: 3})
	if s := NewReport(plain).Summary; s.MeanPoints != nil || s.WinsWithPoints != nil || plain.Matches[0].Points != nil {
		t.Error("a scenario without objectives has no points")
	}
}
