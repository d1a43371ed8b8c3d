package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"

	"cowpoke/game"
)

// Settings say what a run played: two runs can be merged only when their
// settings agree apart from the shard.
type Settings struct {
	Scenario     game.Scenario `json:"scenario"`
	MapName      string        `json:"map_name"` // the map's own name ("Dry Gulch")
	A            string        `json:"a_ai"`
	B            string        `json:"b_ai"`
	Matches      int           `json:"matches_planned"`
	Seed         uint64        `json:"seed"`
	Mirror       bool          `json:"mirror,omitempty"`
	Position     string        `json:"position,omitempty"` // state hash of the position every match continued
	SPRT         *SPRT         `json:"sprt,omitempty"`
	CommandLimit int           `json:"command_limit"`
	Shard        string        `json:"shard,omitempty"`
}

func (r *Runner) settings() Settings {
	s := Settings{Scenario: r.scenarios[0], MapName: r.board.Name, A: r.cfg.A, B: r.cfg.B, Matches: r.cfg.Matches, Seed: r.cfg.Seed, Mirror: r.cfg.Mirror,
		SPRT: r.cfg.SPRT, CommandLimit: r.limit, Shard: r.cfg.Shard.String()}
	if r.cfg.Position != nil {
		s.Position = r.cfg.Position.StateHash()
	}
	return s
}

