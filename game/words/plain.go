package words

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
	s = fromToCoords.ReplaceAllString(s, " there")
	s = atCoords.ReplaceAllString(s, " there")
	s = coords.ReplaceAllString(s, "")
	s = parens.ReplaceAllStringFunc(s, withoutCodes)
	s = oneDice.ReplaceAllString(s, "${1}1 die")
	return strings.Replace(s, "  ", " ", -1)
}

// withoutCodes is a bracketed aside without its rule codes: " (R16)" and
// " (3.2, R33)" go, "(R7: a shooter leans over his barricade)" keeps its
// words, "(Dead Reckoning)" stays as it is.
func withoutCodes(aside string) string {
	open := strings.IndexByte(aside, '(')
	inner := aside[open+1 : len(aside)-1]
	if !codeToken.MatchString(inner) {
		return aside
	}
	inner = codeToken.ReplaceAllString(inner, "")
	inner = strings.Trim(separators.ReplaceAllString(inner, "$1"), " ,;:")
	if inner == "" {
		return ""
	}
	return aside[:open+1] + inner + ")"
}

var (
	// a bracketed aside, with the space before it
	parens = regexp.MustCompile(` ?\([^()]*\)`)
	// "R16", "R35-R38", "ruling G21", "chapter 7.6", "9.1", "seed 003"
	codeToken = regexp.MustCompile(`\b(?:(?:ruling|rule|chapter)\s+)?(?:[RGP]\d+(?:\s*-\s*[RGP]?\d+)?|\d+\.\d+)\b|\bseed \d+\b`)
	// what is left between removed codes: ", ," or ": ;"
	separators = regexp.MustCompile(`\s*[,;:](?:\s*[,;:])+\s*|\s+([,;:])`)
	// "no path from (1.00, 2.00) to (17.43, 14.05)"
	fromToCoords = regexp.MustCompile(` from \(-?\d+\.\d\d, ?-?\d+\.\d\d\) to \(-?\d+\.\d\d, ?-?\d+\.\d\d\)`)
	// "stand at (17.43, 14.05)" (the engine prints points with two decimals)
	atCoords = regexp.MustCompile(` at \(-?\d+\.\d\d, ?-?\d+\.\d\d\)`)
	// "the spot (17.43, 14.05)"
	coords = regexp.MustCompile(` ?\(-?\d+\.\d\d, ?-?\d+\.\d\d\)`)
	// "1 dice" but not "11 dice"
	oneDice = regexp.MustCompile(`(^|[^0-9.])1 dice\b`)
)
