package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"cowpoke/game"
	"cowpoke/game/words"
)

const replayUsage = `usage: cowpoke replay FILE|DIR [--headless [--json]]
Opens a save file in the window's replay viewer: the match one command at a
time (Left, Right: a command; Up, Down: a game turn; Home, End; Space plays;
the bar under the table can be dragged), with each command's dice, the
combat log up to it and the computer's reason for it. A folder (such as
cowpoke sim --save-dir DIR) opens on the list of its saves.
With --headless, replays it without a window and prints its event log and
result; with --json, one JSON object per event, then one with the result.`

// runReplay is `cowpoke replay FILE [--headless [--json]]`.
func runReplay(args []string, stdout, stderr io.Writer) int {
	return runParsed(parseReplay, args, stdout, stderr)
}

// parseReplay reads the arguments of `cowpoke replay`.
func parseReplay(args []string, stdout, stderr io.Writer) (work, int) {
	fs := newFlags("replay")
	headless := fs.Bool("headless", false, "replay without a window")
	asJSON := fs.Bool("json", false, "print JSON lines")
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stdout, replayUsage)
				return nil, exitOK
			}
			fmt.Fprintf(stderr, "cowpoke replay: %s\n", errText(err))
			return nil, exitUsage
		}
		args = fs.Args()
		if len(args) > 0 {
			files = append(files, args[0])
			args = args[1:]
		}
	}
	switch {
	case len(files) != 1:
		fmt.Fprintln(stderr, "cowpoke replay: give exactly one save file (try cowpoke replay -h)")
		return nil, exitUsage
	case *asJSON && !*headless:
		fmt.Fprintln(stderr, "cowpoke replay: --json needs --headless (the window shows the replay)")
		return nil, exitUsage
	case !*headless:
		return func(stdout, stderr io.Writer) int { return watchReplay(files[0], stderr) }, exitOK
	}
	return func(stdout, stderr io.Writer) int { return replay(files[0], *asJSON, stdout, stderr) }, exitOK
}

// replay replays a save and prints its log.
func replay(file string, asJSON bool, stdout, stderr io.Writer) int {
	m, err := game.LoadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke replay: %s\n", errText(err))
		return exitError
	}
	result := replayResult(m)
	items, err := replayLog(m)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke replay: %s\n", errText(err))
		return exitError
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		for _, it := range items {
			var v any = it.event
			if it.event == nil {
				v = it.reason
			}
			if err := enc.Encode(v); err != nil {
				fmt.Fprintf(stderr, "cowpoke replay: %s\n", errText(err))
				return exitError
			}
		}
		enc.Encode(result)
		return exitOK
	}
	turn := 0
	for _, it := range items {
		t, text := it.reason.Turn, ""
		if it.event != nil {
			t, text = it.event.Turn, it.event.Text
		} else {
			text = "  " + it.reason.Posse + " (computer): " + it.reason.Why
		}
		if t != turn {
			turn = t
			fmt.Fprintf(stdout, "-- game turn %d --\n", turn)
		}
		fmt.Fprintln(stdout, text)
	}
	fmt.Fprintln(stdout, result.Text)
	return exitOK
}

// replayItem is one line of a replay's log: an event, or the reason a
// computer player gave for the command whose events follow.
type replayItem struct {
	event  *game.Event
	reason replayReason
}

// replayReason is a computer decision's reason as `--json` prints it.
type replayReason struct {
	Kind    string `json:"kind"`    // "reason"
	Command int    `json:"command"` // 1-based
	Turn    int    `json:"turn"`
	Posse   string `json:"posse"`
	Why     string `json:"why"`
}

