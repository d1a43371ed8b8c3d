package main

import (
	"fmt"
	"io"
)

// runMap checks maps and measures on them (being written).
func runMap(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "cowpoke map: not written yet")
	return exitError
}
