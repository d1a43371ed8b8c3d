package sim

import "math"

// z95 is the two-sided 95% normal quantile.
const z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a proportion: successes out of
// n trials. It stays inside [0, 1] and behaves at 0 and n successes, where
// the plain normal interval does not. n = 0 gives [0, 1].
func Wilson(successes, n int) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(successes) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	denom := 1 + z2/nf
	centre := (p + z2/(2*nf)) / denom
	half := z95 / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// EloOf is the Elo difference that predicts an expected score s (0 < s < 1):
// -400 log10(1/s - 1). It is ±Inf at 0 and 1.
func EloOf(s float64) float64 { return -400 * math.Log10(1/s-1) }

// ScoreOf is the expected score of a side that is elo points stronger.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Score is a win/draw/loss count from one side's view, a draw worth half.
type Score struct{ Wins, Draws, Losses int }

// N is the number of matches counted.
func (s Score) N() int { return s.Wins + s.Draws + s.Losses }

// Mean is the mean score per match (a win 1, a draw 1/2, a loss 0).
func (s Score) Mean() float64 {
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(s.N())
}

// Variance is the per-match variance of the score (the trinomial model).
func (s Score) Variance() float64 {
	m, n := s.Mean(), float64(s.N())
	dw, dd, dl := 1-m, 0.5-m, -m
	return (float64(s.Wins)*float64(dw*dw) + float64(s.Draws)*float64(dd*dd) + float64(s.Losses)*float64(dl*dl)) / n
}

// EloEstimate is an Elo difference with its 95% interval.
type EloEstimate struct {
	Elo       float64 // the point estimate
	Low, High float64 // the 95% interval
	PlusMinus float64 // (High - Low) / 2, the "± 22" of a headline
	Defined   bool    // false when one side won or lost every match (the estimate is infinite)
	// Bounded is false when the interval reaches a score of 0 or 1 (too
	// few matches): Low or High is then infinite.
	Bounded bool
}

// Elo estimates the Elo difference from the score, its interval from the
// normal approximation of the mean score mapped through EloOf (as
// cutechess-cli reports it). Matches are treated as independent; pairs
// with swapped sides are anti-correlated, which makes this interval a
// little wider than it need be, never narrower.
func (s Score) Elo() EloEstimate {
	n := s.N()
	if n == 0 || s.Wins+s.Draws == 0 || s.Losses+s.Draws == 0 {
		return EloEstimate{}
	}
	m := s.Mean()
	se := math.Sqrt(s.Variance() / float64(n))
	lo, hi := m-z95*se, m+z95*se
	e := EloEstimate{Elo: EloOf(m), Defined: true, Low: math.Inf(-1), High: math.Inf(1)}
	if lo > 0 {
		e.Low = EloOf(lo)
	}
	if hi < 1 {
		e.High = EloOf(hi)
	}
	e.PlusMinus = (e.High - e.Low) / 2
	e.Bounded = !math.IsInf(e.PlusMinus, 0)
	return e
}

// LOS is the likelihood of superiority: the probability that the side is
// truly stronger given its wins and losses (draws say nothing), by the
// normal approximation 1/2 (1 + erf((W-L) / sqrt(2(W+L)))).
func (s Score) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// SPRT is a sequential probability ratio test of H0: the Elo difference is
// Elo0 against H1: it is Elo1, stopping at error rates Alpha (accepting H1
// when H0 is true) and Beta (the reverse), as chess engine testers run it.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// DefaultSPRT asks whether posse A is at least 20 Elo better than B (H1)
// or no better at all (H0), with 5% error either way.
var DefaultSPRT = SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}

// Bounds are the log-likelihood ratios at which the test stops:
// ln(Beta/(1-Alpha)) accepts H0, ln((1-Beta)/Alpha) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of H1 against H0 given the score, by the
// generalised SPRT's normal approximation (fishtest's trinomial form):
// N (s1 - s0) (2 mean - s0 - s1) / (2 variance), with s0, s1 the expected
// scores at Elo0 and Elo1. The variance is held at 1/(4N) or more: a run
// of nothing but wins has variance 0, which would make the test either
// never stop or stop at once; the floor stands in for the results not yet
// seen (eight straight wins accept 20 Elo over 0).
func (t SPRT) LLR(s Score) float64 {
	if s.N() == 0 {
		return 0
	}
	v := math.Max(s.Variance(), 1/(4*float64(s.N())))
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	return float64(s.N()) * (s1 - s0) * (2*s.Mean() - s0 - s1) / (2 * v)
}

// Verdict is the test's state for the score: "H1" (accepted), "H0"
// (accepted) or "" (go on).
func (t SPRT) Verdict(s Score) string {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}
