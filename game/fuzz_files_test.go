package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"cowpoke/assets"
	"cowpoke/game/board"
)

// Fuzz targets for the files a player hands the program besides saves:
// posse files, scenario files, and maps, taken as far as a match on them
// (the path graph built, a few commands played). Each input must give a
// value or an error naming the file, never a panic, within a time bound.

// bounded runs f and crashes the fuzz worker, which records the input,
// if f runs longer than limit: a hang is reported, not waited out.
func bounded(limit time.Duration, what string, f func()) {
	watchdog := time.AfterFunc(limit, func() { panic(fmt.Sprintf("%s took over %v", what, limit)) })
	defer watchdog.Stop()
	f()
}

// errorNamesFile checks the one-line error contract.
func errorNamesFile(t *testing.T, err error, name string) {
	t.Helper()
	if !strings.HasPrefix(err.Error(), name+": ") {
		t.Fatalf("error does not name the file: %v", err)
	}
	if strings.ContainsAny(err.Error(), "\n\r") {
		t.Fatalf("error is not one line: %q", err)
	}
}

func FuzzParsePosse(f *testing.F) {
	for _, name := range []string{"lawmen.json", "desperados.json"} {
		data, err := assets.Posse(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"name":"x","models":[{"name":"a","tier":"legend","weapons":["revolver"],"at":{"X":1e308,"Y":-1},"facing":1e308,"overwatch":-1e308}]}`))
	f.Add([]byte(`{"name":"x","models":[{"name":"a","tier":"nobody","weapons":["revolver","revolver","revolver"],"skills":["tough","tough"]}]}`))
	f.Add([]byte(`{"name":"","models":[]}`))
	f.Add([]byte(`{"name":"x","name":"y","models":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		bounded(2*time.Second, "ParsePosse", func() {
			p, err := ParsePosse("fuzz.json", data)
			if err != nil {
				errorNamesFile(t, err, "fuzz.json")
				return
			}
			for _, m := range p.Models {
				if _, err := m.Profile(); err != nil {
					t.Fatalf("an accepted posse has a model with no profile: %v", err)
				}
			}
			// The canonical layout parses back to the same posse and
			// formats to the same bytes again.
			out, err := FormatPosse(p)
			if err != nil {
				t.Fatalf("an accepted posse does not format: %v", err)
			}
			q, err := ParsePosse("fuzz.json", out)
			if err != nil {
				t.Fatalf("the canonical file is refused: %v\n%s", err, out)
			}
			if again, _ := FormatPosse(q); !bytes.Equal(again, out) {
				t.Fatalf("not byte-identical after a round trip:\n%s\n%s", out, again)
			}
		})
		bounded(2*time.Second, "CheckPosseFile", func() {
			for _, line := range CheckPosseFile("fuzz.json", data) {
				if !strings.HasPrefix(line, "fuzz.json: ") || strings.ContainsAny(line, "\n\r\x1b") {
					t.Fatalf("a problem line that is not one plain line naming the file: %q", line)
				}
			}
		})
	})
}

