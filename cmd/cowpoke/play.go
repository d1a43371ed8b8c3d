package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"cowpoke/game"
	"cowpoke/scene"
)

// playConfig reads the flags of `cowpoke play` into the window's settings.
func playConfig(args []string, stderr io.Writer) (scene.Config, error) {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shot := fs.String("screenshot", "", "start the default match, stage a move, save the battle screen to this PNG file and quit")
	stage := fs.String("stage", "move", "what -screenshot shows: move (the default match), or on the showcase: "+strings.Join(scene.Stages[1:], ", "))
	seed := fs.Uint64("seed", 0, "the dice of new matches (0: from the clock)")
	noAuto := fs.Bool("no-autosave", false, "do not write the autosave")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: cowpoke [play] [-seed N] [-screenshot FILE [-stage %s]] [-no-autosave]\n", strings.Join(scene.Stages, "|"))
		fmt.Fprintln(stderr, "Opens the game window (the default when cowpoke runs with no command).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return scene.Config{}, err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return scene.Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !slices.Contains(scene.Stages, *stage) {
		fmt.Fprintf(stderr, "cowpoke play: unknown stage %q (want one of %s)\n", *stage, strings.Join(scene.Stages, ", "))
		return scene.Config{}, fmt.Errorf("unknown stage %q", *stage)
	}
	cfg := scene.Config{Seed: *seed, Screenshot: *shot, Stage: *stage}
	if *shot == "" { // a screenshot uses the default settings, whatever the player chose
		if path, err := scene.SettingsPath(); err == nil {
			cfg.SettingsPath = path
		}
	}
	if path, err := game.AutosavePath(); err == nil {
		cfg.SaveDir = filepath.Join(filepath.Dir(path), "saves")
		if !*noAuto && *shot == "" {
			cfg.Autosave = path
		}
	}
	return cfg, nil
}

// runPlay opens the window.
func runPlay(args []string, stdout, stderr io.Writer) int {
	cfg, err := playConfig(args, stderr)
	if err != nil {
		if err == flag.ErrHelp {
			return exitOK
		}
		return exitUsage
	}
	if err := scene.Run(cfg); err != nil {
		fmt.Fprintln(stderr, "cowpoke:", err)
		return exitError
	}
	return exitOK
}
