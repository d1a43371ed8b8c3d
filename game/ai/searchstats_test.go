package ai

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/maps"
	"cowpoke/rules"
)

// withVariant applies "key=value;..." to a player's level: a variant of
// the search to measure (TestSearchStats, TestStrength's specs as
// "hard+cands=5;playouts=60"). Keys: cands, playouts, tokplayouts, horizon, within,
// margin, ses, through, replies, luck, mix, habits, blazes, styles, weighted,
// plannerthrows, blasts and blindthrough (0 or 1), slope, salt, foresight,
// verify, blind and blindplayouts (searchBudget); rings, cover, exits,
// exitsfirst (0 or 1), checks, look (the look-ahead's weight; 0: none),
// later (0: the planner before 2026-11-26),
// legstep (0: the way forward's step before 2026-11-27), bag (0: the
// danger under the token stack before 2026-11-27), tempo and blazecost
// (level); and the personality's weights caution, offense,
// dynamite, watch and reload.
func withVariant(tb testing.TB, p *Player, variant string) {
	tb.Helper()
	for _, kv := range strings.Split(variant, ";") {
		k, v, _ := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			tb.Fatalf("variant %q: %s is not a number", variant, kv)
		}
		b := &p.lvl.search
		switch k {
		case "cands":
			b.cands = int(x)
		case "playouts":
			b.playouts = int(x)
		case "tokplayouts":
			b.tokenPlayouts = int(x)
		case "horizon":
			b.horizon = int(x)
		case "within":
			b.within = x
		case "margin":
			b.margin = x
		case "ses":
			b.ses = x
		case "slope":
			b.slope = x
		case "plannerthrows":
			b.plannerThrows = x != 0
		case "blasts":
			b.blasts = x != 0
		case "rings":
			p.lvl.rings = int(x)
		case "cover":
			p.lvl.cover = int(x)
		case "exits":
			p.lvl.exits = int(x)
		case "exitsfirst":
			p.lvl.exitsFirst = x != 0
		case "behind":
			p.lvl.nearSideOnly = x == 0
		case "checks":
			p.lvl.checks = int(x)
		case "salt":
			b.salt = uint64(x)
		case "luck":
			b.luck = x != 0
		case "through":
			b.through = x != 0
		case "later":
			p.lvl.laterNow = x == 0
		case "legstep":
			p.lvl.wholeCostStep = x == 0
		case "bag":
			p.lvl.bagBlind = x == 0
		case "verify":
			b.verify = int(x)
		case "blind":
			b.blind = int(x)
		case "blindplayouts":
			b.blindPlayouts = int(x)
		case "blindthrough":
			b.blindThrough = x != 0
		case "foresight":
			b.foresight = x
		case "weighted":
			b.weighted = x != 0
		case "habits":
			b.habits = x != 0
		case "blazes":
			b.blazes = x != 0
		case "styles":
			b.styles = x != 0
		case "mix":
			b.mix = x != 0
		case "replies":
			b.replies = x != 0
		case "tempo":
			p.lvl.tempo = x
		case "blazecost":
			p.lvl.blazeCost = x
		case "look":
			p.lvl.look = x
		case "caution":
			p.per.caution = x
		case "offense":
			p.per.offense = x
		case "dynamite":
			p.per.dynamite = x
		case "watch":
			p.per.watch = x
		case "reload":
			p.per.reload = x
		default:
			tb.Fatalf("variant %q: unknown key %q", variant, k)
		}
	}
}

// TestSearchStats measures what a searching level's search does on the
// positions of normal-against-normal matches (the same posse on both
// sides, every map): how often it departs from the planner's choice, by
// how much it thinks that gains, how often the decision differs from
// normal's, and the deciding thread's CPU per decision. It runs only when
// COWPOKE_AI_SEARCHSTATS names the number of positions per map (every
// fourth position of each match is decided):
//
//	COWPOKE_AI_SEARCHSTATS=40 COWPOKE_AI_SPEC=hard go test -run TestSearchStats -v ./game/ai/
func TestSearchStats(t *testing.T) {
	per := envInt("COWPOKE_AI_SEARCHSTATS", 0)
	if per == 0 {
		t.Skip("set COWPOKE_AI_SEARCHSTATS to the number of positions per map")
	}
	spec := envStr("COWPOKE_AI_SPEC", "hard")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpus []time.Duration
	searches, switched, differs, decisions, alike := 0, 0, 0, 0, 0
	switchedGain := 0.0
	searchPositions(t, per, func(_ int, _ string, _ int, m *game.Match, d game.Decision) {
		c := controller(t, spec, 1).(*Player)
		c.onSearch = func(s searched) {
			searches++
			if s.alike {
				alike++
			}
			if s.switched() {
				switched++
				switchedGain += s.gain()
			}
		}
		f := m.Fork(rules.NewSeeded(1))
		c0 := threadCPU()
		dh, _ := c.Decide(f)
		cpus = append(cpus, threadCPU()-c0)
		decisions++
		if cmdText(dh.Command) != cmdText(d.Command) {
			differs++
		}
	})
	slices.Sort(cpus)
	q := func(x float64) float64 { return float64(cpus[int(x*float64(len(cpus)-1))].Microseconds()) / 1000 }
	t.Logf("%s: %d decisions, %d searched (%d with every candidate's playouts ending alike), %d switched from the planner's choice (mean gain when switched %.1f points), %d differ from normal; CPU median %.0f ms, p99 %.0f ms",
		spec, decisions, searches, alike, switched, 100*switchedGain/float64(max(1, switched)), differs, q(0.5), q(0.99))
}

