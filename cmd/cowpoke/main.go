// Command cowpoke is the Cowpoke digital tabletop. With no subcommand it
// starts the game; its subcommands are tools a player or a developer can use
// from a terminal (the odds calculator, map checks, replays).
package main

import (
	"fmt"
	"io"
	"os"
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
		"odds":   {"exact odds of a shot, brawl, blast or survival roll", runOdds},
		"map":    {"check Tiled maps and measure line of sight on them", runMap},
		"play":   {"open the game window (the default)", runPlay},
		"replay": {"replay a save file headless and print its event log", runReplay},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmds := subcommands()
	if len(args) == 0 {
		return runPlay(nil, stdout, stderr)
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "help" {
		usage(stdout, cmds)
		return exitOK
	}
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "cowpoke: unknown command %q (try `cowpoke help`)\n", name)
		return exitUsage
	}
	return cmd.run(args[1:], stdout, stderr)
}

func usage(w io.Writer, cmds map[string]subcommand) {
	fmt.Fprintln(w, "Cowpoke: a digital tabletop for Cowpoke: Reforged.")
	fmt.Fprintln(w, "`cowpoke` alone (or `cowpoke play`) opens the game window. The commands:")
	for _, name := range []string{"play", "odds", "map", "replay"} {
		fmt.Fprintf(w, "  cowpoke %-7s %s\n", name, cmds[name].summary) // "replay" is the longest name
	}
	fmt.Fprintln(w, "Run `cowpoke COMMAND -h` for the flags of a command.")
}
