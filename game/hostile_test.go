package game

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"cowpoke/game/board"
	"cowpoke/rules"

	"cowpoke/game/store/storetest"
)

// cachedMaps wraps a map loader so that each map is parsed once (the
// fuzzer's and the hostile-save tests' time goes to the save loader).
// Maps a save carries are keyed by their text's hash.
func cachedMaps(load mapLoader) mapLoader {
	type entry struct {
		b   *board.Board
		pin MapPin
	}
	var cache sync.Map
	return func(ref mapRef) (*board.Board, MapPin, error) {
		key := ref.Name + "\x00" + ref.SHA256 + "\x00" + fmt.Sprint(len(ref.TMX), ref.Pinned)
		if ref.TMX != "" {
			sum := sha256.Sum256([]byte(ref.TMX))
			key += hex.EncodeToString(sum[:])
		}
		if e, ok := cache.Load(key); ok {
			return e.(entry).b, e.(entry).pin, nil
		}
		b, pin, err := load(ref)
		if err == nil {
			cache.Store(key, entry{b, pin})
		}
		return b, pin, err
	}
}

// Hostile saves: one test per class of bad input the loader must answer
// with a one-line error naming the file and the problem (or a clean load),
// quickly and in bounded memory. Every input is generated here from a real
// save of a short random match.

// goodSave is a version-2 save of a short random match on the default town.
func goodSave(t testing.TB) []byte {
	t.Helper()
	m := defaultMatch(t, 21)
	playRandom(t, m, rand.New(rand.NewPCG(21, 21)), 60)
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// editSave decodes a save into generic JSON (numbers kept exact), lets
// change edit it and encodes it again.
func editSave(t testing.TB, data []byte, change func(doc map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// firstModel returns the first model spec of the save's first posse.
func firstModel(doc map[string]any) map[string]any {
	posses := doc["scenario"].(map[string]any)["posses"].([]any)
	return posses[0].(map[string]any)["models"].([]any)[0].(map[string]any)
}

func firstCommand(doc map[string]any) map[string]any {
	return doc["commands"].([]any)[0].(map[string]any)
}

// hostileCase is one crafted save and what its error must say ("" for a
// save that must load).
type hostileCase struct {
	name string
	data []byte
	want string
}

// checkHostile loads each case: an error must be one line, start with the
// file's name and say what the case wants; each load must allocate less
// than 200 MB (the time each took is logged).
func checkHostile(t *testing.T, cases []hostileCase) {
	t.Helper()
	maps := cachedMaps(folderMaps(t.TempDir()))
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		m, err := load("hostile.json", bytes.NewReader(c.data), maps)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200<<20 {
			t.Errorf("%s: the load allocated %d MB", c.name, alloc>>20)
		}
		t.Logf("%s: %v, %v", c.name, took.Round(time.Millisecond), err)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: must load, got %v", c.name, err)
		case c.want == "" && m.StateHash() == "":
			t.Errorf("%s: loaded without a state", c.name)
		case c.want == "":
		case err == nil:
			t.Errorf("%s: loaded; want an error saying %q", c.name, c.want)
		case !strings.HasPrefix(err.Error(), "hostile.json: ") || strings.ContainsAny(err.Error(), "\n\r\x1b"):
			t.Errorf("%s: error is not one line naming the file: %q", c.name, err)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: error %q, want it to say %q", c.name, err, c.want)
		}
	}
}

func TestHostileKeysAndVersions(t *testing.T) {
	good := goodSave(t)
	replace := func(old, new string) []byte {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("the save has no %q", old)
		}
		return bytes.Replace(good, []byte(old), []byte(new), 1)
	}
	checkHostile(t, []hostileCase{
		{"the good save", good, ""},
		{"a key twice", replace(`"seed": `, `"seed": 7, "seed": `), `key "seed" appears twice`},
		{"commands twice", replace(`"commands": [`, `"commands": [], "commands": [`), `key "commands" appears twice`},
		{"VERSION", replace(`"version": 2`, `"VERSION": 2`), `key "VERSION" should be spelt "version"`},
		{"Hash", replace(`"hash": `, `"Hash": `), `key "Hash" should be spelt "hash"`},
		{"a case variant deep inside", replace(`"tier": `, `"Tier": `), `scenario.posses[0].models[0]: key "Tier" should be spelt "tier"`},
		{"an unknown key", replace(`"seed": `, `"cheat": true, "seed": `), `unknown key "cheat"`},
		{"an escape in an unknown key", replace(`"seed": `, "\"\\u001b[2J\": 1, \"seed\": "), `unknown key "\x1b[2J"`},
		{"version -1", replace(`"version": 2`, `"version": -1`), "version -1"},
		{"version 0", replace(`"version": 2`, `"version": 0`), "version 0"},
		{"a future version", replace(`"version": 2`, `"version": 3`), "save version 3 is newer than this program"},
		{"a version too large for a number", replace(`"version": 2`, `"version": 1e999`), "not a Cowpoke save"},
		{"no version", replace(`"version": 2,`, ``), `"version" is missing`},
		{"no tier", replace(`"tier": "legend",`, ``), `"tier" is missing`},
		{"an empty tier", replace(`"tier": "legend"`, `"tier": ""`), `unknown tier ""`},
		{"no hash", replace(`"hash": `, `"hush": `), `unknown key "hush"`},
		{"null scenario", replace(`"scenario": {`, `"scenario": null, "x": {`), "null where an object was expected"},
		{"lists where objects belong", replace(`"commands": [`, `"commands": [`+strings.Repeat("[", 10000)+strings.Repeat("]", 10000)+`,`), "commands[0]: a list where an object was expected"},
		{"extra data", append(append([]byte(nil), good...), "{}"...), "extra data"},
		{"edition 0", editSave(t, good, func(d map[string]any) { d["edition"] = 0 }), "rules edition 0 is not one this program knows"},
		{"edition from the future", editSave(t, good, func(d map[string]any) { d["edition"] = 99 }), "rules edition 99, newer than this program's"},
		{"a version-1 save with an edition", editSave(t, good, func(d map[string]any) { d["version"] = 1 }), "a version 1 save has no edition"},
	})
}

