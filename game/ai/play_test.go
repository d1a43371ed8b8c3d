package ai

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// envInt reads a count from the environment, or def.
func envInt(name string, def int) int {
	if s := os.Getenv(name); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return def
}

// boards loads every embedded map once per test binary.
var boards = sync.OnceValues(game.BuiltinBoards)

// setup is one match of a run: map, initiative method, seed, and which
// controller plays which side.
type setup struct {
	Map, Initiative string
	Seed            uint64
	A, B            string // specs: "random", "greedy" (greedy_test.go) or an ai.New spec
	Options         game.Options
	Mirror          bool // the second posse fields the first posse's models
}

var methods = []string{game.MethodDraw, game.MethodCoin, game.MethodStandoff, game.MethodStacks, game.MethodDeck, game.MethodTokens}

// newMatch starts the default posses on a setup's map.
func newMatch(tb testing.TB, s setup) *game.Match {
	tb.Helper()
	sc, err := game.DefaultScenario()
	if err != nil {
		tb.Fatal(err)
	}
	sc.Map, sc.Initiative, sc.Options = s.Map, s.Initiative, s.Options
	if s.Mirror {
		sc.Posses[1].Models = append([]game.ModelSpec(nil), sc.Posses[0].Models...)
	}
	bs, err := boards()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := game.NewMatchOn(sc, bs[s.Map], s.Seed)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func controller(tb testing.TB, spec string, seed uint64) game.Controller {
	switch spec {
	case "random":
		return game.NewRandomPlayer(seed)
	case "greedy":
		return greedy{}
	}
	// "LEVEL/nolook": the level without its look-ahead (Fork) when it
	// chooses whom to activate, to measure what the look-ahead is worth.
	// "LEVEL/quick": the level with a search of 6 playouts over 3
	// candidates a decision, and "LEVEL/nosearch" without its search, for
	// the property tests (make test runs them under the race detector).
	spec, variant, hasVariant := strings.Cut(spec, "+")
	spec, quick := strings.CutSuffix(spec, "/quick")
	spec, nosearch := strings.CutSuffix(spec, "/nosearch")
	spec, nolook := strings.CutSuffix(spec, "/nolook")
	c, err := New(spec, seed)
	if nolook && err == nil {
		c.(*Player).lvl.look = 0
	}
	if quick && err == nil && c.(*Player).lvl.search.playouts > 0 {
		c.(*Player).lvl.search.cands, c.(*Player).lvl.search.playouts = 3, 6
	}
	if nosearch && err == nil {
		c.(*Player).lvl.search = searchBudget{}
	}
	if err != nil {
		tb.Fatal(err)
	}
	if hasVariant {
		withVariant(tb, c.(*Player), variant) // searchstats_test.go
	} else if err == nil {
		// COWPOKE_AI_LEVEL_VARIANT="normal,hard:watch=0.5;reload=1.5":
		// every player of those levels built without a variant of its own
		// plays the variant, so that the sweeps and position tests judge a
		// change to a level before it is made (a measurement knob).
		names, lv, ok := strings.Cut(os.Getenv("COWPOKE_AI_LEVEL_VARIANT"), ":")
		if ok && slices.Contains(strings.Split(names, ","), spec) {
			withVariant(tb, c.(*Player), lv)
		}
	}
	return c
}

// result is how a checked match ended.
type result struct {
	winner   int // posse index, -1 for a draw or no end
	commands int
	throws   [2]int // sticks thrown by each side
	err      error
}

// maxCommands bounds a match: one that has not ended by then counts as a
// failure to end.
const maxCommands = 6000

// playChecked plays a setup to its end, checking after every command that
// the controller's command was legal (Apply refuses nothing) and the
// engine's invariants (game.Invariants); a panic is reported as an error.
func playChecked(tb testing.TB, s setup) (r result) {
	m := newMatch(tb, s)
	sides := []game.Controller{controller(tb, s.A, s.Seed*2+1), controller(tb, s.B, s.Seed*2+2)}
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("panic after %d commands: %v\n%s", r.commands, p, debug.Stack())
		}
	}()
	inv := game.NewInvariants()
	for {
		if err := inv.Check(m); err != nil {
			return result{winner: -1, commands: r.commands, err: fmt.Errorf("after command %d: %v", r.commands, err)}
		}
		if m.Over {
			return result{winner: m.Winner, commands: r.commands, throws: r.throws}
		}
		if r.commands >= maxCommands {
			return result{winner: -1, commands: r.commands, err: fmt.Errorf("no end after %d commands", maxCommands)}
		}
		side := m.Decider()
		d, ok := sides[side].Decide(m)
		if !ok {
			return result{winner: -1, commands: r.commands, err: fmt.Errorf("%s gave no command", m.Posses[side].Name)}
		}
		if _, err := m.ApplyDecision(d); err != nil {
			return result{winner: -1, commands: r.commands, err: fmt.Errorf("command %d %+v was refused: %v", r.commands, d.Command, err)}
		}
		if d.Command.Kind == game.CmdThrow && side < 2 {
			r.throws[side]++
		}
		if side != 0 || s.A != "random" {
			if s := []string{s.A, s.B}[side]; s != "random" && s != "greedy" && d.Why == "" {
				return result{winner: -1, commands: r.commands, err: fmt.Errorf("command %d %s came with no reason", r.commands, d.Command.Kind)}
			}
		}
		r.commands++
	}
}

