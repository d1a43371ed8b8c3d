package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// exit codes shared by every subcommand.
const (
	exitOK    = 0
	exitError = 1 // the work failed (a file could not be read, ...)
	exitUsage = 2 // the command line was wrong
)

// subcommand is one `cowpoke NAME ...` entry.
type subcommand struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func subcommands() map[string]subcommand {
	return map[string]subcommand{
		"odds":     {"exact odds of a shot, brawl, blast or survival roll", runOdds},
		"campaign": {"a Dust to Dust campaign: start, play headless, show the history", runCampaign},
		"eval":     {"who is winning a save's position, and what the computer would play", runEval},
		"review":   {"a finished match's win-chance graph, biggest swings and luck", runReview},
		"map":      {"check Tiled maps and measure line of sight on them", runMap},
		"play":     {"open the game window (the default)", runPlay},
		"posse":    {"check posse files against the posse rules", runPosse},
		"replay":   {"watch a save one command at a time (--headless: print its log)", runReplay},
		"sim":      {"play many matches headless: who wins, by how much, how sure", runSim},
	}
}

// work is a parsed command's job: it does the work and returns the exit
// code.
type work func(stdout, stderr io.Writer) int

// parser reads a subcommand's arguments without doing its work: the work,
// or nil and the exit code when the arguments settle it (help, a mistake,
// already said on stdout or stderr in one line). Parsers never exit the
// process, open a window or read files, so they can be fuzzed.
type parser func(args []string, stdout, stderr io.Writer) (work, int)

// parsers are the subcommands whose run is parse-then-work; the others
// (odds: a pure calculation) parse as they run.
func parsers() map[string]parser {
	return map[string]parser{"campaign": parseCampaign, "eval": parseEval, "map": parseMap, "review": parseReview, "play": parsePlay, "posse": parsePosse, "replay": parseReplay}
}

// runParsed runs a parser's work.
func runParsed(p parser, args []string, stdout, stderr io.Writer) int {
	w, code := p(args, stdout, stderr)
	if w == nil {
		return code
	}
	return w(stdout, stderr)
}

func main() {
	os.Exit(program(os.Args[1:]))
}

// program is the whole program on a command line, signals and all.
func program(args []string) int {
	if len(args) > 0 && args[0] != "play" {
		endOnSignal(os.Stderr) // the window keeps the default: Ctrl+C ends it at once
	}
	return run(args, os.Stdout, os.Stderr)
}

func run(args []string, stdout, stderr io.Writer) int {
	w, code := parseArgs(args, stdout, stderr)
	if w == nil {
		return code
	}
	return w(stdout, stderr)
}

// parseArgs reads a whole command line: the work to do, or nil and the
// exit code when the line settles it.
func parseArgs(args []string, stdout, stderr io.Writer) (work, int) {
	cmds := subcommands()
	if len(args) == 0 {
		return parsePlay(nil, stdout, stderr)
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "help" {
		usage(stdout, cmds)
		return nil, exitOK
	}
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "cowpoke: unknown command %q (try `cowpoke help`)\n", shortArg(name))
		return nil, exitUsage
	}
	if p, ok := parsers()[name]; ok {
		return p(args[1:], stdout, stderr)
	}
	return func(stdout, stderr io.Writer) int { return cmd.run(args[1:], stdout, stderr) }, exitOK
}

// shortArg cuts a long command-line word for a message (quote it with %q,
// which keeps control characters off the terminal).
func shortArg(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// usage lists the commands, play first, the summaries aligned.
func usage(w io.Writer, cmds map[string]subcommand) {
	names := []string{"play"}
	width := len("play")
	for name := range cmds {
		if name != "play" {
			names = append(names, name)
		}
		width = max(width, len(name))
	}
	sort.Strings(names[1:])
	fmt.Fprintln(w, "Cowpoke: a digital tabletop for Cowpoke: Reforged.")
	fmt.Fprintln(w, "`cowpoke` alone (or `cowpoke play`) opens the game window. The commands:")
	for _, name := range names {
		fmt.Fprintf(w, "  cowpoke %-*s  %s\n", width, name, cmds[name].summary)
	}
	fmt.Fprintln(w, "Run `cowpoke COMMAND -h` for the flags of a command.")
}
