package sim

import (
	"context"
	"fmt"
	"time"

	"cowpoke/game"
)

// A round robin plays every pair of entrants against each other on each of
// a list of maps, one ordinary run (Run) per pair and map, and tabulates
// the pairs. Two uses:
//
//   - balance (`cowpoke sim --balance`): the entrants are posses, one
//     computer level plays both sides, the seats swapped on each seed; the
//     table says whether the posses are even.
//   - the strength ladder (`cowpoke sim --ladder`): the entrants are
//     players (levels), the scenario's posses on both sides, every pair
//     mirrored (Config.Mirror), so no player owes its result to a posse.

// Entrant is one competitor of a round robin: a posse (balance) or a
// player's level (ladder).
type Entrant struct {
	Name  string          // as the table prints it
	Posse *game.PosseSpec // balance: the posse; nil in a ladder
	Level string          // ladder: the player's spec ("normal:cautious")
}

// RoundRobinConfig is a round robin to play.
type RoundRobinConfig struct {
	Entrants []Entrant
	// Base is the scenario each run starts from (initiative, options);
	// its map is replaced by each of Maps, and for a balance its posses by
	// the pair's.
	Base game.Scenario
	Maps []string // map files ("town.tmx"); at least one
	// Level plays both sides of a balance; unused by a ladder.
	Level string
	// Matches a pair, shared among the maps: each map gets the same
	// number, rounded up to whole groups (a pair of seatings, or the four
	// matches of a mirrored seed).
	Matches   int
	Seed      uint64
	Workers   int
	NewPlayer NewPlayer
	// Shard, when set, plays only the I-th of N slices (roundrobinslice.go);
	// the zero Shard plays every match.
	Shard Shard
	// Progress, when set, is told after each match.
	Progress func(Progress)
}

// ladder reports whether the entrants are players rather than posses.
func (c RoundRobinConfig) ladder() bool { return len(c.Entrants) > 0 && c.Entrants[0].Posse == nil }

// groupSize is the matches of one group: a pair of seatings, or the four
// matches of a mirrored seed.
func (c RoundRobinConfig) groupSize() int {
	if c.ladder() {
		return 4
	}
	return 2
}

// PerMap is how many matches each pair plays on each map.
func (c RoundRobinConfig) PerMap() int {
	group := c.groupSize()
	per := (c.Matches + len(c.Maps) - 1) / max(1, len(c.Maps))
	return (per + group - 1) / group * group
}

// Cell is a pair's results, from the first entrant's view: over every map,
// or on one.
type Cell struct {
	Map         string     `json:"map,omitempty"` // the map's name; "" over every map
	Matches     int        `json:"matches"`
	Wins        int        `json:"wins"` // the first entrant's
	Draws       int        `json:"draws"`
	Losses      int        `json:"losses"`
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	Score       float64    `json:"score"` // a draw counts half
	EloFigures
}

func (c *Cell) finish() {
	s := Score{Wins: c.Wins, Draws: c.Draws, Losses: c.Losses}
	if n := s.N(); n > 0 {
		c.Matches = n
		c.WinRate = float64(c.Wins) / float64(n)
		c.Score = s.Mean()
	}
	lo, hi := Wilson(c.Wins, c.Matches)
	c.WinRateCI95 = [2]float64{lo, hi}
	c.EloFigures = eloFigures(s)
}

// PairResult is one pair of entrants (indices into the entrants, First <
// Second), from First's view.
type PairResult struct {
	First  int    `json:"first"`
	Second int    `json:"second"`
	All    Cell   `json:"all"`
	ByMap  []Cell `json:"by_map"`
}

