package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/racecheck"
)

// evalOut is what `cowpoke eval --json` prints, as a script reads it.
type evalOut struct {
	Posses []struct {
		Name string     `json:"name"`
		Win  float64    `json:"win"`
		CI95 [2]float64 `json:"ci95"`
	} `json:"posses"`
	Draw *struct {
		Win float64 `json:"win"`
	} `json:"draw"`
	Source   string `json:"source"`
	Playouts int    `json:"playouts"`
	At       int    `json:"at"`
	Over     bool   `json:"over"`
	Decides  string `json:"decides"`
	Posse    string `json:"posse"`
	Best     *struct {
		Command string  `json:"command"`
		Reason  string  `json:"reason"`
		Win     float64 `json:"win"`
	} `json:"best"`
	Alternatives []struct {
		Command string  `json:"command"`
		Win     float64 `json:"win"`
	} `json:"alternatives"`
}

// computerSave plays n commands of a match of the given posses (indices
// into the shipped ones) with the computer on every side and saves it.
func computerSave(t *testing.T, posses []int, method string, n int) (string, *game.Match) {
	t.Helper()
	all, err := game.ShippedPosses()
	if err != nil {
		t.Fatal(err)
	}
	var specs []game.PosseSpec
	for _, i := range posses {
		specs = append(specs, all[i])
	}
	sc, err := game.PlayersScenario(specs, "", method)
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ai.New("normal", 5)
	for i := 0; i < n && !m.Over; i++ {
		d, _ := c.Decide(m)
		if _, err := m.ApplyDecision(d); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "match.json")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	return path, m
}

// plainWords: no rule codes, no coordinates, no engine names.
var notPlain = regexp.MustCompile(`\bR\d+\b|\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)|"kind"|run-to`)

// checkEvalJSON checks an answer against the position it is about.
func checkEvalJSON(t *testing.T, what string, out string, m *game.Match) {
	t.Helper()
	var e evalOut
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", what, err, out)
	}
	if len(e.Posses) != len(m.Posses) {
		t.Fatalf("%s: %d posses for %d", what, len(e.Posses), len(m.Posses))
	}
	sum := 0.0
	for i, p := range e.Posses {
		if p.Name != m.Posses[i].Name || p.CI95[0] > p.Win+1e-9 || p.CI95[1] < p.Win-1e-9 || p.Win < 0 || p.Win > 1 {
			t.Fatalf("%s: posse %d: %+v", what, i, p)
		}
		sum += p.Win
	}
	if e.Draw != nil {
		sum += e.Draw.Win
	}
	if math.Abs(sum-1) > 0.005 {
		t.Fatalf("%s: the chances sum to %.3f", what, sum)
	}
	if m.Over != e.Over || e.At != len(m.Commands()) {
		t.Fatalf("%s: over %v at %d, want %v at %d", what, e.Over, e.At, m.Over, len(m.Commands()))
	}
	if m.Over {
		return
	}
	if e.Source != "search" || e.Playouts < 1 {
		t.Fatalf("%s: source %q, %d playouts", what, e.Source, e.Playouts)
	}
	if e.Posse != m.Posses[m.Decider()].Name || e.Decides == "" || e.Best == nil || e.Best.Command == "" {
		t.Fatalf("%s: decides %q of %q (want %q), best %+v", what, e.Decides, e.Posse, m.Posses[m.Decider()].Name, e.Best)
	}
	if m.Active >= 0 && m.Pending == nil && m.Defence == nil && e.Decides != m.Models[m.Active].Name {
		t.Fatalf("%s: decides %q, the active model is %q", what, e.Decides, m.Models[m.Active].Name)
	}
	for _, s := range append([]string{e.Best.Command, e.Best.Reason}, func() []string {
		var cs []string
		for _, a := range e.Alternatives {
			cs = append(cs, a.Command)
		}
		return cs
	}()...) {
		if notPlain.MatchString(s) {
			t.Errorf("%s: not plain words: %q", what, s)
		}
	}
	for _, a := range e.Alternatives {
		if a.Win > e.Best.Win {
			t.Errorf("%s: an alternative (%q, %.3f) beats the best (%q, %.3f)", what, a.Command, a.Win, e.Best.Command, e.Best.Win)
		}
	}
}

