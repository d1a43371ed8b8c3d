package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// The golden saves (testdata/golden) are the reference every change to the
// engine is held to: each must load (its replayed state hash equals the one
// it stores) and give the very event log recorded in golden.json, byte for
// byte, on every CPU (make test replays them under GOARCH=386, arm64 and
// GOAMD64=v3 as well). They were made by the amd64 build of commit 688043c,
// whose unfused arithmetic is the reference.
//
// `go test ./game -run TestGoldenSaves -update-golden-logs` rewrites only the
// event-log digests (for a deliberate change of a log sentence); the state
// hashes, which hold every outcome, are never rewritten by a test.
var updateGoldenLogs = flag.Bool("update-golden-logs", false, "rewrite the golden event-log digests (state hashes stay)")

const goldenDir = "testdata/golden"

// goldenCase is how one golden save was made: a scenario on a map, a seed,
// random legal play, and where to stop.
type goldenCase struct {
	Name       string
	Map        string
	Initiative string
	Options    Options
	Seed       uint64
	// StopAtInterrupt stops with an overwatch decision pending; else the
	// match is played to its end.
	StopAtInterrupt bool
	Showcase        bool
}

var goldenCases = []goldenCase{
	{Name: "town-draw-full", Map: "town.tmx", Initiative: MethodDraw, Seed: 1},
	{Name: "town-coin-full", Map: "town.tmx", Initiative: MethodCoin, Seed: 2},
	{Name: "town-standoff-options-full", Map: "town.tmx", Initiative: MethodStandoff, Seed: 3,
		Options: Options{DeadReckoning: true, CriticalInjuries: true}},
	{Name: "ranch-draw-full", Map: "ranch.tmx", Initiative: MethodDraw, Seed: 4},
	{Name: "halt-draw-full", Map: "halt.tmx", Initiative: MethodDraw, Seed: 5},
	{Name: "town-mid-overwatch", Map: "town.tmx", Initiative: MethodDraw, Seed: 6, StopAtInterrupt: true},
	{Name: "ranch-mid-overwatch", Map: "ranch.tmx", Initiative: MethodStandoff, Seed: 7, StopAtInterrupt: true},
	{Name: "showcase-full", Showcase: true, Seed: 8},
	{Name: "showcase-mid-overwatch", Showcase: true, Seed: 9, StopAtInterrupt: true},
	// Rules edition 3 (R39-R53), every seed module on: each method with
	// round effects where it takes them, the Desperados computer-played
	// (Breaks, Confused, the token stack's shared colour and its limit).
	{Name: "town-stacks-effects-ed3", Map: "town.tmx", Initiative: MethodStacks, Seed: 41,
		Options: Options{RoundEffects: true, Computer: []int{1}}},
	{Name: "ranch-deck-effects-ed3", Map: "ranch.tmx", Initiative: MethodDeck, Seed: 42,
		Options: Options{RoundEffects: true, Computer: []int{1}}},
	{Name: "halt-draw-effects-ed3", Map: "halt.tmx", Initiative: MethodDraw, Seed: 43,
		Options: Options{RoundEffects: true, Computer: []int{1}}},
	{Name: "town-tokens-limit-ed3", Map: "town.tmx", Initiative: MethodTokens, Seed: 44,
		Options: Options{EnemyLimit: true, Computer: []int{1}}},
	// Rules edition 4 (an overwatcher's shot sized with the mover facing
	// the way he walks): the two edition 3 cases whose play it changes.
	{Name: "town-stacks-effects-ed4", Map: "town.tmx", Initiative: MethodStacks, Seed: 41,
		Options: Options{RoundEffects: true, Computer: []int{1}}},
	{Name: "town-tokens-limit-ed4", Map: "town.tmx", Initiative: MethodTokens, Seed: 44,
		Options: Options{EnemyLimit: true, Computer: []int{1}}},
	// Rules edition 5 (a shut door opens as a model walks through it,
	// R5): nearly every case walks through a door, so three stand for
	// them: a whole match, one stopped at an Overwatch interrupt, and the
	// card stacks with every seed module and the computer.
	{Name: "town-draw-full-ed5", Map: "town.tmx", Initiative: MethodDraw, Seed: 1},
	{Name: "town-mid-overwatch-ed5", Map: "town.tmx", Initiative: MethodDraw, Seed: 6, StopAtInterrupt: true},
	{Name: "town-stacks-effects-ed5", Map: "town.tmx", Initiative: MethodStacks, Seed: 41,
		Options: Options{RoundEffects: true, Computer: []int{1}}},
}

