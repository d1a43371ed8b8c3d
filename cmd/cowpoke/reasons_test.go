package main

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/ai"
)

// The scenario files' computer players are game/ai's: the names a
// scenario may give (game.CheckComputer) are the ones ai.New accepts.
func TestComputerNamesAgreeWithAI(t *testing.T) {
	if got, want := game.ComputerLevels(), ai.Levels(); !slices.Equal(got, want) {
		t.Errorf("game's levels %v, ai's %v", got, want)
	}
	if got, want := game.ComputerPersonalities(), ai.Personalities(); !slices.Equal(got, want) {
		t.Errorf("game's personalities %v, ai's %v", got, want)
	}
}

// A save of a match the computer played keeps its reasons, and `cowpoke
// replay` prints each before the events of its command.
func TestReplayPrintsReasons(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Posses[1].Computer = "normal:cautious"
	m, err := game.NewMatch(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ai.New("normal", 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayOut(m, game.Sides(2, c), 30); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "solo.json")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	loaded, err := game.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	whys := loaded.Whys()
	if len(whys) != 30 || loaded.Scenario.Posses[1].Computer != "normal:cautious" {
		t.Fatalf("the save kept %d reasons of 30 and computer %q", len(whys), loaded.Scenario.Posses[1].Computer)
	}
	out, errOut, code := runCmd("replay", path, "--headless")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	at := 0
	for i, why := range whys {
		if why == "" {
			t.Fatalf("command %d has no reason", i+1)
		}
		// The reason comes after the previous one, in order.
		found := false
		for ; at < len(lines); at++ {
			if strings.HasSuffix(lines[at], "(computer): "+why) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("the replay lacks command %d's reason %q in order", i+1, why)
		}
	}
	for _, e := range m.Events() {
		if !strings.Contains(out, e.Text) {
			t.Fatalf("the log lacks %q", e.Text)
		}
	}

	out, _, code = runCmd("replay", "--headless", "--json", path)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	reasons, events := 0, 0
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		switch {
		case line["kind"] == "reason":
			if line["why"] != whys[reasons] || line["command"] != float64(reasons+1) {
				t.Fatalf("reason line %v, want command %d's", line, reasons+1)
			}
			reasons++
		case line["kind"] != "result":
			events++
		}
	}
	if reasons != len(whys) || events != len(m.Events()) {
		t.Errorf("%d reasons and %d events, want %d and %d", reasons, events, len(whys), len(m.Events()))
	}
}
