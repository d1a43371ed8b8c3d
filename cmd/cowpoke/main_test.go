package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets a test run the program itself in a child process (the
// window needs the main thread): COWPOKE_TEST_ARGS holds its arguments,
// one per line.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("COWPOKE_TEST_ARGS"); ok {
		os.Exit(program(strings.Split(args, "\n")))
	}
	os.Exit(m.Run())
}

// cowpoke runs the program in a child process.
func cowpoke(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), "COWPOKE_TEST_ARGS="+strings.Join(args, "\n")), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// oneLine checks a failure's message: one line naming what is wrong.
func oneLine(t *testing.T, what, stderr string, wants ...string) {
	t.Helper()
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("%s: not one line:\n%s", what, stderr)
	}
	for _, w := range wants {
		if !strings.Contains(stderr, w) {
			t.Errorf("%s: %q does not say %q", what, stderr, w)
		}
	}
}

func TestHelpIsAligned(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, &out, &errb); code != exitOK {
		t.Fatalf("help exits %d", code)
	}
	col := -1
	n := 0
	for _, l := range strings.Split(out.String(), "\n") {
		if !strings.HasPrefix(l, "  cowpoke ") {
			continue
		}
		n++
		name := strings.Fields(l)[1]
		summary := subcommands()[name].summary
		at := strings.Index(l, summary)
		if col < 0 {
			col = at
		}
		if at != col || at < 0 {
			t.Errorf("summary of %s starts at column %d, others at %d:\n%s", name, at, col, out.String())
		}
	}
	if n != len(subcommands()) {
		t.Errorf("help lists %d commands of %d", n, len(subcommands()))
	}
}

// Every mistake on the command line exits 2 with one line saying what is
// wrong; none opens a window (these run in-process: a window would hang).
func TestArgumentMistakes(t *testing.T) {
	tests := []struct {
		args  []string
		wants []string
	}{
		{[]string{"play", "-stage", "bogus"}, []string{`"bogus" is not a stage`, "overwatch"}},
		{[]string{"play", "-screenshot", "x.png", "-stage", "bogus"}, []string{`"bogus"`}},
		{[]string{"play", "-stage", "shot"}, []string{"-stage needs -screenshot"}},
		{[]string{"play", "extra"}, []string{`unexpected argument "extra"`}},
		{[]string{"play", "-seed", "minus"}, []string{"-seed"}},
		{[]string{"-nope"}, []string{`unknown command "-nope"`}},
		{[]string{"map", "los", "town.tmx", "--from", "1,1"}, []string{"missing --to"}},
		{[]string{"map", "los", "town.tmx", "--to", "1,1"}, []string{"missing --from"}},
		{[]string{"map", "los", "--from", "1,1", "--to", "2,2"}, []string{"missing the map FILE"}},
		{[]string{"map", "los", "a.tmx", "b.tmx", "--from", "1,1", "--to", "2,2"}, []string{"one map at a time"}},
		{[]string{"map", "los", "town.tmx", "--from", "1,1", "--to", "2,2", "--bogus"}, []string{"-bogus"}},
		{[]string{"replay"}, []string{"exactly one save file"}},
		{[]string{"odds", "shoot"}, []string{"--weapon is required"}},
		{[]string{"bogus\x1b[31m"}, []string{`\x1b`}},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		w, code := parseArgs(tc.args, &out, &errb)
		if w != nil && tc.args[0] == "odds" {
			code = w(&out, &errb)
		}
		if code != exitUsage {
			t.Errorf("%q exits %d, want %d", tc.args, code, exitUsage)
		}
		oneLine(t, fmt.Sprintf("%q", tc.args), errb.String(), tc.wants...)
	}
}

// The screenshot flag's failures exit non-zero with one line naming the
// problem (the program runs in a child process, under the display).
func TestScreenshotFailureExitsNonZero(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("needs a display: run under xvfb-run")
	}
	dir := t.TempDir()
	env := []string{"XDG_DATA_HOME=" + dir}
	bad := filepath.Join(dir, "no such folder", "shot.png")
	t0 := time.Now()
	code, _, stderr := cowpoke(t, env, "play", "-screenshot", bad)
	if code != exitError {
		t.Errorf("an unwritable screenshot exits %d (stderr %q)", code, stderr)
	}
	oneLine(t, "unwritable screenshot", stderr, "screenshot", "no such folder")
	t.Logf("%v", time.Since(t0))
}
