package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"

	"cowpoke/game/board"
	"cowpoke/game/store"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// SaveVersion is the version of the save format this program writes.
// Version 1 (no edition, map pin, reasons or checks) still loads.
const SaveVersion = 2

// maxSaveBytes bounds what Load reads: a long match is a few hundred KiB,
// and a save may carry a map of up to board.MaxFileBytes.
const maxSaveBytes = store.MaxSaveBytes

// Save is a match as written to disk: f(scenario, seed, commands), with the
// hash of the state those commands lead to, so a tampered or truncated file
// is caught instead of half-loaded. Since version 2 it also carries the
// rules edition, the map it was played on (MapPin), the reasons recorded
// beside the commands, and a check of the state after every command, so a
// replay that goes another way names the first command that did.
type Save struct {
	Version  int       `json:"version" strict:"required"`
	Edition  int       `json:"edition,omitempty"` // version 2: the rules edition (edition.go)
	Scenario Scenario  `json:"scenario" strict:"required"`
	Map      *MapPin   `json:"map_pin,omitempty"` // version 2
	Seed     uint64    `json:"seed" strict:"required"`
	Commands []Command `json:"commands" strict:"required"`
	Whys     []string  `json:"whys,omitempty"`   // version 2: reasons beside the commands (Match.Whys)
	Checks   []string  `json:"checks,omitempty"` // version 2: the state check after each command (stepCheck)
	Hash     string    `json:"hash" strict:"required"`
	// Score is each posse's victory points when the scenario has
	// objectives (objective.go), for a reader of the file; the replay
	// must reach the same.
	Score []int `json:"score,omitempty"`
}

// MapPin is the map a save was played on: its name, the SHA-256 of its TMX
// text, and for a map not built into the program the text itself, so the
// save replays on the very map wherever it is opened.
type MapPin struct {
	Name   string `json:"name" strict:"required"`
	SHA256 string `json:"sha256" strict:"required"`
	TMX    string `json:"tmx,omitempty"`
}

// Save returns the match's save document.
func (m *Match) Save() Save {
	pin := m.pin
	whys := m.Whys()
	for i, why := range whys {
		whys[i] = oneLine(why, maxWhyRunes) // so that every save this program writes loads
	}
	return Save{Version: SaveVersion, Edition: m.edition, Scenario: m.Scenario, Map: &pin, Seed: m.Seed,
		Commands: m.commands, Whys: whys, Checks: m.checks, Hash: m.StateHash(), Score: m.Score()}
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
	Init    any        `json:"init,omitempty"`    // the seeds' methods: cards, tokens (nil for the book's)
	Effects any        `json:"effects,omitempty"` // round effects (R38), when on
	Defence *Defence   `json:"defence,omitempty"` // edition 3: a brawl's defenders asked about Luck (R41)

	Objectives *objectives `json:"objectives,omitempty"` // objective.go, when the scenario has objectives
}

type doorView struct {
	ID           int
	Open, Locked bool
}

