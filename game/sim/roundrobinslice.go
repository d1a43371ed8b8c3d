package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"cowpoke/game"
)

// A round robin can be played in slices (RoundRobinConfig.Shard), on
// several machines or over several days, and joined (MergeRoundRobins)
// into exactly the report of the round robin played at once.
//
// The cut: a group is one seed of one pair on one map, with all its
// matches (the two seatings, and in a ladder the two with the posses
// exchanged), so every slice keeps the mirror whole. The groups are
// numbered in the order the round robin plays them (pair by pair, map by
// map, seed by seed) and dealt to the slices in turn, as the pairs of an
// ordinary run are: the slices differ by one group at most, and every
// pair's groups on a map are spread over the slices (a costly player's
// matches do not all land in one slice).

// RoundRobinSlice is what one slice's report holds besides its own
// figures: the settings every slice must share, and each match it played,
// so that the slices can be tabulated as one.
type RoundRobinSlice struct {
	Shard    string        `json:"shard"`         // "I/N"
	Matches  int           `json:"matches_asked"` // -n: matches a pair
	MapFiles []string      `json:"map_files"`
	Scenario game.Scenario `json:"scenario"` // initiative, optional rules, a ladder's posses
	// RunsBegun counts the runs of a pair on a map begun, in the order
	// played: all of them unless the slice was stopped.
	RunsBegun int               `json:"runs_begun"`
	Played    []RoundRobinMatch `json:"match_results"`
}

// RoundRobinMatch is one match of a round robin as a slice records it.
type RoundRobinMatch struct {
	Pair   int `json:"pair"`   // the pair's index in the report's pairs
	Map    int `json:"map"`    // the map's index in its maps
	Number int `json:"number"` // the match's number in the pair's run on that map
	// Outcome is the pair's first entrant's: AWins when it won, BWins when
	// it lost, anything else a draw.
	Outcome string       `json:"outcome"`
	Style   [2]PlayStyle `json:"style"` // [0] the first entrant's
}

// inSlice reports whether match n (from 1) of the job-th run (pair-major,
// then map) is in the configuration's slice.
func (c RoundRobinConfig) inSlice(job, n int) bool {
	group := c.groupSize()
	return c.Shard.hasGroup(job*(c.PerMap()/group) + (n-1)/group)
}

// checkShard refuses a shard out of range, or one of more slices than the
// round robin of the given number of runs has groups.
func (c RoundRobinConfig) checkShard(runs int) error {
	if err := c.Shard.check(); err != nil {
		return err
	}
	groups := runs * c.PerMap() / c.groupSize()
	if c.Shard.N > groups {
		return fmt.Errorf("shard %s: this round robin has %s (a group is a seed of one pair on one map, its %d matches), so at most %s",
			c.Shard, plural(groups, "group", "groups"), c.groupSize(), plural(groups, "slice", "slices"))
	}
	return nil
}

func (c RoundRobinConfig) slice(played []RoundRobinMatch, runsBegun int) *RoundRobinSlice {
	return &RoundRobinSlice{Shard: c.Shard.String(), Matches: c.Matches, MapFiles: c.Maps, Scenario: c.Base,
		RunsBegun: runsBegun, Played: played}
}

// ReportKind says what a --json output of cowpoke sim is the report of:
// "ladder" or "balance" for a round robin, "" for an ordinary run. name is
// used in errors.
func ReportKind(name string, data []byte) (string, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return "", fmt.Errorf("%s: not a report of cowpoke sim --json (%v)", name, err)
	}
	return head.Kind, nil
}

// ParseRoundRobin reads a round robin's --json report; name is used in
// errors.
func ParseRoundRobin(name string, data []byte) (RoundRobinReport, error) {
	var rep RoundRobinReport
	if err := json.Unmarshal(data, &rep); err != nil {
		return rep, fmt.Errorf("%s: not a report of cowpoke sim --ladder or --balance --json (%v)", name, err)
	}
	n := len(rep.Entrants)
	if (rep.Kind != "ladder" && rep.Kind != "balance") || n < 2 || len(rep.Maps) == 0 || len(rep.Pairs) != n*(n-1)/2 {
		return rep, fmt.Errorf("%s: not a report of cowpoke sim --ladder or --balance --json (no players, maps or pairs)", name)
	}
	k := 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			if p := rep.Pairs[k]; p.First != i || p.Second != j {
				return rep, fmt.Errorf("%s: pair %d is not of entrants %d and %d: the file was edited", name, k+1, i+1, j+1)
			}
			k++
		}
	}
	s := rep.Slice
	if s == nil {
		return rep, nil
	}
	if _, err := ParseShard(s.Shard); err != nil {
		return rep, fmt.Errorf("%s: %v", name, err)
	}
	counted := 0
	for _, p := range rep.Pairs {
		counted += p.All.Matches
	}
	if counted != len(s.Played) {
		return rep, fmt.Errorf("%s: lists %d matches but counts %d: the file was cut short or edited", name, len(s.Played), counted)
	}
	for _, m := range s.Played {
		if m.Pair < 0 || m.Pair >= len(rep.Pairs) || m.Map < 0 || m.Map >= len(rep.Maps) || m.Number < 1 || m.Number > rep.PerMap {
			return rep, fmt.Errorf("%s: a match of pair %d on map %d numbered %d is not of this round robin: the file was edited", name, m.Pair, m.Map, m.Number)
		}
	}
	if len(s.MapFiles) != len(rep.Maps) || s.RunsBegun < 0 || s.RunsBegun > len(rep.Pairs)*len(rep.Maps) {
		return rep, fmt.Errorf("%s: its maps or runs do not add up: the file was edited", name)
	}
	return rep, nil
}

