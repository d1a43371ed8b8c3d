package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"cowpoke/game"
	"cowpoke/game/store"
	"cowpoke/game/words"
	"cowpoke/scene"
)

// playOptions are the flags of `cowpoke play`.
type playOptions struct {
	seed       uint64
	screenshot string
	stage      string
	noAutosave bool
	watch      *game.Match // `cowpoke replay FILE`: open on this match's replay
	watchName  string
	watchDir   string // `cowpoke replay DIR`: open on the list of its saves
}

// parsePlay reads the flags of `cowpoke play`.
func parsePlay(args []string, stdout, stderr io.Writer) (work, int) {
	fs := newFlags("play")
	var o playOptions
	fs.StringVar(&o.screenshot, "screenshot", "", "start the default match, stage a move, save the battle screen to this PNG file and quit")
	fs.StringVar(&o.stage, "stage", "move", "what -screenshot shows: "+strings.Join(scene.Stages, ", "))
	fs.Uint64Var(&o.seed, "seed", 0, "the dice of new matches (0: from the clock)")
	fs.BoolVar(&o.noAutosave, "no-autosave", false, "do not write the autosave")
	playUsage := func(w io.Writer) {
		fmt.Fprintf(w, "usage: cowpoke [play] [-seed N] [-screenshot FILE [-stage %s]] [-no-autosave]\n", strings.Join(scene.Stages, "|"))
		fmt.Fprintln(w, "Opens the game window (the default when cowpoke runs with no command).")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			playUsage(stdout)
			return nil, exitOK
		}
		fmt.Fprintf(stderr, "cowpoke play: %s (try cowpoke play -h)\n", errText(err))
		return nil, exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cowpoke play: unexpected argument %q (try cowpoke play -h)\n", shortArg(fs.Arg(0)))
		return nil, exitUsage
	}
	if !slices.Contains(scene.Stages, o.stage) {
		fmt.Fprintf(stderr, "cowpoke play: -stage %q is not a stage (want one of %s)\n", shortArg(o.stage), strings.Join(scene.Stages, ", "))
		return nil, exitUsage
	}
	if isSet(fs, "stage") && o.screenshot == "" {
		fmt.Fprintln(stderr, "cowpoke play: -stage needs -screenshot FILE")
		return nil, exitUsage
	}
	return o.run, exitOK
}

// run opens the data folder and the window.
func (o playOptions) run(stdout, stderr io.Writer) int {
	cfg := scene.Config{Seed: o.seed, Screenshot: o.screenshot, Stage: o.stage, NoAutosave: o.noAutosave, Watch: o.watch, WatchName: o.watchName, WatchDir: o.watchDir}
	if o.screenshot != "" {
		// Refused before any window opens: a device, a FIFO, a folder.
		if err := store.CheckOutput(o.screenshot); err != nil {
			fmt.Fprintf(stderr, "cowpoke play: -screenshot: %s\n", errText(err))
			return exitError
		}
	}
	if o.screenshot == "" { // a screenshot keeps nothing on disk but the picture, and uses the default settings
		if path, err := scene.SettingsPath(); err == nil {
			cfg.SettingsPath = path
		}
		dir, err := store.DefaultDir()
		if err == nil {
			cfg.Data, err = store.Open(dir)
		}
		if err != nil {
			fmt.Fprintf(stderr, "cowpoke: %s: nothing will be saved\n", errText(err))
		} else {
			defer cfg.Data.Close()
			for _, p := range cfg.Data.Removed {
				fmt.Fprintf(stderr, "cowpoke: removed %s, left by an interrupted write\n", words.Safe(p))
			}
		}
	}
	if err := scene.Run(cfg); err != nil {
		fmt.Fprintln(stderr, "cowpoke:", errText(err))
		return exitError
	}
	return exitOK
}

// runPlay opens the window.
func runPlay(args []string, stdout, stderr io.Writer) int {
	return runParsed(parsePlay, args, stdout, stderr)
}
