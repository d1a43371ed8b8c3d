package sim

import (
	"math"
	"testing"

	"cowpoke/game"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// The Wilson interval, worked by hand with z = 1.96 (1.959964):
// 7 of 10: p = 0.7, z²/n = 0.384146, centre = (0.7 + 0.192073) / 1.384146
// = 0.644493, half = 1.959964 / 1.384146 * sqrt(0.021 + 0.009604) = 0.247715,
// so [0.396778, 0.892209] (the textbook table gives 0.3968-0.8922).
// 0 of 10: centre = half = 0.192073 / 1.384146 = 0.138766: [0, 0.277533].
// 581 of 1,000 (the example): [0.550167, 0.611213].
func TestWilsonByHand(t *testing.T) {
	for _, c := range []struct {
		k, n     int
		lo, hi   float64
		whatIsIt string
	}{
		{7, 10, 0.396778, 0.892209, "7 of 10"},
		{0, 10, 0, 0.277533, "0 of 10"},
		{10, 10, 1 - 0.277533, 1, "10 of 10"},
		{581, 1000, 0.550167, 0.611213, "581 of 1,000"},
	} {
		lo, hi := Wilson(c.k, c.n)
		near(t, c.whatIsIt+" low", lo, c.lo, 1e-6)
		near(t, c.whatIsIt+" high", hi, c.hi, 1e-6)
	}
	if lo, hi := Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("no matches: [%v, %v], want [0, 1]", lo, hi)
	}
}

// Elo, worked by hand: a score of 3/4 is odds of 3 to 1, 400 log10 3 =
// 190.849; a score of 0.7 is 400 log10(7/3) = 147.191.
// Its error, for 60 wins, 20 draws, 20 losses: mean 0.7; variance
// (60 * 0.3² + 20 * 0.2² + 20 * 0.7²) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16;
// standard error sqrt(0.16 / 100) = 0.04; the score's interval
// 0.7 ± 1.959964 * 0.04 = [0.621601, 0.778399], in Elo
// -400 log10(1/0.621601 - 1) = 86.225 to 218.252: ± 66.013.
func TestEloByHand(t *testing.T) {
	near(t, "Elo of 0.75", EloOf(0.75), 190.848502, 1e-5)
	near(t, "Elo of 0.7", EloOf(0.7), 147.190714, 1e-5)
	near(t, "score of +190.85", ScoreOf(190.848502), 0.75, 1e-9)
	near(t, "Elo of 0.5", EloOf(0.5), 0, 1e-12)

	s := Score{Wins: 60, Draws: 20, Losses: 20}
	near(t, "mean", s.Mean(), 0.7, 1e-12)
	near(t, "variance", s.Variance(), 0.16, 1e-12)
	e := s.Elo()
	if !e.Defined {
		t.Fatal("Elo undefined for 60/20/20")
	}
	near(t, "Elo", e.Elo, 147.190714, 1e-5)
	near(t, "low", e.Low, 86.225015, 1e-5)
	near(t, "high", e.High, 218.251778, 1e-5)
	near(t, "±", e.PlusMinus, 66.013381, 1e-5)

	// Too few matches: 3 wins and a loss have an Elo (+190.8) but the
	// score's interval 0.75 ± 1.96 * sqrt(0.1875 / 4) = 0.75 ± 0.424 passes 1.
	if e := (Score{Wins: 3, Losses: 1}).Elo(); !e.Defined || e.Bounded || math.Abs(e.Elo-190.848502) > 1e-5 {
		t.Errorf("3-1: %+v, want Elo 190.85 with an unbounded interval", e)
	}
	if !e.Bounded {
		t.Error("60/20/20: interval unbounded")
	}
	// One side winning everything has no finite Elo.
	if e := (Score{Wins: 10}).Elo(); e.Defined {
		t.Errorf("10 wins out of 10: Elo %v defined, want undefined", e.Elo)
	}
	if e := (Score{Losses: 3}).Elo(); e.Defined {
		t.Errorf("3 losses out of 3: Elo %v defined, want undefined", e.Elo)
	}
}

// LOS, worked by hand: 30 wins and 20 losses, (30 - 20) / sqrt(2 * 50) = 1,
// 1/2 (1 + erf 1) = 1/2 (1 + 0.842701) = 0.921350. Draws change nothing;
// equal wins and losses give exactly 1/2.
func TestLOSByHand(t *testing.T) {
	near(t, "LOS 30-20", Score{Wins: 30, Losses: 20}.LOS(), 0.921350, 1e-6)
	near(t, "LOS 30-20 with 40 draws", Score{Wins: 30, Draws: 40, Losses: 20}.LOS(), 0.921350, 1e-6)
	near(t, "LOS 20-30", Score{Wins: 20, Losses: 30}.LOS(), 1-0.921350, 1e-6)
	near(t, "LOS 12-12", Score{Wins: 12, Losses: 12}.LOS(), 0.5, 1e-12)
}

