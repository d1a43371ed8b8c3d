package eval_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/eval"
	"cowpoke/maps"
)

// The weights are fitted on positions of simulated matches and checked on
// positions of other matches (other seeds):
//
//	COWPOKE_EVAL_FIT=600 go test -run TestFitWeights -v -timeout 0 ./game/eval/
//	COWPOKE_EVAL_CHECK=300 go test -run TestCalibration -v -timeout 0 ./game/eval/
//
// The first writes weights.json (seeds 1 on), the second prints the
// calibration table and the Brier scores (seeds 1,000,000 on).

var methods = []string{game.MethodDraw, game.MethodCoin, game.MethodStandoff, game.MethodStacks, game.MethodDeck, game.MethodTokens}

var boards = sync.OnceValues(game.BuiltinBoards)

func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}

// playSamples plays match i of a run (every map and initiative method in
// turn; normal against normal, one match in three easy against normal on
// either side) and keeps every fifth position with the match's result.
func playSamples(tb testing.TB, seed uint64, i int) []eval.Sample {
	sc, err := game.DefaultScenario()
	if err != nil {
		tb.Fatal(err)
	}
	names := maps.Names()
	sc.Map, sc.Initiative = names[i%len(names)], methods[(i/len(names))%len(methods)]
	bs, err := boards()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := game.NewMatchOn(sc, bs[sc.Map], seed)
	if err != nil {
		tb.Fatal(err)
	}
	specs := []string{"normal", "normal"}
	if i%3 == 2 {
		specs[i/3%2] = "easy"
	}
	var sides []game.Controller
	for k, s := range specs {
		c, err := ai.New(s, seed*2+uint64(k))
		if err != nil {
			tb.Fatal(err)
		}
		sides = append(sides, c)
	}
	var fs [][][eval.NumFeatures]float64
	for n := 0; !m.Over && n < 6000; n++ {
		if n%5 == 0 {
			fs = append(fs, eval.Features(m))
		}
		d, ok := sides[m.Decider()].Decide(m)
		if !ok {
			tb.Fatalf("match %d: no decision", i)
		}
		if _, err := m.ApplyDecision(d); err != nil {
			tb.Fatalf("match %d: %v", i, err)
		}
	}
	result := make([]float64, len(m.Posses))
	switch {
	case !m.Over:
		return nil
	case m.Winner >= 0:
		result[m.Winner] = 1
	default:
		for k := range result {
			result[k] = 1 / float64(len(result))
		}
	}
	out := make([]eval.Sample, len(fs))
	for k, f := range fs {
		out[k] = eval.Sample{Features: f, Result: result}
	}
	return out
}

// simulate plays n matches from seed base on every core.
func simulate(tb testing.TB, base uint64, n int) []eval.Sample {
	per := make([][]eval.Sample, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				per[i] = playSamples(tb, base+uint64(i), i)
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	var out []eval.Sample
	for _, s := range per {
		out = append(out, s...)
	}
	return out
}

func TestFitWeights(t *testing.T) {
	n := envInt("COWPOKE_EVAL_FIT")
	if n == 0 {
		t.Skip("set COWPOKE_EVAL_FIT to the number of matches to fit on (writes weights.json)")
	}
	samples := simulate(t, 1, n)
	w, err := eval.Fit(samples, 1)
	if err != nil {
		t.Fatal(err)
	}
	w.Note = fmt.Sprintf("fitted on %d positions (every fifth) of %d matches, seeds 1-%d: normal against normal, one in three easy against normal, the default posses, every map and initiative method in turn; l2 1", len(samples), n, n)
	ll, br := w.LogLoss(samples)
	t.Logf("weights %v\nlog loss %.4f, Brier %.4f on the fitting positions", w.W, ll, br)
	b, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("weights.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCalibration checks the shipped weights on positions of matches they
// were not fitted on: in every tenth of predicted chance holding at least
// 50 positions, the share won is within 5 points of the prediction, and the
// Brier score beats a constant 50%.
func TestCalibration(t *testing.T) {
	n := envInt("COWPOKE_EVAL_CHECK")
	if n == 0 {
		t.Skip("set COWPOKE_EVAL_CHECK to the number of matches to check on")
	}
	samples := simulate(t, 1_000_000, n)
	w := eval.Fitted()
	var count, won [10]float64
	var predicted [10]float64
	brier, flat := 0.0, 0.0
	for _, s := range samples {
		p := w.Chances(s.Features)[0]
		d := min(9, int(p*10))
		count[d]++
		won[d] += s.Result[0]
		predicted[d] += p
		brier += (p - s.Result[0]) * (p - s.Result[0])
		flat += (0.5 - s.Result[0]) * (0.5 - s.Result[0])
	}
	t.Logf("%d positions of %d matches (seeds 1000000 on)", len(samples), n)
	t.Logf("| predicted | positions | mean predicted | won |")
	for d := range count {
		if count[d] == 0 {
			continue
		}
		mp, ob := predicted[d]/count[d], won[d]/count[d]
		t.Logf("| %d-%d%% | %.0f | %.1f%% | %.1f%% |", d*10, d*10+10, count[d], 100*mp, 100*ob)
		if count[d] >= 50 && math.Abs(mp-ob) > 0.05 {
			t.Errorf("predicted %d-%d%%: %.1f%% predicted, %.1f%% won over %.0f positions", d*10, d*10+10, 100*mp, 100*ob, count[d])
		}
	}
	nn := float64(len(samples))
	t.Logf("Brier %.4f (a constant 50%%: %.4f)", brier/nn, flat/nn)
	if brier >= flat {
		t.Errorf("Brier %.4f does not beat a constant 50%% (%.4f)", brier/nn, flat/nn)
	}
}
