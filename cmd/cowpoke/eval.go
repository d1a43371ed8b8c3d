package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"cowpoke/game"
	"cowpoke/game/analysis"
	"cowpoke/game/words"
)

const evalUsage = `usage: cowpoke eval SAVE [--at N] [--budget 2s] [--json]
Who is winning the position of a save: each posse's chance to win with its
95% interval, whether it comes from playouts ("search") or, when the budget
allows none, the static estimate ("static"); who decides now, the command
the computer would play in their place with its reason and the chance it
keeps, and the two best alternatives.
  --at N      the position after the save's first N commands (default: its end)
  --budget D  the time to think, such as 2s or 500ms (default 2s; at most 1m)
  --json      one JSON object instead of words`

// maxEvalBudget bounds --budget.
const maxEvalBudget = time.Minute

// runEval is `cowpoke eval SAVE [--at N] [--budget D] [--json]`.
func runEval(args []string, stdout, stderr io.Writer) int {
	return runParsed(parseEval, args, stdout, stderr)
}

// evalArgs are the parsed arguments of `cowpoke eval`.
type evalArgs struct {
	file   string
	at     int // -1: the end
	budget time.Duration
	json   bool
}

// parseEval reads the arguments of `cowpoke eval`.
func parseEval(args []string, stdout, stderr io.Writer) (work, int) {
	fs := newFlags("eval")
	at := fs.Int("at", -1, "the position after N commands")
	budget := fs.Duration("budget", 2*time.Second, "time to think")
	asJSON := fs.Bool("json", false, "print JSON")
	files, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, evalUsage)
		return nil, exitOK
	}
	fail := func(msg string) (work, int) {
		fmt.Fprintf(stderr, "cowpoke eval: %s\n", msg)
		return nil, exitUsage
	}
	switch {
	case err != nil:
		return fail(errText(err))
	case len(files) != 1:
		return fail("give exactly one save file (try cowpoke eval -h)")
	case isSet(fs, "at") && *at < 0:
		return fail(fmt.Sprintf("--at %d: a number of commands is 0 or more", *at))
	case *budget <= 0 || *budget > maxEvalBudget:
		return fail(fmt.Sprintf("--budget %s: give a time above 0 and at most %s", *budget, maxEvalBudget))
	}
	a := evalArgs{file: files[0], at: *at, budget: *budget, json: *asJSON}
	return func(stdout, stderr io.Writer) int { return evaluate(a, stdout, stderr) }, exitOK
}

// parseInterleaved parses flags that may come before or after the file
// names, and returns the file names.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) > 0 {
			files = append(files, args[0])
			args = args[1:]
		}
	}
	return files, nil
}

// loadAt loads a save and replays its first at commands (at < 0: all).
func loadAt(file string, at int) (*game.Match, error) {
	m, err := game.LoadFile(file)
	if err != nil {
		return nil, err
	}
	n := len(m.Commands())
	if at < 0 || at == n {
		return m, nil
	}
	if at > n {
		return nil, fmt.Errorf("%s: --at %d, but the save has only %d %s", file, at, n, words.Plural(n, "command", "commands"))
	}
	r, err := m.Restart()
	if err != nil {
		return nil, err
	}
	for i, c := range m.Commands()[:at] {
		if _, err := r.Apply(c); err != nil {
			return nil, fmt.Errorf("%s: command %d (%s) cannot be replayed: %v", file, i+1, c.Kind, err)
		}
	}
	return r, nil
}

// evalJSON is what `cowpoke eval --json` prints.
type evalJSON struct {
	Posses   []evalPosse  `json:"posses"`
	Draw     *evalPosse   `json:"draw,omitempty"` // where the scenario allows a draw
	Source   string       `json:"source"`
	Playouts int          `json:"playouts"`
	At       int          `json:"at"` // commands played before the position
	Over     bool         `json:"over,omitempty"`
	Decides  string       `json:"decides,omitempty"` // the model that acts now, else the posse that picks one
	Posse    string       `json:"posse,omitempty"`   // the posse that decides
	Best     *evalOption  `json:"best,omitempty"`
	Alts     []evalOption `json:"alternatives"`
	Seconds  float64      `json:"seconds"` // the time it took
	Result   string       `json:"result,omitempty"`
}

type evalPosse struct {
	Name string     `json:"name"`
	Win  float64    `json:"win"`
	CI95 [2]float64 `json:"ci95"`
}

type evalOption struct {
	Command string       `json:"command"` // in words
	Reason  string       `json:"reason"`
	Win     float64      `json:"win"`
	CI95    [2]float64   `json:"ci95"`
	Raw     game.Command `json:"raw"` // the command as a save records it
}

