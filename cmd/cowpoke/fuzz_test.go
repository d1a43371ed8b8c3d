package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzArgs feeds arbitrary command lines (arguments separated by NUL) to
// the argument parser: it must settle each with work to do or an exit code,
// never panic or hang, and say something on stderr whenever it fails. The
// odds calculator, pure and bounded, runs in full; other commands' work
// (windows, files) is not run.
func FuzzArgs(f *testing.F) {
	for _, line := range [][]string{
		{}, {"help"}, {"play", "-seed", "7", "-screenshot", "x.png", "-stage", "dice"}, {"play", "-stage", "bogus"},
		{"map", "check", "town.tmx"}, {"map", "los", "town.tmx", "--from", "1,2", "--to", "3,4", "--json"},
		{"map", "los", "--from=NaN,1"}, {"replay", "a.json", "--headless", "--json"},
		{"eval", "a.json", "--at", "3", "--budget", "1s", "--json"}, {"review", "a.json", "--html", "r.html", "--per", "1h"},
		{"odds", "shoot", "--weapon", "revolver", "--range", "7", "--aim", "--cover", "wood", "--json"},
		{"odds", "brawl", "-h"}, {"odds", "blast", "--range", "1e308"}, {"odds", "survive", "--tier", "legend"},
	} {
		f.Add(strings.Join(line, "\x00"))
	}
	f.Fuzz(func(t *testing.T, line string) {
		var args []string
		if line != "" {
			args = strings.Split(line, "\x00")
		}
		watchdog := time.AfterFunc(2*time.Second, func() { panic(fmt.Sprintf("parsing %q took over 2 s", args)) })
		defer watchdog.Stop()
		var errb bytes.Buffer
		w, code := parseArgs(args, io.Discard, &errb)
		if w != nil && len(args) > 0 && args[0] == "odds" {
			code, w = w(io.Discard, &errb), nil
		}
		switch {
		case w != nil && code != exitOK:
			t.Fatalf("%q: work and exit code %d", args, code)
		case w == nil && code != exitOK && code != exitUsage && code != exitError:
			t.Fatalf("%q: exit code %d", args, code)
		case w == nil && code != exitOK && errb.Len() == 0:
			t.Fatalf("%q: exit %d without a word on stderr", args, code)
		}
	})
}
