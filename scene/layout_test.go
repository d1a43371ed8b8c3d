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
// a pass of their own without the detector (the Makefile's SCENE_LAYOUT),
// where they take some 70 s rather than 150 s for a fraction of their
// cases. TestLayoutPassRunsEveryLayoutTest keeps that list and these calls
// the same.
func layoutOnly(t *testing.T) {
	t.Helper()
	if raceOn {
		t.Skip("a layout test: make test runs it without the race detector (Makefile, SCENE_LAYOUT)")
	}
}

// The Makefile's layout pass names exactly the tests that call layoutOnly,
// so that none is skipped under the race detector and never run.
func TestLayoutPassRunsEveryLayoutTest(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^SCENE_LAYOUT\s*:=\s*(.+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("the Makefile has no SCENE_LAYOUT")
	}
	listed := strings.Split(strings.TrimSpace(string(m[1])), "|")
	files, _ := filepath.Glob("*_test.go")
	marked := regexp.MustCompile(`func (Test\w+)\(t \*testing\.T\) \{\n\tlayoutOnly\(t\)`)
	var calls []string
	for _, f := range files {
		if f == "layout_test.go" { // layoutOnly itself
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range marked.FindAllSubmatch(src, -1) {
			calls = append(calls, string(c[1]))
		}
		if n := strings.Count(string(src), "layoutOnly(t)"); n != len(marked.FindAll(src, -1)) {
			t.Errorf("%s: layoutOnly(t) must be a test's first line (%d calls, %d so placed)", f, n, len(marked.FindAll(src, -1)))
		}
	}
	slices.Sort(listed)
	slices.Sort(calls)
	if !slices.Equal(listed, calls) || len(calls) == 0 {
		t.Errorf("the Makefile's SCENE_LAYOUT lists %v; the tests that call layoutOnly are %v", listed, calls)
	}
}
