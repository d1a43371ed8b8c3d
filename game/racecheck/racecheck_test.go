package racecheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// skippers are the calls that, as a test's first line, skip it under the
// race detector: WholeWithoutRace, and the helpers that call it (scene's
// layoutOnly, game/ai's sweepOnly).
var skippers = regexp.MustCompile(`\b(layoutOnly|sweepOnly|racecheck\.WholeWithoutRace)\(t\)`)

// viaHelper is the body of a helper that skips through WholeWithoutRace.
var viaHelper = regexp.MustCompile(`func (?:layoutOnly|sweepOnly)\(t \*testing\.T\) \{\n\tt\.Helper\(\)\n\tracecheck\.WholeWithoutRace\(t\)\n\}`)

// The Makefile's pass without the race detector (NORACE, in the packages
// of NORACE_PKGS) names every test of the repository that skips under the
// detector, so that none is skipped there and never run; and every name it
// lists is a test.
func TestNoRacePassRunsEverySkippedTest(t *testing.T) {
	mk, err := os.ReadFile("../../Makefile")
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
	marked := regexp.MustCompile(`func (Test\w+)\(t \*testing\.T\) \{\n\t(?:layoutOnly|sweepOnly|racecheck\.WholeWithoutRace)\(t\)`)
	tests := map[string]bool{}
	var calls []string
	err = filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
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
		// layoutOnly and sweepOnly skip through WholeWithoutRace; any other
		// call must be a test's first line, where the pattern above finds it.
		if n := len(skippers.FindAll(src, -1)) - len(viaHelper.FindAll(src, -1)); n != len(found) {
			t.Errorf("%s: a call that skips under the race detector must be a test's first line (%d calls, %d so placed)", path, n, len(found))
		}
		if dir := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../"))) + "/"; len(found) > 0 && !slices.Contains(pkgs, dir) {
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
