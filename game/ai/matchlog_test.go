package ai

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
)

// matchLog is a strength run's record of finished matches, one JSON line a
// match (COWPOKE_AI_LOG): a run continued with the same file plays only
// the matches it does not hold, so runs stopped for a deadline join
// exactly, whatever order their matches finished in.
type matchLog struct {
	file    *os.File
	results map[string]result // by setupKey
}

// loggedMatch is one line of a match log.
type loggedMatch struct {
	Setup    setup  `json:"setup"`
	Winner   int    `json:"winner"`
	Commands int    `json:"commands"`
	Throws   [2]int `json:"throws"`
	Err      string `json:"err,omitempty"`
}

// openMatchLog reads the matches path holds (none if it does not exist)
// and opens it to append more. A last line cut short by a crash is left
// out; any other line that does not read is an error naming the line.
func openMatchLog(path string) (*matchLog, error) {
	l := &matchLog{results: map[string]result{}}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		var bad error
		for n := 1; sc.Scan(); n++ {
			if bad != nil {
				f.Close()
				return nil, bad
			}
			var m loggedMatch
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				bad = fmt.Errorf("%s line %d: %v", path, n, err)
				continue
			}
			r := result{winner: m.Winner, commands: m.Commands, throws: m.Throws}
			if m.Err != "" {
				r.err = errors.New(m.Err)
			}
			l.results[setupKey(m.Setup)] = r
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	l.file = f
	return l, nil
}

// add appends one finished match (one write, so a line is whole or absent
// but for a crash in the middle of it).
func (l *matchLog) add(s setup, r result) error {
	m := loggedMatch{Setup: s, Winner: r.winner, Commands: r.commands, Throws: r.throws}
	if r.err != nil {
		m.Err = r.err.Error()
	}
	line, err := json.Marshal(m)
	if err != nil {
		return err
	}
	l.results[setupKey(s)] = r
	_, err = l.file.Write(append(line, '\n'))
	return err
}

func (l *matchLog) close() { l.file.Close() }

// result returns the logged result of s, if the log holds it.
func (l *matchLog) result(s setup) (result, bool) {
	r, ok := l.results[setupKey(s)]
	return r, ok
}

// setupKey names a setup in full (its options are not comparable).
func setupKey(s setup) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a setup is plain data
	}
	return string(b)
}

// TestMatchLogContinues: what a log holds reads back the same after a
// reopen, a last line cut short by a crash is left out, and a bad line
// before the last is an error naming it.
func TestMatchLogContinues(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	l, err := openMatchLog(path)
	if err != nil {
		t.Fatal(err)
	}
	a := setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: 1000, A: "hard", B: "normal", Mirror: true}
	b := a
	b.A, b.B = a.B, a.A
	c := a
	c.Seed = 1001
	want := map[string]result{
		setupKey(a): {winner: 0, commands: 210, throws: [2]int{1, 0}},
		setupKey(b): {winner: -1, commands: 6000, err: errors.New("no end after 6000 commands")},
		setupKey(c): {winner: 1, commands: 180, throws: [2]int{0, 2}},
	}
	for _, s := range []setup{a, b, c} {
		if err := l.add(s, want[setupKey(s)]); err != nil {
			t.Fatal(err)
		}
	}
	l.close()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"setup":{"Map":"halt.tm`) // a crash mid-line
	f.Close()

	again, err := openMatchLog(path)
	if err != nil {
		t.Fatalf("a log whose last line was cut short: %v", err)
	}
	again.close()
	if len(again.results) != 3 {
		t.Fatalf("read %d matches back, want 3", len(again.results))
	}
	for _, s := range []setup{a, b, c} {
		got, ok := again.result(s)
		w := want[setupKey(s)]
		if !ok || got.winner != w.winner || got.commands != w.commands || got.throws != w.throws || (got.err == nil) != (w.err == nil) {
			t.Errorf("%+v read back as %+v (found %v), want %+v", s, got, ok, w)
		}
	}
	if _, ok := again.result(setup{Map: "ranch.tmx", Seed: 1000, A: "hard", B: "normal"}); ok {
		t.Error("a match the log does not hold was found in it")
	}

	f, _ = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\n" + `{"setup":{"Map":"ranch.tmx"},"winner":0}` + "\n")
	f.Close()
	if _, err := openMatchLog(path); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("a bad line before the last: %v, want an error naming line 4", err)
	}
}
