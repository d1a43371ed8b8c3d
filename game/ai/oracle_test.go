package ai

import (
	"encoding/json"
	"math"
	"os"
	"runtime"
	"sync"
	"testing"

	"cowpoke/game"
	"cowpoke/maps"
	"cowpoke/rules"
)

// TestSearchOracle measures how much a searching level could gain by
// choosing better among the planner's best candidates, and how well its
// playouts tell which is better. On positions of normal-against-normal
// matches (the same posse on both sides, maps and initiative methods in
// turn, seeds COWPOKE_AI_ORACLE_FROM on, every fifth decision), it
// searches with the planner's five best candidates whatever their score
// (hard+within=0) and with hard itself, then plays every candidate on to
// the end of the match COWPOKE_AI_ORACLE_RUNS times by normal on both
// sides (the same dice for every candidate in a run), and writes one JSON
// line a position to COWPOKE_AI_ORACLE_OUT: each candidate's planner
// score, its playouts' mean, whether each search chose it, and its score
// in every whole-match run. A script then asks what picking by whole
// matches, by the playouts' means or by the confidence rule is worth.
//
//	COWPOKE_AI_ORACLE=30 COWPOKE_AI_ORACLE_RUNS=64 COWPOKE_AI_ORACLE_OUT=/tmp/oracle.jsonl go test -run TestSearchOracle -v -timeout 0 ./game/ai/
func TestSearchOracle(t *testing.T) {
	matches, runs := envInt("COWPOKE_AI_ORACLE", 0), envInt("COWPOKE_AI_ORACLE_RUNS", 64)
	out := envStr("COWPOKE_AI_ORACLE_OUT", "")
	if matches == 0 || out == "" {
		t.Skip("set COWPOKE_AI_ORACLE (matches) and COWPOKE_AI_ORACLE_OUT (a file)")
	}
	from := envInt("COWPOKE_AI_ORACLE_FROM", 700)
	every := envInt("COWPOKE_AI_ORACLE_EVERY", 5)
	wide := envStr("COWPOKE_AI_ORACLE_WIDE", "hard+within=0")
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := maps.Names()
	for i := range matches {
		seed := uint64(from + i)
		s := setup{Map: names[i%len(names)], Initiative: methods[i%len(methods)], Seed: seed, Mirror: true}
		walkNormal(t, s, every, maxCommands, func(k int, m *game.Match, _ game.Decision) { // searchstats_test.go
			if line, ok := oracleLine(t, m, wide, runs, seed*100000+uint64(k)); ok {
				line["map"], line["method"], line["seed"], line["k"] = s.Map, s.Initiative, seed, k
				b, _ := json.Marshal(line)
				if _, err := f.Write(append(b, '\n')); err != nil {
					t.Fatal(err)
				}
			}
		})
		t.Logf("match %d of %d (%s, %s, seed %d) done", i+1, matches, s.Map, s.Initiative, seed)
	}
}

// oracleLine searches m with the wide spec and with hard, and plays every
// wide candidate on to the end of the match runs times; false when the
// wide search had nothing to choose between.
func oracleLine(t *testing.T, m *game.Match, wide string, runs int, base uint64) (map[string]any, bool) {
	t.Helper()
	var ws, hs searched
	w := controller(t, wide, 1).(*Player)
	w.onSearch = func(x searched) { ws = x }
	w.Decide(m.Fork(rules.NewSeeded(1)))
	if len(ws.pool) < 2 {
		return nil, false
	}
	h := controller(t, "hard", 1).(*Player)
	h.onSearch = func(x searched) { hs = x }
	hd, _ := h.Decide(m.Fork(rules.NewSeeded(1)))
	side := m.Decider()
	type job struct{ c, r int }
	scores := make([][]float64, len(ws.pool))
	for c := range scores {
		scores[c] = make([]float64, runs)
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				v, err := playToEnd(m, ws.pool[j.c].cmd, side, base+uint64(j.r)*7919)
				mu.Lock()
				scores[j.c][j.r] = v
				if err != nil && firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	for c := range ws.pool {
		for r := range runs {
			jobs <- job{c, r}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	var cands []map[string]any
	for c, x := range ws.pool {
		inHard, hardMean := false, 0.0
		for _, y := range hs.pool {
			if cmdText(y.cmd) == cmdText(x.cmd) {
				inHard, hardMean = true, y.mean
			}
		}
		hardChose := cmdText(hd.Command) == cmdText(x.cmd)
		vals := make([]any, len(x.values)) // JSON has no NaN: a round not played is null
		for r, v := range x.values {
			if math.IsNaN(v) {
				vals[r] = nil
			} else {
				vals[r] = v
			}
		}
		cands = append(cands, map[string]any{
			"cmd": cmdText(x.cmd), "planner": x.planner, "mean": x.mean, "values": vals,
			"chosen": x.chosen, "in_hard": inHard, "hard_mean": hardMean, "hard_chose": hardChose,
			"truth": scores[c],
		})
	}
	return map[string]any{"side": side, "cands": cands, "alike": ws.alike}, true
}

// playToEnd plays c on a fork of m with the dice of seed, then normal on
// both sides to the end of the match, and returns side's score there (1 a
// win, 0.5 a draw). Safe to call from several goroutines.
func playToEnd(m *game.Match, c game.Command, side int, seed uint64) (float64, error) {
	f := m.Fork(rules.NewSeeded(seed))
	if _, err := f.Apply(c); err != nil {
		return 0, err
	}
	a, err := New("normal", seed)
	if err != nil {
		return 0, err
	}
	b, err := New("normal", seed+1)
	if err != nil {
		return 0, err
	}
	if _, err := game.PlayOut(f, []game.Controller{a, b}, maxCommands); err != nil {
		return 0, err
	}
	switch f.Winner {
	case side:
		return 1, nil
	case -1:
		return 0.5, nil
	}
	return 0, nil
}