func TestHostileNamesAndNumbers(t *testing.T) {
	good := goodSave(t)
	model := func(field string, v any) []byte {
		return editSave(t, good, func(d map[string]any) { firstModel(d)[field] = v })
	}
	scenario := func(field string, v any) []byte {
		return editSave(t, good, func(d map[string]any) { d["scenario"].(map[string]any)[field] = v })
	}
	command := func(field string, v any) []byte {
		return editSave(t, good, func(d map[string]any) { firstCommand(d)[field] = v })
	}
	many := func(n int, v any) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	checkHostile(t, []hostileCase{
		{"a terminal escape in a model's name", model("name", "Jack\x1b[31m"), "posse Lawmen, model 1: the name contains a control character (U+001B)"},
		{"a newline in a model's name", model("name", "Jack\nResult: Lawmen win"), "model 1: the name contains a control character (U+000A)"},
		{"a long name", model("name", strings.Repeat("J", 500)), "the name is 500 characters long; at most 60"},
		{"an escape in a posse's name", editSave(t, good, func(d map[string]any) {
			d["scenario"].(map[string]any)["posses"].([]any)[1].(map[string]any)["name"] = "Bad\x07"
		}), "the posse's name contains a control character (U+0007)"},
		{"an escape in the scenario's name", scenario("name", "\x1b]0;pwned\x07"), "the scenario's name contains a control character"},
		{"an escape in a reason", editSave(t, good, func(d map[string]any) { d["whys"] = []any{"because\x1b[2J"} }), "the reason beside command 1 contains a control character"},
		{"a facing of 1e308 degrees", model("facing", 1e308), "facing 1e+308 degrees is outside -360..360"},
		{"an overwatch of 1e308 degrees", model("overwatch", -1e308), "overwatch direction -1e+308 degrees is outside -360..360"},
		{"a model at 1e308 inches", model("at", map[string]any{"X": 1e308, "Y": 3}), "model 1: Sheriff Miller stands off any table"},
		{"a model just off the table", model("at", map[string]any{"X": 3, "Y": -0.5}), "posse Lawmen: Sheriff Miller stands off the table of town.tmx"},
		{"a position without Y", model("at", map[string]any{"X": 3}), `"Y" is missing`},
		{"a negative turn limit", scenario("turn_limit", -1), "turn limit -1 is outside 0..1000"},
		{"a huge turn limit", scenario("turn_limit", int64(1)<<40), "turn limit 1099511627776 is outside 0..1000"},
		{"many sticks", model("sticks", int64(1)<<40), "dynamite sticks; at most 20"},
		{"many skills", model("skills", many(50, "fast")), "skills: more than 8 entries"},
		{"many weapons", model("weapons", many(50, "revolver")), "weapons: more than 8 entries"},
		{"many models", editSave(t, good, func(d map[string]any) {
			p := d["scenario"].(map[string]any)["posses"].([]any)[0].(map[string]any)
			p["models"] = many(1000, firstModel(d))
		}), "models: more than 30 entries"},
		{"many posses", editSave(t, good, func(d map[string]any) {
			s := d["scenario"].(map[string]any)
			s["posses"] = many(50, s["posses"].([]any)[0])
		}), "scenario.posses: more than 4 entries"},
		{"a command facing 1e308 radians", command("facing", 1e308), "command 1 (activate): facing 1e+308 radians is more than four full turns"},
		{"a path of a million points", command("path", many(1_000_000, map[string]any{"X": 1, "Y": 1})), "commands[0].path: more than 1000 entries"},
		{"a path far off the table", command("path", []any{map[string]any{"X": 1e300, "Y": 1}}), "a path off any table"},
		{"a destination far off the table", command("to", map[string]any{"X": -1e300, "Y": 1}), "a destination off any table"},
		{"a long list of targets", command("extra", many(100_000, 1)), "commands[0].extra: more than 120 entries"},
		{"a model number out of range", command("model", int64(1)<<60), "command 1 (activate) cannot be replayed"},
		{"too many commands", editSave(t, good, func(d map[string]any) {
			d["commands"] = many(maxSaveCommands+1, map[string]any{"kind": "end", "model": 0})
		}), "commands: more than 50000 entries"},
		{"more reasons than commands", editSave(t, good, func(d map[string]any) {
			d["whys"] = many(len(d["commands"].([]any))+1, "")
		}), "61 reasons for 60 commands"},
	})
}

