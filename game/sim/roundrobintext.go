package sim

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteText writes a round robin for a person: a balance as win-rate
// matrices (over every map, then map by map), a ladder as standings and an
// Elo matrix.
func (r RoundRobinReport) WriteText(w io.Writer) error {
	var b strings.Builder
	mapsText := fmt.Sprintf("%s (%s)", plural(len(r.Maps), "map", "maps"), strings.Join(r.Maps, ", "))
	perPair := r.PerMap * len(r.Maps)
	if r.Kind == "ladder" {
		fmt.Fprintf(&b, "Strength ladder: %s; each pair played %s on %s, each seed four times (the seats swapped, and the posses %s exchanged between the players), initiative by %s; seed %d.\n",
			strings.Join(r.Entrants, ", "), plural(perPair, "match", "matches"), mapsText, strings.Join(r.Posses, " and "), r.Initiative, r.Seed)
	} else {
		fmt.Fprintf(&b, "Even posses: %s on both sides; each pair played %s on %s, the seats swapped on each seed, initiative by %s; seed %d.\n",
			r.Level, plural(perPair, "match", "matches"), mapsText, r.Initiative, r.Seed)
	}
	if r.Interrupted {
		b.WriteString("Stopped early: the figures are for the matches played.\n")
	}
	if r.Kind == "ladder" {
		r.writeStandings(&b)
		fmt.Fprintf(&b, "\nElo of the row's player over the column's (± half its 95%% interval):\n\n")
		r.writeMatrix(&b, -1, eloCell)
		fmt.Fprintf(&b, "\nThe row's player wins (95%% CI):\n\n")
		r.writeMatrix(&b, -1, func(c Cell) string { return rateCI(c.Wins, c.Matches, c.WinRateCI95) })
	} else {
		fmt.Fprintf(&b, "\nThe row's posse wins (95%% CI) against the column's, over every map:\n\n")
		r.writeMatrix(&b, -1, func(c Cell) string { return rateCI(c.Wins, c.Matches, c.WinRateCI95) })
		for k, name := range r.Maps {
			fmt.Fprintf(&b, "\nOn %s (%s):\n\n", name, plural(r.PerMap, "match", "matches")+" a pair")
			r.writeMatrix(&b, k, func(c Cell) string { return rateCI(c.Wins, c.Matches, c.WinRateCI95) })
		}
	}
	if r.ElapsedSeconds > 0 {
		fmt.Fprintf(&b, "\nPlayed in %.1f s.\n", r.ElapsedSeconds)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeStandings lists the entrants by rating: the rating with its
// interval, then the record against the whole field.
func (r RoundRobinReport) writeStandings(b *strings.Builder) {
	order := make([]int, len(r.Standings))
	for i := range order {
		order[i] = i
	}
	rated := len(r.Ratings) == len(r.Standings)
	sort.SliceStable(order, func(i, j int) bool {
		if rated {
			return r.Ratings[order[i]].Elo > r.Ratings[order[j]].Elo
		}
		return r.Standings[order[i]].Score > r.Standings[order[j]].Score
	})
	width := len("Player")
	for _, s := range r.Standings {
		width = max(width, len(s.Entrant))
	}
	if rated {
		fmt.Fprintf(b, "\nRatings on one Elo scale, %s at 0 (maximum likelihood, one drawn match added to each pair; ± half the 95%% interval of the difference from %s):\n",
			r.Anchor, r.Anchor)
	}
	fmt.Fprintf(b, "\n%-*s  %-16s  %7s  %5s  %s\n", width, "Player", "rating", "matches", "score", "Elo against the field (95% interval)")
	for _, i := range order {
		s := r.Standings[i]
		rating := "-"
		switch {
		case rated && s.Entrant == r.Anchor:
			rating = "0 (anchor)"
		case rated:
			rating = fmt.Sprintf("%s ± %.0f", signed(r.Ratings[i].Elo, 0), r.Ratings[i].PlusMinus)
		}
		fmt.Fprintf(b, "%-*s  %-16s  %7s  %4.1f%%  %s\n", width, s.Entrant, rating, Thousands(s.Matches), 100*s.Score, s.eloSentence())
	}
	fmt.Fprintf(b, "\nHow each played, as its activations ended with an enemy in play (± half the 95%% interval, over matches):\n\n%-*s  %18s  %14s  %14s  %16s\n",
		width, "Player", "dynamite per match", "ended in cover", "out of sight", "nearest enemy")
	for _, i := range order {
		s := r.Standings[i]
		spread := s.Matches >= 2 // the margins are measured over two matches or more
		shares := spread && s.Style.Activations > 0
		fmt.Fprintf(b, "%-*s  %18s  %14s  %14s  %16s\n", width, s.Entrant,
			plusMinus(s.DynamitePerMatch, s.Margins.DynamitePerMatch, spread, 2, ""),
			plusMinus(100*s.CoverShare, 100*s.Margins.CoverShare, shares, 1, "%"),
			plusMinus(100*s.OutOfSightShare, 100*s.Margins.OutOfSightShare, shares, 1, "%"),
			plusMinus(s.MeanNearestEnemy, s.Margins.MeanNearestEnemy, shares, 1, " in"))
	}
}

// writeMatrix writes a square table of the pairs: cell(i, j) from the
// row's view, over every map (mapIndex -1) or on one.
func (r RoundRobinReport) writeMatrix(b *strings.Builder, mapIndex int, text func(Cell) string) {
	n := len(r.Entrants)
	cells := make([][]string, n)
	width := 1
	for i := range cells {
		cells[i] = make([]string, n)
		for j := range cells[i] {
			cells[i][j] = "-"
			if c, ok := r.cell(i, j, mapIndex); ok && c.Matches > 0 {
				cells[i][j] = text(c)
			}
			width = max(width, len(cells[i][j]))
		}
	}
	nameWidth := 0
	for _, e := range r.Entrants {
		nameWidth = max(nameWidth, len(e))
		width = max(width, len(e))
	}
	line := func(name string, texts []string) {
		var l strings.Builder
		fmt.Fprintf(&l, "%-*s", nameWidth, name)
		for _, c := range texts {
			fmt.Fprintf(&l, "  %-*s", width, c)
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	line("", r.Entrants)
	for i, row := range cells {
		line(r.Entrants[i], row)
	}
}

// cell is pair (i, j) from i's view, over every map or on map k.
func (r RoundRobinReport) cell(i, j, k int) (Cell, bool) {
	if k < 0 {
		return r.Pair(i, j)
	}
	for _, p := range r.Pairs {
		if k >= len(p.ByMap) {
			continue
		}
		switch {
		case p.First == i && p.Second == j:
			return p.ByMap[k], true
		case p.First == j && p.Second == i:
			return p.ByMap[k].flipped(), true
		}
	}
	return Cell{}, false
}

// eloCell writes "+120 ± 60", or says why there is no figure.
func eloCell(c Cell) string {
	switch {
	case c.Elo == nil && c.Losses == 0:
		return "won every match"
	case c.Elo == nil:
		return "lost every match"
	case c.EloPlusMinus == nil:
		return signed(*c.Elo, 0) + " (unbounded)"
	}
	return fmt.Sprintf("%s ± %.0f", signed(*c.Elo, 0), *c.EloPlusMinus)
}

// plusMinus writes a figure with its margin ("0.61 ± 0.04", "34.0% ± 1.2%"),
// or the figure alone where the margin was not measured.
func plusMinus(v, margin float64, measured bool, digits int, unit string) string {
	if !measured {
		return fmt.Sprintf("%.*f%s", digits, v, unit)
	}
	return fmt.Sprintf("%.*f%s ± %.*f%s", digits, v, unit, digits, margin, unit)
}