// playMatch plays m to its end (or maxCommands) with sides, the
// controllers of its posses, calling before(d) ahead of every command
// and after(side, d, evs) once it is applied (either may be nil): the
// loop of the measurements that watch a match as it goes.
func playMatch(tb testing.TB, m *game.Match, sides []game.Controller, before func(d game.Decision), after func(side int, d game.Decision, evs []game.Event)) {
	tb.Helper()
	for c := 0; !m.Over && c < maxCommands; c++ {
		side := m.Decider()
		d, ok := sides[side].Decide(m)
		if !ok {
			tb.Fatalf("%s gave no command", m.Posses[side].Name)
		}
		if before != nil {
			before(d)
		}
		evs, err := m.ApplyDecision(d)
		if err != nil {
			tb.Fatal(err)
		}
		if after != nil {
			after(side, d, evs)
		}
	}
}

// runAll plays setups on every core and returns their results in order.
func runAll(tb testing.TB, setups []setup) []result {
	return runAllThen(tb, setups, nil)
}

// runAllThen is runAll, calling done (if not nil, one call at a time) as
// each match ends.
func runAllThen(tb testing.TB, setups []setup, done func(i int, r result)) []result {
	out := make([]result, len(setups))
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i] = playChecked(tb, setups[i])
				if done != nil {
					mu.Lock()
					done(i, out[i])
					mu.Unlock()
				}
			}
		}()
	}
	for i := range setups {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// TestPropertyComputerMatches plays computer-against-computer matches of
// mixed levels and personalities on every map, on both sides, under every
// initiative method, and checks that no command is refused, nothing panics,
// the engine's invariants hold after every command and every match ends.
// COWPOKE_AI_MATCHES sets how many (200 by default, 24 under the race
// detector; make soak plays 10,000).
func TestPropertyComputerMatches(t *testing.T) {
	// 200 without the race detector (make test's pass without it, the
	// Makefile's NORACE), 24 under it: three of each player, side by side
	// for the detector to watch what they share; make soak plays 10,000.
	n := envInt("COWPOKE_AI_MATCHES", 200)
	if racecheck.Enabled && os.Getenv("COWPOKE_AI_MATCHES") == "" {
		n = 24
	}
	specs := []string{"easy", "normal", "hard/quick", "normal:cautious", "normal:reckless", "easy:dynamiter", "hard:reckless/nosearch", "random"}
	if racecheck.Enabled && os.Getenv("COWPOKE_AI_MATCHES") == "" {
		// Under the race detector (make test) hard plays without its
		// search here: the search runs in the position tests and in
		// TestDecisionIgnoresMatchDice, and 50 matches of it would
		// multiply the package's time.
		specs[2] = "hard/nosearch"
	}
	names := maps.Names()
	var setups []setup
	for i := range n {
		a, b := specs[i%len(specs)], specs[(i/len(specs)+i+1)%len(specs)]
		if a == "random" && b == "random" {
			b = "normal"
		}
		setups = append(setups, setup{Map: names[i%len(names)], Initiative: methods[(i/len(names))%len(methods)], Seed: uint64(i), A: a, B: b})
	}
	// A long run (make soak) says how far it got every 500 matches, so its
	// figures survive a run stopped before the end.
	commands, finished, failed, start := 0, 0, 0, time.Now()
	runAllThen(t, setups, func(i int, r result) {
		commands += r.commands
		finished++
		if r.err != nil {
			failed++
			t.Errorf("match %d %+v: %v", i, setups[i], r.err)
		}
		if finished%500 == 0 && finished < n {
			t.Logf("%d of %d matches, %d commands, %d failed, %s", finished, n, commands, failed, time.Since(start).Round(time.Second))
		}
	})
	t.Logf("%d matches, %d commands, %d failed, %s", n, commands, failed, time.Since(start).Round(time.Second))
}

// TestStrength plays paired matches (sides swapped on the same seed) and
// reports win rates with Wilson 95% intervals. It runs only when
// COWPOKE_AI_STRENGTH names the match count per pairing, e.g.
//
//	COWPOKE_AI_STRENGTH=200 go test -run TestStrength -v -timeout 0 ./game/ai/
//
// COWPOKE_AI_PAIRS picks pairings ("normal-random,hard-normal,normal-easy");
// COWPOKE_AI_FROM=k starts at seed 1000+k (a run of N from 0 and one from
// N/2 together are the first matches of one longer run); COWPOKE_AI_METHODS
// plays only the initiative methods it lists.
func TestStrength(t *testing.T) {
	n := envInt("COWPOKE_AI_STRENGTH", 0)
	if n == 0 {
		t.Skip("set COWPOKE_AI_STRENGTH to the number of matches per pairing")
	}
	pairs := strings.Split(envStr("COWPOKE_AI_PAIRS", "normal-random,hard-normal,normal-easy"), ",")
	// COWPOKE_AI_FROM skips the first seeds: a run from seed index k
	// continues one of fewer matches, so that the two join exactly.
	from := envInt("COWPOKE_AI_FROM", 0)
	// COWPOKE_AI_MIRROR=1: the same posse (the first) on both sides, so
	// that a comparison of players is not one of posses.
	mirror := envInt("COWPOKE_AI_MIRROR", 0) == 1
	// COWPOKE_AI_METHODS=tokens,deck: only these initiative methods, in
	// turn (with one, every map plays it).
	inTurn := methods
	if s := os.Getenv("COWPOKE_AI_METHODS"); s != "" {
		inTurn = strings.Split(s, ",")
	}
	names := maps.Names()
	for _, pair := range pairs {
		x, y, _ := strings.Cut(pair, "-")
		var setups []setup
		for i := from; i < from+n/2; i++ {
			s := setup{Map: names[i%len(names)], Initiative: inTurn[i%len(inTurn)], Seed: uint64(1000 + i), Mirror: mirror}
			a, b := s, s
			a.A, a.B = x, y
			b.A, b.B = y, x
			setups = append(setups, a, b)
		}
		wins, draws, losses, fails := 0, 0, 0, 0
		// By map, by seat (x with the first posse or the second) and by
		// both: a map's deployment zones are not worth the same
		// (game/eval's zone worths), so a seat's score is read against
		// normal's own there (README: "Hard's edge by seat and by map").
		type tally struct{ score, n float64 }
		byMap, bySeat, byMapSeat := map[string]*tally{}, [2]tally{}, map[string]*[2]tally{}
		byMethod := map[string]*tally{} // the initiative methods differ too (README: "The greedy bot by initiative method")
		throws := [2]int{}              // sticks thrown by x, by y
		// Running figures on stderr every 10 matches, so that a run cut
		// short still tells where it stood.
		record := func(i int, r result) {
			xSide := i % 2
			switch {
			case r.err != nil:
				fails++
				t.Errorf("%s match %d %+v: %v", pair, i, setups[i], r.err)
			case r.winner == xSide:
				wins++
			case r.winner < 0:
				draws++
			default:
				losses++
			}
			if r.err == nil {
				throws[0] += r.throws[xSide]
				throws[1] += r.throws[1-xSide]
				pts := 0.0
				switch {
				case r.winner == xSide:
					pts = 1
				case r.winner < 0:
					pts = 0.5
				}
				for _, by := range []struct {
					tallies map[string]*tally
					key     string
				}{{byMap, setups[i].Map}, {byMethod, setups[i].Initiative}} {
					tk := by.tallies[by.key]
					if tk == nil {
						tk = &tally{}
						by.tallies[by.key] = tk
					}
					tk.score += pts
					tk.n++
				}
				bySeat[xSide].score += pts
				bySeat[xSide].n++
				ms := byMapSeat[setups[i].Map]
				if ms == nil {
					ms = &[2]tally{}
					byMapSeat[setups[i].Map] = ms
				}
				ms[xSide].score += pts
				ms[xSide].n++
			}
			if n := wins + draws + losses + fails; n%10 == 0 {
				lo, hi := wilson(float64(wins)+0.5*float64(draws), float64(n-fails))
				var parts []string
				for _, name := range names {
					if tm := byMap[name]; tm != nil {
						parts = append(parts, fmt.Sprintf("%s %.0f/%.0f", name, tm.score, tm.n))
					}
				}
				for seat, ts := range bySeat {
					parts = append(parts, fmt.Sprintf("seat %d %.0f/%.0f", seat+1, ts.score, ts.n))
				}
				fmt.Fprintf(os.Stderr, "%s: %d/%d played: %d wins, %d draws, %d losses, %d failures (95%% CI %.1f-%.1f%%); %s; sticks %d/%d\n",
					pair, n, len(setups), wins, draws, losses, fails, 100*lo, 100*hi, strings.Join(parts, ", "), throws[0], throws[1])
			}
		}
		// COWPOKE_AI_LOG=FILE: every finished match is appended to FILE,
		// and the matches FILE already holds are counted without playing
		// them again, so a run stopped at any point continues exactly.
		todo := setups
		var logged *matchLog
		if path := os.Getenv("COWPOKE_AI_LOG"); path != "" {
			var err error
			if logged, err = openMatchLog(path); err != nil {
				t.Fatal(err)
			}
			defer logged.close()
			todo = nil
			for i, s := range setups {
				if r, ok := logged.result(s); ok {
					record(i, r)
				} else {
					todo = append(todo, s)
				}
			}
			t.Logf("%s: %d of %d matches taken from %s", pair, len(setups)-len(todo), len(setups), path)
			// COWPOKE_AI_LOG_ONLY=1 reports what the log holds and plays
			// nothing (the figures of a run stopped for a deadline).
			if envInt("COWPOKE_AI_LOG_ONLY", 0) == 1 {
				todo = nil
			}
		}
		index := make(map[string]int, len(setups))
		for i, s := range setups {
			index[setupKey(s)] = i
		}
		runAllThen(t, todo, func(j int, r result) {
			if logged != nil {
				if err := logged.add(todo[j], r); err != nil {
					t.Error(err)
				}
			}
			record(index[setupKey(todo[j])], r)
		})
		played := wins + draws + losses
		score := float64(wins) + 0.5*float64(draws)
		lo, hi := wilson(score, float64(played))
		t.Logf("%s: %d matches: %d wins, %d draws, %d losses, %d failures: %s scores %.1f%% (95%% CI %.1f-%.1f%%)",
			pair, played+fails, wins, draws, losses, fails, x, 100*score/float64(played), 100*lo, 100*hi)
		t.Logf("  sticks thrown per match: %s %.2f, %s %.2f", x, float64(throws[0])/float64(played), y, float64(throws[1])/float64(played))
		for _, name := range names {
			if tm := byMap[name]; tm != nil {
				lo, hi := wilson(tm.score, tm.n)
				t.Logf("  on %s: %.1f%% of %.0f (95%% CI %.1f-%.1f%%)", name, 100*tm.score/tm.n, tm.n, 100*lo, 100*hi)
			}
			if ms := byMapSeat[name]; ms != nil {
				for seat, ts := range ms {
					if ts.n > 0 {
						lo, hi := wilson(ts.score, ts.n)
						t.Logf("    in the %s seat: %.1f%% of %.0f (95%% CI %.1f-%.1f%%)", []string{"first", "second"}[seat], 100*ts.score/ts.n, ts.n, 100*lo, 100*hi)
					}
				}
			}
		}
		for _, method := range inTurn {
			if mt := byMethod[method]; mt != nil {
				lo, hi := wilson(mt.score, mt.n)
				t.Logf("  under %s: %.1f%% of %.0f (95%% CI %.1f-%.1f%%)", method, 100*mt.score/mt.n, mt.n, 100*lo, 100*hi)
			}
		}
		for seat, ts := range bySeat {
			if ts.n > 0 {
				lo, hi := wilson(ts.score, ts.n)
				t.Logf("  %s with the %s: %.1f%% of %.0f (95%% CI %.1f-%.1f%%)", x, []string{"first posse", "second posse"}[seat], 100*ts.score/ts.n, ts.n, 100*lo, 100*hi)
			}
		}
	}
}

func envStr(name, def string) string {
	if s := os.Getenv(name); s != "" {
		return s
	}
	return def
}

// wilson is the Wilson score interval at 95% for k successes in n.
func wilson(k, n float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := k / n
	den := 1 + z*z/n
	mid := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return mid - half, mid + half
}