// goldenManifest maps a golden save's file name to the SHA-256 of its
// replayed event log (JSON).
type goldenManifest map[string]string

func eventLogDigest(t testing.TB, m *Match) string {
	t.Helper()
	b, err := json.Marshal(m.Events())
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func readGoldenManifest(t testing.TB) goldenManifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goldenDir, "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g goldenManifest
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func writeGoldenManifest(t testing.TB, g goldenManifest) {
	t.Helper()
	data, err := json.MarshalIndent(g, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(goldenDir, "golden.json"), append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenSaves replays every golden save: it must load (same state hash)
// and give the recorded event log byte for byte.
func TestGoldenSaves(t *testing.T) {
	manifest := readGoldenManifest(t)
	names := make([]string, 0, len(manifest))
	for name := range manifest {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) < len(goldenCases) {
		t.Fatalf("golden.json lists %d saves, want at least %d", len(names), len(goldenCases))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			m, err := LoadFile(filepath.Join(goldenDir, name))
			if err != nil {
				t.Fatalf("a golden save no longer loads: %v; %s", err, goldenDivergence(t, name))
			}
			got := eventLogDigest(t, m)
			if *updateGoldenLogs {
				manifest[name] = got
				return
			}
			if got != manifest[name] {
				t.Fatalf("%s: the replayed event log differs from the golden one (digest %s, want %s)", name, got, manifest[name])
			}
		})
	}
	if *updateGoldenLogs {
		writeGoldenManifest(t, manifest)
	}
}

// TestMakeGoldenSaves writes the golden saves that do not exist yet, under
// the current rules edition (a save already made is never rewritten: its
// outcomes are the reference). It runs only when COWPOKE_MAKE_GOLDEN=1:
// golden saves are made once, from a build whose outcomes are the
// reference, and then only read.
func TestMakeGoldenSaves(t *testing.T) {
	if os.Getenv("COWPOKE_MAKE_GOLDEN") != "1" {
		t.Skip("set COWPOKE_MAKE_GOLDEN=1 to write the missing golden saves")
	}
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := goldenManifest{}
	if _, err := os.Stat(filepath.Join(goldenDir, "golden.json")); err == nil {
		manifest = readGoldenManifest(t)
	}
	for _, gc := range goldenCases {
		if _, err := os.Stat(filepath.Join(goldenDir, gc.Name+".json")); err == nil {
			continue
		}
		var s Scenario
		var err error
		if gc.Showcase {
			s, err = ShowcaseScenario()
		} else {
			s, err = DefaultScenario()
			s.Name = "Golden " + gc.Name
			s.Map, s.Initiative, s.Options = gc.Map, gc.Initiative, gc.Options
		}
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMatch(s, gc.Seed)
		if err != nil {
			t.Fatalf("%s: %v", gc.Name, err)
		}
		rng := rand.New(rand.NewPCG(gc.Seed, 7))
		for n := 0; n < maxCommands; n++ {
			if gc.StopAtInterrupt && m.Pending != nil {
				break
			}
			c, ok := m.RandomCommand(rng)
			if !ok {
				break
			}
			if _, err := m.Apply(c); err != nil {
				t.Fatalf("%s: random command %+v refused: %v", gc.Name, c, err)
			}
		}
		if gc.StopAtInterrupt && m.Pending == nil {
			t.Fatalf("%s: no overwatch interrupt came up; pick another seed", gc.Name)
		}
		name := gc.Name + ".json"
		if err := m.SaveFile(filepath.Join(goldenDir, name)); err != nil {
			t.Fatal(err)
		}
		manifest[name] = eventLogDigest(t, m)
		t.Logf("%s: %d commands, turn %d, over %v", name, len(m.Commands()), m.Turn, m.Over)
	}
	writeGoldenManifest(t, manifest)
}
