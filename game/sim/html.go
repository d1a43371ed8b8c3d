package sim

import (
	"fmt"
	"html"
	"io"
	"math"
	"sort"
	"strings"
)

// The HTML report is one self-contained file: inline style, charts drawn
// here as SVG, no script and nothing fetched from the network.

// Colours of the two sides (blue and orange: told apart by most
// colour-blind readers too) and of the interval band.
const (
	colourA    = "#1f6fb4"
	colourB    = "#d9731a"
	colourBand = "#9cc3e6"
	colourInk  = "#222"
	colourGrid = "#ddd"
)

// WriteHTML writes the report as one HTML page.
func (r Report) WriteHTML(w io.Writer) error {
	s := r.Summary
	var b strings.Builder
	esc := html.EscapeString
	b.WriteString(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Cowpoke simulation</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;max-width:1100px;margin:24px auto;padding:0 16px;background:#fbf8f2}
h1{font-size:26px;margin:0 0 6px}
h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ccc;padding-bottom:4px}
p.sub{color:#555;margin:4px 0}
table{border-collapse:collapse;font-size:14px}
td,th{padding:3px 10px;text-align:right;border-bottom:1px solid #e4e0d8}
th{background:#efe9dd}
td.l,th.l{text-align:left}
.figs td:first-child{text-align:left;color:#555}
.a{color:` + colourA + `;font-weight:600}.b{color:` + colourB + `;font-weight:600}
svg text{font-family:system-ui,sans-serif}
details{margin-top:8px}
</style></head><body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(r.Headline()))
	sc := r.Settings.Scenario
	fmt.Fprintf(&b, "<p class=\"sub\">%s; on %s, initiative by %s%s; seed %d.</p>\n",
		esc(r.Sides()), esc(r.mapText()), esc(sc.Initiative), esc(optionsText(r)), r.Settings.Seed)
	if r.Interrupted {
		fmt.Fprintf(&b, "<p class=\"sub\">Stopped early: %s of the %s planned were played.</p>\n",
			esc(plural(s.Matches, "match", "matches")), Thousands(r.planned()))
	}

	b.WriteString("<h2>Figures</h2>\n<table class=\"figs\">\n")
	row := func(name, value string) {
		fmt.Fprintf(&b, "<tr><td>%s</td><td class=\"l\">%s</td></tr>\n", esc(name), esc(value))
	}
	row("Posse A won, drew, lost", fmt.Sprintf("%s, %s, %s", Thousands(s.AWins), Thousands(s.Draws), Thousands(s.BWins)))
	row("Elo difference", s.eloSentence())
	row("Likelihood that A is the stronger", fmt.Sprintf("%.1f%%", 100*s.LikelihoodOfSuperiority))
	if s.SPRT != nil {
		row("Sequential test", fmt.Sprintf("log-likelihood ratio %.2f (bounds %.2f and %.2f)", s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper))
	}
	row("Mean game length", fmt.Sprintf("%.1f game turns, %s commands", s.MeanTurns, Thousands(int(math.Round(s.MeanCommands)))))
	if s.FirstPlayerDecided > 0 {
		row("The posse acting first won", fmt.Sprintf("%.1f%% (95%% CI %.1f-%.1f%%) of %s won outright", 100*s.FirstPlayerWinRate,
			100*s.FirstPlayerWinRateCI95[0], 100*s.FirstPlayerWinRateCI95[1], plural(s.FirstPlayerDecided, "match", "matches")))
	}
	row("Illegal commands", Thousands(s.IllegalCommands))
	if r.ElapsedSeconds > 0 {
		row("Time", fmt.Sprintf("%.1f s, %.1f matches per second, %s", r.ElapsedSeconds, r.MatchesPerSecond, plural(r.Workers, "worker", "workers")))
	}
	b.WriteString("</table>\n")
	b.WriteString(r.playersHTML())

	b.WriteString("<h2>Posse A's win rate as the matches came in, with its 95% interval</h2>\n")
	b.WriteString(convergenceSVG(r.MatchResults))
	b.WriteString("<h2>How long the matches lasted</h2>\n")
	b.WriteString(lengthSVG(s.TurnCounts))
	b.WriteString("<h2>Each model: how often it was left standing, and what it did per match</h2>\n")
	b.WriteString(modelsSVG(s.Models))

	b.WriteString("<h2>Every match</h2>\n<p class=\"sub\">Each match replays from its seed: with <code>--save-dir</code> every match is also kept as a save.</p>\n")
	fmt.Fprintf(&b, "<details><summary>%s</summary>\n<table>\n", esc(plural(len(r.MatchResults), "match", "matches")))
	b.WriteString("<tr><th>Match</th><th>Seed</th><th class=\"l\">Seated first</th><th class=\"l\">Acted first</th><th class=\"l\">Result</th><th>Turns</th><th>Commands</th></tr>\n")
	for _, mr := range r.MatchResults {
		fmt.Fprintf(&b, "<tr><td>%d</td><td>%d</td><td class=\"l\">%s</td><td class=\"l\">%s</td><td class=\"l\">%s</td><td>%d</td><td>%d</td></tr>\n",
			mr.Number, mr.Seed, seatText(mr.ASeat), sideText(mr.First), outcomeText(mr.Outcome), mr.Turns, mr.Commands)
	}
	b.WriteString("</table></details>\n</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// playersHTML is the players' table: their results (with each posse
// under --mirror) and how they played.
func (r Report) playersHTML() string {
	if len(r.Players) != 2 {
		return ""
	}
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString("<h2>The players: how each level played</h2>\n<table>\n<tr><th class=\"l\">Player</th><th class=\"l\">Level</th><th>Won (95% CI)</th>")
	if r.Settings.Mirror {
		for _, rec := range r.Players[0].WithPosse {
			fmt.Fprintf(&b, "<th>With %s</th>", esc(rec.Posse))
		}
	}
	b.WriteString("<th>Dynamite per match</th><th>Ended in cover (95% CI)</th><th>Out of sight</th><th>Nearest enemy</th></tr>\n")
	for _, p := range r.Players {
		fmt.Fprintf(&b, "<tr><td class=\"l %s\">%s</td><td class=\"l\">%s</td><td>%s</td>", strings.ToLower(p.Side), p.Side, esc(p.Level),
			rateCI(p.Wins, p.Wins+p.Draws+p.Losses, p.WinRateCI95))
		if r.Settings.Mirror {
			for _, rec := range p.WithPosse {
				fmt.Fprintf(&b, "<td>%s</td>", rateCI(rec.Wins, rec.Matches, rec.WinRateCI95))
			}
		}
		fmt.Fprintf(&b, "<td>%.2f</td><td>%s</td><td>%.1f%%</td><td>%.1f in</td></tr>\n", p.DynamitePerMatch,
			rateCI(p.InCover, p.Activations, p.CoverShareCI95), 100*p.OutOfSightShare, p.MeanNearestEnemy)
	}
	b.WriteString("</table>\n<p class=\"sub\">Measured as each activation ended with an enemy in play: in cover means at least one enemy could see the model and every one that could saw it in cover; the nearest enemy is edge to edge, in inches.</p>\n")
	return b.String()
}

func seatText(aSeat int) string {
	if aSeat == 0 {
		return "A"
	}
	return "B"
}

func sideText(side string) string {
	switch side {
	case AWins:
		return "A"
	case BWins:
		return "B"
	}
	return ""
}

func outcomeText(o string) string {
	switch o {
	case AWins:
		return "A won"
	case BWins:
		return "B won"
	case Unfinished:
		return "unfinished (a draw)"
	}
	return "a draw"
}

// chart is a plot area inside an SVG of the given size, with margins.
type chart struct {
	w, h                     float64
	left, right, top, bottom float64
}

func (c chart) x(f float64) float64 { return c.left + f*(c.w-c.left-c.right) }
func (c chart) y(f float64) float64 { return c.h - c.bottom - f*(c.h-c.top-c.bottom) }

func (c chart) open(b *strings.Builder, label string) {
	fmt.Fprintf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"%s\">\n",
		c.w, c.h, c.w, c.h, html.EscapeString(label))
}

// convergenceSVG plots A's cumulative win rate after each match, in match
// order, inside its Wilson band, against the 50% line.
func convergenceSVG(matches []MatchResult) string {
	c := chart{w: 1000, h: 320, left: 56, right: 20, top: 14, bottom: 42}
	var b strings.Builder
	c.open(&b, "posse A's win rate converging")
	for _, f := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", c.x(0), c.x(1), c.y(f), c.y(f), colourGrid)
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%.0f%%</text>\n", c.x(0)-6, c.y(f)+4, 100*f)
	}
	n := len(matches)
	if n == 0 {
		b.WriteString("</svg>\n")
		return b.String()
	}
	// At most about 500 points: every step-th match, and the last.
	step := max(1, n/500)
	var line, upper, lower []string
	wins := 0
	for i, mr := range matches {
		if mr.Outcome == AWins {
			wins++
		}
		if (i+1)%step != 0 && i != n-1 {
			continue
		}
		k := i + 1
		lo, hi := Wilson(wins, k)
		xf := float64(k) / float64(n)
		line = append(line, fmt.Sprintf("%.1f,%.1f", c.x(xf), c.y(float64(wins)/float64(k))))
		upper = append(upper, fmt.Sprintf("%.1f,%.1f", c.x(xf), c.y(hi)))
		lower = append([]string{fmt.Sprintf("%.1f,%.1f", c.x(xf), c.y(lo))}, lower...)
	}
	fmt.Fprintf(&b, "<polygon points=\"%s %s\" fill=\"%s\" fill-opacity=\"0.55\" stroke=\"none\"/>\n", strings.Join(upper, " "), strings.Join(lower, " "), colourBand)
	fmt.Fprintf(&b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"6 4\"/>\n", c.x(0), c.x(1), c.y(0.5), c.y(0.5), colourInk)
	fmt.Fprintf(&b, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", strings.Join(line, " "), colourA)
	for _, f := range []float64{0, 0.25, 0.5, 0.75, 1} {
		k := int(math.Round(f * float64(n)))
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\">%s</text>", c.x(f), c.y(0)+18, Thousands(k))
	}
	fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\">matches played</text>\n", c.x(0.5), c.h-4)
	b.WriteString("</svg>\n")
	return b.String()
}

// lengthSVG is a bar per game length in turns.
func lengthSVG(counts map[int]int) string {
	c := chart{w: 1000, h: 260, left: 56, right: 20, top: 14, bottom: 42}
	var b strings.Builder
	c.open(&b, "distribution of game length")
	if len(counts) == 0 {
		b.WriteString("</svg>\n")
		return b.String()
	}
	var turns []int
	most := 0
	for t, k := range counts {
		turns = append(turns, t)
		most = max(most, k)
	}
	sort.Ints(turns)
	lo, hi := turns[0], turns[len(turns)-1]
	span := float64(hi - lo + 1)
	for _, f := range []float64{0, 0.5, 1} {
		fmt.Fprintf(&b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", c.x(0), c.x(1), c.y(f), c.y(f), colourGrid)
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%.0f</text>\n", c.x(0)-6, c.y(f)+4, f*float64(most))
	}
	bw := (c.w - c.left - c.right) / span
	for _, t := range turns {
		x := c.x(float64(t-lo) / span)
		top := c.y(float64(counts[t]) / float64(most))
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%d turns: %s</title></rect>\n",
			x+0.5, top, math.Max(bw-1, 0.5), c.y(0)-top, colourA, t, plural(counts[t], "match", "matches"))
	}
	// About ten labels along the axis.
	every := max(1, int(math.Ceil(span/10)))
	for t := lo; t <= hi; t += every {
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\">%d</text>", c.x(float64(t-lo)/span)+bw/2, c.y(0)+18, t)
	}
	fmt.Fprintf(&b, "\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\">game turns (bars: matches)</text>\n", c.x(0.5), c.h-4)
	b.WriteString("</svg>\n")
	return b.String()
}

// modelsSVG is a bar per model: its survival rate, with its removals and
// damage per match written beside it.
func modelsSVG(models []ModelSummary) string {
	const rowH, labelW, barW = 26.0, 260.0, 420.0
	c := chart{w: 1000, h: rowH*float64(len(models)) + 40}
	var b strings.Builder
	c.open(&b, "each model's survival rate")
	fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"14\" font-size=\"12\">left standing at the end</text>", labelW)
	fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"14\" font-size=\"12\">removals and damage dealt per match</text>\n", labelW+barW+70)
	for i, m := range models {
		y := 24 + rowH*float64(i)
		colour := colourA
		if m.Side == "B" {
			colour = colourB
		}
		fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"end\" fill=\"%s\">%s: %s</text>", labelW-10, y+15, colour,
			m.Side, html.EscapeString(m.Name))
		fmt.Fprintf(&b, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"18\" fill=\"%s\"/>", labelW, y+2, barW, colourGrid)
		fmt.Fprintf(&b, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"18\" fill=\"%s\"/>", labelW, y+2, barW*m.SurvivalRate, colour)
		fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"13\">%.1f%%</text>", labelW+barW+8, y+15, 100*m.SurvivalRate)
		fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"13\">%.2f removals, %.2f damage</text>\n", labelW+barW+70, y+15, m.RemovalsPerMatch, m.DamagePerMatch)
	}
	b.WriteString("</svg>\n")
	return b.String()
}
