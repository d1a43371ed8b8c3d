package main

import (
	"fmt"
	"io"
	"strings"

	"cowpoke/game"
	"cowpoke/game/words"
)

const posseUsage = `usage:
  cowpoke posse check FILE...
      check posse files against the posse rules: weapon slots and Holster,
      Marksman, melee weapons, dynamite sticks, Tough, model count, names,
      initiative cards. Prints each problem on its own line naming the file,
      the model and the rule; exits 0 when every file is legal, else 2.
The format is described in assets/posses/README.md.`

// runPosse checks posse files.
func runPosse(args []string, stdout, stderr io.Writer) int {
	return runParsed(parsePosse, args, stdout, stderr)
}

// parsePosse reads `cowpoke posse ...`.
func parsePosse(args []string, stdout, stderr io.Writer) (work, int) {
	if len(args) == 0 {
		fmt.Fprintln(stderr, posseUsage)
		return nil, exitUsage
	}
	switch args[0] {
	case "check":
		files := args[1:]
		if len(files) == 0 || strings.HasPrefix(files[0], "-") {
			fmt.Fprintln(stderr, posseUsage)
			return nil, exitUsage
		}
		return func(stdout, stderr io.Writer) int { return posseCheck(files, stdout, stderr) }, exitOK
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, posseUsage)
		return nil, exitOK
	}
	fmt.Fprintf(stderr, "cowpoke posse: unknown command %q\n%s\n", shortArg(args[0]), posseUsage)
	return nil, exitUsage
}

// posseCheck prints every problem of every file, one a line, on stdout
// (the problems are the command's answer), and "FILE: ok" for a legal one.
func posseCheck(files []string, stdout, stderr io.Writer) int {
	code := exitOK
	for _, name := range files {
		data, err := game.ReadPlayerFile(name, game.MaxPosseFileBytes)
		if err != nil {
			fmt.Fprintln(stdout, errText(err))
			code = exitUsage
			continue
		}
		lines := game.CheckPosseFile(name, data)
		for _, l := range lines {
			fmt.Fprintln(stdout, words.Safe(l))
		}
		if len(lines) > 0 {
			code = exitUsage
			continue
		}
		fmt.Fprintf(stdout, "%s: ok\n", words.Safe(name))
	}
	return code
}
