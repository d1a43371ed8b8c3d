package sim

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
)

// shortScenario is the default town with a turn limit: real matches of the
// real engine, a few dozen commands each, for tests that need many.
func shortScenario(t testing.TB, turns int) game.Scenario {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.TurnLimit = turns
	return s
}

func mustRun(t testing.TB, cfg Config) *Result {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Results are the same whatever the number of workers: each match's seed
// comes from the run's seed and its number, and results are kept by number.
func TestSameResultsWhateverWorkers(t *testing.T) {
	cfg := Config{Scenario: shortScenario(t, 4), A: "random", B: "random", Matches: 12, Seed: 7}
	var first *Result
	for _, w := range []int{1, 2, 3} {
		cfg.Workers = w
		res := mustRun(t, cfg)
		if len(res.Matches) != 12 || res.Interrupted {
			t.Fatalf("workers %d: %d matches, interrupted %v", w, len(res.Matches), res.Interrupted)
		}
		if first == nil {
			first = res
			continue
		}
		if !reflect.DeepEqual(res.Matches, first.Matches) {
			t.Errorf("workers %d gave other matches than workers 1", w)
		}
		if !reflect.DeepEqual(Summarize(res.Settings, res.Matches), Summarize(first.Settings, first.Matches)) {
			t.Errorf("workers %d gave another summary than workers 1", w)
		}
	}
	// Another seed gives other matches.
	cfg.Seed = 8
	if other := mustRun(t, cfg); reflect.DeepEqual(other.Matches, first.Matches) {
		t.Error("seed 8 played the same matches as seed 7")
	}
}

// Matches come in pairs on one seed with the sides swapped: the saves show
// posse B seated first in the second match of each pair, and they load
// (state hash checked) as ordinary saves.
func TestPairsSwapSidesOnOneSeed(t *testing.T) {
	dir := t.TempDir()
	s := shortScenario(t, 2)
	res := mustRun(t, Config{Scenario: s, A: "random", B: "random", Matches: 5, Seed: 3, Workers: 2, SaveDir: dir})
	m := res.Matches
	if m[0].Seed != m[1].Seed || m[2].Seed != m[3].Seed || m[0].Seed == m[2].Seed || m[4].Seed == m[2].Seed {
		t.Fatalf("seeds %d %d %d %d %d: want pairs sharing one seed", m[0].Seed, m[1].Seed, m[2].Seed, m[3].Seed, m[4].Seed)
	}
	for i, mr := range m {
		if mr.ASeat != i%2 {
			t.Errorf("match %d: posse A seated %d, want %d", mr.Number, mr.ASeat, i%2)
		}
		saved, err := game.LoadFile(filepath.Join(dir, SaveName(mr.Number)))
		if err != nil {
			t.Fatal(err)
		}
		if saved.Seed != mr.Seed {
			t.Errorf("match %d: save's seed %d, want %d", mr.Number, saved.Seed, mr.Seed)
		}
		if got, want := saved.Posses[mr.ASeat].Name, s.Posses[0].Name; got != want {
			t.Errorf("match %d: seat %d holds %s, want posse A (%s)", mr.Number, mr.ASeat, got, want)
		}
		if len(saved.Commands()) != mr.Commands || saved.Turn != mr.Turns {
			t.Errorf("match %d: save has %d commands and turn %d, the result says %d and %d", mr.Number,
				len(saved.Commands()), saved.Turn, mr.Commands, mr.Turns)
		}
	}
}

// Shards of a run, merged, are exactly the run played at once.
func TestShardsMergeExactly(t *testing.T) {
	cfg := Config{Scenario: shortScenario(t, 3), A: "random", B: "random", Matches: 11, Seed: 5, Workers: 2}
	whole := NewReport(mustRun(t, cfg))
	var names []string
	var parts []Report
	seen := 0
	for i := 1; i <= 3; i++ {
		cfg.Shard = Shard{I: i, N: 3}
		rep := NewReport(mustRun(t, cfg))
		seen += len(rep.MatchResults)
		for _, mr := range rep.MatchResults {
			if (mr.Number-1)/2%3 != i-1 {
				t.Errorf("shard %d/3 played match %d, of pair %d", i, mr.Number, (mr.Number-1)/2)
			}
		}
		names = append(names, "shard"+strconv.Itoa(i))
		parts = append(parts, rep)
	}
	if seen != 11 {
		t.Fatalf("the shards played %d matches, want 11", seen)
	}
	merged, err := Merge(names, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.MatchResults, whole.MatchResults) || !reflect.DeepEqual(merged.Summary, whole.Summary) {
		t.Error("the merged shards differ from the whole run")
	}
	if !reflect.DeepEqual(merged.Settings, whole.Settings) {
		t.Errorf("merged settings %+v, want %+v", merged.Settings, whole.Settings)
	}

	if _, err := Merge([]string{"a", "a again"}, []Report{parts[0], parts[0]}); err == nil {
		t.Error("merging a shard with itself was accepted")
	}
	cfg.Shard, cfg.Seed = Shard{I: 2, N: 3}, 6
	otherSeed := NewReport(mustRun(t, cfg))
	if _, err := Merge([]string{"seed 5", "seed 6"}, []Report{parts[0], otherSeed}); err == nil {
		t.Error("merging runs of different seeds was accepted")
	}
}

// strays is posse B for lopsided runs: one greenhorn with a derringer.
func strays(s game.Scenario) game.Scenario {
	s.Posses[1] = game.PosseSpec{Name: "Strays", Models: []game.ModelSpec{{Name: "Dutch", Tier: "greenhorn", Weapons: []string{"derringer"}}}}
	return s
}

// The SPRT stops a lopsided run early, at the same match whatever the
// number of workers, and reports the verdict.
func TestSPRTStopsEarlyTheSameWay(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Scenario: strays(s), A: "random", B: "random", Matches: 200, Seed: 2, SPRT: &DefaultSPRT}
	var first *Result
	for _, w := range []int{1, 2} {
		cfg.Workers = w
		res := mustRun(t, cfg)
		if res.SPRTVerdict != "H1" || res.Interrupted {
			t.Fatalf("workers %d: verdict %q, interrupted %v; want H1", w, res.SPRTVerdict, res.Interrupted)
		}
		if n := len(res.Matches); n >= 50 {
			t.Fatalf("workers %d: %d matches before the test decided, want a few", w, n)
		}
		for i, mr := range res.Matches {
			if mr.Number != i+1 {
				t.Fatalf("workers %d: match %d at place %d: the matches kept are not the first ones", w, mr.Number, i)
			}
		}
		if sum := Summarize(res.Settings, res.Matches); sum.SPRT == nil || sum.SPRT.Verdict != "H1" {
			t.Errorf("workers %d: summary's test %+v, want H1", w, sum.SPRT)
		}
		if first != nil && !reflect.DeepEqual(res.Matches, first.Matches) {
			t.Errorf("workers %d stopped elsewhere than workers 1 (%d and %d matches)", w, len(res.Matches), len(first.Matches))
		}
		first = res
	}
	cfg.Shard = Shard{1, 2}
	if _, err := New(cfg); err == nil {
		t.Error("an SPRT run was split into shards")
	}
}