// key is the settings without the shard, as canonical JSON.
func (s Settings) key() string {
	s.Shard = ""
	b, _ := json.Marshal(s)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ModelSummary is one model's figures over a run.
type ModelSummary struct {
	Side         string  `json:"side"` // "A" or "B"
	Posse        string  `json:"posse"`
	Name         string  `json:"name"`
	SurvivalRate float64 `json:"survival_rate"`
	Removals     int     `json:"removals"`
	Damage       int     `json:"damage"`
	// Per match, for comparing runs of different lengths.
	RemovalsPerMatch float64 `json:"removals_per_match"`
	DamagePerMatch   float64 `json:"damage_per_match"`
}

// Summary is every figure of a run.
type Summary struct {
	Matches      int        `json:"matches"`
	AWins        int        `json:"a_wins"`
	BWins        int        `json:"b_wins"`
	Draws        int        `json:"draws"`      // unfinished matches included
	Unfinished   int        `json:"unfinished"` // stopped at the command limit
	AWinRate     float64    `json:"a_win_rate"`
	AWinRateCI95 [2]float64 `json:"a_win_rate_ci95"`
	AScore       float64    `json:"a_score"` // a draw counts half
	EloFigures
	LikelihoodOfSuperiority float64     `json:"likelihood_of_superiority"`
	MeanTurns               float64     `json:"mean_turns"`
	MeanCommands            float64     `json:"mean_commands"`
	TurnCounts              map[int]int `json:"turn_counts"` // game length distribution: turns -> matches
	IllegalCommands         int         `json:"illegal_commands"`
	// First-player advantage: of the decided matches, how often the
	// posse that acted first in game turn 1 won.
	FirstPlayerDecided     int            `json:"first_player_decided"`
	FirstPlayerWins        int            `json:"first_player_wins"`
	FirstPlayerWinRate     float64        `json:"first_player_win_rate"`
	FirstPlayerWinRateCI95 [2]float64     `json:"first_player_win_rate_ci95"`
	Models                 []ModelSummary `json:"models"`
	SPRT                   *SPRTSummary   `json:"sprt_result,omitempty"`
	// MeanPoints is posse A's and B's mean victory points a match when the
	// scenario has objectives; nil without.
	MeanPoints []float64 `json:"mean_points,omitempty"`
	// WinsWithPoints counts posse A's and B's wins in which the winner
	// scored victory points (an objective done, not only kills); nil
	// without objectives.
	WinsWithPoints []int `json:"wins_with_points,omitempty"`
	// Players are the two levels' figures, --a-ai's first: their results
	// (under --mirror each played both posses) and their style.
	Players []PlayerSummary `json:"players"`
}

// EloFigures are an Elo difference with its interval. Elo is nil (null)
// when one side won every match; EloCI95 and EloPlusMinus are nil when
// the interval is unbounded (too few matches).
type EloFigures struct {
	Elo          *float64    `json:"elo"`
	EloCI95      *[2]float64 `json:"elo_ci95"`
	EloPlusMinus *float64    `json:"elo_plus_minus"`
}

func eloFigures(score Score) EloFigures {
	var f EloFigures
	if e := score.Elo(); e.Defined {
		f.Elo = &e.Elo
		if e.Bounded {
			f.EloPlusMinus = &e.PlusMinus
			f.EloCI95 = &[2]float64{e.Low, e.High}
		}
	}
	return f
}

// PlayerSummary is one player's figures over a run: a player is a side's
// level (--a-ai or --b-ai), whichever posse it played.
type PlayerSummary struct {
	Side        string     `json:"side"` // "A" (--a-ai) or "B" (--b-ai)
	Level       string     `json:"level"`
	Wins        int        `json:"wins"`
	Draws       int        `json:"draws"`
	Losses      int        `json:"losses"`
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	Score       float64    `json:"score"` // a draw counts half
	// Elo is this player's advantage over the other, with its interval.
	EloFigures
	// With each posse: [0] posse A, [1] posse B (under --mirror each
	// player has both).
	WithPosse [2]PosseRecord `json:"with_posse"`
	// Style, per match and per activation.
	DynamitePerMatch float64 `json:"dynamite_per_match"`
	Activations      int     `json:"activations"`
	InCover          int     `json:"in_cover"`
	// CoverShare: of the activations, the share ending in cover from every
	// enemy that could see the model (at least one could).
	CoverShare     float64    `json:"cover_share"`
	CoverShareCI95 [2]float64 `json:"cover_share_ci95"`
	// OutOfSightShare: the share ending out of every enemy's sight.
	OutOfSightShare float64 `json:"out_of_sight_share"`
	// MeanNearestEnemy: inches, edge to edge, from the model to the
	// nearest enemy in play as its activation ended.
	MeanNearestEnemy float64 `json:"mean_nearest_enemy"`
}

// PosseRecord is a player's results with one posse.
type PosseRecord struct {
	Posse       string     `json:"posse"`
	Matches     int        `json:"matches"`
	Wins        int        `json:"wins"`
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
}

// SPRTSummary is the state of the sequential test at the end of a run.
type SPRTSummary struct {
	LLR     float64 `json:"llr"`
	Lower   float64 `json:"lower_bound"`
	Upper   float64 `json:"upper_bound"`
	Verdict string  `json:"verdict"` // "H0", "H1" or "" (undecided)
}

func (s *Score) add(outcome string) {
	switch outcome {
	case AWins:
		s.Wins++
	case BWins:
		s.Losses++
	default:
		s.Draws++
	}
}

// Summarize computes a run's figures from its matches.
func Summarize(set Settings, matches []MatchResult) Summary {
	sum := Summary{Matches: len(matches), TurnCounts: map[int]int{}}
	var score Score
	turns, commands := 0, 0
	for _, mr := range matches {
		score.add(mr.Outcome)
		switch mr.Outcome {
		case AWins:
			sum.AWins++
		case BWins:
			sum.BWins++
		case Unfinished:
			sum.Unfinished++
			sum.Draws++
		default:
			sum.Draws++
		}
		turns += mr.Turns
		commands += mr.Commands
		if mr.Points != nil {
			if sum.MeanPoints == nil {
				sum.MeanPoints = make([]float64, 2)
			}
			for i, p := range mr.Points {
				sum.MeanPoints[i] += float64(p) / float64(len(matches))
			}
			if sum.WinsWithPoints == nil {
				sum.WinsWithPoints = make([]int, 2)
			}
			if w := map[string]int{AWins: 0, BWins: 1}; (mr.Outcome == AWins || mr.Outcome == BWins) && mr.Points[w[mr.Outcome]] > 0 {
				sum.WinsWithPoints[w[mr.Outcome]]++
			}
		}
		sum.TurnCounts[mr.Turns]++
		sum.IllegalCommands += mr.Illegal
		if (mr.Outcome == AWins || mr.Outcome == BWins) && mr.First != "" {
			sum.FirstPlayerDecided++
			if mr.First == mr.Outcome {
				sum.FirstPlayerWins++
			}
		}
	}
	if n := len(matches); n > 0 {
		sum.AWinRate = float64(sum.AWins) / float64(n)
		sum.AScore = score.Mean()
		sum.MeanTurns = float64(turns) / float64(n)
		sum.MeanCommands = float64(commands) / float64(n)
	}
	lo, hi := Wilson(sum.AWins, sum.Matches)
	sum.AWinRateCI95 = [2]float64{lo, hi}
	sum.EloFigures = eloFigures(score)
	sum.LikelihoodOfSuperiority = score.LOS()
	if sum.FirstPlayerDecided > 0 {
		sum.FirstPlayerWinRate = float64(sum.FirstPlayerWins) / float64(sum.FirstPlayerDecided)
	}
	lo, hi = Wilson(sum.FirstPlayerWins, sum.FirstPlayerDecided)
	sum.FirstPlayerWinRateCI95 = [2]float64{lo, hi}
	sum.Models = modelSummaries(set.Scenario, matches)
	sum.Players = playerSummaries(set, matches)
	if set.SPRT != nil {
		lo, hi := set.SPRT.Bounds()
		var players Score // player A's: posse A's unless --mirror exchanged them
		for _, mr := range matches {
			players.add(playerOutcome(mr))
		}
		sum.SPRT = &SPRTSummary{LLR: set.SPRT.LLR(players), Lower: lo, Upper: hi, Verdict: set.SPRT.Verdict(players)}
	}
	return sum
}

func modelSummaries(s game.Scenario, matches []MatchResult) []ModelSummary {
	var out []ModelSummary
	for side, p := range s.Posses[:2] {
		for _, md := range p.Models {
			out = append(out, ModelSummary{Side: string(rune('A' + side)), Posse: p.Name, Name: md.Name})
		}
	}
	n := float64(len(matches))
	for i := range out {
		survived := 0
		for _, mr := range matches {
			if i >= len(mr.Survived) {
				continue
			}
			if mr.Survived[i] {
				survived++
			}
			out[i].Damage += mr.Damage[i]
			out[i].Removals += mr.Removals[i]
		}
		if n > 0 {
			out[i].SurvivalRate = float64(survived) / n
			out[i].RemovalsPerMatch = float64(out[i].Removals) / n
			out[i].DamagePerMatch = float64(out[i].Damage) / n
		}
	}
	return out
}

// playerOutcome is a match's result for player 0 (--a-ai's level): the
// outcome is posse A's, and under --mirror player 0 sometimes had posse B.
func playerOutcome(mr MatchResult) string {
	if !mr.Swapped {
		return mr.Outcome
	}
	switch mr.Outcome {
	case AWins:
		return BWins
	case BWins:
		return AWins
	}
	return mr.Outcome
}

func playerSummaries(set Settings, matches []MatchResult) []PlayerSummary {
	out := []PlayerSummary{{Side: "A", Level: set.A}, {Side: "B", Level: set.B}}
	var scores [2]Score
	var styles [2]PlayStyle
	var with [2][2]struct{ matches, wins int } // [player][posse]
	for _, mr := range matches {
		o := playerOutcome(mr)
		scores[0].add(o)
		posse := 0
		if mr.Swapped {
			posse = 1
		}
		with[0][posse].matches++
		with[1][1-posse].matches++
		switch o {
		case AWins:
			scores[1].Losses++
			with[0][posse].wins++
		case BWins:
			scores[1].Wins++
			with[1][1-posse].wins++
		default:
			scores[1].Draws++
		}
		for p := range styles {
			styles[p].add(mr.Style[p])
		}
	}
	posses := set.Scenario.Posses
	for p := range out {
		ps := &out[p]
		sc, st := scores[p], styles[p]
		ps.Wins, ps.Draws, ps.Losses = sc.Wins, sc.Draws, sc.Losses
		lo, hi := Wilson(sc.Wins, sc.N())
		ps.WinRateCI95 = [2]float64{lo, hi}
		ps.EloFigures = eloFigures(sc)
		for posse, w := range with[p] {
			rec := PosseRecord{Matches: w.matches, Wins: w.wins}
			if posse < len(posses) {
				rec.Posse = posses[posse].Name
			}
			if w.matches > 0 {
				rec.WinRate = float64(w.wins) / float64(w.matches)
			}
			lo, hi := Wilson(w.wins, w.matches)
			rec.WinRateCI95 = [2]float64{lo, hi}
			ps.WithPosse[posse] = rec
		}
		ps.Activations, ps.InCover = st.Activations, st.InCover
		lo, hi = Wilson(st.InCover, st.Activations)
		ps.CoverShareCI95 = [2]float64{lo, hi}
		if n := sc.N(); n > 0 {
			ps.WinRate = float64(sc.Wins) / float64(n)
			ps.Score = sc.Mean()
			ps.DynamitePerMatch = float64(st.Thrown) / float64(n)
		}
		if st.Activations > 0 {
			ps.CoverShare = float64(st.InCover) / float64(st.Activations)
			ps.OutOfSightShare = float64(st.OutOfSight) / float64(st.Activations)
			ps.MeanNearestEnemy = st.NearestSum / float64(st.Activations)
		}
	}
	return out
}

// Report is what `cowpoke sim --json` prints: the settings, every figure,
// the timing, and each match (so shards can be merged exactly).
type Report struct {
	Settings Settings `json:"settings"`
	Summary
	Interrupted      bool          `json:"interrupted,omitempty"`
	SPRTStopped      string        `json:"sprt_stopped,omitempty"`
	Workers          int           `json:"workers"`
	ElapsedSeconds   float64       `json:"elapsed_seconds"`
	MatchesPerSecond float64       `json:"matches_per_second"`
	MatchResults     []MatchResult `json:"match_results"`
}

// TimingKeys are the JSON keys that change from one run to the next of
// the same settings.
var TimingKeys = []string{"workers", "elapsed_seconds", "matches_per_second"}

// NewReport summarises a run.
func NewReport(r *Result) Report {
	rep := Report{Settings: r.Settings, Summary: Summarize(r.Settings, r.Matches), Interrupted: r.Interrupted,
		SPRTStopped: r.SPRTVerdict, Workers: r.Workers, ElapsedSeconds: r.Elapsed.Seconds(), MatchResults: r.Matches}
	if s := r.Elapsed.Seconds(); s > 0 {
		rep.MatchesPerSecond = float64(len(r.Matches)) / s
	}
	return rep
}

// ParseReport reads a report written by --json; name is used in errors.
func ParseReport(name string, data []byte) (Report, error) {
	var rep Report
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&rep); err != nil {
		return rep, fmt.Errorf("%s: not a report of cowpoke sim --json (%v)", name, err)
	}
	if len(rep.Settings.Scenario.Posses) != 2 || rep.Settings.Matches < 1 {
		return rep, fmt.Errorf("%s: not a report of cowpoke sim --json (no settings)", name)
	}
	if len(rep.MatchResults) != rep.Matches {
		return rep, fmt.Errorf("%s: lists %d matches but counts %d: the file was cut short or edited", name, len(rep.MatchResults), rep.Matches)
	}
	return rep, nil
}

