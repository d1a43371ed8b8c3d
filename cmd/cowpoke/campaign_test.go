package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCampaignCommand: new, play one match headless, show; mistakes in
// one line with exit 2; a campaign is never started over.
func TestCampaignCommand(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.json")
	steps := []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"new", file, "-seed", "3", "-critical-injuries"}, exitOK, `the campaign "Dust to Dust" begins`, ""},
		{[]string{"new", file}, exitError, "", "never started over"},
		{[]string{"play", file}, exitOK, "Survival: ", ""},
		{[]string{"show", file}, exitOK, "1 match played", ""},
		{[]string{"new", file + "2", "-posses", "lawmen,nobody.json"}, exitError, "", "nobody.json"},
		{[]string{"new", file + "3", "-posses", "lawmen,desperados,cattlemen", "-initiative", "coin"}, exitError, "", "exactly two players"},
		{[]string{"play"}, exitUsage, "", "which campaign file"},
		{[]string{"play", file, "-matches", "0"}, exitUsage, "", "-matches must be"},
		{[]string{"frob"}, exitUsage, "", "unknown command"},
		{[]string{"show", file, "-bogus"}, exitUsage, "", "bogus"},
	}
	for _, s := range steps {
		var out, errb bytes.Buffer
		code := runCampaign(s.args, &out, &errb)
		if code != s.code || !strings.Contains(out.String(), s.out) || !strings.Contains(errb.String(), s.err) {
			t.Errorf("campaign %v = %d\nstdout: %s\nstderr: %s", s.args, code, out.String(), errb.String())
		}
		if s.code == exitUsage && strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 && !strings.Contains(errb.String(), "usage") {
			t.Errorf("campaign %v: not one line: %q", s.args, errb.String())
		}
	}
	if _, err := os.Stat(file + "3"); err == nil {
		t.Error("a refused campaign was written")
	}
}
