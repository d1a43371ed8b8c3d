package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"cowpoke/rules"
)

// Saves of rules edition 2 made before edition 3 existed (by the build of
// commit c8b850e, random legal play to the end under card stacks, the
// character deck and the Draw, each with round effects and the Desperados
// computer-played): each must replay under this program to its stored
// final state hash. Replayed as edition 3, the same commands go another
// way, so the saves do cross the rules edition 3 changed.
func TestEdition2SavesReplayUnchanged(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "edition2", "*.json"))
	if err != nil || len(names) != 3 {
		t.Fatalf("edition 2 saves: %v %v", names, err)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var s Save
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			m, err := LoadFile(name)
			if err != nil {
				t.Fatalf("an edition 2 save no longer loads: %v", err)
			}
			if m.Edition() != Edition2 || m.StateHash() != s.Hash || !m.Over {
				t.Fatalf("edition %d, hash %s, over %v; want edition 2, %s, the match played to its end", m.Edition(), m.StateHash(), m.Over, s.Hash)
			}
			b, _, err := loadMapRef(mapRef{Name: s.Scenario.Map})
			if err != nil {
				t.Fatal(err)
			}
			as3, err := newMatch(s.Scenario, b, s.Seed, rules.NewSeeded(s.Seed), Edition3)
			if err != nil {
				t.Fatal(err)
			}
			if err := as3.replay(s.Commands, nil); err == nil && as3.StateHash() == s.Hash {
				t.Error("replayed as edition 3 the save ends the same: it does not exercise the rules edition 3 changed")
			}
		})
	}
}
