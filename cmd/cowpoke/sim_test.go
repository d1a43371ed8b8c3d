package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/sim"
)

// shortScenarioFile writes the default scenario with a turn limit: real
// matches, short enough to play many in a test.
func shortScenarioFile(t *testing.T, dir string) string {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.TurnLimit = 3
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "short.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runSimCmd(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(append([]string{"sim"}, args...), &out, &errs)
	return code, out.String(), errs.String()
}

// decodeWithoutTiming reads --json output and drops the timing fields.
func decodeWithoutTiming(t *testing.T, out string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range sim.TimingKeys {
		if _, ok := v[k]; !ok {
			t.Errorf("JSON has no %q", k)
		}
		delete(v, k)
	}
	return v
}

// --workers 1 and --workers 2 print the same JSON apart from timing, with
// every key the issue names.
func TestSimJSONSameWhateverWorkers(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	var outs []map[string]any
	for _, w := range []string{"1", "2"} {
		code, out, errs := runSimCmd("--scenario", scen, "-n", "8", "--seed", "9", "--workers", w, "--json")
		if code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, code, errs)
		}
		outs = append(outs, decodeWithoutTiming(t, out))
	}
	if !reflect.DeepEqual(outs[0], outs[1]) {
		a, _ := json.Marshal(outs[0])
		b, _ := json.Marshal(outs[1])
		t.Errorf("--workers 1 and 2 differ:\n%s\n%s", a, b)
	}
	for _, k := range []string{"matches", "a_wins", "b_wins", "draws", "a_win_rate", "a_win_rate_ci95", "elo", "elo_ci95",
		"mean_turns", "illegal_commands", "models"} {
		if _, ok := outs[0][k]; !ok {
			t.Errorf("--json has no %q", k)
		}
	}
	if n := outs[0]["matches"].(float64); n != 8 {
		t.Errorf("matches %v, want 8", n)
	}
	if ci := outs[0]["a_win_rate_ci95"].([]any); len(ci) != 2 {
		t.Errorf("a_win_rate_ci95 %v, want [low, high]", ci)
	}
}

// The text report answers first, in one line, then the rest; the CSV has
// a row per match, the HTML report is self-contained, every match is saved.
func TestSimTextAndFiles(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	csvPath, htmlPath, saves := filepath.Join(dir, "runs.csv"), filepath.Join(dir, "report.html"), filepath.Join(dir, "saves")
	code, out, errs := runSimCmd("--scenario", scen, "-n", "6", "--workers", "2", "--csv", csvPath, "--report", htmlPath, "--save-dir", saves)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "Posse A wins ") || !strings.Contains(lines[0], "% (95% CI ") || !strings.Contains(lines[0], " of 6 matches") {
		t.Errorf("first line %q, want the answer", lines[0])
	}
	for _, want := range []string{"Posse A won ", "Elo difference", "likelihood that A is the stronger", "game turns on average",
		"Illegal commands: 0.", "Sheriff Miller", "survived"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errs, "6 of 6 matches") {
		t.Errorf("stderr %q: want a progress line ending at 6 of 6 matches", errs)
	}
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(string(data), "\n"); rows != 7 {
		t.Errorf("CSV has %d lines, want a header and 6 rows", rows)
	}
	page, err := os.ReadFile(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "Posse A wins", "<polygon", "Every match"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	for _, banned := range []string{"<script", "src=", "href=", "@import", "url("} {
		if strings.Contains(string(page), banned) {
			t.Errorf("report.html has %q: it must need nothing from outside", banned)
		}
	}
	entries, err := os.ReadDir(saves)
	if err != nil || len(entries) != 6 {
		t.Fatalf("save folder: %d files, %v; want 6", len(entries), err)
	}
	if _, err := game.LoadFile(filepath.Join(saves, sim.SaveName(6))); err != nil {
		t.Error(err)
	}
}

// Shards run separately and merged give the run's own JSON.
func TestSimShardsMerge(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	args := []string{"--scenario", scen, "-n", "7", "--seed", "4", "--json"}
	code, whole, errs := runSimCmd(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var files []string
	for _, shard := range []string{"1/2", "2/2"} {
		code, out, errs := runSimCmd(append(args, "--shard", shard)...)
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", shard, code, errs)
		}
		f := filepath.Join(dir, strings.Replace(shard, "/", "of", 1)+".json")
		os.WriteFile(f, []byte(out), 0o644)
		files = append(files, f)
	}
	code, merged, errs := runSimCmd(append([]string{"merge"}, append(files, "--json")...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errs)
	}
	if a, b := decodeWithoutTiming(t, whole), decodeWithoutTiming(t, merged); !reflect.DeepEqual(a, b) {
		t.Errorf("merged shards differ from the whole run")
	}
}

