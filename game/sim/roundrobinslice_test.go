package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sliceTestConfigs are two small round robins of short matches on two
// maps, two groups a pair on each: a ladder of three random players, and
// a balance of three posses.
func sliceTestConfigs(t *testing.T) map[string]RoundRobinConfig {
	s := shortScenario(t, 3)
	straysPosse := strays(shortScenario(t, 3)).Posses[1]
	maps := []string{"town.tmx", "ranch.tmx"}
	return map[string]RoundRobinConfig{
		"ladder": {Base: s, Maps: maps, Matches: 16, Seed: 5, Workers: 2,
			Entrants: []Entrant{{Name: "first", Level: "random"}, {Name: "second", Level: "random"}, {Name: "third", Level: "random"}}},
		"balance": {Base: s, Maps: maps, Level: "random", Matches: 8, Seed: 5, Workers: 2,
			Entrants: []Entrant{{Name: s.Posses[0].Name, Posse: &s.Posses[0]}, {Name: s.Posses[1].Name, Posse: &s.Posses[1]}, {Name: "Strays", Posse: &straysPosse}}},
	}
}

// outputs are a report's JSON and text as the command prints them,
// without the timing.
func outputs(t *testing.T, rep RoundRobinReport) (string, string) {
	t.Helper()
	rep.ElapsedSeconds = 0
	js, err := json.MarshalIndent(rep, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	return string(js), text.String()
}

// roundTrip writes a slice's report as --json does and reads it back as
// cowpoke sim merge does.
func roundTrip(t *testing.T, name string, rep RoundRobinReport) RoundRobinReport {
	t.Helper()
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if kind, err := ReportKind(name, data); err != nil || kind != rep.Kind {
		t.Fatalf("%s: kind %q (%v), want %q", name, kind, err, rep.Kind)
	}
	back, err := ParseRoundRobin(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// A round robin played in 2, 3 or 5 slices and merged prints the very
// report it prints played at once, JSON and text; every slice holds whole
// groups (a ladder's mirrored four), the slices hold every match once,
// differ by a group at most, and share each pair's matches on each map.
func TestRoundRobinSlicesMergeToTheWhole(t *testing.T) {
	for kind, cfg := range sliceTestConfigs(t) {
		whole, err := PlayRoundRobin(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if whole.Slice != nil {
			t.Errorf("%s: the whole round robin's report has a slice", kind)
		}
		wholeJSON, wholeText := outputs(t, whole)
		group := cfg.groupSize()
		for _, n := range []int{2, 3, 5} {
			var names []string
			var slices []RoundRobinReport
			counts := map[string]int{} // matches a slice, for the balance of the cut
			perRun := map[string]int{} // a pair's matches on a map in a slice
			for i := 1; i <= n; i++ {
				cfg := cfg
				cfg.Shard = Shard{I: i, N: n}
				rep, err := PlayRoundRobin(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s-%d-of-%d.json", kind, i, n)
				names = append(names, name)
				slices = append(slices, roundTrip(t, name, rep))
				byGroup := map[[3]int]int{}
				for _, m := range rep.Slice.Played {
					byGroup[[3]int{m.Pair, m.Map, (m.Number - 1) / group}]++
					perRun[fmt.Sprintf("%d %d %d", m.Pair, m.Map, i)]++
				}
				for g, k := range byGroup {
					if k != group {
						t.Errorf("%s slice %d/%d: group %v has %d of its %d matches", kind, i, n, g, k, group)
					}
				}
				counts[name] = len(rep.Slice.Played)
			}
			fewest, most := 1<<30, 0
			for _, c := range counts {
				fewest, most = min(fewest, c), max(most, c)
			}
			if most-fewest > group {
				t.Errorf("%s in %d slices: %v matches, more than a group apart", kind, n, counts)
			}
			// Two groups of each pair on each map: with two slices each
			// slice has one of them.
			if n == 2 {
				for run, k := range perRun {
					if k != group {
						t.Errorf("%s in 2 slices: pair, map and slice %s has %d matches, want one group (%d)", kind, run, k, group)
					}
				}
			}
			merged, err := MergeRoundRobins(names, slices)
			if err != nil {
				t.Fatalf("%s in %d slices: %v", kind, n, err)
			}
			js, text := outputs(t, merged)
			if js != wholeJSON {
				t.Errorf("%s in %d slices: the merged JSON differs from the whole:\n%s\nwant\n%s", kind, n, js, wholeJSON)
			}
			if text != wholeText {
				t.Errorf("%s in %d slices: the merged text differs from the whole:\n%s\nwant\n%s", kind, n, text, wholeText)
			}
		}
	}
}

// A slice stopped part way (Ctrl+C) reports what it played, marked
// interrupted; merged with the other slices the report is marked too
// (its text says so) and counts only the matches played.
func TestRoundRobinStoppedSliceMergesMarked(t *testing.T) {
	cfg := sliceTestConfigs(t)["ladder"]
	cfg.Workers = 1
	var reports []RoundRobinReport
	for i := 1; i <= 2; i++ {
		cfg := cfg
		cfg.Shard = Shard{I: i, N: 2}
		ctx, cancel := context.WithCancel(context.Background())
		if i == 1 {
			cfg.Progress = func(p Progress) {
				if p.Done == 5 {
					cancel()
				}
			}
		}
		rep, err := PlayRoundRobin(ctx, cfg)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, roundTrip(t, fmt.Sprint(i), rep))
	}
	stopped := reports[0]
	if !stopped.Interrupted || len(stopped.Slice.Played) < 5 || len(stopped.Slice.Played) >= 24 || stopped.Slice.RunsBegun >= 6 {
		t.Fatalf("the stopped slice: interrupted %v, %d matches, %d runs begun", stopped.Interrupted, len(stopped.Slice.Played), stopped.Slice.RunsBegun)
	}
	merged, err := MergeRoundRobins([]string{"1", "2"}, reports)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, p := range merged.Pairs {
		played += p.All.Matches
		if len(p.ByMap) != 2 {
			t.Errorf("pair %d-%d has %d map cells, want 2", p.First, p.Second, len(p.ByMap))
		}
	}
	if !merged.Interrupted || played != len(stopped.Slice.Played)+24 {
		t.Errorf("merged: interrupted %v, %d matches; want marked, with %d", merged.Interrupted, played, len(stopped.Slice.Played)+24)
	}
	_, text := outputs(t, merged)
	if !strings.Contains(text, "Stopped early") {
		t.Errorf("the merged text does not say it stopped early:\n%s", text)
	}
}

// Slices that are not of one round robin, or not all of it, are refused,
// each in a sentence naming the file and the problem.
func TestRoundRobinMergeRefusals(t *testing.T) {
	cfg := sliceTestConfigs(t)["ladder"]
	cfg.Matches = 8 // one group a pair on a map: six in all
	play := func(change func(*RoundRobinConfig), i, n int) RoundRobinReport {
		c := cfg
		change(&c)
		c.Shard = Shard{I: i, N: n}
		rep, err := PlayRoundRobin(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	same := func(*RoundRobinConfig) {}
	one, two := play(same, 1, 2), play(same, 2, 2)
	whole := one
	whole.Slice = nil
	for _, c := range []struct {
		name  string
		other RoundRobinReport
		want  string
	}{
		{"seed", play(func(c *RoundRobinConfig) { c.Seed = 6 }, 2, 2), "seed 5 and 6"},
		{"-n", play(func(c *RoundRobinConfig) { c.Matches = 7 }, 2, 2), "-n 8 and 7"},
		{"players", play(func(c *RoundRobinConfig) { c.Entrants = c.Entrants[:2] }, 2, 2), "players first,second,third and first,second"},
		{"maps", play(func(c *RoundRobinConfig) { c.Maps = []string{"town.tmx", "halt.tmx"} }, 2, 2), "maps town.tmx,ranch.tmx and town.tmx,halt.tmx"},
		{"options", play(func(c *RoundRobinConfig) { c.Base.Options.DeadReckoning = true }, 2, 2), "optional rules"},
		{"initiative", play(func(c *RoundRobinConfig) { c.Base.Initiative = "coin" }, 2, 2), "initiative draw and coin"},
		{"slices", play(same, 2, 3), "cut into 2 and 3 slices"},
		{"twice", one, "are both slice 1/2"},
		{"whole", whole, "is a whole ladder"},
	} {
		_, err := MergeRoundRobins([]string{"a.json", "b.json"}, []RoundRobinReport{one, c.other})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "b.json") {
			t.Errorf("%s: %v, want an error naming b.json and saying %q", c.name, err, c.want)
		}
	}
	if _, err := MergeRoundRobins([]string{"a.json"}, []RoundRobinReport{one}); err == nil || !strings.Contains(err.Error(), "slice 2/2 is missing") {
		t.Errorf("one slice of two: %v", err)
	}
	if got, err := MergeRoundRobins([]string{"a.json", "b.json"}, []RoundRobinReport{two, one}); err != nil || got.Slice != nil {
		t.Errorf("the slices in another order: %v", err)
	}
	// A slice's file cut short or edited is refused by its name.
	data, _ := json.Marshal(one)
	if _, err := ParseRoundRobin("cut.json", data[:len(data)/2]); err == nil || !strings.Contains(err.Error(), "cut.json") {
		t.Errorf("a file cut short: %v", err)
	}
	edited := bytes.Replace(data, []byte(`"number":1,`), []byte(`"number":99,`), 1)
	if _, err := ParseRoundRobin("edited.json", edited); err == nil || !strings.Contains(err.Error(), "edited.json") {
		t.Errorf("an edited file: %v", err)
	}
	swapped := bytes.Replace(data, []byte(`"first":0,"second":1,`), []byte(`"first":1,"second":9,`), 1)
	if _, err := ParseRoundRobin("pairs.json", swapped); err == nil || !strings.Contains(err.Error(), "pairs.json") {
		t.Errorf("a pair of no entrants: %v", err)
	}
	c := cfg
	c.Shard = Shard{I: 7, N: 7}
	if _, err := PlayRoundRobin(context.Background(), c); err == nil || !strings.Contains(err.Error(), "at most 6 slices") {
		t.Errorf("seven slices of six groups: %v", err)
	}
}

// The cut of a ladder of record (every player of --ladder all, 600
// matches a pair over the three maps: 50 groups a pair on each map) into
// 2 to 8 slices: the slices differ by one group at most, and so does each
// player's share of every run it is in, so a costly player's matches are
// spread over the slices rather than piled in one. Counted without
// playing.
func TestRoundRobinSlicesSpreadEveryPlayer(t *testing.T) {
	names := []string{"random", "easy", "normal", "hard", "normal:cautious", "normal:reckless", "normal:dynamiter"}
	var entrants []Entrant
	for _, n := range names {
		entrants = append(entrants, Entrant{Name: n, Level: n})
	}
	cfg := RoundRobinConfig{Entrants: entrants, Maps: []string{"town.tmx", "ranch.tmx", "halt.tmx"}, Matches: 600}
	pairs := len(names) * (len(names) - 1) / 2
	runs := pairs * len(cfg.Maps)
	groupsPerRun := cfg.PerMap() / cfg.groupSize()
	for n := 2; n <= 8; n++ {
		cfg.Shard.N = n
		groups := make([]int, n)              // a slice's groups
		byPlayer := make([][]int, len(names)) // a player's groups in each slice
		for p := range byPlayer {
			byPlayer[p] = make([]int, n)
		}
		for job := range runs {
			first, second := pairIndices(len(names), job/len(cfg.Maps))
			for i := 1; i <= n; i++ {
				cfg.Shard.I = i
				for number := 1; number <= cfg.PerMap(); number += cfg.groupSize() {
					if cfg.inSlice(job, number) {
						groups[i-1]++
						byPlayer[first][i-1]++
						byPlayer[second][i-1]++
					}
				}
			}
		}
		if spread(groups) > 1 || sum(groups) != runs*groupsPerRun {
			t.Errorf("%d slices: %v groups", n, groups)
		}
		for p, counts := range byPlayer {
			// Each of the player's 18 runs gives every slice its 50 groups
			// divided by n, rounded up or down.
			if spread(counts) > (len(names)-1)*len(cfg.Maps) || sum(counts) != (len(names)-1)*len(cfg.Maps)*groupsPerRun {
				t.Errorf("%d slices: %s has %v groups", n, names[p], counts)
			}
		}
		t.Logf("%d slices: groups %v; hard's %v", n, groups, byPlayer[3])
	}
}

// pairIndices are the entrants of pair k in the order PlayRoundRobin
// makes the pairs.
func pairIndices(entrants, k int) (int, int) {
	for i := range entrants {
		for j := i + 1; j < entrants; j++ {
			if k == 0 {
				return i, j
			}
			k--
		}
	}
	panic("no such pair")
}

func spread(xs []int) int { return slices.Max(xs) - slices.Min(xs) }

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
