package eval

import (
	"fmt"
	"math"
)

// Sample is one position of a simulated match and how the match ended.
type Sample struct {
	Features [][NumFeatures]float64 // per posse (Features)
	Result   []float64              // per posse: 1 for the winner, shares on a draw
}

// Fit fits the weights by maximum likelihood (Newton's method on the
// softmax of the posses' relative features, a conditional logit; with two
// posses, logistic regression on the difference) with a small ridge l2
// that keeps a feature no sample varies at 0. Deterministic: the same
// samples give the same weights.
func Fit(samples []Sample, l2 float64) (Weights, error) {
	var w Weights
	w.Names = FeatureNames
	w.Samples = len(samples)
	if len(samples) == 0 {
		return w, fmt.Errorf("no samples to fit")
	}
	const n = NumFeatures
	for iter := 0; iter < 50; iter++ {
		var grad [n]float64
		var hess [n][n]float64
		for _, s := range samples {
			ps := w.Chances(s.Features)
			var xs [][n]float64
			var mean [n]float64
			for i := range s.Features {
				x := Relative(s.Features, i)
				xs = append(xs, x)
				for k := range x {
					mean[k] += float64(ps[i] * x[k])
				}
			}
			for i, x := range xs {
				for k := range x {
					grad[k] += float64((s.Result[i] - ps[i]) * x[k])
					for l := range x {
						hess[k][l] -= float64(ps[i] * float64(x[k]*x[l]))
					}
				}
			}
			for k := range mean {
				for l := range mean {
					hess[k][l] += float64(mean[k] * mean[l])
				}
			}
		}
		for k := range grad {
			grad[k] -= float64(l2 * w.W[k])
			hess[k][k] -= l2
		}
		step, err := solve(hess, grad)
		if err != nil {
			return w, err
		}
		size := 0.0
		for k := range step {
			w.W[k] -= step[k]
			size = math.Max(size, math.Abs(step[k]))
		}
		if size < 1e-9 {
			break
		}
	}
	return w, nil
}

// solve solves a x = b by Gaussian elimination with partial pivoting.
func solve(a [NumFeatures][NumFeatures]float64, b [NumFeatures]float64) ([NumFeatures]float64, error) {
	const n = NumFeatures
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return b, fmt.Errorf("the features are degenerate (feature %s)", FeatureNames[c])
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= float64(f * a[c][k])
			}
			b[r] -= float64(f * b[c])
		}
	}
	var x [n]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= float64(a[r][k] * x[k])
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}

// LogLoss and Brier score the chances given to samples against their
// results (lower is better).
func (w Weights) LogLoss(samples []Sample) (logLoss, brier float64) {
	for _, s := range samples {
		ps := w.Chances(s.Features)
		for i := range ps {
			brier += float64((ps[i] - s.Result[i]) * (ps[i] - s.Result[i]))
			if s.Result[i] > 0 {
				logLoss -= float64(s.Result[i] * math.Log(math.Max(ps[i], 1e-12)))
			}
		}
	}
	n := float64(len(samples))
	return logLoss / n, brier / n
}
