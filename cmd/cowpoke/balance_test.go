package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"cowpoke/game/racecheck"
	"cowpoke/game/sim"
)

// --mirror: the JSON lists the exchanged matches and each player's
// record with each posse, counted here again from the matches; the text
// answers about the players first; the page has the players' table.
func TestSimMirrorOutputs(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	code, out, errs := runSimCmd("--scenario", scen, "-n", "8", "--workers", "2", "--mirror", "--a-ai", "random", "--b-ai", "random", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Settings.Mirror || len(rep.MatchResults) != 8 || len(rep.Players) != 2 {
		t.Fatalf("mirror %v, %d matches, %d players", rep.Settings.Mirror, len(rep.MatchResults), len(rep.Players))
	}
	var wins [2][2]int // [player][posse]
	for i, mr := range rep.MatchResults {
		if mr.Swapped != (i%4 >= 2) {
			t.Errorf("match %d: swapped %v", mr.Number, mr.Swapped)
		}
		posseOfA := 0
		if mr.Swapped {
			posseOfA = 1
		}
		switch mr.Outcome {
		case sim.AWins: // posse A won: its player
			wins[posseOfA][0]++
		case sim.BWins:
			wins[1-posseOfA][1]++
		}
	}
	for player, ps := range rep.Players {
		for posse, rec := range ps.WithPosse {
			if rec.Matches != 4 || rec.Wins != wins[player][posse] {
				t.Errorf("player %s with %s: %d of %d, want %d of 4", ps.Side, rec.Posse, rec.Wins, rec.Matches, wins[player][posse])
			}
		}
		if ps.Wins != wins[player][0]+wins[player][1] || ps.Activations == 0 {
			t.Errorf("player %s: %+v", ps.Side, ps)
		}
	}

	page := filepath.Join(dir, "mirror.html")
	code, out, errs = runSimCmd("--scenario", scen, "-n", "4", "--workers", "2", "--mirror", "--report", page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, "Player A (random) wins ") {
		t.Errorf("the text does not answer about the players first:\n%s", out)
	}
	for _, want := range []string{"Mirrored: each seed was played four times", "Posse A wins", "with Lawmen", "with Desperados",
		"dynamite per match", "ended in cover", "nearest enemy"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The players", "With Lawmen", "Dynamite per match", "Ended in cover", "Nearest enemy"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if code, _, errs := runSimCmd("--from", "x.json", "--mirror"); code != exitUsage || !strings.Contains(errs, "--from") {
		t.Errorf("--from with --mirror: exit %d, %q", code, errs)
	}
}

// --balance plays every pair of shipped posses on the maps asked for, and
// the matrix reads the same from either side of a pair.
func TestSimBalance(t *testing.T) {
	code, out, errs := runSimCmd("--balance", "--level", "random", "--map", "town", "-n", "2", "--workers", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep sim.RoundRobinReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Kind != "balance" || rep.Level != "random" || len(rep.Entrants) != 4 || len(rep.Pairs) != 6 || len(rep.Maps) != 1 || rep.Maps[0] != "Dry Gulch" {
		t.Fatalf("%s at %s: %d entrants, %d pairs, maps %v", rep.Kind, rep.Level, len(rep.Entrants), len(rep.Pairs), rep.Maps)
	}
	total := 0
	for _, p := range rep.Pairs {
		if p.All.Matches != 2 || len(p.ByMap) != 1 || !reflect.DeepEqual(withoutMap(p.ByMap[0]), p.All) {
			t.Errorf("pair %s-%s: %+v", rep.Entrants[p.First], rep.Entrants[p.Second], p)
		}
		back, _ := rep.Pair(p.Second, p.First)
		if back.Wins != p.All.Losses || back.Losses != p.All.Wins || back.Draws != p.All.Draws {
			t.Errorf("pair %d-%d read backwards: %+v against %+v", p.First, p.Second, back, p.All)
		}
		total += p.All.Matches
	}
	played := 0
	for _, s := range rep.Standings {
		played += s.Matches
	}
	if total != 12 || played != 2*total {
		t.Errorf("%d matches in the pairs, %d in the standings", total, played)
	}

	// The text (what the command prints without --json) of the same report.
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	out = text.String()
	for _, want := range []string{"Even posses: random on both sides", "The row's posse wins (95% CI)", "On Dry Gulch", "Lawmen", "Banditos"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
}

// --ladder plays every pair of players mirrored and prints the standings
// and the Elo matrix.
func TestSimLadder(t *testing.T) {
	code, out, errs := runSimCmd("--ladder", "random,easy", "--map", "town", "-n", "4", "--workers", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep sim.RoundRobinReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Kind != "ladder" || len(rep.Pairs) != 1 || rep.Pairs[0].All.Matches != 4 || len(rep.Posses) != 2 {
		t.Fatalf("%+v", rep)
	}
	if rep.Standings[0].Wins != rep.Pairs[0].All.Wins || rep.Standings[1].Wins != rep.Pairs[0].All.Losses {
		t.Errorf("standings %+v against the pair %+v", rep.Standings, rep.Pairs[0].All)
	}
	if rep.Anchor != "easy" || len(rep.Ratings) != 2 || rep.Ratings[1].Elo != 0 || rep.Ratings[0].Elo >= 0 || rep.Ratings[0].PlusMinus <= 0 {
		t.Errorf("ratings %+v anchored at %q: want easy at 0 and random below it, with an interval", rep.Ratings, rep.Anchor)
	}
	if got := ladderAll(); strings.Join(got, ",") != "random,easy,normal,hard,normal:cautious,normal:reckless,normal:dynamiter" {
		t.Errorf("the full ladder is %v", got)
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Strength ladder: random, easy", "Ratings on one Elo scale, easy at 0", "0 (anchor)", "Elo against the field", "Elo of the row's player over the column's"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, text.String())
		}
	}
}

// Mistakes in a round robin's command line: one line, exit 2.
func TestSimTournamentMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--balance", "--a-ai", "hard"}, "--balance takes no --a-ai"},
		{[]string{"--ladder", "easy,normal", "--mirror", "--csv", "x.csv"}, "--ladder takes no --csv, --mirror"},
		{[]string{"--balance", "--level", "brilliant"}, "--level"},
		{[]string{"--ladder", "easy,normal:bogus"}, "bogus"},
		{[]string{"--ladder", "easy,easy"}, "easy is named twice"},
		{[]string{"--ladder", "easy"}, "two players or more"},
		{[]string{"--balance", "--ladder", "easy,normal"}, "not both"},
		{[]string{"--level", "easy"}, "the level is for --balance"},
		{[]string{"--balance", "-n", "0"}, "at least one match a pair"},
		{[]string{"--balance", "--map", "nowhere"}, "--map"},
	} {
		code, _, errs := runSimCmd(c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d", c.args, code, exitUsage)
		}
		oneLine(t, strings.Join(c.args, " "), errs, c.want)
	}
}

func withoutMap(c sim.Cell) sim.Cell {
	c.Map = ""
	return c
}

// untimed drops the line of a round robin's output that tells the time it
// took (text or JSON): the one thing two plays of it may differ in.
func untimed(out string) string {
	var kept []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "Played in ") && !strings.HasPrefix(l, ` "elapsed_seconds": `) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

// A ladder of cheap players played in 2 and in 3 slices (--shard I/N
// --json) and joined by sim merge prints, as text and as JSON, byte for
// byte what the ladder prints played at once (the time taken aside).
func TestSimLadderSlicesMergeByteForByte(t *testing.T) {
	dir := t.TempDir()
	players, cuts := "random,easy,normal,normal:cautious", []int{2, 3}
	if racecheck.Enabled { // ten times slower: game/sim's TestRoundRobinSlicesMergeToTheWhole cuts in more ways
		players, cuts = "random,easy,easy:cautious", []int{2}
	}
	args := []string{"--ladder", players, "--map", "town", "-n", "4", "--seed", "9", "--workers", "2"}
	play := func(more ...string) string {
		t.Helper()
		code, out, errs := runSimCmd(append(append([]string{}, args...), more...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", more, code, errs)
		}
		return out
	}
	wholeJSON, wholeText := play("--json"), play()
	if !strings.Contains(wholeText, "Strength ladder: "+strings.ReplaceAll(players, ",", ", ")) || !strings.Contains(wholeJSON, `"nearest_sum"`) {
		t.Fatalf("the whole ladder's outputs:\n%s\n%s", wholeText, wholeJSON)
	}
	// The whole ladder's JSON given alone is printed again as it is.
	wholeFile := filepath.Join(dir, "whole.json")
	if err := os.WriteFile(wholeFile, []byte(wholeJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, again, errs := runSimCmd("merge", wholeFile); code != 0 || untimed(again) != untimed(wholeText) {
		t.Errorf("merge of the whole ladder alone: exit %d (%s):\n%s", code, errs, again)
	}
	for _, n := range cuts {
		var files []string
		for i := 1; i <= n; i++ {
			f := filepath.Join(dir, fmt.Sprintf("part-%d-of-%d.json", i, n))
			if err := os.WriteFile(f, []byte(play("--shard", fmt.Sprintf("%d/%d", i, n), "--json")), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		for _, format := range [][]string{{"--json"}, nil} {
			code, merged, errs := runSimCmd(append(append([]string{"merge"}, files...), format...)...)
			if code != 0 || errs != "" {
				t.Fatalf("merge of %d slices %v: exit %d: %s", n, format, code, errs)
			}
			want := wholeText
			if format != nil {
				want = wholeJSON
			}
			if untimed(merged) != untimed(want) {
				t.Errorf("merge of %d slices %v differs from the whole ladder:\n%s\nwant\n%s", n, format, merged, want)
			}
		}
	}
}

// sim merge refuses, in one line naming the file and the problem, ladder
// slices that are not all of one ladder, and a ladder mixed with an
// ordinary run; a slice wants --json, and a ladder has no --csv or
// --report.
func TestSimLadderMergeRefusals(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	base := []string{"--ladder", "random,easy", "--map", "town", "-n", "8", "--seed", "3", "--workers", "2", "--json"}
	save := func(name string, args ...string) string {
		t.Helper()
		code, out, errs := runSimCmd(args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	with := func(more ...string) []string { return append(append([]string{}, base...), more...) }
	one := save("one.json", with("--shard", "1/2")...)
	save("two.json", with("--shard", "2/2")...)
	otherSeed := save("seed.json", with("--shard", "2/2", "--seed", "4")...)
	otherPlayers := save("players.json", append([]string{"--ladder", "random,normal"}, with("--shard", "2/2")[2:]...)...)
	otherN := save("n.json", with("--shard", "2/2", "-n", "7")...)
	otherMap := save("map.json", with("--shard", "2/2", "--map", "ranch")...)
	otherRules := save("rules.json", with("--shard", "2/2", "--critical-injuries")...)
	thirds := save("thirds.json", with("--shard", "2/3", "-n", "12")...)
	whole := save("whole.json", base...)
	ordinary := save("ordinary.json", "--scenario", scen, "-n", "2", "--shard", "1/2", "--json")
	for _, c := range []struct {
		args  []string
		wants []string
	}{
		{[]string{"merge", one, otherSeed}, []string{"seed.json", "seed 3 and 4"}},
		{[]string{"merge", one, otherPlayers}, []string{"players.json", "players random,easy and random,normal"}},
		{[]string{"merge", one, otherN}, []string{"n.json", "-n 8 and 7"}},
		{[]string{"merge", one, otherMap}, []string{"map.json", "maps town.tmx and ranch.tmx"}},
		{[]string{"merge", one, otherRules}, []string{"rules.json", "optional rules"}},
		{[]string{"merge", one, thirds}, []string{"thirds.json", "different settings"}},
		{[]string{"merge", one, one}, []string{"one.json", "both slice 1/2"}},
		{[]string{"merge", one}, []string{"one.json", "slice 2/2 is missing"}},
		{[]string{"merge", one, whole}, []string{"whole.json", "a whole ladder"}},
		{[]string{"merge", one, ordinary}, []string{"ordinary.json", "a ladder and", "an ordinary run"}},
		{[]string{"merge", ordinary, one}, []string{"one.json", "an ordinary run and", "a ladder"}},
		{[]string{"merge", one, filepath.Join(dir, "two.json"), "--report", filepath.Join(dir, "x.html")}, []string{"one.json", "no --csv or --report"}},
		{append(base[:len(base)-1:len(base)-1], "--shard", "1/2"), []string{"--shard 1/2", "add --json", "sim merge"}},
		{with("--shard", "3/2"), []string{"--shard", "3/2"}},
		{with("--shard", "3/3"), []string{"shard 3/3", "at most 2 slices"}},
	} {
		code, out, errs := runSimCmd(c.args...)
		if code != exitUsage || out != "" {
			t.Errorf("%v: exit %d, want %d, and nothing printed (%q)", c.args, code, exitUsage, out)
		}
		oneLine(t, strings.Join(c.args, " "), errs, c.wants...)
	}
}

// A ladder's slice stopped by Ctrl+C behaves as the whole ladder does (its
// report of what was played, exit 130) and is marked interrupted, so that
// merged with the other slices it does not pass for the whole: the merged
// report says it stopped early and counts only the matches played.
func TestSimLadderSliceStoppedByCtrlC(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a slice in a child process")
	}
	dir := t.TempDir()
	args := []string{"--ladder", "random,easy", "--map", "town", "-n", "20", "--seed", "3", "--workers", "1", "--json"}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "COWPOKE_TEST_ARGS="+strings.Join(append(append([]string{"sim"}, args...), "--shard", "1/2"), "\n"))
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.Contains(lines.Text(), " of 12 matches") { // the slice's own count: 3 of the 5 groups
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the slice's first progress line: %q", lines.Text())
	}
	cmd.Process.Signal(syscall.SIGINT)
	var last string
	for lines.Scan() {
		last = lines.Text()
	}
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("the stopped slice: %v, want exit %d", err, exitInterrupted)
	}
	if !strings.HasPrefix(last, "cowpoke sim: stopped by Ctrl+C") {
		t.Errorf("the stopped slice's last line: %q", last)
	}
	var stopped sim.RoundRobinReport
	if err := json.Unmarshal(out.Bytes(), &stopped); err != nil || !stopped.Interrupted || stopped.Slice == nil || len(stopped.Slice.Played) >= 12 {
		t.Fatalf("the stopped slice's report: %v, %+v", err, stopped)
	}
	first := filepath.Join(dir, "part-1-of-2.json")
	os.WriteFile(first, out.Bytes(), 0o644)
	code, second, errs := runSimCmd(append(args, "--shard", "2/2")...)
	if code != 0 {
		t.Fatalf("slice 2/2: exit %d: %s", code, errs)
	}
	secondFile := filepath.Join(dir, "part-2-of-2.json")
	os.WriteFile(secondFile, []byte(second), 0o644)
	code, text, errs := runSimCmd("merge", first, secondFile)
	if code != 0 || !strings.Contains(text, "Stopped early: the figures are for the matches played.") {
		t.Errorf("the merge: exit %d (%s):\n%s", code, errs, text)
	}
	code, js, _ := runSimCmd("merge", first, secondFile, "--json")
	var merged sim.RoundRobinReport
	if err := json.Unmarshal([]byte(js), &merged); err != nil || code != 0 || !merged.Interrupted || merged.Pairs[0].All.Matches != len(stopped.Slice.Played)+8 {
		t.Errorf("the merged JSON (exit %d, %v): interrupted %v, %d matches, want %d", code, err, merged.Interrupted, merged.Pairs[0].All.Matches, len(stopped.Slice.Played)+8)
	}
}
