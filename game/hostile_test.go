package game

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"cowpoke/game/board"
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
		{"a huge turn limit", scenario("turn_limit", 1<<40), "turn limit 1099511627776 is outside 0..1000"},
		{"many sticks", model("sticks", 1<<40), "dynamite sticks; at most 20"},
		{"many skills", model("skills", many(50, "fast")), "skills: more than 8 entries"},
		{"many weapons", model("weapons", many(50, "revolver")), "weapons: more than 2 entries"},
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
		{"a model number out of range", command("model", 1<<60), "command 1 (activate) cannot be replayed"},
		{"too many commands", editSave(t, good, func(d map[string]any) {
			d["commands"] = many(maxSaveCommands+1, map[string]any{"kind": "end", "model": 0})
		}), "commands: more than 50000 entries"},
		{"more reasons than commands", editSave(t, good, func(d map[string]any) {
			d["whys"] = many(len(d["commands"].([]any))+1, "")
		}), "61 reasons for 60 commands"},
	})
}