// replayLog is the save's events with each recorded reason (Match.Whys)
// placed before the events of its command. A save without reasons is its
// events; one with reasons is played again from its start, command by
// command, to know which events each command gave.
func replayLog(m *game.Match) ([]replayItem, error) {
	var items []replayItem
	whys := m.Whys()
	if whys == nil {
		for i := range m.Events() {
			items = append(items, replayItem{event: &m.Events()[i]})
		}
		return items, nil
	}
	r, err := m.Restart()
	if err != nil {
		return nil, err
	}
	seen := 0
	flush := func() {
		evs := r.Events()
		for i := seen; i < len(evs); i++ {
			items = append(items, replayItem{event: &evs[i]})
		}
		seen = len(evs)
	}
	flush()
	for i, c := range m.Commands() {
		if whys[i] != "" {
			p := r.Decider()
			name := ""
			if p >= 0 {
				name = r.Posses[p].Name
			}
			items = append(items, replayItem{reason: replayReason{Kind: "reason", Command: i + 1, Turn: r.Turn, Posse: name, Why: whys[i]}})
		}
		if _, err := r.ApplyDecision(game.Decision{Command: c, Why: whys[i]}); err != nil {
			return nil, fmt.Errorf("command %d (%s) cannot be replayed: %v", i+1, c.Kind, err)
		}
		flush()
	}
	return items, nil
}

// watchReplay opens the window's replay viewer on a save, or on the list
// of a folder's saves. A file that is not a save it can replay, or a folder
// with none, is said in one line, exit 2, before any window.
func watchReplay(file string, stderr io.Writer) int {
	if fi, err := os.Stat(file); err == nil && fi.IsDir() {
		saves, _ := filepath.Glob(filepath.Join(file, "*.json"))
		if len(saves) == 0 {
			fmt.Fprintf(stderr, "cowpoke replay: %s: no save files (*.json) in this folder\n", words.Safe(file))
			return exitUsage
		}
		return playOptions{watchDir: file}.run(io.Discard, stderr)
	}
	m, err := game.LoadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke replay: %s\n", errText(err))
		return exitUsage
	}
	return playOptions{watch: m, watchName: file}.run(io.Discard, stderr)
}

// replayResult is the last line of a replay.
type replayResultLine struct {
	Kind     string `json:"kind"` // "result"
	Over     bool   `json:"over"`
	Winner   string `json:"winner,omitempty"`
	Turn     int    `json:"turn"`
	Commands int    `json:"commands"`
	Hash     string `json:"hash"`
	Text     string `json:"text"`
	Score    []int  `json:"score,omitempty"` // victory points per posse, when the scenario has objectives
	Edition  int    `json:"edition"`         // the rules edition it was played under
}

func replayResult(m *game.Match) replayResultLine {
	r := replayResultLine{Kind: "result", Over: m.Over, Turn: m.Turn, Commands: len(m.Commands()), Hash: m.StateHash(), Score: m.Score(), Edition: m.Edition()}
	switch {
	case m.Over && m.Winner >= 0:
		r.Winner = m.Posses[m.Winner].Name
		r.Text = fmt.Sprintf("Result: %s win in game turn %d (%d commands).", r.Winner, m.Turn, r.Commands)
	case m.Over:
		r.Text = fmt.Sprintf("Result: a draw in game turn %d (%d commands).", m.Turn, r.Commands)
	default:
		r.Text = fmt.Sprintf("Result: the match goes on in game turn %d (%d commands so far).", m.Turn, r.Commands)
	}
	if r.Score != nil { // "...; victory points: Lawmen 5, Desperados 0."
		r.Text = strings.TrimSuffix(r.Text, ".") + "; " + pointsText(m) + "."
	}
	r.Text += fmt.Sprintf(" Played under rules edition %d.", r.Edition)
	return r
}

// pointsText is the victory points in words: "victory points: Lawmen 5, Desperados 0".
func pointsText(m *game.Match) string {
	parts := make([]string, len(m.Posses))
	for p, n := range m.Score() {
		parts[p] = fmt.Sprintf("%s %d", m.Posses[p].Name, n)
	}
	return "victory points: " + strings.Join(parts, ", ")
}
