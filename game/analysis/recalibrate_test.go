package analysis

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"cowpoke/rules"
)

// The fit of a recalibration of the final chance on positions a
// calibration run wrote (COWPOKE_ANALYSIS_SAMPLES): the logistic of the
// playouts' log-odds, p' = 1/(1+exp(-(a + b*logit(p)))), by maximum
// likelihood, once with the slope alone (a sharpening that works for any
// number of posses: each chance to the power b, normalised) and once with
// an intercept (the first posse's own shift, which belongs to the seat, the
// posses and the map of the positions fitted on, not to the estimate), and
// each one's table of tenths and Brier score. Fit only on the fitting
// seeds' positions (testdata holds those of seeds from 3,000,000), never
// on the check's.
//
//	COWPOKE_ANALYSIS_FIT=testdata/calibration-3000000.csv go test -run TestFitRecalibration -v ./game/analysis/
func TestFitRecalibration(t *testing.T) {
	ss := samplesNamedBy(t, "COWPOKE_ANALYSIS_FIT", "the samples to fit on")
	logit := func(p float64) float64 {
		p = math.Min(1-1e-4, math.Max(1e-4, p))
		return math.Log(p / (1 - p))
	}
	recal := func(a, b float64) func(calSample) float64 {
		return func(s calSample) float64 { return 1 / (1 + math.Exp(-(a + b*logit(s.search)))) }
	}
	nll := func(f func(calSample) float64) float64 {
		sum := 0.0
		for _, s := range ss {
			q := math.Min(1-1e-9, math.Max(1e-9, f(s)))
			sum -= s.result*math.Log(q) + (1-s.result)*math.Log(1-q)
		}
		return sum
	}
	// A grid of a hundredth is fine enough for two parameters.
	bSlope, aInt, bInt := 1.0, 0.0, 1.0
	for b := 0.5; b <= 2.5; b += 0.01 {
		if nll(recal(0, b)) < nll(recal(0, bSlope)) {
			bSlope = b
		}
		for a := -0.5; a <= 0.5; a += 0.01 {
			if nll(recal(a, b)) < nll(recal(aInt, bInt)) {
				aInt, bInt = a, b
			}
		}
	}
	for _, fit := range []struct {
		name string
		f    func(calSample) float64
	}{
		{"as estimated", func(s calSample) float64 { return s.search }},
		{fmt.Sprintf("slope %.2f", bSlope), recal(0, bSlope)},
		{fmt.Sprintf("intercept %+.2f, slope %.2f", aInt, bInt), recal(aInt, bInt)},
	} {
		var b strings.Builder
		for k, d := range deciles(ss, fit.f) {
			if d.n > 0 {
				se := math.Sqrt(math.Max(d.won*(1-d.won), 0.01) / float64(d.n))
				fmt.Fprintf(&b, "\n  %d-%d%%: %d positions, predicted %.1f%%, won %.1f%% (standard error %.1f)", 10*k, 10*k+10, d.n, 100*d.predicted, 100*d.won, 100*se)
			}
		}
		t.Logf("%s on %d positions: Brier %.4f, log loss %.4f%s", fit.name, len(ss), brier(ss, fit.f), nll(fit.f)/float64(len(ss)), b.String())
	}
}

// TestBarPower is how often the calibration bar passes an estimate that is
// exactly right: each position of a samples file (COWPOKE_ANALYSIS_POWER)
// gets a result drawn from its own predicted chance, and the bar
// (decile.offBar) is applied, 2,000 times;
// COWPOKE_ANALYSIS_POWER_COPIES=K repeats every position K times, for the
// power of a run K times as long.
//
//	COWPOKE_ANALYSIS_POWER=testdata/calibration-11000000.csv go test -run TestBarPower -v ./game/analysis/
func TestBarPower(t *testing.T) {
	ss := samplesNamedBy(t, "COWPOKE_ANALYSIS_POWER", "the samples whose predictions to draw from")
	copies, _ := strconv.Atoi(os.Getenv("COWPOKE_ANALYSIS_POWER_COPIES"))
	copies = max(1, copies)
	var drawn []calSample
	for range copies {
		drawn = append(drawn, ss...)
	}
	src := rules.NewSeeded(1)
	const draws = 2000
	passed := 0
	for range draws {
		for i := range drawn {
			drawn[i].result = 0
			if float64(src.Intn(1<<30))/(1<<30) < drawn[i].search {
				drawn[i].result = 1
			}
		}
		ok := true
		for _, d := range deciles(drawn, func(s calSample) float64 { return s.search }) {
			if d.offBar() {
				ok = false
				break
			}
		}
		if ok {
			passed++
		}
	}
	t.Logf("%d positions: an exactly calibrated estimate passes the bar in %.1f%% of %d draws", len(drawn), 100*float64(passed)/draws, draws)
}

// samplesNamedBy reads the samples file the environment variable names
// (what a calibration run wrote), or skips the test when it is unset.
func samplesNamedBy(t *testing.T, variable, what string) []calSample {
	t.Helper()
	name := os.Getenv(variable)
	if name == "" {
		t.Skipf("%s names %s", variable, what)
	}
	ss, err := readSamples(name)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}
