package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

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
