package board

import (
	"errors"
	"strings"
	"testing"
	"time"

	"cowpoke/game/board/internal/tmxgen"
)

const head = `<map orientation="orthogonal" width="36" height="36" tilewidth="20" tileheight="20"><properties><property name="name" value="t"/></properties>`

// hostile are files a loader must refuse with a clear error.
var hostile = map[string]string{
	"broken XML":      head + `<objectgroup name="walls"><object id="1"`,
	"not a map":       `<html></html>`,
	"empty":           ``,
	"huge size":       `<map orientation="orthogonal" width="2000000000" height="2000000000" tilewidth="20" tileheight="20"><properties><property name="name" value="t"/></properties></map>`,
	"NaN coordinates": head + `<objectgroup name="obstacles"><object id="1" type="crate" x="NaN" y="3" width="20" height="20"/></objectgroup></map>`,
	"Inf width":       head + `<objectgroup name="obstacles"><object id="1" type="crate" x="1" y="3" width="+Inf" height="20"/></objectgroup></map>`,
	"NaN point":       head + `<objectgroup name="walls"><object id="1" type="wall" x="1" y="3"><polyline points="0,0 NaN,4"/></object></objectgroup></map>`,
	"many objects":    head + `<objectgroup name="obstacles">` + strings.Repeat(`<object id="1"/>`, MaxObjects+1) + `</objectgroup></map>`,
	"deep nesting":    head + strings.Repeat("<a>", 100) + strings.Repeat("</a>", 100) + `</map>`,
	"external tiles":  head + `<tileset firstgid="1" source="/dev/zero"/></map>`,
	"template":        head + `<objectgroup name="walls"><object id="1" template="../../../../dev/zero"/></objectgroup></map>`,
	"gzip layer":      head + `<layer width="36" height="36"><data encoding="base64" compression="gzip">H4sI</data></layer></map>`,
	"off table":       head + `<objectgroup name="obstacles"><object id="1" type="crate" x="9000" y="3" width="20" height="20"/></objectgroup></map>`,
	"unknown type":    head + `<objectgroup name="obstacles"><object id="7" name="x" type="piano" x="40" y="40" width="20" height="20"/></objectgroup></map>`,
	"door in air":     head + `<objectgroup name="walls"><object id="41" name="saloon door" type="door" x="100" y="100"><polyline points="0,0 40,0"/></object></objectgroup></map>`,
}

func TestHostileFiles(t *testing.T) {
	for name, src := range hostile {
		_, err := Parse("bad.tmx", []byte(src))
		var e *Error
		if err == nil || !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "bad.tmx: ") {
			t.Errorf("%s: error %v", name, err)
		}
	}
	_, err := Parse("maps/town.tmx", []byte(hostile["door in air"]))
	if want := `maps/town.tmx: object 41 "saloon door": door does not lie on a wall or fence`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
}

// FuzzLoad: no input makes the loader panic or hang, and a map that
// loads builds its path graph and plans a path corner to corner within a
// bounded time. The seed corpus is small on purpose: a large seed map
// makes the fuzzer spend its time minimising it.
func FuzzLoad(f *testing.F) {
	f.Add(smallMap())
	for _, src := range hostile {
		if len(src) < 4096 {
			f.Add([]byte(src))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		t0 := time.Now()
		b, err := Parse("fuzz.tmx", data)
		if err == nil {
			from, to := Pt(1, 1), Pt(b.Width-1, b.Height-1)
			b.LineOfSight(from, to)
			b.Prepare()
			if p, err := b.Path(from, to, nil); err == nil {
				b.Reach(p, 6)
			}
		}
		if d := time.Since(t0); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
	})
}

// smallMap is a valid map of every kind of thing in few bytes: a shack
// with a door and a window, a wall, a fence, a crate, mud and two
// deployment zones on a 12" table.
func smallMap() []byte {
	m := tmxgen.New("small", "", 12, 12)
	m.Building("shack", 2, 2, 4, 4, "wood", tmxgen.Door('S', 1), tmxgen.Window('E', 1))
	m.Polyline(tmxgen.Walls, "wall", "wall", []tmxgen.P{{X: 8, Y: 2}, {X: 8, Y: 6}})
	m.Polyline(tmxgen.Walls, "fence", "fence", []tmxgen.P{{X: 2, Y: 9}, {X: 6, Y: 9}})
	m.Rect(tmxgen.Obstacles, "crate", "crate", 9, 8, 1, 1)
	m.Rect(tmxgen.Areas, "difficult", "mud", 7, 9, 3, 2, "terrain", "mud")
	m.Rect(tmxgen.Areas, "deployment", "west", 0, 0, 1.5, 12, "side", "1")
	m.Rect(tmxgen.Areas, "deployment", "east", 10.5, 0, 1.5, 12, "side", "2")
	return m.XML()
}

func TestSmallMapLoads(t *testing.T) {
	b, err := Parse("small.tmx", smallMap())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Path(Pt(1, 1), Pt(11, 11), nil); err != nil {
		t.Fatal(err)
	}
	if n := len(smallMap()); n > 4096 {
		t.Errorf("the fuzz seed map is %d bytes: keep it small", n)
	}
}
