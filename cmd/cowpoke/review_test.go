package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
)

// cowpoke review writes a page with the graph (a line per posse), the
// swings and the luck table, and says its progress on stderr; without
// --html it says the same in words.
func TestReviewHTMLAndText(t *testing.T) {
	n := 40
	if racecheck.Enabled { // ten times slower: each swing weighed asks the computer for its best command
		n = 6
	}
	path, m := computerSave(t, []int{0, 1}, game.MethodDraw, n)
	page := filepath.Join(t.TempDir(), "review.html")
	out, errOut, code := runCmd("review", path, "--html", page, "--per", "20ms")
	if code != 0 || !strings.Contains(out, "Wrote the review") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if !strings.Contains(errOut, strconv.Itoa(n+1)+" of "+strconv.Itoa(n+1)+" positions") {
		t.Errorf("no progress on stderr: %q", errOut)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(data)
	for _, want := range []string{"<svg", "The biggest swings", "Luck with the dice", m.Posses[0].Name, m.Posses[1].Name} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(html, "<polyline"); n != len(m.Posses) {
		t.Errorf("%d lines in the graph for %d posses", n, len(m.Posses))
	}
	if racecheck.Enabled {
		return
	}
	text, _, code := runCmd("review", path, "--per", "20ms")
	if code != 0 {
		t.Fatalf("text: exit %d", code)
	}
	for _, want := range []string{"Result: ", "Chances to win, every tenth of the match:", "The biggest swings:", m.Posses[0].Name + ": "} {
		if !strings.Contains(text, want) {
			t.Errorf("the words lack %q:\n%s", want, text)
		}
	}
	if notPlain.MatchString(text) {
		t.Errorf("not plain words:\n%s", text)
	}
}

// Mistakes: one line, exit 2, before any work.
func TestReviewRefuses(t *testing.T) {
	path, _ := writeSave(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review"}, "give exactly one save file"},
		{[]string{"review", path, "--per", "0s"}, "--per 0s"},
		{[]string{"review", path, "--html", ""}, "--html needs a file name"},
		{[]string{"review", path, "--html", filepath.Join(t.TempDir(), "no", "such", "x.html")}, "does not exist"},
	} {
		out, errOut, code := runCmd(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", c.args, code, out, errOut, c.want)
		}
	}
}
