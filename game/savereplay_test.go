package game

import (
	"bytes"
	"strings"
	"testing"
)

// TestSaveReplayIsLoad: a save already decoded replays by Save.Replay to
// the state Load gives from its file, with or without a MapCache (the
// cached board shared by two replays, neither changing it); a save whose
// hash or commands were changed is refused as Load refuses it, and a save
// of format 1 (a map named by path) is not taken.
func TestSaveReplayIsLoad(t *testing.T) {
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(s, 17)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PlayOut(m, []Controller{NewRandomPlayer(1), NewRandomPlayer(2)}, 300); err != nil {
		t.Fatal(err)
	}
	data, _ := m.MarshalSave()
	loaded, err := Load("m.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	save := m.Save()
	cache := &MapCache{}
	for _, maps := range []*MapCache{nil, cache, cache} {
		r, err := save.Replay(maps)
		if err != nil {
			t.Fatal(err)
		}
		if r.StateHash() != loaded.StateHash() || len(r.Commands()) != len(loaded.Commands()) {
			t.Errorf("cache %v: the replay is not the loaded match", maps != nil)
		}
	}
	forged := m.Save()
	forged.Hash = strings.Repeat("0", 64)
	if _, err := forged.Replay(cache); err == nil || !strings.Contains(err.Error(), "does not match the saved state") {
		t.Errorf("a changed hash: %v", err)
	}
	forged = m.Save()
	forged.Commands = append([]Command(nil), forged.Commands[1:]...)
	forged.Checks = forged.Checks[1:]
	if _, err := forged.Replay(cache); err == nil {
		t.Error("a save without its first command replayed")
	}
	old := Save{Version: 1, Scenario: s, Seed: 17, Commands: []Command{}, Hash: "x"}
	if _, err := old.Replay(nil); err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("a save of format 1: %v", err)
	}
}
