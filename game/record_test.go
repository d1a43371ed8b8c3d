package game

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// playRandom applies n random legal commands (fewer if the match ends).
func playRandom(t testing.TB, m *Match, rng *rand.Rand, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		c, ok := m.RandomCommand(rng)
		if !ok {
			return
		}
		if _, err := m.Apply(c); err != nil {
			t.Fatalf("random command %d %+v refused: %v", i, c, err)
		}
	}
}

func defaultMatch(t testing.TB, seed uint64) *Match {
	t.Helper()
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.TurnLimit = 8
	m, err := NewMatch(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSameSeedSameCommandsSameLogBytes(t *testing.T) {
	a, b := defaultMatch(t, 42), defaultMatch(t, 42)
	playRandom(t, a, rand.New(rand.NewPCG(1, 1)), 300)
	playRandom(t, b, rand.New(rand.NewPCG(1, 1)), 300)
	if la, lb := logJSON(t, a), logJSON(t, b); la != lb {
		t.Fatal("the same scenario, seed and commands gave different event logs")
	}
	// Replaying the command list alone gives the same log too.
	c, err := Replay(a.Scenario, a.Seed, a.Commands())
	if err != nil {
		t.Fatal(err)
	}
	if logJSON(t, c) != logJSON(t, a) || c.StateHash() != a.StateHash() {
		t.Fatal("a replay of the commands differs from the match")
	}
}

func TestSaveLoadContinueEqualsUninterrupted(t *testing.T) {
	straight := defaultMatch(t, 9)
	playRandom(t, straight, rand.New(rand.NewPCG(5, 5)), 400)

	rng := rand.New(rand.NewPCG(5, 5))
	first := defaultMatch(t, 9)
	playRandom(t, first, rng, 150)
	data, err := first.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := Load("mid.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if loaded.StateHash() != first.StateHash() {
		t.Fatal("the loaded state differs from the saved one")
	}
	playRandom(t, loaded, rng, 250)
	if logJSON(t, loaded) != logJSON(t, straight) || loaded.StateHash() != straight.StateHash() {
		t.Fatal("a match saved, loaded and continued differs from the uninterrupted one")
	}
}

func TestDamagedSavesAreRefused(t *testing.T) {
	m := defaultMatch(t, 3)
	playRandom(t, m, rand.New(rand.NewPCG(2, 2)), 80)
	good, _ := m.MarshalSave()
	cases := map[string]struct {
		data []byte
		want string
	}{
		"truncated":   {good[:len(good)/2], "not a Cowpoke save"},
		"empty":       {nil, "not a Cowpoke save"},
		"not json":    {[]byte("<html>"), "not a Cowpoke save"},
		"newer":       {bytes.Replace(good, fmt.Appendf(nil, `"version": %d`, SaveVersion), []byte(`"version": 99`), 1), "newer than this program"},
		"hash edited": {bytes.Replace(good, []byte(`"hash": "`), []byte(`"hash": "0`), 1), "does not match the saved state"},
		"seed edited": {bytes.Replace(good, []byte(`"seed": 3`), []byte(`"seed": 4`), 1), ""},
		"no hash":     {bytes.Replace(good, []byte(`"hash"`), []byte(`"hush"`), 1), "not a Cowpoke save"},
		"extra":       {append(append([]byte(nil), good...), []byte("{}")...), "extra data"},
	}
	for name, c := range cases {
		_, err := Load("save.json", bytes.NewReader(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), "save.json: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming the file and saying %q", name, err, c.want)
		}
	}
	if _, err := Load("save.json", bytes.NewReader(good)); err != nil {
		t.Fatalf("the good save: %v", err)
	}
}

func TestUndoGoesBackToTheLastRoll(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 12, 14, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 22, 270, "revolver")}, 2, 1, 1)
	do(t, m, activate(0))
	before := m.StateHash()
	if !m.CanUndo() {
		t.Fatal("activating rolled nothing: it can be undone")
	}
	do(t, m, moveTo(0, 12, 16))
	if !m.CanUndo() {
		t.Fatal("a Move rolls nothing: it can be undone")
	}
	// Undo replays from the start with the same dice: give it a fresh copy.
	m.dice.src = nil
	u, err := undoWithDice(m, 2, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if u.StateHash() != before || !near(u.Models[0].Pos, 12, 14) {
		t.Fatalf("after undo Miller is at %v; the state differs from before the move", u.Models[0].Pos)
	}
	do(t, u, shoot(0, 0, 1))
	if u.CanUndo() {
		t.Error("a shot rolled dice: undo must not reroll it")
	}
	if _, err := u.Undo(); err == nil || !strings.Contains(err.Error(), "since the last roll") {
		t.Errorf("undo after a roll: %v", err)
	}
}

// undoWithDice is Undo for a scripted match: the replay rolls the fixed faces.
func undoWithDice(m *Match, faces ...int) (*Match, error) {
	u, err := newMatch(m.Scenario, m.base, m.Seed, diceOf(faces))
	if err != nil {
		return nil, err
	}
	return u, u.replay(m.commands[:len(m.commands)-1])
}

func TestUndoOfASeededMatch(t *testing.T) {
	m := defaultMatch(t, 11)
	rng := rand.New(rand.NewPCG(3, 3))
	for range 200 {
		before := m.StateHash()
		c, _ := m.RandomCommand(rng)
		do(t, m, c)
		if m.CanUndo() {
			u, err := m.Undo()
			if err != nil {
				t.Fatal(err)
			}
			if u.StateHash() != before {
				t.Fatalf("undo of %s does not restore the state before it", c.Kind)
			}
		}
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "save.json")
	if err := WriteFileAtomic(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Errorf("file holds %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestAutosaveSurvivesKill runs a match in a child process that autosaves
// after every command, kills it with SIGKILL mid-game, and loads what it
// left: the last completed command is there and the save is whole.
func TestAutosaveSurvivesKill(t *testing.T) {
	if os.Getenv("COWPOKE_AUTOSAVE_CHILD") != "" {
		autosaveChild(t, os.Getenv("COWPOKE_AUTOSAVE_CHILD"))
		return
	}
	path := filepath.Join(t.TempDir(), "autosave.json")
	cmd := exec.Command(os.Args[0], "-test.run=^TestAutosaveSurvivesKill$")
	cmd.Env = append(os.Environ(), "COWPOKE_AUTOSAVE_CHILD="+path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if info, err := os.Stat(path); err == nil && info.Size() > 0 {
			m, err := LoadFile(path)
			if err == nil && len(m.Commands()) >= 30 {
				break
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child wrote no autosave with 30 commands in 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill() // SIGKILL: no chance to tidy up
	cmd.Wait()
	m, err := LoadFile(path)
	if err != nil {
		t.Fatalf("after kill -9 the autosave does not load: %v", err)
	}
	if len(m.Commands()) < 30 {
		t.Errorf("the autosave has %d commands", len(m.Commands()))
	}
}

func autosaveChild(t *testing.T, path string) {
	m := defaultMatch(t, 21)
	m.Scenario.TurnLimit = 0
	rng := rand.New(rand.NewPCG(8, 8))
	for !m.Over {
		c, _ := m.RandomCommand(rng)
		do(t, m, c)
		if err := m.SaveFile(path); err != nil {
			t.Fatal(err)
		}
	}
	select {} // wait to be killed
}