// SPRT, worked by hand for H0: 0 Elo against H1: 20 Elo, α = β = 0.05:
// s0 = 0.5, s1 = 1 / (1 + 10^(-20/400)) = 0.528751; bounds ln(0.05/0.95) =
// -2.944439 and +2.944439. For 60/20/20 (mean 0.7, variance 0.16):
// LLR = 100 * 0.028751 * (1.4 - 0.5 - 0.528751) / (2 * 0.16) = 3.335510,
// past the upper bound: H1. The mirror score (20/20/60) is far below: H0.
func TestSPRTByHand(t *testing.T) {
	tst := DefaultSPRT
	lo, hi := tst.Bounds()
	near(t, "lower bound", lo, -2.944439, 1e-6)
	near(t, "upper bound", hi, 2.944439, 1e-6)
	s := Score{Wins: 60, Draws: 20, Losses: 20}
	near(t, "LLR", tst.LLR(s), 3.335510, 1e-5)
	if v := tst.Verdict(s); v != "H1" {
		t.Errorf("verdict %q, want H1", v)
	}
	if v := tst.Verdict(Score{Wins: 20, Draws: 20, Losses: 60}); v != "H0" {
		t.Errorf("mirror verdict %q, want H0", v)
	}
	// Straight wins: variance 0, held at 1/(4N). Seven wins: 7 * 0.028751 *
	// (2 - 1.028751) / (2 / 28) = 0.201254 * 0.971249 * 14 = 2.736549 (go on);
	// eight: 8 * 0.028751 * 0.971249 * 16 = 3.574268 (H1).
	near(t, "LLR of 7 wins", tst.LLR(Score{Wins: 7}), 2.736549, 1e-5)
	if v := tst.Verdict(Score{Wins: 7}); v != "" {
		t.Errorf("7 straight wins: verdict %q, want none yet", v)
	}
	near(t, "LLR of 8 wins", tst.LLR(Score{Wins: 8}), 3.574268, 1e-5)
	if v := tst.Verdict(Score{Wins: 8}); v != "H1" {
		t.Errorf("8 straight wins: verdict %q, want H1", v)
	}
	if v := tst.Verdict(Score{Wins: 6, Draws: 2, Losses: 5}); v != "" {
		t.Errorf("13 matches near even: verdict %q, want none yet", v)
	}
}

// The Wilson interval covers the true rate about 95% of the time: checked
// by Monte Carlo over binomial draws at several rates.
func TestWilsonCoverage(t *testing.T) {
	rng := uint64(12345)
	next := func() float64 { rng = mix(rng); return float64(rng>>11) / (1 << 53) }
	for _, p := range []float64{0.5, 0.3, 0.1} {
		const trials, n = 4000, 200
		covered := 0
		for range trials {
			k := 0
			for range n {
				if next() < p {
					k++
				}
			}
			if lo, hi := Wilson(k, n); lo <= p && p <= hi {
				covered++
			}
		}
		rate := float64(covered) / trials
		if rate < 0.93 || rate > 0.97 {
			t.Errorf("p = %.1f: the interval covered the truth %.1f%% of the time, want about 95%%", p, 100*rate)
		}
	}
}

func TestHeadlineWording(t *testing.T) {
	for _, c := range []struct {
		score Score
		want  string
	}{
		{Score{Wins: 581, Losses: 419}, "Posse A wins 58.1% (95% CI 55.0-61.1%) of 1,000 matches: +57 Elo ± 22"},
		{Score{Wins: 2, Losses: 2}, "Posse A wins 50.0% (95% CI 15.0-85.0%) of 4 matches: +0 Elo ± 798"},
		{Score{Wins: 3, Losses: 1}, "Posse A wins 75.0% (95% CI 30.1-95.4%) of 4 matches: +191 Elo (too few matches to bound it)"},
		{Score{Wins: 1}, "Posse A wins 100.0% (95% CI 20.7-100.0%) of 1 match: no Elo figure (one side won every match)"},
	} {
		var matches []MatchResult
		for range c.score.Wins {
			matches = append(matches, MatchResult{Outcome: AWins})
		}
		for range c.score.Losses {
			matches = append(matches, MatchResult{Outcome: BWins})
		}
		set := Settings{}
		set.Scenario.Posses = make([]game.PosseSpec, 2)
		if got := (Report{Summary: Summarize(set, matches)}).Headline(); got != c.want {
			t.Errorf("%+v:\n got %s\nwant %s", c.score, got, c.want)
		}
	}
}