// arenaScenario is a two-posse scenario on a copy of the test arena at
// mapPath (a map not built into the program).
func arenaScenario(mapPath string) Scenario {
	return Scenario{Name: "Arena", Map: mapPath, Initiative: MethodDraw, Posses: []PosseSpec{
		{Name: "Lawmen", Models: []ModelSpec{fig("Pike", "cowpoke", 3, 12, 0, "revolver"), fig("Hale", "cowpoke", 5, 16, 0, "lever-action")}},
		{Name: "Desperados", Models: []ModelSpec{fig("Jack", "cowpoke", 20, 4, 180, "revolver"), fig("Bart", "cowpoke", 22, 10, 180, "revolver")}},
	}}
}

// copyArena copies the test arena into dir as name.
func copyArena(t testing.TB, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(arenaFile)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// arenaMatch plays n random commands on a copy of the arena in dir (a
// map not built in) and returns the match and its save.
func arenaMatch(t testing.TB, dir string, seed uint64, n int) (*Match, []byte) {
	return arenaMatchOf(t, dir, seed, n, CurrentEdition)
}

// arenaMatchOf is arenaMatch under a given rules edition (a version-1
// save is always an Edition1 match).
func arenaMatchOf(t testing.TB, dir string, seed uint64, n int, edition int) (*Match, []byte) {
	t.Helper()
	s := arenaScenario(copyArena(t, dir, "arena.tmx"))
	b, pin, err := loadMapRef(mapRef{Name: s.Map}) // as NewMatch loads it
	if err != nil {
		t.Fatal(err)
	}
	m, err := newMatch(s, b, seed, rules.NewSeeded(seed), edition)
	if err != nil {
		t.Fatal(err)
	}
	m.pin = pin
	playRandom(t, m, rand.New(rand.NewPCG(seed, seed)), n)
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	return m, data
}

// version1 is the match's save in format 1 (as saves were before
// editions, map pins, reasons and checks), naming mapName as its map.
func version1(t testing.TB, m *Match, mapName string) []byte {
	t.Helper()
	s := m.Save()
	s.Version, s.Edition, s.Map, s.Whys, s.Checks = 1, 0, nil, nil, nil
	s.Scenario.Map = mapName
	data, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestRefusedReplayNamesTheFirstDivergingCommand(t *testing.T) {
	m := defaultMatch(t, 31)
	playRandom(t, m, rand.New(rand.NewPCG(31, 31)), 300)
	s := m.Save()
	k := slices.IndexFunc(s.Commands, func(c Command) bool { return c.Kind == CmdFace || c.Kind == CmdOverwatch })
	if k < 0 {
		t.Fatal("the random match turned nobody; pick another seed")
	}
	s.Commands = slices.Clone(s.Commands)
	s.Commands[k].Facing += 0.01 // a turn a little further: legal, but another state
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("hostile.json: command %d (%s) gives a different result than when the save was made", k+1, s.Commands[k].Kind)
	checkHostile(t, []hostileCase{{"a turn edited", data, want}})
}

func TestSavesPinTheirMap(t *testing.T) {
	good := goodSave(t)
	pin := func(field, v string) []byte {
		return editSave(t, good, func(d map[string]any) { d["map_pin"].(map[string]any)[field] = v })
	}
	dir := t.TempDir()
	_, custom := arenaMatch(t, dir, 5, 40)
	if err := os.Remove(filepath.Join(dir, "arena.tmx")); err != nil {
		t.Fatal(err)
	}
	checkHostile(t, []hostileCase{
		{"a built-in map changed since", pin("sha256", strings.Repeat("ab", 32)), "hostile.json: scenario \"Showdown in town\": the map town.tmx has changed since this save was made"},
		{"a pin naming another map", pin("name", "ranch.tmx"), "the map pin names \"ranch.tmx\" but the scenario \"town.tmx\""},
		{"a pin without its hash", editSave(t, good, func(d map[string]any) { delete(d["map_pin"].(map[string]any), "sha256") }), `map_pin: "sha256" is missing`},
		{"no pin", editSave(t, good, func(d map[string]any) { delete(d, "map_pin") }), "does not say which map"},
		{"a map file carried in the save, the file gone", custom, ""},
		{"a damaged copy of the map", editSave(t, custom, func(d map[string]any) {
			p := d["map_pin"].(map[string]any)
			p["tmx"] = strings.Replace(p["tmx"].(string), "arena", "arenb", 1)
		}), "the copy of the map"},
		{"a map too large carried in the save", editSave(t, custom, func(d map[string]any) {
			p := d["map_pin"].(map[string]any)
			p["tmx"] = p["tmx"].(string) + strings.Repeat(" ", board.MaxFileBytes)
		}), "in the save is larger than 8388608 bytes"},
		{"a map neither built in nor carried", editSave(t, custom, func(d map[string]any) { delete(d["map_pin"].(map[string]any), "tmx") }),
			"is not built into this program and the save does not carry it"},
	})
}

// TestSaveFilesAreBounded: only regular files are read, and a version-1
// save's map file only inside the save's folder; nothing may block.
func TestSaveFilesAreBounded(t *testing.T) {
	dir := t.TempDir()
	m, _ := arenaMatchOf(t, dir, 6, 30, Edition1) // its saves are written as version 1
	outside := t.TempDir()
	copyArena(t, outside, "far.tmx")
	storetest.Mkfifo(t, filepath.Join(dir, "pipe.tmx"))
	storetest.Mkfifo(t, filepath.Join(dir, "pipe.json"))
	if err := os.Symlink(filepath.Join(outside, "far.tmx"), filepath.Join(dir, "link.tmx")); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	cases := []struct {
		path, want string
	}{
		{write("v1.json", version1(t, m, "arena.tmx")), ""},
		{write("v1-parent.json", version1(t, m, "../"+filepath.Base(outside)+"/far.tmx")), "neither built in nor inside the save's folder"},
		{write("v1-absolute.json", version1(t, m, filepath.Join(outside, "far.tmx"))), "neither built in nor inside the save's folder"},
		{write("v1-stdin.json", version1(t, m, "/dev/stdin")), "neither built in nor inside the save's folder"},
		{write("v1-fifo.json", version1(t, m, "pipe.tmx")), "the map \"pipe.tmx\" is not a regular file (a named pipe)"},
		{write("v1-link.json", version1(t, m, "link.tmx")), "link.tmx"},
		{write("v1-missing.json", version1(t, m, "gone.tmx")), "neither built in nor in the save's folder"},
		{filepath.Join(dir, "pipe.json"), "not a regular file (a named pipe)"},
		{dir, "not a regular file (a folder)"},
		{"/dev/null", "not a regular file (a device)"},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() {
			_, err := LoadFile(c.path)
			done <- err
		}()
		select {
		case err := <-done:
			t.Logf("%s: %v", filepath.Base(c.path), err)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%s must load: %v", c.path, err)
			case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.path+": ") || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%s: error %v, want one naming the file and saying %q", c.path, err, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: LoadFile blocked", c.path)
		}
	}
}

