package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"strings"
	"time"

	"cowpoke/game"
	"cowpoke/game/analysis"
	"cowpoke/game/store"
	"cowpoke/game/words"
)

const reviewUsage = `usage: cowpoke review SAVE [--html FILE] [--per D]
The review of a match: each posse's chance to win before every command (a
graph), the five biggest swings, each told as luck (the dice went far from
their odds: the odds and what came) or a decision (the command played lost
more than 10 points against the best the computer found: both), and per
posse the hits its shots were expected to score against those they scored.
Progress goes to stderr.
  --html FILE  write the review as a web page with the graph (else words)
  --per D      the time to think per position (default 200ms; at most 10s)`

// maxReviewPer bounds --per.
const maxReviewPer = 10 * time.Second

// runReview is `cowpoke review SAVE [--html FILE] [--per D]`.
func runReview(args []string, stdout, stderr io.Writer) int {
	return runParsed(parseReview, args, stdout, stderr)
}

// parseReview reads the arguments of `cowpoke review`.
func parseReview(args []string, stdout, stderr io.Writer) (work, int) {
	fs := newFlags("review")
	htmlFile := fs.String("html", "", "write a web page")
	per := fs.Duration("per", 200*time.Millisecond, "time per position")
	files, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, reviewUsage)
		return nil, exitOK
	}
	fail := func(msg string) (work, int) {
		fmt.Fprintf(stderr, "cowpoke review: %s\n", msg)
		return nil, exitUsage
	}
	switch {
	case err != nil:
		return fail(errText(err))
	case len(files) != 1:
		return fail("give exactly one save file (try cowpoke review -h)")
	case *per <= 0 || *per > maxReviewPer:
		return fail(fmt.Sprintf("--per %s: give a time above 0 and at most %s", *per, maxReviewPer))
	case isSet(fs, "html") && *htmlFile == "":
		return fail("--html needs a file name")
	}
	file, page, p := files[0], *htmlFile, *per
	return func(stdout, stderr io.Writer) int { return review(file, page, p, stdout, stderr) }, exitOK
}

// review is the work of `cowpoke review`.
func review(file, page string, per time.Duration, stdout, stderr io.Writer) int {
	if page != "" {
		if err := store.CheckOutput(page); err != nil {
			fmt.Fprintf(stderr, "cowpoke review: --html: %s\n", errText(err))
			return exitUsage
		}
	}
	m, err := game.LoadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke review: %s\n", errText(err))
		return exitError
	}
	last := -1
	progress := func(done, total int) {
		if tenth := 10 * done / total; tenth != last {
			last = tenth
			fmt.Fprintf(stderr, "cowpoke review: %d of %d positions\n", done, total)
		}
	}
	r, err := analysis.ReviewSave(context.Background(), m.Save(), per, progress)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke review: %s\n", errText(err))
		return exitError
	}
	if page == "" {
		printReview(stdout, m, r)
		return exitOK
	}
	if err := store.WriteFileAtomicPerm(page, []byte(reviewHTML(m, file, r)), 0o644); err != nil {
		fmt.Fprintf(stderr, "cowpoke review: %s\n", errText(err))
		return exitError
	}
	fmt.Fprintf(stdout, "Wrote the review of %s to %s.\n", words.Safe(file), words.Safe(page))
	return exitOK
}

// swingLine is a swing in words.
func swingLine(m *game.Match, s analysis.Swing) string {
	return fmt.Sprintf("Command %d, %s: %s %+.0f points. %s", s.At+1, s.Kind, words.Safe(m.Posses[s.Posse].Name), 100*s.Delta, words.Safe(s.Text))
}

// luckLine is a posse's expected against actual hits in words.
func luckLine(l analysis.PosseLuck) string {
	return fmt.Sprintf("%s: %.1f hits expected, %.0f scored; %.1f enemies expected to fall to its shots, %.0f fell.",
		words.Safe(l.Name), l.ExpectedHits, l.ActualHits, l.ExpectedWounds, l.Wounds)
}

