package game

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// The golden save with objectives: the shipped jailbreak (a locked door
// with a roll, an escape of a named model, a zone held each round) played
// by random legal commands to its end, on a seed where the scenario's roll
// was made and points were scored. TestGoldenSaves replays it with the
// others (same state hash, same event log on every CPU).
const objectivesGolden = "jailbreak-objectives-full.json"

// TestMakeObjectivesGoldenSave writes that one save and adds it to the
// manifest, leaving the other golden saves alone. It runs only when
// COWPOKE_MAKE_GOLDEN_OBJECTIVES=1, on the reference build; then run
// `go test ./game -run TestGoldenChecksFile -update-golden-checks`.
func TestMakeObjectivesGoldenSave(t *testing.T) {
	if os.Getenv("COWPOKE_MAKE_GOLDEN_OBJECTIVES") != "1" {
		t.Skip("set COWPOKE_MAKE_GOLDEN_OBJECTIVES=1 to write the golden save with objectives")
	}
	if !referenceBuild {
		t.Fatal("golden saves are made on the reference build only")
	}
	s := shippedScenarios(t)["jailbreak.json"]
	for seed := uint64(1); seed < 200; seed++ {
		m, err := NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, m, rand.New(rand.NewPCG(seed, 7)), maxCommands)
		rolled, scored := false, false
		for _, e := range m.Events() {
			rolled = rolled || e.Kind == EvInteractRoll
		}
		for _, p := range m.Score() {
			scored = scored || p > 0
		}
		if !m.Over || !rolled || !scored {
			continue
		}
		if err := m.SaveFile(filepath.Join(goldenDir, objectivesGolden)); err != nil {
			t.Fatal(err)
		}
		manifest := readGoldenManifest(t)
		manifest[objectivesGolden] = eventLogDigest(t, m)
		writeGoldenManifest(t, manifest)
		t.Logf("seed %d: %d commands, turn %d, %s", seed, len(m.Commands()), m.Turn, m.ResultText())
		return
	}
	t.Fatal("no seed below 200 rolled for a door and scored")
}

// TestGoldenSaveWithObjectives: the golden save with objectives is listed
// and really has them (its replay is TestGoldenSaves's).
func TestGoldenSaveWithObjectives(t *testing.T) {
	if _, ok := readGoldenManifest(t)[objectivesGolden]; !ok {
		t.Fatalf("golden.json does not list %s", objectivesGolden)
	}
	m, err := LoadFile(filepath.Join(goldenDir, objectivesGolden))
	if err != nil {
		t.Fatal(err)
	}
	if !m.Over || m.Score() == nil || len(m.Scenario.Interact) == 0 {
		t.Fatalf("over %v, score %v: not a finished match with objectives", m.Over, m.Score())
	}
}
