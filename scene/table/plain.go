package table

import (
	"regexp"
	"strings"
)

// Plain turns the engine's words into what a player reads: no rule codes
// ("(R16)", "(R9, R14)", "(9.1)"), no raw coordinates ("at (17.43, 14.05)")
// and "1 die", not "1 dice". The engine keeps its codes for the tests and
// the rules reference; the log, the panel and the refusals show this.
func Plain(s string) string {
	if !strings.ContainsAny(s, "(1") {
		return s
	}
	s = atCoords.ReplaceAllString(s, " there")
	s = coords.ReplaceAllString(s, "")
	s = ruleCode.ReplaceAllString(s, "")
	s = oneDice.ReplaceAllString(s, "${1}1 die")
	return strings.Replace(s, "  ", " ", -1)
}

var (
	// " (R16)", " (R9, R14)", " (9.1)", " (3.2, R33)"
	ruleCode = regexp.MustCompile(` ?\((?:R\d+|\d+\.\d+)(?:, ?(?:R\d+|\d+\.\d+))*\)`)
	// "stand at (17.43, 14.05)" (the engine prints points with two decimals)
	atCoords = regexp.MustCompile(` at \(-?\d+\.\d\d, ?-?\d+\.\d\d\)`)
	// "the spot (17.43, 14.05)"
	coords = regexp.MustCompile(` ?\(-?\d+\.\d\d, ?-?\d+\.\d\d\)`)
	// "1 dice" but not "11 dice"
	oneDice = regexp.MustCompile(`(^|[^0-9.])1 dice\b`)
)
