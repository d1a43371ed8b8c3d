package sim

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"cowpoke/game/words"
)

// Headline is the one-line answer: "Posse A wins 58.1% (95% CI
// 55.0-61.2%) of 1,000 matches: +57 Elo ± 22". Under --mirror, where
// each player played both posses, the answer is about the players:
// "Player A (normal) wins 55.0% (...) of 400 matches: ...".
func (r Report) Headline() string {
	if r.Settings.Mirror && len(r.Players) == 2 {
		p := r.Players[0]
		return rateLine(fmt.Sprintf("Player A (%s)", p.Level), p.Wins, r.Matches, p.WinRateCI95, p.EloFigures)
	}
	return r.posseHeadline()
}

// posseHeadline is the answer about posse A.
func (r Report) posseHeadline() string {
	s := r.Summary
	return rateLine("Posse A", s.AWins, s.Matches, s.AWinRateCI95, s.EloFigures)
}

// rateLine writes "WHO wins 58.1% (95% CI 55.0-61.2%) of 1,000 matches:
// +57 Elo ± 22".
func rateLine(who string, wins, n int, ci [2]float64, elo EloFigures) string {
	rate := 0.0
	if n > 0 {
		rate = float64(wins) / float64(n)
	}
	line := fmt.Sprintf("%s wins %.1f%% (95%% CI %.1f-%.1f%%) of %s", who, 100*rate,
		100*ci[0], 100*ci[1], plural(n, "match", "matches"))
	switch {
	case elo.Elo == nil:
		return line + ": no Elo figure (one side won every match)"
	case elo.EloPlusMinus == nil:
		return line + fmt.Sprintf(": %s Elo (too few matches to bound it)", signed(*elo.Elo, 0))
	}
	return line + fmt.Sprintf(": %s Elo ± %.0f", signed(*elo.Elo, 0), *elo.EloPlusMinus)
}

// signed writes x with its sign and the given decimals, never "-0".
func signed(x float64, decimals int) string {
	text := fmt.Sprintf("%+.*f", decimals, x)
	if strings.Trim(text, "+-0.") == "" {
		return "+" + strings.TrimLeft(text, "+-")
	}
	return text
}

// eloSentence describes the Elo estimate: "+92.5 ± 31.6 (95% interval +62
// to +125)".
func (s EloFigures) eloSentence() string {
	switch {
	case s.Elo == nil:
		return "not measurable, one side won every match"
	case s.EloPlusMinus == nil:
		return signed(*s.Elo, 1) + ", too few matches to bound it"
	}
	return fmt.Sprintf("%s ± %.1f (95%% interval %s to %s)", signed(*s.Elo, 1), *s.EloPlusMinus, eloText(s.EloCI95[0]), eloText(s.EloCI95[1]))
}

// plural writes "1 match" and "1,000 matches".
func plural(n int, one, many string) string {
	return Thousands(n) + " " + words.Plural(n, one, many)
}

// Thousands writes 1234567 as "1,234,567".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Sides names the posses and their players: "Posse A is Lawmen (random),
// posse B is Desperados (random)".
func (r Report) Sides() string {
	p := r.Settings.Scenario.Posses
	if r.Settings.Mirror {
		return fmt.Sprintf("Player A is %s and player B %s, each with posse A (%s) and posse B (%s) in turn", r.Settings.A, r.Settings.B, p[0].Name, p[1].Name)
	}
	return fmt.Sprintf("Posse A is %s (%s), posse B is %s (%s)", p[0].Name, r.Settings.A, p[1].Name, r.Settings.B)
}

