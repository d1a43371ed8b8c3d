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

// stageReplay is -screenshot -stage replay: what `cowpoke sim --a-ai
// normal --b-ai normal -n 1 --seed S --save-dir DIR` saves (the default
// posses on Dry Gulch, the computer at the normal level on both sides;
// S is -seed, 1 by default), loaded from that folder as `cowpoke replay
// DIR/match-00001.json` loads it, and shown at the first shot after game
// turn 1 that wounded someone and has the computer's reason, so the
// picture has the dice, the log, the reason and the scrubber's marks. The
// folder is removed after.
func stageReplay(a *App) (*watch, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return nil, err
	}
	seed := a.Cfg.Seed
	if seed == 0 {
		seed = 1
	}
	dir, err := os.MkdirTemp("", "cowpoke-stage-replay")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cfg := sim.Config{Scenario: s, A: "normal", B: "normal", NewPlayer: sim.WithRandom(ai.New),
		Matches: 1, Seed: seed, Workers: 1, SaveDir: dir}
	if _, err := sim.Run(context.Background(), cfg); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, sim.SaveName(1))
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