// MergeRoundRobins joins the reports of every slice of one round robin
// into its report as if played at once: the same pairs, standings, styles
// and ratings. It refuses slices of different settings, a slice given
// twice and a missing slice; a slice that was stopped leaves the merge
// marked Interrupted. One whole round robin (no slice) is given back as
// it is. names are the files' names, for errors.
func MergeRoundRobins(names []string, reports []RoundRobinReport) (RoundRobinReport, error) {
	if len(reports) == 0 {
		return RoundRobinReport{}, errors.New("nothing to merge")
	}
	if len(reports) == 1 && reports[0].Slice == nil {
		return reports[0], nil
	}
	first := reports[0]
	var count int
	bySlice := map[int]string{}
	for i, rep := range reports {
		if rep.Slice == nil {
			return RoundRobinReport{}, fmt.Errorf("%s is a whole %s (played without --shard), not a slice: merge the --json outputs of its slices", names[i], rep.Kind)
		}
		if diff := roundRobinDiff(first, rep); diff != "" {
			return RoundRobinReport{}, fmt.Errorf("%s and %s were played with different settings (%s): they cannot be merged", names[0], names[i], diff)
		}
		sh, _ := ParseShard(rep.Slice.Shard) // checked by ParseRoundRobin; the count by roundRobinDiff
		count = sh.N
		if other, dup := bySlice[sh.I]; dup {
			return RoundRobinReport{}, fmt.Errorf("%s and %s are both slice %s: the same slice twice?", other, names[i], sh)
		}
		bySlice[sh.I] = names[i]
	}
	for i := 1; i <= count; i++ {
		if _, ok := bySlice[i]; !ok {
			return RoundRobinReport{}, fmt.Errorf("%s is a slice of %d, and slice %d/%d is missing: give every slice's --json output",
				names[0], count, i, count)
		}
	}
	out := RoundRobinReport{Kind: first.Kind, Entrants: first.Entrants, Maps: first.Maps, Level: first.Level, Initiative: first.Initiative,
		Posses: first.Posses, Seed: first.Seed, PerMap: first.PerMap}
	for _, p := range first.Pairs {
		out.Pairs = append(out.Pairs, PairResult{First: p.First, Second: p.Second})
	}
	var played []RoundRobinMatch
	runsBegun := 0
	for _, rep := range reports {
		played = append(played, rep.Slice.Played...)
		runsBegun = max(runsBegun, rep.Slice.RunsBegun)
		out.Interrupted = out.Interrupted || rep.Interrupted
		out.ElapsedSeconds = max(out.ElapsedSeconds, rep.ElapsedSeconds)
	}
	// The order the round robin plays them: its style sums are added in it.
	sort.Slice(played, func(i, j int) bool {
		a, b := played[i], played[j]
		if a.Pair != b.Pair {
			return a.Pair < b.Pair
		}
		if a.Map != b.Map {
			return a.Map < b.Map
		}
		return a.Number < b.Number
	})
	out.tabulate(played, runsBegun)
	return out, nil
}

// roundRobinDiff names the first setting two slices disagree on, or is "".
func roundRobinDiff(a, b RoundRobinReport) string {
	sa, sb := a.Slice, b.Slice
	na, _ := ParseShard(sa.Shard)
	nb, _ := ParseShard(sb.Shard)
	entrants := "players"
	if a.Kind == "balance" {
		entrants = "posses"
	}
	switch {
	case a.Kind != b.Kind:
		return fmt.Sprintf("a %s and a %s", a.Kind, b.Kind)
	case !slices.Equal(a.Entrants, b.Entrants):
		return fmt.Sprintf("%s %s and %s", entrants, strings.Join(a.Entrants, ","), strings.Join(b.Entrants, ","))
	case !slices.Equal(sa.MapFiles, sb.MapFiles):
		return fmt.Sprintf("maps %s and %s", strings.Join(sa.MapFiles, ","), strings.Join(sb.MapFiles, ","))
	case a.Level != b.Level:
		return fmt.Sprintf("level %s and %s", a.Level, b.Level)
	case na.N != nb.N:
		return fmt.Sprintf("cut into %d and %d slices", na.N, nb.N)
	}
	// The rest as an ordinary run's settings: seed, -n, initiative,
	// optional rules, posses.
	as := Settings{Scenario: sa.Scenario, Matches: sa.Matches, Seed: a.Seed}
	bs := Settings{Scenario: sb.Scenario, Matches: sb.Matches, Seed: b.Seed}
	if as.key() != bs.key() {
		return settingsDiff(as, bs)
	}
	return ""
}
