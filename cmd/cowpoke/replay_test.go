package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
)

// writeSave plays a short random match and saves it.
func writeSave(t *testing.T) (string, *game.Match) {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(s, 17)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 17))
	for range 120 {
		c, ok := m.RandomCommand(rng)
		if !ok {
			break
		}
		if _, err := m.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "match.json")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	return path, m
}

func TestReplayHeadlessText(t *testing.T) {
	path, m := writeSave(t)
	out, errOut, code := runCmd("replay", path, "--headless")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "Result: ") {
		t.Errorf("last line %q, want the result", lines[len(lines)-1])
	}
	if want := fmt.Sprintf("Played under rules edition %d.", m.Edition()); !strings.HasSuffix(lines[len(lines)-1], want) {
		t.Errorf("last line %q, want the rules edition: %q", lines[len(lines)-1], want)
	}
	for _, e := range m.Events() {
		if !strings.Contains(out, e.Text) {
			t.Fatalf("the log lacks %q", e.Text)
		}
	}
}

func TestReplayHeadlessJSONLines(t *testing.T) {
	path, m := writeSave(t)
	out, _, code := runCmd("replay", "--headless", "--json", path)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	var n int
	var last map[string]any
	for sc.Scan() {
		last = nil
		if err := json.Unmarshal(sc.Bytes(), &last); err != nil {
			t.Fatalf("line %d is not JSON: %v", n+1, err)
		}
		n++
	}
	if n != len(m.Events())+1 {
		t.Errorf("%d lines, want %d events and the result", n, len(m.Events()))
	}
	if last["kind"] != "result" || last["hash"] != m.StateHash() {
		t.Errorf("last line %v, want the result with the state hash", last)
	}
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	hostile := filepath.Join(dir, "hostile.json")
	if err := os.WriteFile(hostile, []byte("{\"version\": 2, \"seed\": 1, \"VERSION\": 3, \"x\": \"\x1b[2J\"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A real save whose recorded final state was changed by hand.
	path, _ := writeSave(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var save map[string]any
	if err := json.Unmarshal(data, &save); err != nil {
		t.Fatal(err)
	}
	save["hash"] = strings.Repeat("0", 64)
	data, _ = json.Marshal(save)
	tampered := filepath.Join(dir, "tampered.json")
	if err := os.WriteFile(tampered, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"replay", "--headless"}, 2, "exactly one save file"},
		{[]string{"replay", "a.json", "b.json", "--headless"}, 2, "exactly one save file"},
		{[]string{"replay", "x.json", "--json"}, 2, "--json needs --headless"},
		{[]string{"replay", "--bogus", "x.json"}, 2, "flag provided but not defined"},
		{[]string{"replay", filepath.Join(t.TempDir(), "none.json"), "--headless"}, 1, "no such file"},
		// Without --headless the file is checked before any window opens:
		// a file that is not a save it can replay is one line and exit 2.
		{[]string{"replay", filepath.Join(t.TempDir(), "none.json")}, 2, "no such file"},
		{[]string{"replay", t.TempDir()}, 2, "no save files (*.json) in this folder"},
		{[]string{"replay", t.TempDir(), "--headless"}, 1, "not a regular file (a folder)"},
		{[]string{"replay", hostile}, 2, "not a Cowpoke save"},
		{[]string{"replay", tampered}, 2, "does not match the saved state"},
	}
	for _, c := range cases {
		_, errOut, code := runCmd(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}
