package main

import (
	"fmt"
	"io"
)

// runOdds is the odds calculator (being written).
func runOdds(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "cowpoke odds: not written yet")
	return exitError
}
