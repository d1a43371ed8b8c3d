package game

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/rules"
)

// The golden saves are format 1, without a check per command. So that a
// golden save refused on another CPU says where its replay first went
// another way, testdata/golden/checks.json holds, for each, the first four
// hex digits of the state check (stepCheck) after every command, taken on
// the reference build (amd64 without FMA), where the saves replay to their
// stored state hashes. Only -update-golden-checks on that build rewrites it.
var updateGoldenChecks = flag.Bool("update-golden-checks", false, "rewrite testdata/golden/checks.json (reference build only)")

const goldenChecksFile = "checks.json"

// goldenCheckDigits is how much of each command's check is kept.
const goldenCheckDigits = 4

// goldenSteps replays a golden save command by command and returns its
// checks, shortened and joined, and the commands (the save must decode).
func goldenSteps(t *testing.T, name string) (string, []Command) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatal(err)
	}
	var s Save
	if err := decodeStrict(data, &s); err != nil {
		t.Fatal(err)
	}
	b, _, err := loadMapRef(mapRef{Name: s.Scenario.Map})
	if err != nil {
		t.Fatal(err)
	}
	m, err := newMatch(s.Scenario, b, s.Seed, rules.NewSeeded(s.Seed), Edition1)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, c := range s.Commands {
		if _, err := m.Apply(c); err != nil {
			break // the checks so far still say where the replay went another way
		}
		sb.WriteString(m.checks[len(m.checks)-1][:goldenCheckDigits])
	}
	return sb.String(), s.Commands
}

// goldenDivergence says where a golden save's replay on this build first
// differs from the reference build's.
func goldenDivergence(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goldenDir, goldenChecksFile))
	if err != nil {
		return "no reference checks: " + err.Error()
	}
	var want map[string]string
	if err := json.Unmarshal(data, &want); err != nil {
		return "reference checks unreadable: " + err.Error()
	}
	got, commands := goldenSteps(t, name)
	for i := 0; i < len(commands); i++ {
		lo, hi := i*goldenCheckDigits, (i+1)*goldenCheckDigits
		if hi > len(got) {
			return fmt.Sprintf("command %d (%s) of %d is refused on this build", i+1, commands[i].Kind, len(commands))
		}
		if hi > len(want[name]) || got[lo:hi] != want[name][lo:hi] {
			return fmt.Sprintf("the first command that differs from the reference build is command %d (%s) of %d", i+1, commands[i].Kind, len(commands))
		}
	}
	return "every command's check matches the reference build (the difference is in what the checks do not cover)"
}

// TestGoldenChecksFile writes checks.json with -update-golden-checks on the
// reference build, and otherwise checks it covers every golden save.
func TestGoldenChecksFile(t *testing.T) {
	manifest := readGoldenManifest(t)
	if *updateGoldenChecks {
		if !referenceBuild {
			t.Fatal("the golden checks are taken on the reference build only (amd64 without GOAMD64=v3)")
		}
		out := map[string]string{}
		for name := range manifest {
			if _, err := LoadFile(filepath.Join(goldenDir, name)); err != nil {
				t.Fatalf("%s does not load: its checks would not be the reference: %v", name, err)
			}
			out[name], _ = goldenSteps(t, name)
		}
		data, err := json.MarshalIndent(out, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(goldenDir, goldenChecksFile), append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(filepath.Join(goldenDir, goldenChecksFile))
	if err != nil {
		t.Fatal(err)
	}
	var checks map[string]string
	if err := json.Unmarshal(data, &checks); err != nil {
		t.Fatal(err)
	}
	for name := range manifest {
		if checks[name] == "" {
			t.Errorf("%s has no reference checks in %s", name, goldenChecksFile)
		}
	}
}
