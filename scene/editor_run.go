package scene

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/eval"
	"cowpoke/game/sim"
	"cowpoke/game/store"
)

// What the editor does with a position the engine accepts: save it as a
// scenario file, play it against the computer, hand it to the simulator
// (the computer at normal level on both sides, 1,000 matches, on another
// goroutine, its progress on the panel) or give the static estimate
// (game/eval).

// scenarioFolderName is the folder in the home folder positions are
// saved in: a player looks for a file they saved in their home.
const scenarioFolderName = "Cowpoke scenarios"

// editorSimMatches is how many matches "Who wins?" plays.
const editorSimMatches = 1000

// scenarioDir is where positions are saved: the home folder's
// "Cowpoke scenarios", else the data folder's scenarios/.
func scenarioDir(a *App) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return filepath.Join(home, scenarioFolderName)
	}
	if a.Cfg.Data != nil {
		return filepath.Join(a.Cfg.Data.Dir, "scenarios")
	}
	return ""
}

// save writes the position as a scenario file, never over another file.
func (e *editor) save(a *App) {
	if e.match == nil {
		return
	}
	dir := scenarioDir(a)
	if dir == "" {
		e.noted("There is no folder to save in.", true)
		return
	}
	data, err := json.MarshalIndent(e.s, "", "  ")
	if err == nil {
		_, err = game.ParseScenario(e.s.Name, data) // what is written reads back
	}
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	var path string
	if err == nil {
		path, err = store.WriteFileNew(dir, fileStem(e.s.Name), ".json", append(data, '\n'))
	}
	if err != nil {
		e.noted("The position cannot be saved: "+err.Error(), true)
		return
	}
	e.saved = path
	e.noted("Saved as "+path+".", false)
}

// play starts the position as a match: the person plays the posse that
// acts first (or the first posse), the computer the other at normal level.
func (e *editor) play(a *App) Scene {
	if e.match == nil {
		return nil
	}
	s := e.s
	s.Posses = append([]game.PosseSpec(nil), e.s.Posses...)
	you := 0
	if s.FirstTurn == s.Posses[1].Name {
		you = 1
	}
	for i := range s.Posses {
		s.Posses[i].Computer = ""
		if i != you {
			s.Posses[i].Computer = "normal"
		}
	}
	m, err := game.NewMatch(s, seedFor(a))
	if err != nil {
		e.noted("The match cannot start: "+plainProblem(s, err).text, true)
		return nil
	}
	return newBattle(a, m)
}

// estimate asks the static estimate (game/eval) of the position.
func (e *editor) estimate() {
	if e.match == nil {
		return
	}
	e.est = eval.WinChances(e.match)
	parts := make([]string, len(e.est))
	for i, p := range e.est {
		parts[i] = fmt.Sprintf("the %s %.0f%%", e.s.Posses[i].Name, 100*p)
	}
	e.noted("Estimate at a glance: "+strings.Join(parts, ", ")+".", false)
}

// editorRun is the simulator's run of a position, on another goroutine.
type editorRun struct {
	cancel context.CancelFunc
	posses [2]string

	mu     sync.Mutex
	done   int
	total  int
	result *sim.Result
	err    error
	over   bool
}

func (r *editorRun) finished() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.over
}

func (r *editorRun) stop() { r.cancel() }

// toggleSim starts "who wins from here, 1,000 times", or stops it.
func (e *editor) toggleSim(a *App) {
	if e.run != nil && !e.run.finished() {
		e.run.stop()
		return
	}
	if e.match == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &editorRun{cancel: cancel, total: editorSimMatches, posses: [2]string{e.s.Posses[0].Name, e.s.Posses[1].Name}}
	cfg := sim.Config{Position: e.match, A: "normal", B: "normal", NewPlayer: sim.WithRandom(ai.New),
		Matches: editorSimMatches, Seed: seedFor(a), Workers: 1,
		Progress: func(p sim.Progress) {
			r.mu.Lock()
			r.done = p.Done
			r.mu.Unlock()
		}}
	runner, err := sim.New(cfg) // reads the position now, on this goroutine
	if err != nil {
		cancel()
		e.noted("The simulator cannot start: "+err.Error(), true)
		return
	}
	e.run = r
	e.noted("The computer plays the position out 1,000 times, both sides at normal level.", false)
	go func() {
		res, err := runner.Run(ctx)
		r.mu.Lock()
		r.result, r.err, r.over = res, err, true
		r.mu.Unlock()
	}()
}

// poll turns a finished run into the panel's note.
func (e *editor) poll() {
	r := e.run
	if r == nil || !r.finished() || r.result == nil && r.err == nil {
		return
	}
	if r.err != nil {
		e.noted("The simulator stopped: "+r.err.Error(), true)
		r.err = nil
		return
	}
	res := r.result
	r.result = nil
	e.noted(simWords(r.posses, res), false)
}

// simWords is a run's outcome in a sentence: "Out of 1,000 matches from
// here: the Lawmen win 612, the Desperados 351, 37 draws."
func simWords(posses [2]string, res *sim.Result) string {
	var a, b, d int
	var pts [2]int
	for _, mr := range res.Matches {
		switch mr.Outcome {
		case sim.AWins:
			a++
		case sim.BWins:
			b++
		default:
			d++
		}
		if len(mr.Points) == 2 {
			pts[0] += mr.Points[0]
			pts[1] += mr.Points[1]
		}
	}
	n := len(res.Matches)
	if n == 0 {
		return "No match was played."
	}
	stopped := ""
	if res.Interrupted {
		stopped = " (stopped early)"
	}
	s := fmt.Sprintf("Out of %s matches from here%s: the %s win %d%%, the %s %d%%, draws %d%%.",
		sim.Thousands(n), stopped, posses[0], pct(outOf(a, n)), posses[1], pct(outOf(b, n)), pct(outOf(d, n)))
	if pts[0]+pts[1] > 0 {
		s += fmt.Sprintf(" Points on average: %.1f to %.1f.", float64(pts[0])/float64(n), float64(pts[1])/float64(n))
	}
	return s
}

// outOf is k out of n as a fraction.
func outOf(k, n int) float64 { return float64(k) / float64(n) }

// progress is the run's progress in words, while it runs.
func (r *editorRun) progress() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.over {
		return ""
	}
	return fmt.Sprintf("Playing it out: %s of %s matches...", sim.Thousands(r.done), sim.Thousands(r.total))
}