// allowsDraw says whether a scenario can end in a draw: with a turn limit,
// or (always) when the last models of every posse fall together.
func allowsDraw(m *game.Match) bool { return m.Scenario.TurnLimit > 0 }

// evaluate is the work of `cowpoke eval`.
func evaluate(a evalArgs, stdout, stderr io.Writer) int {
	start := time.Now()
	m, err := loadAt(a.file, a.at)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke eval: %s\n", errText(err))
		return exitError
	}
	// The budget is a count of playouts (analysis.PlayoutsFor), so the
	// same save and budget give the same figures under any load.
	ev := analysis.Evaluate(context.Background(), m, a.budget)
	est := ev.Estimate
	out := evalJSON{Source: est.Source, Playouts: est.Playouts, At: len(m.Commands()), Over: m.Over, Alts: []evalOption{}}
	for _, p := range est.Posses {
		out.Posses = append(out.Posses, evalPosse{Name: words.Safe(p.Name), Win: round3(p.Win), CI95: [2]float64{round3(p.CI95[0]), round3(p.CI95[1])}})
	}
	if est.Draw > 0 || allowsDraw(m) {
		out.Draw = &evalPosse{Name: "draw", Win: round3(est.Draw), CI95: [2]float64{round3(est.Draw), round3(est.Draw)}}
	}
	if m.Over {
		out.Result = replayResult(m).Text
	} else if s := ev.Suggestion; s != nil {
		out.Decides, out.Posse = words.Safe(decidingName(m)), words.Safe(s.Decider)
		best := optionJSON(m, s.Best)
		out.Best = &best
		for _, o := range s.Alternatives {
			out.Alts = append(out.Alts, optionJSON(m, o))
		}
	}
	out.Seconds = float64(time.Since(start).Milliseconds()) / 1000
	if a.json {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "cowpoke eval: %s\n", errText(err))
			return exitError
		}
		return exitOK
	}
	printEval(stdout, m, out)
	return exitOK
}

// decidingName is who decides now: the overwatcher of a pending
// interrupt, the defender asked about Luck, the active model, the model
// the initiative names, else the posse that picks the next model.
func decidingName(m *game.Match) string {
	id := -1
	switch {
	case m.Pending != nil:
		id = m.Pending.Watcher
	case m.Defence != nil:
		id = m.Defence.Asking[0]
	case m.Active >= 0:
		id = m.Active
	case m.Up.Model >= 0:
		id = m.Up.Model
	}
	if id >= 0 {
		return m.Models[id].Name
	}
	return m.Posses[m.Decider()].Name
}

func optionJSON(m *game.Match, o analysis.Option) evalOption {
	return evalOption{Command: words.Safe(analysis.OptionWords(m, o)), Reason: words.Safe(o.Reason),
		Win: round3(o.Win), CI95: [2]float64{round3(o.CI95[0]), round3(o.CI95[1])}, Raw: o.Command}
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// printEval says the evaluation in words.
func printEval(w io.Writer, m *game.Match, e evalJSON) {
	fmt.Fprintf(w, "The position after %d %s, game turn %d.\n", e.At, words.Plural(e.At, "command", "commands"), m.Turn)
	if e.Over {
		fmt.Fprintln(w, e.Result)
		return
	}
	how := fmt.Sprintf("from %d %s with other dice", e.Playouts, words.Plural(e.Playouts, "playout", "playouts"))
	if e.Source == analysis.SourceStatic {
		how = "from the static estimate (no time for playouts)"
	}
	fmt.Fprintf(w, "Chances to win (%s):\n", how)
	for _, p := range e.Posses {
		fmt.Fprintf(w, "  %-12s %3.0f%%  (95%%: %.0f%% to %.0f%%)\n", p.Name, 100*p.Win, 100*p.CI95[0], 100*p.CI95[1])
	}
	if e.Draw != nil {
		fmt.Fprintf(w, "  %-12s %3.0f%%\n", "a draw", 100*e.Draw.Win)
	}
	if e.Best == nil {
		fmt.Fprintf(w, "It took %.1f s.\n", e.Seconds)
		return
	}
	who := e.Decides
	if who != e.Posse {
		who += " (" + e.Posse + ")"
	}
	fmt.Fprintf(w, "%s to decide. The computer would play: %s (%.0f%% to win after it).\n  Why: %s\n", who, e.Best.Command, 100*e.Best.Win, e.Best.Reason)
	for i, o := range e.Alts {
		fmt.Fprintf(w, "  %s: %s (%.0f%%)\n", []string{"Next best", "Then"}[min(i, 1)], o.Command, 100*o.Win)
	}
	fmt.Fprintf(w, "It took %.1f s.\n", e.Seconds)
}