// Merge joins the reports of one run's shards (or of interrupted runs of
// the same settings) into one, exactly as if it had been played at once.
// names are the files' names, for errors.
func Merge(names []string, reports []Report) (Report, error) {
	if len(reports) == 0 {
		return Report{}, errors.New("nothing to merge")
	}
	first := reports[0]
	out := Report{Settings: first.Settings}
	out.Settings.Shard = ""
	seen := map[int]string{}
	var elapsed float64
	for i, rep := range reports {
		if rep.Settings.key() != first.Settings.key() {
			return Report{}, fmt.Errorf("%s and %s were run with different settings (%s): they cannot be merged",
				names[0], names[i], settingsDiff(first.Settings, rep.Settings))
		}
		if rep.SPRTStopped != "" || rep.Settings.SPRT != nil {
			return Report{}, fmt.Errorf("%s: a sequential test (SPRT) run cannot be merged", names[i])
		}
		for _, mr := range rep.MatchResults {
			if other, dup := seen[mr.Number]; dup {
				return Report{}, fmt.Errorf("%s and %s both hold match %d: the same shard twice?", other, names[i], mr.Number)
			}
			seen[mr.Number] = names[i]
			out.MatchResults = append(out.MatchResults, mr)
		}
		out.Interrupted = out.Interrupted || rep.Interrupted
		out.Workers += rep.Workers
		elapsed = max(elapsed, rep.ElapsedSeconds)
	}
	sort.Slice(out.MatchResults, func(i, j int) bool { return out.MatchResults[i].Number < out.MatchResults[j].Number })
	out.Summary = Summarize(out.Settings, out.MatchResults)
	out.ElapsedSeconds = elapsed
	if elapsed > 0 {
		out.MatchesPerSecond = float64(len(out.MatchResults)) / elapsed
	}
	return out, nil
}

// settingsDiff names the first setting two runs disagree on.
func settingsDiff(a, b Settings) string {
	switch {
	case a.Seed != b.Seed:
		return fmt.Sprintf("seed %d and %d", a.Seed, b.Seed)
	case a.Mirror != b.Mirror:
		return "--mirror in one and not the other"
	case a.Matches != b.Matches:
		return fmt.Sprintf("-n %d and %d", a.Matches, b.Matches)
	case a.A != b.A:
		return fmt.Sprintf("posse A's level %s and %s", a.A, b.A)
	case a.B != b.B:
		return fmt.Sprintf("posse B's level %s and %s", a.B, b.B)
	case a.Scenario.Map != b.Scenario.Map:
		return fmt.Sprintf("map %s and %s", a.Scenario.Map, b.Scenario.Map)
	case a.Scenario.Initiative != b.Scenario.Initiative:
		return fmt.Sprintf("initiative %s and %s", a.Scenario.Initiative, b.Scenario.Initiative)
	case !reflect.DeepEqual(a.Scenario.Options, b.Scenario.Options):
		return "optional rules"
	}
	return "scenario or posses"
}