func TestSavesKeepEditionAndReasons(t *testing.T) {
	m := defaultMatch(t, 41)
	p := NewRandomPlayer(41)
	for i := range 30 {
		d, ok := p.Decide(m)
		if !ok {
			t.Fatal("no command")
		}
		if i%3 == 0 {
			d.Why = fmt.Sprintf("reason %d: the street is open", i)
		}
		if i == 1 {
			d.Why = "a reason on\ntwo lines, " + strings.Repeat("long ", 300)
		}
		if _, err := m.ApplyDecision(d); err != nil {
			t.Fatal(err)
		}
	}
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := Load("reasons.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// A reason the save could not hold (two lines, too long) is saved as one
	// line of at most 1,000 characters; the others as they were.
	want := m.Whys()
	want[1] = oneLine(want[1], maxWhyRunes)
	if !slices.Equal(loaded.Whys(), want) || loaded.Why(0) != "reason 0: the street is open" || !strings.HasPrefix(loaded.Why(1), "a reason on two lines, long") {
		t.Errorf("reasons after loading %q, saved %q", loaded.Whys(), m.Whys())
	}
	if loaded.Edition() != CurrentEdition || m.Edition() != CurrentEdition {
		t.Errorf("edition %d after loading, %d saved; want %d", loaded.Edition(), m.Edition(), CurrentEdition)
	}
	if loaded.StateHash() != m.StateHash() {
		t.Error("a loaded match differs from the saved one")
	}
	// A version-1 save (every golden save) replays under edition 1.
	g, err := LoadFile(filepath.Join(goldenDir, "town-draw-full.json"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Edition() != Edition1 {
		t.Errorf("a version-1 save replays under edition %d, want %d", g.Edition(), Edition1)
	}
}

func TestStateHashNeverPanics(t *testing.T) {
	m := defaultMatch(t, 51)
	good := m.StateHash()
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		m.Models[0].Facing = bad
		if h := m.StateHash(); h == good || h == "" {
			t.Errorf("facing %v: state hash %q", bad, h)
		}
	}
}

// BenchmarkStepCheck is the cost Apply pays per command for a save's
// checks, on the default town's twelve models.
func BenchmarkStepCheck(b *testing.B) {
	m := defaultMatch(b, 61)
	playRandom(b, m, rand.New(rand.NewPCG(61, 61)), 50)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.stepCheck()
	}
}