// TestSearchTruth checks a search's departures from the planner against
// whole matches: on the positions of TestSearchStats where the searching
// level (COWPOKE_AI_SPEC) replaced the planner's choice, both commands are
// played on to the end of the match COWPOKE_AI_SEARCHTRUTH times each by
// normal on both sides (the same dice for both commands in each playout),
// and it reports how much more often the search's command won, with its
// standard error: a search that picks by an evaluation that misleads it
// departs for the worse.
//
//	COWPOKE_AI_SEARCHSTATS=20 COWPOKE_AI_SEARCHTRUTH=60 COWPOKE_AI_SPEC=hard go test -run TestSearchTruth -v -timeout 0 ./game/ai/
func TestSearchTruth(t *testing.T) {
	per, runs := envInt("COWPOKE_AI_SEARCHSTATS", 0), envInt("COWPOKE_AI_SEARCHTRUTH", 0)
	if per == 0 || runs == 0 {
		t.Skip("set COWPOKE_AI_SEARCHSTATS and COWPOKE_AI_SEARCHTRUTH")
	}
	spec := envStr("COWPOKE_AI_SPEC", "hard")
	var diffs []float64
	claimed := 0.0
	searchPositions(t, per, func(i int, name string, k int, m *game.Match, _ game.Decision) {
		c := controller(t, spec, 1).(*Player)
		var s searched
		c.onSearch = func(x searched) { s = x }
		side := m.Decider()
		dh, _ := c.Decide(m.Fork(rules.NewSeeded(1)))
		if s.switched() {
			planner := s.pool[0].cmd
			sum := 0.0
			for r := range runs {
				seed := uint64(7919*k + 104729*i + r + 1)
				sum += scoreAfter(t, m, dh.Command, side, seed) - scoreAfter(t, m, planner, side, seed)
			}
			diffs = append(diffs, sum/float64(runs))
			claimed += s.gain()
			t.Logf("%s decision %d: search %s over planner %s, claimed %+.1f points, whole matches %+.1f points",
				name, k, cmdText(dh.Command), cmdText(planner), 100*s.gain(), 100*sum/float64(runs))
		}
	})
	if len(diffs) == 0 {
		t.Logf("%s never departed from the planner", spec)
		return
	}
	mean, se := meanSE(diffs) // sides_test.go
	t.Logf("%s: %d departures, claimed gain %.1f points on average, in whole matches %+.1f points (SE %.1f)", spec, len(diffs), 100*claimed/float64(len(diffs)), 100*mean, 100*se)
}

// searchPositions walks the positions TestSearchStats and TestSearchTruth
// ask about: per map, a normal-against-normal match with the same posse on
// both sides (seeds 500 on, the initiative methods in turn), and every
// fourth position up to per of them, given to at with normal's decision
// there (the match then goes on by it).
func searchPositions(t *testing.T, per int, at func(mapIndex int, mapName string, k int, m *game.Match, normal game.Decision)) {
	t.Helper()
	for i, name := range maps.Names() {
		s := setup{Map: name, Initiative: methods[i%len(methods)], Seed: uint64(500 + i), Mirror: true}
		walkNormal(t, s, 4, per, func(k int, m *game.Match, d game.Decision) { at(i, name, k, m, d) })
	}
}

// walkNormal plays a match of s by normal on both sides and gives every
// every-th position, up to limit of them, to at with normal's decision
// there (the match then goes on by it).
func walkNormal(t *testing.T, s setup, every, limit int, at func(k int, m *game.Match, normal game.Decision)) {
	t.Helper()
	m := newMatch(t, s)
	normal := controller(t, "normal", 1)
	for k, kept := 0, 0; kept < limit && !m.Over && k < maxCommands; k++ {
		d, _ := normal.Decide(m)
		if k%every == 0 {
			kept++
			at(k, m, d)
		}
		if _, err := m.ApplyDecision(d); err != nil {
			t.Fatal(err)
		}
	}
}

// scoreAfter plays c on a fork of m with the dice of seed, then normal on
// both sides to the end of the match, and returns side's score there (1 a
// win, 0.5 a draw).
func scoreAfter(t *testing.T, m *game.Match, c game.Command, side int, seed uint64) float64 {
	t.Helper()
	v, err := playToEnd(m, c, side, seed) // oracle_test.go
	if err != nil {
		t.Fatal(err)
	}
	return v
}
