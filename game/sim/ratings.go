package sim

import "math"

// Ratings put every entrant of a round robin on one Elo scale: the
// maximum-likelihood Bradley-Terry (Elo) ratings given every pair's score
// (a draw counts half), as BayesElo and Ordo compute them. Two choices,
// both theirs:
//
//   - A prior of one drawn match between every pair played, so that an
//     entrant that won or lost every match still gets a finite rating (it
//     pulls ratings a little towards each other: with 24 matches a pair,
//     a pair that went 24-0 reads as 24.5 of 25, +676 Elo, not infinity).
//   - One entrant, the anchor, is held at 0; every interval is the 95%
//     interval of the entrant's difference from the anchor (from the
//     inverse of the likelihood's curvature, the normal approximation).
type Rating struct {
	Entrant string  `json:"entrant"`
	Elo     float64 `json:"elo"`
	// PlusMinus is half the 95% interval of Elo - (the anchor's, 0); 0 for
	// the anchor.
	PlusMinus float64 `json:"plus_minus"`
}

// ratingPrior is the drawn matches added to every pair.
const ratingPrior = 1

// eloK turns Elo into the natural logistic scale: p = 1/(1+exp(-k d)).
var eloK = math.Ln10 / 400

// FitRatings fits the ratings of n entrants from pairs (First, Second and
// All read; ByMap ignored), anchor held at 0.
func FitRatings(names []string, pairs []PairResult, anchor int) []Rating {
	n := len(names)
	r := make([]float64, n)
	var hess [][]float64
	for iter := 0; iter < 200; iter++ {
		grad := make([]float64, n)
		hess = make([][]float64, n)
		for i := range hess {
			hess[i] = make([]float64, n)
		}
		for _, p := range pairs {
			i, j := p.First, p.Second
			games := float64(p.All.Matches + ratingPrior)
			score := float64(p.All.Wins) + 0.5*float64(p.All.Draws) + 0.5*ratingPrior
			e := 1 / (1 + math.Exp(-eloK*(r[i]-r[j])))
			g := eloK * (score - games*e)
			grad[i] += g
			grad[j] -= g
			w := eloK * eloK * games * e * (1 - e)
			hess[i][i] += w
			hess[j][j] += w
			hess[i][j] -= w
			hess[j][i] -= w
		}
		step := solve(dropAnchor(hess, anchor), dropAnchorVec(grad, anchor))
		if step == nil {
			break // the anchor is not connected to everyone: no single scale
		}
		biggest := 0.0
		for k, i := 0, 0; i < n; i++ {
			if i == anchor {
				continue
			}
			d := max(-400, min(400, step[k])) // a Newton step on a flat likelihood can be huge
			r[i] += d
			biggest = max(biggest, math.Abs(d))
			k++
		}
		if biggest < 1e-9 {
			break
		}
	}
	out := make([]Rating, n)
	cov := invert(dropAnchor(hess, anchor))
	for k, i := 0, 0; i < n; i++ {
		out[i] = Rating{Entrant: names[i], Elo: r[i]}
		if i == anchor {
			continue
		}
		if cov != nil {
			out[i].PlusMinus = z95 * math.Sqrt(cov[k][k])
		}
		k++
	}
	return out
}

// dropAnchor is the matrix without the anchor's row and column (the
// information about the differences from the anchor).
func dropAnchor(m [][]float64, anchor int) [][]float64 {
	var out [][]float64
	for i, row := range m {
		if i == anchor {
			continue
		}
		var r []float64
		for j, x := range row {
			if j != anchor {
				r = append(r, x)
			}
		}
		out = append(out, r)
	}
	return out
}

func dropAnchorVec(v []float64, anchor int) []float64 {
	var out []float64
	for i, x := range v {
		if i != anchor {
			out = append(out, x)
		}
	}
	return out
}

// solve returns x with a x = b by Gauss-Jordan elimination with partial
// pivoting, or nil when a is singular.
func solve(a [][]float64, b []float64) []float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	if !eliminate(m) {
		return nil
	}
	x := make([]float64, n)
	for i := range m {
		x[i] = m[i][n]
	}
	return x
}

// invert returns a's inverse, or nil when it is singular.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), make([]float64, n)...)
		m[i][n+i] = 1
	}
	if !eliminate(m) {
		return nil
	}
	for i := range m {
		m[i] = m[i][n:]
	}
	return m
}

// eliminate reduces the augmented matrix m (n rows) to [I | ...].
func eliminate(m [][]float64) bool {
	n := len(m)
	for c := 0; c < n; c++ {
		pivot := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[pivot][c]) {
				pivot = r
			}
		}
		if math.Abs(m[pivot][c]) < 1e-15 {
			return false
		}
		m[c], m[pivot] = m[pivot], m[c]
		div := m[c][c]
		for k := range m[c] {
			m[c][k] /= div
		}
		for r := 0; r < n; r++ {
			if r == c || m[r][c] == 0 {
				continue
			}
			f := m[r][c]
			for k := range m[r] {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	return true
}