// WriteText writes the report for a person: the answer first.
func (r Report) WriteText(w io.Writer) error {
	s := r.Summary
	var b strings.Builder
	fmt.Fprintln(&b, r.Headline())
	sc := r.Settings.Scenario
	fmt.Fprintf(&b, "%s; on %s, initiative by %s%s; seed %d.\n", r.Sides(), r.mapText(), sc.Initiative, optionsText(r), r.Settings.Seed)
	if r.Settings.Mirror {
		fmt.Fprintf(&b, "Mirrored: each seed was played four times, the seats swapped and the posses exchanged between the players.\n%s.\n",
			r.posseHeadline())
	}
	switch {
	case r.Interrupted:
		fmt.Fprintf(&b, "Stopped early: %s of the %s planned were played.\n",
			plural(s.Matches, "match", "matches"), Thousands(r.planned()))
	case r.SPRTStopped == "H1":
		fmt.Fprintf(&b, "The sequential test stopped the run: %s is better by about %.0f Elo or more.\n", r.tested(), r.Settings.SPRT.Elo1)
	case r.SPRTStopped == "H0":
		fmt.Fprintf(&b, "The sequential test stopped the run: %s is not better by %.0f Elo.\n", r.tested(), r.Settings.SPRT.Elo1)
	}
	fmt.Fprintf(&b, "\nPosse A won %s, drew %s and lost %s", Thousands(s.AWins), Thousands(s.Draws), Thousands(s.BWins))
	if s.Unfinished > 0 {
		fmt.Fprintf(&b, " (%s of the draws stopped unfinished at %s commands)", Thousands(s.Unfinished), Thousands(r.Settings.CommandLimit))
	}
	fmt.Fprintln(&b, ".")
	if p := s.MeanPoints; p != nil {
		fmt.Fprintf(&b, "Victory points a match: posse A %.2f, posse B %.2f.\n", p[0], p[1])
		if w := s.WinsWithPoints; w != nil {
			fmt.Fprintf(&b, "Wins with victory points scored (an objective done, not only kills): posse A %s of %s, posse B %s of %s.\n",
				Thousands(w[0]), Thousands(s.AWins), Thousands(w[1]), Thousands(s.BWins))
		}
	}
	fmt.Fprintf(&b, "Elo difference: %s; likelihood that A is the stronger: %.1f%%.\n", s.eloSentence(), 100*s.LikelihoodOfSuperiority)
	if t := s.SPRT; t != nil {
		verdict := "undecided"
		switch t.Verdict {
		case "H1":
			verdict = fmt.Sprintf("A is better by %.0f Elo or more", r.Settings.SPRT.Elo1)
		case "H0":
			verdict = fmt.Sprintf("A is not better by %.0f Elo", r.Settings.SPRT.Elo1)
		}
		fmt.Fprintf(&b, "Sequential test (%.0f against %.0f Elo): log-likelihood ratio %.2f, bounds %.2f and %.2f: %s.\n",
			r.Settings.SPRT.Elo0, r.Settings.SPRT.Elo1, t.LLR, t.Lower, t.Upper, verdict)
	}
	fmt.Fprintf(&b, "A match lasted %.1f game turns on average (%s commands).\n", s.MeanTurns, Thousands(int(math.Round(s.MeanCommands))))
	if s.FirstPlayerDecided > 0 {
		fmt.Fprintf(&b, "The posse that acted first won %.1f%% (95%% CI %.1f-%.1f%%) of the %s won outright.\n",
			100*s.FirstPlayerWinRate, 100*s.FirstPlayerWinRateCI95[0], 100*s.FirstPlayerWinRateCI95[1],
			plural(s.FirstPlayerDecided, "match", "matches"))
	}
	fmt.Fprintf(&b, "Illegal commands: %s.\n\n", Thousands(s.IllegalCommands))
	r.writePlayers(&b)
	width := len("Model")
	for _, m := range s.Models {
		width = max(width, len(m.Name))
	}
	fmt.Fprintf(&b, "   %-*s  survived  removals per match  damage per match\n", width, "Model")
	for _, m := range s.Models {
		fmt.Fprintf(&b, "%s  %-*s  %7.1f%%  %18.2f  %16.2f\n", m.Side, width, m.Name, 100*m.SurvivalRate, m.RemovalsPerMatch, m.DamagePerMatch)
	}
	if r.ElapsedSeconds > 0 {
		fmt.Fprintf(&b, "\nPlayed in %.1f s (%.1f matches per second) with %s.\n", r.ElapsedSeconds, r.MatchesPerSecond, plural(r.Workers, "worker", "workers"))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writePlayers writes the players' table: results (and with each posse
// under --mirror), then how they played.
func (r Report) writePlayers(b *strings.Builder) {
	if len(r.Players) != 2 {
		return
	}
	width := len("Player")
	for _, p := range r.Players {
		width = max(width, len(p.Level))
	}
	if r.Settings.Mirror {
		line := fmt.Sprintf("   %-*s  %-22s  %-24s  %-24s", width, "Player", "won (95% CI)", "with "+r.Players[0].WithPosse[0].Posse, "with "+r.Players[0].WithPosse[1].Posse)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		for _, p := range r.Players {
			line := fmt.Sprintf("%s  %-*s  %-22s  %-24s  %-24s", p.Side, width, p.Level, rateCI(p.Wins, p.Wins+p.Draws+p.Losses, p.WinRateCI95),
				rateCI(p.WithPosse[0].Wins, p.WithPosse[0].Matches, p.WithPosse[0].WinRateCI95),
				rateCI(p.WithPosse[1].Wins, p.WithPosse[1].Matches, p.WithPosse[1].WinRateCI95))
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "   %-*s  dynamite per match  ended in cover (95%% CI)  out of sight  nearest enemy\n", width, "Player")
	for _, p := range r.Players {
		fmt.Fprintf(b, "%s  %-*s  %18.2f  %-24s  %11.1f%%  %9.1f in\n", p.Side, width, p.Level, p.DynamitePerMatch,
			rateCI(p.InCover, p.Activations, p.CoverShareCI95),
			100*p.OutOfSightShare, p.MeanNearestEnemy)
	}
	fmt.Fprintf(b, "(over the activations that ended with an enemy in play: A's %s, B's %s; nearest enemy in inches, edge to edge)\n\n",
		Thousands(r.Players[0].Activations), Thousands(r.Players[1].Activations))
}

// rateCI writes "55.0% (50.1-59.8%)".
func rateCI(k, n int, ci [2]float64) string {
	rate := 0.0
	if n > 0 {
		rate = float64(k) / float64(n)
	}
	return fmt.Sprintf("%.1f%% (%.1f-%.1f%%)", 100*rate, 100*ci[0], 100*ci[1])
}

// tested names what the sequential test compares: player A under
// --mirror, else posse A.
func (r Report) tested() string {
	if r.Settings.Mirror {
		return "player A"
	}
	return "posse A"
}

func eloText(e float64) string {
	if math.IsInf(e, 0) {
		if e > 0 {
			return "no upper bound"
		}
		return "no lower bound"
	}
	return signed(e, 0)
}

// mapText names the map: "Dry Gulch (town.tmx)".
func (r Report) mapText() string {
	if r.Settings.MapName == "" {
		return r.Settings.Scenario.Map
	}
	return fmt.Sprintf("%s (%s)", r.Settings.MapName, r.Settings.Scenario.Map)
}

func optionsText(r Report) string {
	var on []string
	if r.Settings.Scenario.Options.DeadReckoning {
		on = append(on, "Dead Reckoning")
	}
	if r.Settings.Scenario.Options.CriticalInjuries {
		on = append(on, "Critical Injuries")
	}
	if len(on) == 0 {
		return ""
	}
	return ", with " + strings.Join(on, " and ")
}

// planned is how many matches the run (or its shard) meant to play.
func (r Report) planned() int {
	sh, err := ParseShard(r.Settings.Shard)
	if err != nil {
		sh = Shard{}
	}
	n := 0
	for i := 1; i <= r.Settings.Matches; i++ {
		if sh.has(i) {
			n++
		}
	}
	return n
}

// WriteCSV writes a row per match.
func (r Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	header := []string{"match", "seed", "a_seat", "first", "outcome", "turns", "commands", "illegal_commands", "posses_swapped"}
	for _, p := range []string{"player A", "player B"} {
		header = append(header, p+" dynamite thrown", p+" activations", p+" in cover", p+" out of sight", p+" nearest enemy sum")
	}
	for _, m := range r.Models {
		header = append(header, m.Side+" "+m.Name+" survived", m.Side+" "+m.Name+" removals", m.Side+" "+m.Name+" damage")
	}
	cw.Write(header)
	for _, mr := range r.MatchResults {
		row := []string{strconv.Itoa(mr.Number), strconv.FormatUint(mr.Seed, 10), strconv.Itoa(mr.ASeat), mr.First, mr.Outcome,
			strconv.Itoa(mr.Turns), strconv.Itoa(mr.Commands), strconv.Itoa(mr.Illegal), strconv.FormatBool(mr.Swapped)}
		for _, st := range mr.Style {
			row = append(row, strconv.Itoa(st.Thrown), strconv.Itoa(st.Activations), strconv.Itoa(st.InCover), strconv.Itoa(st.OutOfSight),
				strconv.FormatFloat(st.NearestSum, 'f', 3, 64))
		}
		for i := range r.Models {
			if i < len(mr.Survived) {
				row = append(row, strconv.FormatBool(mr.Survived[i]), strconv.Itoa(mr.Removals[i]), strconv.Itoa(mr.Damage[i]))
			}
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}