// cowpoke eval answers on saves of every kind: the golden saves (every
// initiative method, round effects, optional rules, objectives with a turn
// limit, rules editions 1 to 3, a pending Overwatch interrupt), in their
// middle and at their end, and matches of three and four posses.
func TestEvalOnEverySave(t *testing.T) {
	golden, _ := filepath.Glob("../../game/testdata/golden/*-*.json")
	if len(golden) < 10 {
		t.Fatalf("%d golden saves", len(golden))
	}
	if racecheck.Enabled { // ten times slower: objectives and a turn limit, rules edition 3 with draws possible, an interrupt pending
		golden = []string{"../../game/testdata/golden/jailbreak-objectives-full.json", "../../game/testdata/golden/town-tokens-limit-ed3.json", "../../game/testdata/golden/town-mid-overwatch.json"}
	}
	for _, file := range golden {
		m, err := game.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		n := len(m.Commands())
		ats := []int{n / 2, n}
		if racecheck.Enabled {
			ats = ats[:1] // the middle, where the position is most alive
		}
		for _, at := range ats {
			mid, err := loadAt(file, at)
			if err != nil {
				t.Fatal(err)
			}
			out, errOut, code := runCmd("eval", file, "--at", strconv.Itoa(at), "--budget", "50ms", "--json")
			if code != 0 || errOut != "" {
				t.Fatalf("%s --at %d: exit %d, %q", file, at, code, errOut)
			}
			checkEvalJSON(t, filepath.Base(file)+" at "+strconv.Itoa(at), out, mid)
		}
	}
	for _, posses := range [][]int{{0, 1, 2}, {0, 1, 2, 3}} {
		path, m := computerSave(t, posses, game.MethodStandoff, 40)
		out, errOut, code := runCmd("eval", "--budget", "50ms", path, "--json")
		if code != 0 || errOut != "" {
			t.Fatalf("%d posses: exit %d, %q", len(posses), code, errOut)
		}
		checkEvalJSON(t, strconv.Itoa(len(posses))+" posses", out, m)
	}
}

// The words name the chances, who decides and the command.
func TestEvalText(t *testing.T) {
	path, m := computerSave(t, []int{0, 1}, game.MethodDraw, 30)
	out, errOut, code := runCmd("eval", path, "--budget", "50ms")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	for _, want := range []string{"Chances to win (from ", m.Posses[0].Name, m.Posses[1].Name, " to decide. The computer would play: ", "Why: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the words lack %q:\n%s", want, out)
		}
	}
	if notPlain.MatchString(out) {
		t.Errorf("not plain words:\n%s", out)
	}
}

// Mistakes on the command line and bad files: one line, the right exit.
func TestEvalRefuses(t *testing.T) {
	path, _ := writeSave(t)
	junk := filepath.Join(t.TempDir(), "junk.json")
	os.WriteFile(junk, []byte("{\"version\": 2, \x1b[31m"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"eval"}, exitUsage, "give exactly one save file"},
		{[]string{"eval", path, path}, exitUsage, "give exactly one save file"},
		{[]string{"eval", path, "--at", "-3"}, exitUsage, "--at -3"},
		{[]string{"eval", path, "--budget", "0s"}, exitUsage, "--budget 0s"},
		{[]string{"eval", path, "--budget", "2h"}, exitUsage, "--budget 2h0m0s"},
		{[]string{"eval", path, "--at", "100000"}, exitError, "the save has only"},
		{[]string{"eval", junk}, exitError, "junk.json"},
		{[]string{"eval", filepath.Join(t.TempDir(), "none.json")}, exitError, "none.json"},
	} {
		out, errOut, code := runCmd(c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || strings.ContainsRune(errOut, '\x1b') {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and one line with %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
	out, _, code := runCmd("eval", "-h")
	if code != exitOK || !strings.HasPrefix(out, "usage: cowpoke eval") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
}