// Bad input: one line on stderr naming the problem, exit 2, nothing
// written.
func TestSimBadInput(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	badPosse := filepath.Join(dir, "bad-posse.json")
	os.WriteFile(badPosse, []byte(`{"name":"Ghosts","models":[{"name":"Casper","tier":"phantom","weapons":["revolver"]}]}`), 0o644)
	crowd := game.PosseSpec{Name: "Crowd"}
	for range 31 { // one more than a posse file may hold
		crowd.Models = append(crowd.Models, game.ModelSpec{Name: "Extra", Tier: "greenhorn", Weapons: []string{"revolver"}})
	}
	crowdData, _ := json.Marshal(crowd)
	crowdPath := filepath.Join(dir, "crowd.json")
	os.WriteFile(crowdPath, crowdData, 0o644)
	// Two shard outputs of different runs, for merge.
	_, seed1, _ := runSimCmd("--scenario", scen, "-n", "2", "--seed", "1", "--shard", "1/2", "--json")
	_, seed2, _ := runSimCmd("--scenario", scen, "-n", "2", "--seed", "2", "--shard", "2/2", "--json")
	s1, s2, cut := filepath.Join(dir, "s1.json"), filepath.Join(dir, "s2.json"), filepath.Join(dir, "cut.json")
	os.WriteFile(s1, []byte(seed1), 0o644)
	os.WriteFile(s2, []byte(seed2), 0o644)
	os.WriteFile(cut, []byte(seed1[:len(seed1)/2]), 0o644)

	csvPath, htmlPath := filepath.Join(dir, "out.csv"), filepath.Join(dir, "out.html")
	outputs := []string{"--csv", csvPath, "--report", htmlPath}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--frobnicate"}, "frobnicate"},
		{[]string{"--a-ai", "medium"}, `unknown level "medium"`},
		{[]string{"--b-ai", "hard:bold"}, "unknown personality"},
		{[]string{"--a-ai", "normal:sleepy"}, "sleepy"},
		{[]string{"--a-posse", badPosse}, "phantom"},
		{[]string{"--b-posse", crowdPath}, "at most 30"},
		{[]string{"-n", "0"}, "-n 0"},
		{[]string{"-n", "-5"}, "-n -5"},
		{[]string{"--shard", "3/2"}, "shard"},
		{[]string{"--shard", "half"}, "shard"},
		{[]string{"--sprt", "--shard", "1/2"}, "shards"},
		{[]string{"--scenario", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"--a-posse", dir}, dir},
		{[]string{"--map", "atlantis"}, "atlantis"},
		{[]string{"--scenario", scen, "--map", "town"}, "not both"},
		{[]string{"--initiative", "arm-wrestle"}, "arm-wrestle"},
		{[]string{"--round-effects", "--initiative", "coin"}, "card-based"},
		{[]string{"--workers", "-1"}, "--workers"},
		{[]string{"--csv", filepath.Join(dir, "no", "such", "x.csv")}, "does not exist"},
		{[]string{"--from", filepath.Join(dir, "nosave.json")}, "nosave.json"},
		{[]string{"merge", s1, s2}, "different settings"},
		{[]string{"merge", s1, s1}, "both hold match"},
		{[]string{"merge", cut}, "cut.json"},
		{[]string{"merge", filepath.Join(dir, "gone.json")}, "gone.json"},
		{[]string{"merge"}, "name the --json outputs"},
	} {
		args := append(append([]string{}, outputs...), c.args...) // the case's own --csv wins
		if c.args[0] == "merge" {
			args = append(append([]string{}, c.args...), outputs...)
		} else {
			// A case wrongly accepted plays two short matches, not a thousand.
			args = append([]string{"-n", "2"}, args...)
			if c.args[0] != "--scenario" && c.args[0] != "--map" && c.args[0] != "--from" {
				args = append([]string{"--scenario", scen}, args...)
			}
		}
		code, out, errs := runSimCmd(args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, exitUsage, errs)
		}
		if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "cowpoke sim: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%v: stderr %q, want one line naming %q", c.args, errs, c.want)
		}
		if out != "" {
			t.Errorf("%v: printed %q", c.args, out)
		}
		for _, p := range []string{csvPath, htmlPath} {
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("%v: wrote %s", c.args, p)
			}
		}
	}
}

// The progress line's time left: the run's own estimate where it has one,
// the pace so far otherwise, and in words who has not played yet.
func TestProgressTimeLeft(t *testing.T) {
	for _, c := range []struct {
		pr   sim.Progress
		want string
	}{
		{sim.Progress{Done: 0, Total: 10, Elapsed: time.Second}, "time left not yet known"},
		{sim.Progress{Done: 10, Total: 40, Elapsed: 20 * time.Second}, "about 1m0s left"},
		{sim.Progress{Done: 39, Total: 40, Elapsed: 20 * time.Second}, "under a second left"},
		{sim.Progress{Done: 40, Total: 40, Elapsed: 20 * time.Second, NotYet: []string{"hard"}}, "done"},
		{sim.Progress{Done: 270, Total: 900, Elapsed: 14 * time.Second, Left: 100 * time.Minute, NotYet: []string{"hard"}},
			"about 1h40m0s left (more if hard, who has not played yet, is slower)"},
		{sim.Progress{Done: 1, Total: 900, Elapsed: time.Second, Left: 90 * time.Second, NotYet: []string{"normal", "hard"}},
			"about 1m30s left (more if normal and hard, who have not played yet, are slower)"},
	} {
		if got := timeLeft(c.pr); got != c.want {
			t.Errorf("%+v: %q, want %q", c.pr, got, c.want)
		}
	}
}

// Without a terminal the progress line comes every tenth of the run, and
// at least once a minute between tenths, so a slow stretch shows the run
// alive.
func TestProgressLinesWithoutATerminal(t *testing.T) {
	var out strings.Builder
	p := newProgressBar(&out)
	p.lastLine = time.Now().Add(-3 * time.Second)
	p.update(sim.Progress{Done: 100, Total: 1000, Elapsed: 3 * time.Second})
	p.update(sim.Progress{Done: 101, Total: 1000, Elapsed: 4 * time.Second}) // same tenth: no line
	p.lastLine = time.Now().Add(-61 * time.Second)
	p.update(sim.Progress{Done: 102, Total: 1000, Elapsed: 65 * time.Second}) // a minute on: a line
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "cowpoke sim: 100 of 1,000 matches") || !strings.HasPrefix(lines[1], "cowpoke sim: 102 of 1,000 matches") {
		t.Errorf("progress lines:\n%s", out.String())
	}
}