// StateHash is a SHA-256 over the match state, the dice's position included.
// It never panics: a state that JSON cannot encode (a number that is not
// finite, which the loader's checks keep out of every match) hashes as
// "unencodable" plus its error, which matches no save.
func (m *Match) StateHash() string {
	v := m.view()
	if seeded, ok := m.dice.src.(*rules.Seeded); ok {
		v.Dice, _ = seeded.MarshalBinary()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "unencodable: " + err.Error()
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// view is the state the state hash covers, without the dice.
func (m *Match) view() stateView {
	v := stateView{Models: m.Models, Turn: m.Turn, Up: m.Up, Active: m.Active, AP: m.AP, Used: m.UsedMove,
		RunLeft: m.RunLeft, Fuses: m.Fuses, Pending: m.Pending, Winner: m.Winner, Over: m.Over, Init: m.initState(), Defence: m.Defence,
		Objectives: m.objectives}
	if m.effects != nil {
		v.Effects = m.effects
	}
	for i := range m.Board.Features {
		if f := &m.Board.Features[i]; f.Kind == board.Door {
			v.Doors = append(v.Doors, doorView{f.ID, f.Open, f.Locked})
		}
	}
	return v
}

// TableKey is a digest of the match's state without its dice: the state
// hash's view, the game turns since the last wound (QuietTurns), which
// the computer's stand-off urge reads, and what the rules read of the
// active model's activation so far (whether it has aimed, whether it has
// attacked), which decides what it may still do. Two matches with the same key put
// the same decision to a player who decides by the table alone (game/ai's
// playouts remember their decisions by it). ok is false for a state JSON
// cannot encode.
//
// The models, most of the state, and the seeds' initiative methods'
// cards and tokens are written field by field into the digest (JSON's
// reflection was a tenth of a search's time, and building one buffer for
// the whole table another tenth in allocation); the rest as the state
// hash writes it. TestTableKeySeesEveryModelField and
// TestTableKeySeesEveryMethodField fail when a field is added to Model or
// to a method's state without being written here.
func (m *Match) TableKey() (key [32]byte, ok bool) {
	v := m.view()
	h := sha256.New()
	var scratch [256]byte
	for i := range v.Models {
		h.Write(appendModelState(scratch[:0], &v.Models[i]))
	}
	v.Models = nil
	if kw, ok := m.method().(tableKeyWriter); ok {
		kw.writeTableKey(h)
		v.Init = nil
	}
	// What the rules read of the activation's history (a fork keeps it):
	// whether the active model has aimed (R16) or attacked (R46) in it.
	aimed, attacked := false, false
	if m.Active >= 0 {
		aimed, attacked = m.aimedThisActivation(m.Active), m.attackedThisActivation(m.Active)
	}
	err := json.NewEncoder(h).Encode(struct {
		View     stateView `json:"view"`
		Quiet    int       `json:"quiet"`
		Aimed    bool      `json:"aimed"`
		Attacked bool      `json:"attacked"`
	}{v, m.QuietTurns(), aimed, attacked})
	if err != nil {
		return key, false
	}
	h.Sum(key[:0])
	return key, true
}

// tableKeyWriter is an initiative method that writes its state into a
// table key field by field (instead of as JSON). What it writes must
// tell apart any two states whose JSON differs, and be prefix-free
// (every list led by its length, every optional part by a flag), as the
// state hash's JSON follows it in the digest.
type tableKeyWriter interface {
	writeTableKey(w io.Writer)
}

// keyBytes appends the fixed-width pieces a table key is written in.
type keyBytes []byte

func (b keyBytes) int(x int) keyBytes {
	return binary.LittleEndian.AppendUint64(b, uint64(int64(x)))
}

func (b keyBytes) float(x float64) keyBytes {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
}

func (b keyBytes) flag(x bool) keyBytes {
	if x {
		return append(b, 1)
	}
	return append(b, 0)
}

func (b keyBytes) card(c rules.Card) keyBytes {
	return b.int(c.Rank).int(int(c.Suit)).int(int(c.Joker))
}

// appendModelState writes what a command can change of a model: not its
// id, posse, name or profile, which stay as set up.
func appendModelState(b []byte, md *Model) []byte {
	k := keyBytes(b).float(md.Pos.X).float(md.Pos.Y).float(md.Facing)
	h := &md.Health
	k = k.int(h.MaxHP).flag(h.Tough).flag(h.ToughSpent)
	for _, d := range h.Marked {
		k = k.int(d)
	}
	k = append(k.int(h.Damage), h.Scars)
	for _, e := range md.Empty {
		k = k.flag(e)
	}
	k = k.int(md.Sticks).flag(md.Activated).flag(md.Moved).int(md.AimAt).flag(md.Overwatch).float(md.WatchDir)
	return k.flag(md.Escaped)
}

// Replay rebuilds a match from its scenario, seed and commands under the
// current rules edition.
func Replay(s Scenario, seed uint64, commands []Command) (*Match, error) {
	m, err := setUpOnItsMap(s, seed)
	if err != nil {
		return nil, err
	}
	return m, m.replay(commands, nil)
}

// replay applies commands in order. With checks (a version-2 save's), the
// state after each command must match its check, so a replay that goes
// another way is stopped at the first command that did.
func (m *Match) replay(commands []Command, checks []string) error {
	for i, c := range commands {
		if _, err := m.Apply(c); err != nil {
			return fmt.Errorf("command %d (%s) cannot be replayed: %v", i+1, c.Kind, err)
		}
		if i < len(checks) && m.checks[i] != checks[i] {
			return fmt.Errorf("command %d (%s) gives a different result than when the save was made", i+1, c.Kind)
		}
	}
	return nil
}

// Load reads a save and replays it, checking the state hash. name is used
// in errors ("autosave.json: ..."). A version-1 save naming a map file is
// looked for beside the current folder; LoadFile looks beside the save.
func Load(name string, r io.Reader) (*Match, error) { return load(name, r, folderMaps(".")) }

func load(name string, r io.Reader, maps mapLoader) (*Match, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxSaveBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	if len(data) > maxSaveBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a save file", name, maxSaveBytes>>20)
	}
	var s Save
	if err := decodeStrict(data, &s); err != nil {
		return nil, fmt.Errorf("%s: not a Cowpoke save (%v)", words.Safe(name), err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	m, err := s.replay(maps)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	return m, nil
}

// Bounds on a save's record, far beyond any real match.
const (
	maxSaveCommands = 50_000 // a full random match is about 1,200; every match ends within 50,000 (property_test.go)
	maxPathPoints   = 1_000  // a path found on any map is a few dozen points
	maxListedModels = maxPosses * maxModelsPerPosse
)

// check checks what can be checked before the replay: the version, the
// fields each version has, and the bounds of the record.
func (s *Save) check() error {
	switch {
	case s.Version <= 0:
		return fmt.Errorf("not a Cowpoke save (version %d)", s.Version)
	case s.Version > SaveVersion:
		return fmt.Errorf("save version %d is newer than this program (%d): it was made by a later Cowpoke", s.Version, SaveVersion)
	case s.Hash == "":
		return errors.New("the save has no state hash; it may be truncated")
	case len(s.Commands) > maxSaveCommands:
		return fmt.Errorf("the save has %d commands; at most %d are allowed", len(s.Commands), maxSaveCommands)
	}
	if s.Version == 1 {
		if s.Edition != 0 || s.Map != nil || s.Whys != nil || s.Checks != nil {
			return errors.New("a version 1 save has no edition, map pin, reasons or checks; this one is damaged")
		}
	} else {
		switch {
		case s.Edition < Edition1:
			return fmt.Errorf("rules edition %d is not one this program knows", s.Edition)
		case s.Edition > CurrentEdition:
			return fmt.Errorf("the save was played under rules edition %d, newer than this program's (%d)", s.Edition, CurrentEdition)
		case s.Map == nil:
			return errors.New("the save does not say which map it was played on (no map_pin)")
		case len(s.Checks) != len(s.Commands):
			return fmt.Errorf("the save has %d checks for %d commands; it may be truncated", len(s.Checks), len(s.Commands))
		case len(s.Whys) > len(s.Commands):
			return fmt.Errorf("the save has %d reasons for %d commands", len(s.Whys), len(s.Commands))
		}
		if s.Map.Name != s.Scenario.Map {
			return fmt.Errorf("the map pin names %s but the scenario %s", printable(s.Map.Name), printable(s.Scenario.Map))
		}
		for i, why := range s.Whys {
			if err := checkText(fmt.Sprintf("the reason beside command %d", i+1), why, maxWhyRunes); err != nil {
				return err
			}
		}
	}
	for i := range s.Commands {
		if err := s.Commands[i].checkBounds(); err != nil {
			return fmt.Errorf("command %d (%s): %v", i+1, plain(string(s.Commands[i].Kind)), err)
		}
	}
	return nil
}

// checkBounds bounds a saved command's lists and numbers; Apply checks the
// rest (who may act, where they may go) as it does for every command.
func (c *Command) checkBounds() error {
	switch {
	case len(c.Path) > maxPathPoints:
		return fmt.Errorf("a path of %d points; at most %d are allowed", len(c.Path), maxPathPoints)
	case len(c.Extra) > maxListedModels || len(c.Order) > maxListedModels:
		return fmt.Errorf("lists %d models; a match has at most %d", max(len(c.Extra), len(c.Order)), maxListedModels)
	case math.Abs(c.Facing) > maxRadians:
		return fmt.Errorf("facing %g radians is more than four full turns", c.Facing)
	case math.Abs(c.At) > maxInches:
		return fmt.Errorf("fires %g inches along the path", c.At)
	}
	if c.To != nil && !onTable(*c.To) {
		return errors.New("a destination off any table")
	}
	for _, p := range c.Path {
		if !onTable(p) {
			return errors.New("a path off any table")
		}
	}
	return nil
}

// maxInches bounds a position: no table is anywhere near this large; Apply
// checks positions against the real table.
const (
	maxInches  = 10_000
	maxRadians = 8 * math.Pi
)

func onTable(p Point) bool { return math.Abs(p.X) <= maxInches && math.Abs(p.Y) <= maxInches }

// replay rebuilds the save's match: its map (a changed map has its own
// message), the commands with their checks, then the state hash.
func (s *Save) replay(maps mapLoader) (*Match, error) {
	if err := s.Scenario.Validate(); err != nil {
		return nil, err
	}
	ref, edition := mapRef{Name: s.Scenario.Map}, Edition1
	if s.Version >= 2 {
		ref, edition = mapRef{Name: s.Map.Name, SHA256: s.Map.SHA256, TMX: s.Map.TMX, Pinned: true}, s.Edition
	}
	b, pin, err := maps(ref)
	if err != nil {
		return nil, fmt.Errorf("scenario %q: %w", s.Scenario.Name, err)
	}
	m, err := newMatch(s.Scenario, b, s.Seed, rules.NewSeeded(s.Seed), edition)
	if err != nil {
		return nil, err
	}
	m.pin = pin
	if err := m.replay(s.Commands, s.Checks); err != nil {
		return nil, err
	}
	if got := m.StateHash(); got != s.Hash {
		return nil, errors.New("the replayed match does not match the saved state: the file was changed or damaged")
	}
	if s.Score != nil && !slices.Equal(s.Score, m.Score()) {
		return nil, errors.New("the saved score is not the replayed match's: the file was changed or damaged")
	}
	m.whys = append([]string(nil), s.Whys...)
	return m, nil
}

// LoadFile loads a save from disk. Only a regular file is read (a FIFO,
// a device or a folder is refused at once), and a map file a version-1
// save names is looked for in the save's folder, never outside it.
func LoadFile(path string) (*Match, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return load(path, f, folderMaps(filepath.Dir(path)))
}

// openRegular opens a file the player named: a regular file only, without
// blocking on a FIFO (store.OpenRegular).
func openRegular(path string) (*os.File, error) { return store.OpenRegular(path) }

func describeMode(m fs.FileMode) string { return store.DescribeMode(m) }

// SaveFile writes the match's save atomically.
func (m *Match) SaveFile(path string) error {
	data, err := m.MarshalSave()
	if err != nil {
		return err
	}
	return store.WriteFileAtomic(path, data)
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
	u, err := newMatch(m.Scenario, m.base, m.Seed, rules.NewSeeded(m.Seed), m.edition)
	if err != nil {
		return nil, err
	}
	u.pin = m.pin
	if err := u.replay(m.commands[:len(m.commands)-1], nil); err != nil {
		return nil, err
	}
	u.whys = append([]string(nil), m.whys[:min(len(m.whys), len(u.commands))]...)
	return u, nil
}