// A cancelled run stops and returns what it played.
func TestCancelReportsWhatWasPlayed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Scenario: shortScenario(t, 3), A: "random", B: "random", Matches: 1000, Seed: 1, Workers: 2}
	cfg.Progress = func(p Progress) {
		if p.Done >= 5 {
			cancel()
		}
	}
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Matches) < 5 || len(res.Matches) > 20 {
		t.Fatalf("interrupted %v with %d matches; want interrupted after about 5", res.Interrupted, len(res.Matches))
	}
	for _, mr := range res.Matches {
		if mr.Outcome == "" || mr.Commands == 0 {
			t.Errorf("match %d kept half-played: %+v", mr.Number, mr)
		}
	}
}

// The per-model figures agree with the match: a model survived exactly
// when it is still in play, removals credited never exceed the enemies
// removed, and nearly every removal is credited to someone.
func TestModelFiguresAgreeWithTheMatch(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	removed, credited := 0, 0
	for seed := uint64(1); seed <= 4; seed++ {
		m, err := game.NewMatchOn(s, b, seed)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.PlayOut(m, game.Sides(2, game.NewRandomPlayer(seed)), 0); err != nil {
			t.Fatal(err)
		}
		var mr MatchResult
		tallyModels(m, 0, &mr)
		for side := range 2 {
			fallen, removals, damage := 0, 0, 0
			for _, id := range m.Posses[side].Models {
				place := id
				if mr.Survived[place] == m.Models[id].Removed() {
					t.Errorf("seed %d: %s survived %v but removed %v", seed, m.Models[id].Name, mr.Survived[place], m.Models[id].Removed())
				}
				removals += mr.Removals[place]
				damage += mr.Damage[place]
			}
			for _, id := range m.Posses[1-side].Models {
				if m.Models[id].Removed() {
					fallen++
				}
			}
			if removals > fallen {
				t.Errorf("seed %d: posse %d credited with %d removals, but only %d enemies fell", seed, side, removals, fallen)
			}
			if fallen > 0 && damage == 0 {
				t.Errorf("seed %d: %d enemies of posse %d fell to no damage", seed, fallen, side)
			}
			removed += fallen
			credited += removals
		}
	}
	if credited < removed*9/10 {
		t.Errorf("%d of %d removals credited to a model; want nearly all", credited, removed)
	}
}

