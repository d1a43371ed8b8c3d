package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReplayGivesThePoints: replaying a save with objectives (the golden
// jailbreak) ends with the winner and the victory points, in words and in
// the JSON result line.
func TestReplayGivesThePoints(t *testing.T) {
	const save = "../../game/testdata/golden/jailbreak-objectives-full.json"
	out, errOut, code := runCmd("replay", save, "--headless")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if got, want := lines[len(lines)-1], "Result: Lawmen win in game turn 8 (281 commands); victory points: Desperados 0, Lawmen 5. Played under rules edition 2."; got != want {
		t.Errorf("last line %q, want %q", got, want)
	}
	out, _, code = runCmd("replay", "--headless", "--json", save)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines = strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		Winner string `json:"winner"`
		Score  []int  `json:"score"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last.Winner != "Lawmen" || len(last.Score) != 2 || last.Score[0] != 0 || last.Score[1] != 5 {
		t.Errorf("result line %s", lines[len(lines)-1])
	}
}
