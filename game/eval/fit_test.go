package eval_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
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
//	COWPOKE_EVAL_FIT=2592 go test -run TestFitWeights -v -timeout 0 ./game/eval/
//	COWPOKE_EVAL_CHECK=2592 go test -run TestCalibration -v -timeout 0 ./game/eval/
//
// The first writes weights.json (seeds 1 on), the second prints the
// calibration table and the Brier scores (seeds 1,000,000 on).

var methods = []string{game.MethodDraw, game.MethodCoin, game.MethodStandoff, game.MethodStacks, game.MethodDeck, game.MethodTokens}

var boards = sync.OnceValues(game.BuiltinBoards)

func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}

var shipped = sync.OnceValues(game.ShippedPosses)

// pairs are the ordered pairs of shipped posses (both seats of each pair,
// no posse against itself): a fit on all of them must tell the posses'
// strength from their features, not from which seat they sit in.
func pairs(tb testing.TB) [][2]game.PosseSpec {
	ps, err := shipped()
	if err != nil {
		tb.Fatal(err)
	}
	var out [][2]game.PosseSpec
	for a := range ps {
		for b := range ps {
			if a != b {
				out = append(out, [2]game.PosseSpec{ps[a], ps[b]})
			}
		}
	}
	return out
}

// playSamples plays match i of a run, normal against normal (the players
// of the estimator's playouts and of the calibration's matches): every
// map, ordered pair of shipped posses and initiative method in turn (36
// matches hold every map and pair, 216 every method too). It
// keeps every fifth position with the match's result.
func playSamples(tb testing.TB, seed uint64, i int) []eval.Sample {
	names := maps.Names()
	all := pairs(tb)
	pair := all[(i/len(names))%len(all)]
	method := methods[(i/(len(names)*len(all)))%len(methods)]
	sc, err := game.PlayersScenario(pair[:], names[i%len(names)], method)
	if err != nil {
		tb.Fatal(err)
	}
	bs, err := boards()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := game.NewMatchOn(sc, bs[sc.Map], seed)
	if err != nil {
		tb.Fatal(err)
	}
	var sides []game.Controller
	for k := range 2 {
		c, err := ai.New("normal", seed*2+uint64(k))
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

// simulate plays n matches from seed base on every core, the positions of
// each match apart. COWPOKE_EVAL_SAMPLES_IN=FILE reads the matches a run
// wrote instead of playing them; COWPOKE_EVAL_SAMPLES=FILE writes each
// match to FILE as it is done (one JSON line: its number and positions),
// so features can be refitted without playing again and a run stopped
// early still tells what it measured. COWPOKE_EVAL_FROM=K plays matches K
// to n-1 only (to add to a file of matches 0 to K-1).
func simulate(tb testing.TB, base uint64, n int) [][]eval.Sample {
	if name := os.Getenv("COWPOKE_EVAL_SAMPLES_IN"); name != "" {
		return readMatches(tb, name)
	}
	var out *os.File
	if name := os.Getenv("COWPOKE_EVAL_SAMPLES"); name != "" {
		var err error
		if out, err = os.Create(name); err != nil {
			tb.Fatal(err)
		}
		defer out.Close()
	}
	per := make([][]eval.Sample, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				ss := playSamples(tb, base+uint64(i), i)
				mu.Lock()
				per[i] = ss
				if out != nil {
					line, err := json.Marshal(matchLine{Match: i, Samples: ss})
					if err != nil {
						tb.Error(err)
					}
					out.Write(append(line, '\n'))
				}
				mu.Unlock()
			}
		}()
	}
	for i := envInt("COWPOKE_EVAL_FROM"); i < n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return per
}

// matchLine is one match of a samples file.
type matchLine struct {
	Match   int           `json:"match"`
	Samples []eval.Sample `json:"samples"`
}

func readMatches(tb testing.TB, name string) [][]eval.Sample {
	data, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	var per [][]eval.Sample
	for k, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ml matchLine
		if err := json.Unmarshal([]byte(line), &ml); err != nil {
			tb.Fatalf("%s: line %d: %v", name, k+1, err)
		}
		for len(per) <= ml.Match {
			per = append(per, nil)
		}
		per[ml.Match] = ml.Samples
	}
	return per
}

func flatten(per [][]eval.Sample) []eval.Sample {
	var out []eval.Sample
	for _, s := range per {
		out = append(out, s...)
	}
	return out
}

// dropped zeroes the features named in COWPOKE_EVAL_DROP (comma
// separated), so a fit leaves their weights at 0: a fit without them on
// the same positions.
func dropped(tb testing.TB, samples []eval.Sample) []eval.Sample {
	names := os.Getenv("COWPOKE_EVAL_DROP")
	if names == "" {
		return samples
	}
	var drop []int
	for _, name := range strings.Split(names, ",") {
		k := slices.Index(eval.FeatureNames[:], name)
		if k < 0 {
			tb.Fatalf("COWPOKE_EVAL_DROP: no feature %q", name)
		}
		drop = append(drop, k)
	}
	out := make([]eval.Sample, len(samples))
	for i, s := range samples {
		fs := slices.Clone(s.Features)
		for p := range fs {
			for _, k := range drop {
				fs[p][k] = 0
			}
		}
		out[i] = eval.Sample{Features: fs, Result: s.Result}
	}
	return out
}

