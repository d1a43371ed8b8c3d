package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPosseCheckCommand: exit 0 when every file is legal; otherwise one
// line per problem naming the file, and exit 2.
func TestPosseCheckCommand(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"name": "Bad", "models": [
	  {"name": "Ann", "tier": "legend", "skills": ["tough"], "weapons": ["revolver", "derringer"]},
	  {"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"]}]}`), 0o644)
	good := "../../assets/posses/lawmen.json"
	tests := []struct {
		args  []string
		code  int
		lines []string
	}{
		{[]string{"check", good, "../../assets/posses/desperados.json"}, exitOK, []string{good + ": ok", "desperados.json: ok"}},
		{[]string{"check", good, bad}, exitUsage, []string{good + ": ok",
			bad + `: model 1 "Ann": Holster: Ann carries 2 pistols; a second pistol needs the Holster skill`,
			bad + `: model 1 "Ann": Tough: Ann is a Legend`,
			bad + `: model 2 "Ann": unique names: model 1 has the same name`}},
		{[]string{"check", filepath.Join(dir, "missing.json")}, exitUsage, []string{"missing.json"}},
		{[]string{"check", dir}, exitUsage, []string{"not a regular file"}},
		{[]string{"check"}, exitUsage, nil},
		{[]string{}, exitUsage, nil},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := runPosse(tc.args, &out, &errb)
		got := strings.Split(strings.TrimSpace(out.String()), "\n")
		if code != tc.code || (tc.lines != nil && len(got) != len(tc.lines)) {
			t.Errorf("posse %v = %d\nstdout: %s\nstderr: %s", tc.args, code, out.String(), errb.String())
			continue
		}
		for i, want := range tc.lines {
			if !strings.Contains(got[i], want) {
				t.Errorf("posse %v line %d: %q, want %q", tc.args, i+1, got[i], want)
			}
		}
	}
}
