package scene

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/sim"
)

// stageSimMatch plays the match a stage shows as `cowpoke sim` saves it
// (the normal computer on both sides, the seed -seed or 1) into a new
// temporary folder named for the stage, and returns the save's path and
// what removes the folder.
func stageSimMatch(a *App, stage string) (path string, cleanup func(), err error) {
	seed := a.Cfg.Seed
	if seed == 0 {
		seed = 1
	}
	dir, err := os.MkdirTemp("", stage)
	if err != nil {
		return "", nil, err
	}
	path, err = simMatch("normal", seed, dir)
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return path, func() { os.RemoveAll(dir) }, nil
}

// stageReplay is -screenshot -stage replay: what `cowpoke sim --a-ai
// normal --b-ai normal -n 1 --seed S --save-dir DIR` saves (the default
// posses on Dry Gulch, the computer at the normal level on both sides;
// S is -seed, 1 by default), loaded from that folder as `cowpoke replay
// DIR/match-00001.json` loads it, and shown at the first shot after game
// turn 1 that wounded someone and has the computer's reason, so the
// picture has the dice, the log, the reason and the scrubber's marks. The
// folder is removed after.
func stageReplay(a *App) (*watch, error) {
	path, cleanup, err := stageSimMatch(a, "cowpoke-stage-replay")
	if err != nil {
		return nil, err
	}
	defer cleanup()
	w, err := openWatch(a, path, nil)
	if err != nil {
		return nil, err
	}
	tape := w.r.Tape
	for i := 1; i <= tape.Len(); i++ {
		if tape.Turn(i) < 2 || tape.Why(i) == "" {
			continue
		}
		for _, e := range tape.Events(i) {
			if e.Kind == game.EvWound {
				w.seek(i)
				return w, nil
			}
		}
	}
	return nil, errors.New("no wounding shot with a reason in the whole match")
}

// simMatch saves match 1 of `cowpoke sim --a-ai LEVEL --b-ai LEVEL -n 1
// --seed SEED --save-dir DIR` (the default posses on Dry Gulch) in dir and
// returns the save's path.
func simMatch(level string, seed uint64, dir string) (string, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return "", err
	}
	cfg := sim.Config{Scenario: s, A: level, B: level, NewPlayer: sim.WithRandom(ai.New),
		Matches: 1, Seed: seed, Workers: 1, SaveDir: dir}
	if _, err := sim.Run(context.Background(), cfg); err != nil {
		return "", err
	}
	return filepath.Join(dir, sim.SaveName(1)), nil
}