// A run can continue a match in play: every match starts from the
// position (its commands first, the position itself untouched).
func TestRunFromAPosition(t *testing.T) {
	pos, err := game.LoadFile("../testdata/golden/town-mid-overwatch.json")
	if err != nil {
		t.Fatal(err)
	}
	hash, before := pos.StateHash(), pos.Commands()
	res := mustRun(t, Config{Position: pos, A: "random", B: "random", Matches: 4, Seed: 1, Workers: 2})
	if pos.StateHash() != hash {
		t.Fatal("the run changed the position it started from")
	}
	distinct := map[int]bool{}
	for _, mr := range res.Matches {
		if mr.ASeat != 0 || mr.Commands <= len(before) || mr.Outcome == Unfinished {
			t.Errorf("match %d: seat %d, %d commands, %s; want seat 0, more than the position's %d, finished",
				mr.Number, mr.ASeat, mr.Commands, mr.Outcome, len(before))
		}
		distinct[mr.Commands] = true
	}
	if len(distinct) < 2 {
		t.Error("every match from the position played the same number of commands: the players did not vary")
	}
	if res.Settings.Position != hash {
		t.Errorf("settings name position %q, want %q", res.Settings.Position, hash)
	}
}

func TestLevels(t *testing.T) {
	for _, ok := range []string{"random", "easy", "normal", "hard", "normal:cautious", "hard:reckless", "easy:dynamiter"} {
		if err := CheckLevel(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "medium", "Normal", "random:reckless", "hard:bold", "hard:"} {
		if err := CheckLevel(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	players := WithRandom(nil)
	if _, err := players("normal", 1); !errors.Is(err, ErrNoComputerOpponent) {
		t.Errorf("normal without a computer opponent: %v, want ErrNoComputerOpponent", err)
	}
	if p, err := players("random", 1); err != nil || p == nil {
		t.Errorf("random: %v", err)
	}
	asked := ""
	players = WithRandom(func(spec string, seed uint64) (game.Controller, error) {
		asked = spec
		return game.NewRandomPlayer(seed), nil
	})
	if _, err := players("hard:reckless", 1); err != nil || asked != "hard:reckless" {
		t.Errorf("hard:reckless went to the computer as %q (%v)", asked, err)
	}
	s := shortScenario(t, 1)
	if _, err := New(Config{Scenario: s, A: "random", B: "normal", Matches: 2}); !errors.Is(err, ErrNoComputerOpponent) {
		t.Errorf("a run with B at normal: %v, want ErrNoComputerOpponent", err)
	}
	if _, err := New(Config{Scenario: s, A: "random", B: "random", Matches: 0}); err == nil {
		t.Error("a run of 0 matches was accepted")
	}
}

func TestParseShard(t *testing.T) {
	for text, want := range map[string]Shard{"1/1": {1, 1}, "2/4": {2, 4}, "4/4": {4, 4}} {
		if got, err := ParseShard(text); err != nil || got != want {
			t.Errorf("%s: %v %v", text, got, err)
		}
	}
	for _, bad := range []string{"", "0/4", "5/4", "1/0", "a/b", "1/2/3", "2", "-1/2", "1/2x"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A/A: the same posse and player on both sides. Over 2,000 full random
// matches the win rate's interval must contain 50%; make test plays fewer
// (COWPOKE_SIM_AA_MATCHES sets how many; see the README for the full run).
func TestAAContainsEven(t *testing.T) {
	n := 60
	if racecheck.Enabled {
		n = 16
	}
	if v := os.Getenv("COWPOKE_SIM_AA_MATCHES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			t.Fatal(err)
		}
	}
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Posses[1] = s.Posses[0]
	res := mustRun(t, Config{Scenario: s, A: "random", B: "random", Matches: n, Seed: 2026})
	sum := Summarize(res.Settings, res.Matches)
	mirrored := 0
	for i := 0; i+1 < len(res.Matches); i += 2 {
		if res.Matches[i].Commands == res.Matches[i+1].Commands && res.Matches[i].Outcome != res.Matches[i+1].Outcome {
			mirrored++
		}
	}
	if mirrored == len(res.Matches)/2 {
		t.Fatal("every pair is one match and its mirror: the A/A run would be 50% by construction")
	}
	// A's win rate counts draws as not won; draws are rare, but the test
	// that must hold whatever their number is on the decided matches.
	lo, hi := Wilson(sum.AWins, sum.AWins+sum.BWins)
	t.Logf("A/A over %d matches: A wins %d, B wins %d, draws %d; A's win rate %.3f [%.3f, %.3f]; of decided matches [%.3f, %.3f]",
		n, sum.AWins, sum.BWins, sum.Draws, sum.AWinRate, sum.AWinRateCI95[0], sum.AWinRateCI95[1], lo, hi)
	if lo > 0.5 || hi < 0.5 {
		t.Errorf("A/A: A's share of the decided matches [%.3f, %.3f] excludes 50%%", lo, hi)
	}
	if sum.Draws == 0 && (sum.AWinRateCI95[0] > 0.5 || sum.AWinRateCI95[1] < 0.5) {
		t.Errorf("A/A: A's win rate interval [%.3f, %.3f] excludes 50%%", sum.AWinRateCI95[0], sum.AWinRateCI95[1])
	}
	if sum.Elo != nil && (sum.EloCI95[0] > 0 || sum.EloCI95[1] < 0) {
		t.Errorf("A/A: Elo interval [%.1f, %.1f] excludes 0", sum.EloCI95[0], sum.EloCI95[1])
	}
}

// Under the seeds' methods, which name models one at a time, the first to
// act is the posse of the first activation: every match won outright has
// its first player (it had none before: the figure was empty).
func TestFirstPlayerUnderModelMethods(t *testing.T) {
	for _, method := range []string{game.MethodStacks, game.MethodDeck, game.MethodTokens} {
		s := shortScenario(t, 3)
		s.Initiative = method
		res := mustRun(t, Config{Scenario: s, A: "random", B: "random", Matches: 4, Seed: 9, Workers: 2})
		for _, mr := range res.Matches {
			if mr.First != AWins && mr.First != BWins {
				t.Errorf("%s: match %d has no first player (%q)", method, mr.Number, mr.First)
			}
		}
	}
}

// Luck spent (round effects, R41) is counted per model: the random player
// declares tokens under rules edition 3, and the tally is the match's own
// count of tokens spent.
func TestLuckSpentCountedR41(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.Initiative, s.Options.RoundEffects = game.MethodDraw, true
	b, err := s.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for seed := uint64(1); seed <= 4; seed++ {
		m, err := game.NewMatchOn(s, b, seed)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.PlayOut(m, game.Sides(2, game.NewRandomPlayer(seed)), 0); err != nil {
			t.Fatal(err)
		}
		var mr MatchResult
		tallyModels(m, 0, &mr)
		want := map[int]int{}
		for _, e := range m.Events() {
			if e.Kind == game.EvLuck {
				want[e.Model]++
			}
		}
		for _, md := range m.Models {
			if got := mr.Luck[md.ID]; got != want[md.ID] {
				t.Errorf("seed %d: %s spent %d tokens, tallied %d", seed, md.Name, want[md.ID], got)
			}
			total += mr.Luck[md.ID]
		}
	}
	if total == 0 {
		t.Error("no Luck was spent in four matches: the count is not exercised")
	}
}
