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
	cached := cachedMaps(folderMaps(f.TempDir()))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := load("fuzz.json", bytes.NewReader(data), cached)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if m.StateHash() == "" {
			t.Fatal("a loaded match has no state")
		}
	})
}