func TestFitWeights(t *testing.T) {
	n := envInt("COWPOKE_EVAL_FIT")
	if n == 0 {
		t.Skip("set COWPOKE_EVAL_FIT to the number of matches to fit on (writes weights.json)")
	}
	per := simulate(t, 1, n)
	samples := dropped(t, flatten(per))
	l2 := 1.0
	if s := os.Getenv("COWPOKE_EVAL_L2"); s != "" {
		// A stronger ridge, to see whether features over-fit the few
		// posses they are fitted on.
		var err error
		if l2, err = strconv.ParseFloat(s, 64); err != nil || l2 < 0 {
			t.Fatalf("COWPOKE_EVAL_L2: %q is not a ridge (a number 0 or more)", s)
		}
	}
	w, err := eval.Fit(samples, l2)
	if err != nil {
		t.Fatal(err)
	}
	// The zone feature was computed, as the matches were played, from
	// the shipped table; the table measured here from these matches'
	// results is what is written. When the two differ by much, fit again
	// on matches played with the new table.
	w.Zones = zoneWorths(per)
	t.Logf("zones measured %v (the features used %v)", w.Zones, eval.Fitted().Zones)
	w.Note = fmt.Sprintf("fitted on %d positions (every fifth) of %d matches, seeds 1-%d: normal against normal, every map, initiative method and ordered pair of shipped posses in turn; l2 %g", len(samples), len(per), len(per), l2)
	ll, br := w.LogLoss(samples)
	t.Logf("weights %v\nlog loss %.4f, Brier %.4f on the fitting positions", w.W, ll, br)
	if name := os.Getenv("COWPOKE_EVAL_CHECK_IN"); name != "" {
		// The check's positions (a samples file of TestCalibration's
		// seeds), to compare fits before shipping one.
		calibrationTable(t, w, readMatches(t, name))
	}
	b, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("weights.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// zoneWorths measures each map's first-seat advantage over matches played
// as playSamples plays them (map i%maps, every ordered pair in both seats):
// the logit of the share of them the first seat won, draws counted half.
func zoneWorths(per [][]eval.Sample) map[string]float64 {
	names := maps.Names()
	won := make([]float64, len(names))
	played := make([]float64, len(names))
	for i, ss := range per {
		if len(ss) == 0 {
			continue
		}
		won[i%len(names)] += ss[0].Result[0]
		played[i%len(names)]++
	}
	out := map[string]float64{}
	for k, name := range names {
		if played[k] > 0 {
			share := won[k] / played[k]
			out[name] = math.Round(1e4*math.Log(share/(1-share))) / 1e4
		}
	}
	return out
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
	per := simulate(t, 1_000_000, n)
	calibrationTable(t, eval.Fitted(), per)
}

// calibrationTable prints the first posse's predicted chance against
// whether it won, by tenths, over all positions and over the default
// posses' (the first pair, seated as a new game seats them), and fails a
// tenth of 50 positions or more that is over 5 points off, or a Brier
// score that does not beat a constant 50%.
func calibrationTable(t *testing.T, w eval.Weights, per [][]eval.Sample) {
	t.Helper()
	var all, first []eval.Sample
	for i, ss := range per {
		all = append(all, ss...)
		if i/len(maps.Names())%len(pairs(t)) == 0 {
			first = append(first, ss...)
		}
	}
	for _, part := range []struct {
		name    string
		samples []eval.Sample
		assert  bool
	}{{"every pair", all, true}, {"the default posses", first, false}} {
		var count, won, predicted [10]float64
		brier, flat := 0.0, 0.0
		for _, s := range part.samples {
			p := w.Chances(s.Features)[0]
			d := min(9, int(p*10))
			count[d]++
			won[d] += s.Result[0]
			predicted[d] += p
			brier += (p - s.Result[0]) * (p - s.Result[0])
			flat += (0.5 - s.Result[0]) * (0.5 - s.Result[0])
		}
		ll, _ := w.LogLoss(part.samples)
		t.Logf("%s: %d positions of %d matches", part.name, len(part.samples), len(per))
		t.Logf("| predicted | positions | mean predicted | won |")
		for d := range count {
			if count[d] == 0 {
				continue
			}
			mp, ob := predicted[d]/count[d], won[d]/count[d]
			t.Logf("| %d-%d%% | %.0f | %.1f%% | %.1f%% |", d*10, d*10+10, count[d], 100*mp, 100*ob)
			if part.assert && count[d] >= 50 && math.Abs(mp-ob) > 0.05 {
				t.Errorf("predicted %d-%d%%: %.1f%% predicted, %.1f%% won over %.0f positions", d*10, d*10+10, 100*mp, 100*ob, count[d])
			}
		}
		nn := float64(len(part.samples))
		t.Logf("Brier %.4f (a constant 50%%: %.4f), log loss %.4f", brier/nn, flat/nn, ll)
		if part.assert && brier >= flat {
			t.Errorf("Brier %.4f does not beat a constant 50%% (%.4f)", brier/nn, flat/nn)
		}
	}
}