func FuzzParseScenario(f *testing.F) {
	show, err := assets.Scenario(assets.Showcase)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(show)
	names, err := assets.Scenarios() // the shipped scenarios: objectives, doors' rolls
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range names {
		data, err := assets.Scenario(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	def, err := DefaultScenario()
	if err != nil {
		f.Fatal(err)
	}
	data, _ := json.Marshal(def)
	f.Add(data)
	f.Add([]byte(`{"name":"x","map":"/dev/zero","initiative":"draw","posses":[]}`))
	f.Add([]byte(`{"name":"x","map":"town.tmx","initiative":"standoff","turn_limit":-3,"posses":[{"name":"a","models":[{"name":"a","tier":"legend","weapons":["revolver"]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		bounded(2*time.Second, "ParseScenario", func() {
			s, err := ParseScenario("fuzz.json", data)
			if err != nil {
				errorNamesFile(t, err, "fuzz.json")
				return
			}
			if err := s.Validate(); err != nil {
				t.Fatalf("an accepted scenario does not validate: %v", err)
			}
		})
	})
}

// fuzzMap is a small generated map: a table of w x h inches with n shacks
// in a row (walls, a door, a window), a crate, a fence, mud, and a
// deployment strip for each side. Sizes in Tiled pixels, 20 to the inch.
func fuzzMap(w, h, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<map orientation="orthogonal" width="%d" height="%d" tilewidth="20" tileheight="20"><properties><property name="name" value="Fuzz %d"/></properties>`, w, h, n)
	b.WriteString(`<objectgroup name="walls">`)
	id := 1
	for i := range n {
		x := 20 + i*100
		fmt.Fprintf(&b, `<object id="%d" type="wall" x="%d" y="40" width="80" height="80"><properties><property name="building" value="Shack %d"/></properties></object>`, id, x, i)
		fmt.Fprintf(&b, `<object id="%d" name="door" type="door" x="%d" y="120"><properties><property name="building" value="Shack %d"/></properties><polyline points="0,0 30,0"/></object>`, id+1, x+20, i)
		fmt.Fprintf(&b, `<object id="%d" name="window" type="window" x="%d" y="60"><properties><property name="building" value="Shack %d"/></properties><polyline points="0,0 0,30"/></object>`, id+2, x+80, i)
		id += 3
	}
	fmt.Fprintf(&b, `<object id="%d" type="fence" x="20" y="%d"><polyline points="0,0 120,0"/></object>`, id, h*10)
	b.WriteString(`</objectgroup><objectgroup name="obstacles">`)
	fmt.Fprintf(&b, `<object id="%d" type="crate" x="%d" y="%d" width="20" height="20"/>`, id+1, w*10, h*10+40)
	b.WriteString(`</objectgroup><objectgroup name="areas">`)
	for i := range n {
		fmt.Fprintf(&b, `<object id="%d" type="interior" x="%d" y="40" width="80" height="80"><properties><property name="building" value="Shack %d"/></properties></object>`, id+2+i, 20+i*100, i)
	}
	id += 2 + n
	fmt.Fprintf(&b, `<object id="%d" type="difficult" x="%d" y="%d" width="60" height="60"><properties><property name="terrain" value="mud"/></properties></object>`, id, w*10, h*10-80)
	fmt.Fprintf(&b, `<object id="%d" type="deployment" x="0" y="%d" width="%d" height="40"><properties><property name="side" type="int" value="1"/></properties></object>`, id+1, h*20-40, w*10)
	fmt.Fprintf(&b, `<object id="%d" type="deployment" x="%d" y="%d" width="%d" height="40"><properties><property name="side" type="int" value="2"/></properties></object>`, id+2, w*10, h*20-40, w*10)
	b.WriteString(`</objectgroup></map>`)
	return []byte(b.String())
}

// smallScenario is the default scenario with two models a side, which
// keeps each fuzzed match small and fits small maps.
func smallScenario(t testing.TB) Scenario {
	scn, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	for i := range scn.Posses {
		scn.Posses[i].Models = scn.Posses[i].Models[:2]
	}
	return scn
}

// FuzzMapMatch loads a map from bytes and starts a match on it: the path
// graph is built (NewMatchOn prepares the board) and a few random commands
// are played, so moves find paths on whatever the map holds.
func FuzzMapMatch(f *testing.F) {
	f.Add(fuzzMap(12, 12, 1))
	f.Add(fuzzMap(24, 16, 2))
	f.Add(fuzzMap(8, 30, 0))
	scn := smallScenario(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		bounded(5*time.Second, "loading a map and starting a match", func() {
			b, err := board.Parse("fuzz.tmx", data)
			if err != nil {
				// The map loader lists every problem it finds, one
				// line each, each naming the file.
				for _, line := range strings.Split(err.Error(), "\n") {
					if !strings.HasPrefix(line, "fuzz.tmx: ") {
						t.Fatalf("an error line does not name the file: %q", line)
					}
				}
				return
			}
			m, err := NewMatchOn(scn, b, 1)
			if err != nil {
				return // no room to deploy, say: a refusal, not a crash
			}
			rng := rand.New(rand.NewPCG(1, 1))
			for range 6 {
				c, ok := m.RandomCommand(rng)
				if !ok {
					break
				}
				if _, err := m.Apply(c); err != nil {
					t.Fatalf("a legal random command was refused: %v", err)
				}
			}
			if m.StateHash() == "" {
				t.Fatal("no state hash")
			}
		})
	})
}

// The generated seed maps load and start a match, so FuzzMapMatch's
// mutations begin from inputs that reach the path graph.
func TestFuzzSeedMapsStartMatches(t *testing.T) {
	scn := smallScenario(t)
	for _, size := range [][3]int{{12, 12, 1}, {24, 16, 2}, {8, 30, 0}} {
		b, err := board.Parse("seed.tmx", fuzzMap(size[0], size[1], size[2]))
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		if _, err := NewMatchOn(scn, b, 1); err != nil {
			t.Fatalf("%v: %v", size, err)
		}
	}
}