// printReview says the review in words.
func printReview(w io.Writer, m *game.Match, r analysis.Review) {
	fmt.Fprintln(w, replayResult(m).Text)
	fmt.Fprintln(w, "Chances to win, every tenth of the match:")
	step := max(1, len(r.Graph)/10)
	for i := 0; i < len(r.Graph); i += step {
		p := r.Graph[i]
		var parts []string
		for k, x := range p.Win {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", words.Safe(m.Posses[k].Name), 100*x))
		}
		fmt.Fprintf(w, "  after %d %s: %s\n", p.Command, words.Plural(p.Command, "command", "commands"), strings.Join(parts, ", "))
	}
	fmt.Fprintln(w, "The biggest swings:")
	if len(r.Swings) == 0 {
		fmt.Fprintln(w, "  none worth telling")
	}
	for _, s := range r.Swings {
		fmt.Fprintln(w, "  "+swingLine(m, s))
	}
	fmt.Fprintln(w, "Luck with the dice (shots):")
	for _, l := range r.Luck {
		fmt.Fprintln(w, "  "+luckLine(l))
	}
}

// posseColors are the graph's colours by posse.
var posseColors = []string{"#b03a2e", "#2e6db0", "#3a8a3a", "#8a6a1a"}

// reviewHTML is the review as a web page: the graph as inline SVG, the
// swings marked on it and listed, and the luck table.
func reviewHTML(m *game.Match, file string, r analysis.Review) string {
	const w, h, pad = 800.0, 300.0, 40.0
	n := max(1, len(r.Graph)-1)
	x := func(c int) float64 { return pad + float64(c)/float64(n)*w }
	y := func(p float64) float64 { return pad + (1-p)*h }
	var b strings.Builder
	esc := html.EscapeString
	title := "Review of " + words.Safe(file)
	fmt.Fprintf(&b, "<!doctype html>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>body{font-family:sans-serif;max-width:900px;margin:1em auto}td,th{padding:2px 8px;text-align:left}</style>\n", esc(title))
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p>%s</p>\n<h2>Chances to win</h2>\n", esc(title), esc(replayResult(m).Text))
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-size=\"12\">\n", w+2*pad, h+2*pad)
	fmt.Fprintf(&b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"#fafafa\" stroke=\"#999\"/>\n", pad, pad, w, h)
	for _, p := range []float64{0.25, 0.5, 0.75} {
		fmt.Fprintf(&b, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"4\" y=\"%.1f\">%.0f%%</text>\n", pad, pad+w, y(p), y(p), y(p)+4, 100*p)
	}
	for k := range m.Posses {
		var pts []string
		for _, p := range r.Graph {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.Command), y(p.Win[k])))
		}
		fmt.Fprintf(&b, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"><title>%s</title></polyline>\n",
			strings.Join(pts, " "), posseColors[k%len(posseColors)], esc(words.Safe(m.Posses[k].Name)))
		fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"%.0f\" fill=\"%s\">%s</text>\n", pad+8+float64(k)*160, pad-10, posseColors[k%len(posseColors)], esc(words.Safe(m.Posses[k].Name)))
	}
	for i, s := range r.Swings {
		cx, cy := x(s.At+1), y(r.Graph[s.At+1].Win[s.Posse])
		fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"white\" stroke=\"black\"><title>%s</title></circle><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n",
			cx, cy, esc(swingLine(m, s)), cx, cy+4, i+1)
	}
	fmt.Fprintf(&b, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">commands</text>\n</svg>\n", pad+w/2, h+2*pad-8)
	b.WriteString("<h2>The biggest swings</h2>\n<ol>\n")
	for _, s := range r.Swings {
		fmt.Fprintf(&b, "<li><b>%s</b>: %s</li>\n", esc(s.Kind), esc(swingLine(m, s)))
	}
	b.WriteString("</ol>\n<h2>Luck with the dice (shots)</h2>\n<table><tr><th>posse</th><th>hits expected</th><th>hits scored</th><th>falls expected</th><th>enemies fell</th></tr>\n")
	for _, l := range r.Luck {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%.1f</td><td>%.0f</td><td>%.1f</td><td>%.0f</td></tr>\n", esc(words.Safe(l.Name)), l.ExpectedHits, l.ActualHits, l.ExpectedWounds, l.Wounds)
	}
	b.WriteString("</table>\n")
	return b.String()
}