// Standing is an entrant's record against the whole field.
type Standing struct {
	Entrant string  `json:"entrant"`
	Matches int     `json:"matches"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Score   float64 `json:"score"`
	// Elo against the field: the Elo difference its mean score against
	// all the others implies, with its interval.
	EloFigures
	// How it played, over all its matches (game/sim's PlayStyle).
	Style            PlayStyle `json:"style"`
	DynamitePerMatch float64   `json:"dynamite_per_match"`
	CoverShare       float64   `json:"cover_share"`
	OutOfSightShare  float64   `json:"out_of_sight_share"`
	MeanNearestEnemy float64   `json:"mean_nearest_enemy"`
	// Margins: half the 95% interval of each figure above, the matches
	// taken as the units (its activations are not independent).
	Margins StyleMargins `json:"style_margins"`
}

// RoundRobinReport is what a round robin played.
type RoundRobinReport struct {
	Kind       string       `json:"kind"` // "balance" or "ladder"
	Entrants   []string     `json:"entrants"`
	Maps       []string     `json:"maps"` // the maps' names
	Level      string       `json:"level,omitempty"`
	Initiative string       `json:"initiative"`
	Posses     []string     `json:"posses,omitempty"` // a ladder's posses
	Seed       uint64       `json:"seed"`
	PerMap     int          `json:"matches_per_pair_per_map"`
	Pairs      []PairResult `json:"pairs"`
	Standings  []Standing   `json:"standings"`
	// Ratings put the entrants on one Elo scale, Anchor at 0 (Rate).
	Anchor         string   `json:"anchor"`
	Ratings        []Rating `json:"ratings"`
	Interrupted    bool     `json:"interrupted,omitempty"`
	ElapsedSeconds float64  `json:"elapsed_seconds"`
	// Slice is set in the report of one slice (--shard) only: what
	// MergeRoundRobins needs to join the slices (roundrobinslice.go).
	Slice *RoundRobinSlice `json:"slice,omitempty"`
}

// Pair returns the cell of entrants i and j from i's view (ok false when
// the pair was not played, as for i == j).
func (r RoundRobinReport) Pair(i, j int) (Cell, bool) {
	for _, p := range r.Pairs {
		switch {
		case p.First == i && p.Second == j:
			return p.All, true
		case p.First == j && p.Second == i:
			return p.All.flipped(), true
		}
	}
	return Cell{}, false
}

// flipped is the cell from the other entrant's view.
func (c Cell) flipped() Cell {
	f := Cell{Map: c.Map, Wins: c.Losses, Draws: c.Draws, Losses: c.Wins}
	f.finish()
	return f
}

// PlayRoundRobin plays every pair of distinct entrants on every map. When
// ctx is cancelled it stops and reports the matches played, Interrupted
// set.
func PlayRoundRobin(ctx context.Context, cfg RoundRobinConfig) (RoundRobinReport, error) {
	rep := RoundRobinReport{Kind: "balance", Level: cfg.Level, Initiative: cfg.Base.Initiative, Seed: cfg.Seed, PerMap: cfg.PerMap()}
	if cfg.ladder() {
		rep.Kind, rep.Level = "ladder", ""
		for _, p := range cfg.Base.Posses {
			rep.Posses = append(rep.Posses, p.Name)
		}
	}
	if len(cfg.Entrants) < 2 || len(cfg.Maps) == 0 || cfg.Matches < 1 {
		return rep, fmt.Errorf("a round robin needs two entrants or more, a map and a match a pair (it has %d, %d and %d)",
			len(cfg.Entrants), len(cfg.Maps), cfg.Matches)
	}
	for _, e := range cfg.Entrants {
		rep.Entrants = append(rep.Entrants, e.Name)
	}
	// Every run is checked (levels, maps, deployments) before any is played.
	type job struct {
		pair, mapIndex int
		runner         *Runner
	}
	var jobs []job
	for i := range cfg.Entrants {
		for j := i + 1; j < len(cfg.Entrants); j++ {
			rep.Pairs = append(rep.Pairs, PairResult{First: i, Second: j})
			for k, mapFile := range cfg.Maps {
				run := Config{Scenario: cfg.Base, A: cfg.Level, B: cfg.Level, Matches: rep.PerMap, Workers: cfg.Workers,
					NewPlayer: cfg.NewPlayer, Mirror: cfg.ladder()}
				run.Scenario.Map = mapFile
				if cfg.ladder() {
					run.A, run.B = cfg.Entrants[i].Level, cfg.Entrants[j].Level
				} else {
					run.Scenario.Posses = []game.PosseSpec{*cfg.Entrants[i].Posse, *cfg.Entrants[j].Posse}
				}
				// Each pair and map has its own seeds, from the run's seed.
				run.Seed = mix(cfg.Seed ^ mix(uint64(len(jobs))+0x7a61))
				r, err := New(run)
				if err != nil {
					return rep, fmt.Errorf("%s against %s on %s: %w", cfg.Entrants[i].Name, cfg.Entrants[j].Name, mapFile, err)
				}
				if i == 0 && j == 1 {
					rep.Maps = append(rep.Maps, r.board.Name)
				}
				jobs = append(jobs, job{len(rep.Pairs) - 1, k, r})
			}
		}
	}
	if err := cfg.checkShard(len(jobs)); err != nil {
		return rep, err
	}
	start := time.Now()
	var played []RoundRobinMatch
	total := 0
	clock := &runClock{} // the time left, from each pair's pace
	for j, jb := range jobs {
		jb.runner.cfg.plays = func(n int) bool { return cfg.inSlice(j, n) }
		matches := 0
		for n := 1; n <= rep.PerMap; n++ {
			if cfg.inSlice(j, n) {
				matches++
			}
		}
		total += matches
		clock.add(rep.Pairs[jb.pair].First, rep.Pairs[jb.pair].Second, matches)
	}
	runsBegun := 0
	for j, jb := range jobs {
		runsBegun++
		runStart := time.Now()
		if cfg.Progress != nil {
			done := len(played)
			jb.runner.cfg.Progress = func(p Progress) {
				clock.played(j, p.Done, time.Since(runStart))
				left, notYet := clock.left()
				var names []string
				for _, e := range notYet {
					names = append(names, cfg.Entrants[e].Name)
				}
				cfg.Progress(Progress{Done: done + p.Done, Total: total, Elapsed: time.Since(start), Left: left, NotYet: names})
			}
		}
		res, err := jb.runner.Run(ctx)
		if err != nil {
			return rep, err
		}
		clock.played(j, len(res.Matches), time.Since(runStart))
		for _, mr := range res.Matches {
			played = append(played, RoundRobinMatch{Pair: jb.pair, Map: jb.mapIndex, Number: mr.Number, Outcome: playerOutcome(mr), Style: mr.Style})
		}
		if res.Interrupted {
			rep.Interrupted = true
			break
		}
	}
	rep.ElapsedSeconds = time.Since(start).Seconds()
	rep.tabulate(played, runsBegun)
	if cfg.Shard.N > 0 {
		rep.Slice = cfg.slice(played, runsBegun)
	}
	return rep, nil
}

// tabulate fills the pairs' cells, the standings and the ratings from the
// matches played, given in the order the round robin plays them (pair by
// pair, map by map, by number). Each of the first runsBegun runs of a pair
// on a map, in that order, gets its cell, even one stopped part way or with
// no match in a slice. The whole round robin, a slice and the merge of the
// slices are all tabulated here, so the merge equals the whole to the last
// bit (the style sums are added in the same order).
func (r *RoundRobinReport) tabulate(played []RoundRobinMatch, runsBegun int) {
	perMatch := make([][]PlayStyle, len(r.Entrants)) // each entrant's matches, in the order played
	for job := range runsBegun {
		pr := &r.Pairs[job/len(r.Maps)]
		cell := Cell{Map: r.Maps[job%len(r.Maps)]}
		for _, m := range played {
			if m.Pair != job/len(r.Maps) || m.Map != job%len(r.Maps) {
				continue
			}
			switch m.Outcome {
			case AWins:
				cell.Wins++
			case BWins:
				cell.Losses++
			default:
				cell.Draws++
			}
			perMatch[pr.First] = append(perMatch[pr.First], m.Style[0]) // player 0 is the first entrant (its posse in a balance)
			perMatch[pr.Second] = append(perMatch[pr.Second], m.Style[1])
		}
		cell.finish()
		pr.ByMap = append(pr.ByMap, cell)
	}
	standings := make([]Score, len(r.Entrants))
	for i := range r.Pairs {
		pr := &r.Pairs[i]
		for _, c := range pr.ByMap {
			pr.All.Wins += c.Wins
			pr.All.Draws += c.Draws
			pr.All.Losses += c.Losses
		}
		pr.All.finish()
		standings[pr.First].Wins += pr.All.Wins
		standings[pr.First].Draws += pr.All.Draws
		standings[pr.First].Losses += pr.All.Losses
		standings[pr.Second].Wins += pr.All.Losses
		standings[pr.Second].Draws += pr.All.Draws
		standings[pr.Second].Losses += pr.All.Wins
	}
	for i, s := range standings {
		st := Standing{Entrant: r.Entrants[i], Matches: s.N(), Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, EloFigures: eloFigures(s),
			Style: sumStyles(perMatch[i]), Margins: styleMargins(perMatch[i])}
		if s.N() > 0 {
			st.Score = s.Mean()
			st.DynamitePerMatch = float64(st.Style.Thrown) / float64(s.N())
		}
		if a := st.Style.Activations; a > 0 {
			st.CoverShare = float64(st.Style.InCover) / float64(a)
			st.OutOfSightShare = float64(st.Style.OutOfSight) / float64(a)
			st.MeanNearestEnemy = st.Style.NearestSum / float64(a)
		}
		r.Standings = append(r.Standings, st)
	}
	r.Rate()
}

// Rate fits the ratings (FitRatings) from the pairs. The anchor is the
// first entrant, or in a ladder the first that is not the random player
// (whose rating rests on the prior when it loses every match).
func (r *RoundRobinReport) Rate() {
	anchor := 0
	if r.Kind == "ladder" {
		for i, e := range r.Entrants {
			if e != "random" {
				anchor = i
				break
			}
		}
	}
	if anchor < len(r.Entrants) {
		r.Anchor = r.Entrants[anchor]
		r.Ratings = FitRatings(r.Entrants, r.Pairs, anchor)
	}
}
