package game

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// SaveVersion is the version of the save format this program writes.
// Version 2 records the rules edition; a version 1 save is edition 1.
const SaveVersion = 2

// maxSaveBytes bounds what Load reads: a long match is a few hundred KiB.
const maxSaveBytes = 64 << 20

// Save is a match as written to disk: f(scenario, seed, commands), with the
// hash of the state those commands lead to, so a tampered or truncated file
// is caught instead of half-loaded.
type Save struct {
	Version  int       `json:"version"`
	Edition  int       `json:"edition,omitempty"` // the rules edition (edition.go); absent in version 1
	Scenario Scenario  `json:"scenario"`
	Seed     uint64    `json:"seed"`
	Commands []Command `json:"commands"`
	Hash     string    `json:"hash"`
}

// Save returns the match's save document.
func (m *Match) Save() Save {
	return Save{Version: SaveVersion, Edition: m.edition, Scenario: m.Scenario, Seed: m.Seed, Commands: m.commands, Hash: m.StateHash()}
}

// MarshalSave writes the save as indented JSON.
func (m *Match) MarshalSave() ([]byte, error) {
	return json.MarshalIndent(m.Save(), "", " ")
}

// stateView is what the state hash covers: everything a command can change.
type stateView struct {
	Models  []Model    `json:"models"`
	Turn    int        `json:"turn"`
	Up      Up         `json:"up"`
	Active  int        `json:"active"`
	AP      int        `json:"ap"`
	Used    bool       `json:"used_move"`
	RunLeft float64    `json:"run_left"`
	Fuses   []Fuse     `json:"fuses"`
	Pending *Interrupt `json:"pending"`
	Winner  int        `json:"winner"`
	Over    bool       `json:"over"`
	Doors   []doorView `json:"doors"`
	Dice    []byte     `json:"dice"`
}

type doorView struct {
	ID           int
	Open, Locked bool
}

// StateHash is a SHA-256 over the match state, the dice's position included.
func (m *Match) StateHash() string {
	v := stateView{Models: m.Models, Turn: m.Turn, Up: m.Up, Active: m.Active, AP: m.AP, Used: m.UsedMove,
		RunLeft: m.RunLeft, Fuses: m.Fuses, Pending: m.Pending, Winner: m.Winner, Over: m.Over}
	for i := range m.Board.Features {
		if f := &m.Board.Features[i]; f.Kind == board.Door {
			v.Doors = append(v.Doors, doorView{f.ID, f.Open, f.Locked})
		}
	}
	if seeded, ok := m.dice.src.(*rules.Seeded); ok {
		v.Dice, _ = seeded.MarshalBinary()
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("game: state does not encode: %v", err))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Replay rebuilds a match from its scenario, seed and commands.
func Replay(s Scenario, seed uint64, commands []Command) (*Match, error) {
	return replayOn(s, seed, commands, CurrentEdition, Scenario.LoadMap)
}

// mapLoader reads a scenario's map (tests substitute a cache).
type mapLoader func(Scenario) (*board.Board, error)

func replayOn(s Scenario, seed uint64, commands []Command, edition int, loadMap mapLoader) (*Match, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	b, err := loadMap(s)
	if err != nil {
		return nil, fmt.Errorf("scenario %q: %w", s.Name, err)
	}
	m, err := NewMatchOn(s, b, seed)
	if err != nil {
		return nil, err
	}
	m.edition = edition
	return m, m.replay(commands)
}

func (m *Match) replay(commands []Command) error {
	for i, c := range commands {
		if _, err := m.Apply(c); err != nil {
			return fmt.Errorf("command %d (%s) cannot be replayed: %v", i+1, c.Kind, err)
		}
	}
	return nil
}

// Load reads a save and replays it, checking the state hash. name is used
// in errors ("autosave.json: ...").
func Load(name string, r io.Reader) (*Match, error) { return load(name, r, Scenario.LoadMap) }

func load(name string, r io.Reader, loadMap mapLoader) (*Match, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSaveBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > maxSaveBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a save file", name, maxSaveBytes>>20)
	}
	var s Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: not a Cowpoke save (%v)", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: extra data after the save", name)
	}
	switch {
	case s.Version == 0:
		return nil, fmt.Errorf("%s: not a Cowpoke save (no version)", name)
	case s.Version > SaveVersion:
		return nil, fmt.Errorf("%s: save version %d is newer than this program (%d)", name, s.Version, SaveVersion)
	case s.Hash == "":
		return nil, fmt.Errorf("%s: the save has no state hash; it may be truncated", name)
	}
	edition := s.Edition
	switch {
	case s.Version == 1:
		edition = Edition1
	case edition < Edition1 || edition > CurrentEdition:
		return nil, fmt.Errorf("%s: rules edition %d is not one this program knows (1 to %d)", name, edition, CurrentEdition)
	}
	m, err := replayOn(s.Scenario, s.Seed, s.Commands, edition, loadMap)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if got := m.StateHash(); got != s.Hash {
		return nil, fmt.Errorf("%s: the replayed match does not match the saved state: the file was changed or damaged", name)
	}
	return m, nil
}

// LoadFile loads a save from disk.
func LoadFile(path string) (*Match, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Load(path, f)
}

// WriteFileAtomic writes data so that a crash leaves either the old file or
// the new one, never half of one: a temporary file beside it, fsync, rename,
// then fsync of the folder.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// SaveFile writes the match's save atomically.
func (m *Match) SaveFile(path string) error {
	data, err := m.MarshalSave()
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// AutosavePath is where the autosave lives: the user's data directory
// ($XDG_DATA_HOME/cowpoke or ~/.local/share/cowpoke on Linux).
func AutosavePath() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("no home directory for the autosave")
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "cowpoke", "autosave.json"), nil
}

// CanUndo reports whether the last command can be taken back: not when it
// (or a later one) rolled dice, since undo never rerolls.
func (m *Match) CanUndo() bool { return len(m.commands) > m.lastRoll && m.Pending == nil }

// Undo returns the match as it was before its last command, replayed from
// the start with one command fewer.
func (m *Match) Undo() (*Match, error) {
	if !m.CanUndo() {
		if m.Pending != nil {
			return nil, errors.New("an overwatcher is deciding: that cannot be undone")
		}
		return nil, errors.New("nothing to undo since the last roll of the dice")
	}
	u, err := NewMatchOn(m.Scenario, m.base, m.Seed)
	if err != nil {
		return nil, err
	}
	u.edition = m.edition
	if err := u.replay(m.commands[:len(m.commands)-1]); err != nil {
		return nil, err
	}
	u.whys = append([]string(nil), m.whys[:min(len(m.whys), len(u.commands))]...)
	return u, nil
}
