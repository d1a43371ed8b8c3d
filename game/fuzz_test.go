package game

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary bytes to the save loader: it must answer with a
// match or a clear error naming the file, never panic. The seed corpus
// holds real saves and damaged ones; `make fuzz` runs it for longer.
func FuzzLoad(f *testing.F) {
	m := defaultMatch(f, 5)
	playRandom(f, m, rand.New(rand.NewPCG(4, 4)), 40)
	good, err := m.MarshalSave()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add(bytes.Replace(good, []byte(`"kind": "move"`), []byte(`"kind": "teleport"`), 1))
	f.Add(bytes.Replace(good, []byte(`"map": "town.tmx"`), []byte(`"map": "/dev/zero"`), 1))
	f.Add([]byte(`{"version":1,"scenario":{"name":"x","map":"town.tmx","posses":[],"initiative":"draw"},"seed":1,"commands":[],"hash":"x"}`))
	f.Add([]byte(`{"version":1,"scenario":{"name":"x","map":"town.tmx","posses":[{"name":"a","models":[{"name":"a","tier":"legend","weapons":["revolver"],"at":{"X":1e308,"Y":-1}}]},{"name":"b","models":[{"name":"b","weapons":[]}]}],"initiative":"coin"},"seed":1,"commands":[{"kind":"activate","model":-5}],"hash":"x"}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"version":1e999}`))
	// The classes of hostile_test.go: format 1, keys repeated or in another
	// case, control characters in names, huge angles and lists, a changed
	// map pin, a map carried in the save.
	dir := f.TempDir()
	f.Add(version1(f, m, "town.tmx"))
	f.Add(bytes.Replace(good, []byte(`"seed": `), []byte(`"seed": 7, "seed": `), 1))
	f.Add(bytes.Replace(good, []byte(`"version": 2`), []byte(`"VERSION": 2`), 1))
	f.Add(bytes.Replace(good, []byte(`"version": 2`), []byte(`"version": -1`), 1))
	f.Add(bytes.Replace(good, []byte(`"edition": 1`), []byte(`"edition": 99`), 1))
	f.Add(bytes.Replace(good, []byte(`"name": "Sheriff Miller"`), []byte(`"name": "Sheriff\u001b[2J\nResult: Lawmen win"`), 1))
	f.Add(bytes.Replace(good, []byte(`"tier": "legend",`), []byte(`"tier": "legend", "facing": 1e308, "overwatch": -1e308,`), 1))
	f.Add(bytes.Replace(good, []byte(`"sha256": "`), []byte(`"sha256": "00`), 1))
	f.Add(bytes.Replace(good, []byte(`"commands": [`), []byte(`"commands": [{"kind":"move","model":0,"path":[`+strings.Repeat(`{"X":1,"Y":1},`, 1000)+`{"X":1,"Y":1}]},`), 1))
	_, withMap := arenaMatch(f, dir, 5, 20)
	f.Add(withMap)
	cached := cachedMaps(folderMaps(dir))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := load("fuzz.json", bytes.NewReader(data), cached)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") || strings.ContainsAny(err.Error(), "\n\r\x1b") {
				t.Fatalf("error is not one line naming the file: %q", err)
			}
			return
		}
		if m.StateHash() == "" {
			t.Fatal("a loaded match has no state")
		}
	})
}
