package scene

import (
	"errors"

	"cowpoke/game"
	"cowpoke/game/ai"
)

// stageReplay is -screenshot -stage replay: the default match played to
// its end by the computer at the normal level on both sides (as `cowpoke
// sim --a-ai normal --b-ai normal` plays it), open in the replay viewer at
// the first shot that wounded someone after game turn 1, so the picture
// shows the dice, the log, the reason and the scrubber's marks.
func stageReplay(a *App) (*watch, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return nil, err
	}
	seed := a.Cfg.Seed
	if seed == 0 {
		seed = 1
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		return nil, err
	}
	sides := make([]game.Controller, len(m.Posses))
	for i := range sides {
		if sides[i], err = ai.New("normal", seed+uint64(i)); err != nil {
			return nil, err
		}
	}
	if _, err := game.PlayOut(m, sides, 5000); err != nil {
		return nil, err
	}
	w, err := newWatch(a, m, "match-00137.json", nil)
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
