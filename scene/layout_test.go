package scene

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// layoutOnly marks a layout test: one that checks where things are drawn
// (every window size and interface scale: what fits, what overlaps, what
// scrolls into view). It starts no goroutine of its own for the race
// detector to watch, and under the detector a frame is several times
// slower, so there it is skipped: make test runs the layout tests whole in
// a pass of their own without the detector (the Makefile's NORACE),
// where they take some 70 s rather than 150 s for a fraction of their
// cases. TestNoRacePassRunsEverySkippedTest keeps that list and these
// calls the same.
func layoutOnly(t *testing.T) {
	t.Helper()
	wholeWithoutRace(t)
}

// wholeWithoutRace marks a test that make test runs whole without the race
// detector, in a pass of its own (the Makefile's NORACE): under the detector
// it is several times slower and the goroutines it starts (the computer's,
// the review's) are started under it by shorter tests, so there it is
// skipped.
func wholeWithoutRace(t *testing.T) {
	t.Helper()
	if raceOn {
		t.Skip("make test runs it without the race detector (Makefile, NORACE)")
	}
}

// skippers are the helpers whose call, a test's first line, skips it under
// the race detector (layoutOnly and wholeWithoutRace here, sweepOnly and
// wholeWithoutRace in game/ai, wholeWithoutRace in game/analysis and
// cmd/cowpoke).
var skippers = regexp.MustCompile(`\b(layoutOnly|sweepOnly|wholeWithoutRace)\(t\)`)

// viaHelper is the body of a skipper that skips through wholeWithoutRace.
var viaHelper = regexp.MustCompile(`func (?:layoutOnly|sweepOnly)\(t \*testing\.T\) \{\n\tt\.Helper\(\)\n\twholeWithoutRace\(t\)\n\}`)

// The Makefile's pass without the race detector (NORACE, in the packages
// of NORACE_PKGS) names every test of the repository that skips under the
// detector, so that none is skipped there and never run; and every name it
// lists is a test.
func TestNoRacePassRunsEverySkippedTest(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	variable := func(name string) []string {
		m := regexp.MustCompile(`(?m)^` + name + `\s*:=((?:[^\n]*\\\n)*[^\n]*)$`).FindSubmatch(mk)
		if m == nil {
			t.Fatalf("the Makefile has no %s", name)
		}
		return strings.Fields(strings.ReplaceAll(string(m[1]), "\\\n", " "))
	}
	listed, pkgs := variable("NORACE"), variable("NORACE_PKGS")
	marked := regexp.MustCompile(`func (Test\w+)\(t \*testing\.T\) \{\n\t(?:layoutOnly|sweepOnly|wholeWithoutRace)\(t\)`)
	tests := map[string]bool{}
	var calls []string
	err = filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return err
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, f := range regexp.MustCompile(`(?m)^func (Test\w+)\(`).FindAllSubmatch(src, -1) {
			tests[string(f[1])] = true
		}
		found := marked.FindAllSubmatch(src, -1)
		for _, c := range found {
			calls = append(calls, string(c[1]))
		}
		// layoutOnly and sweepOnly skip through wholeWithoutRace; any other
		// call must be a test's first line, where the pattern above finds it.
		if n := len(skippers.FindAll(src, -1)) - len(viaHelper.FindAll(src, -1)); n != len(found) {
			t.Errorf("%s: a call that skips under the race detector must be a test's first line (%d calls, %d so placed)", path, n, len(found))
		}
		if dir := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../"))) + "/"; len(found) > 0 && !slices.Contains(pkgs, dir) {
			t.Errorf("%s: its tests skip under the race detector, but the Makefile's NORACE_PKGS %v leave %s out", path, pkgs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		if !slices.Contains(listed, c) {
			t.Errorf("%s skips under the race detector but is not in the Makefile's NORACE: make test would never run it", c)
		}
	}
	for _, l := range listed {
		if !tests[l] {
			t.Errorf("the Makefile's NORACE lists %s, which is no test", l)
		}
	}
	if len(calls) < 8 {
		t.Errorf("only %d tests found that skip under the race detector: %v", len(calls), calls)
	}
}
