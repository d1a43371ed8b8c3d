package board

import (
	"errors"
	"strings"
	"testing"
	"time"

	"cowpoke/game/board/internal/tmxgen"
	"cowpoke/maps"
	"io/fs"
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

// FuzzLoad: no input makes the loader panic or hang.
func FuzzLoad(f *testing.F) {
	for _, name := range maps.Names() {
		data, _ := fs.ReadFile(maps.FS, name)
		_ = data // the full maps stall the coverage-guided mutator; TestMapsLoad covers them
	}
	f.Add(tmxgen.Stress(1, 8).XML())
	for _, src := range hostile {
		if len(src) < 4096 {
			f.Add([]byte(src))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		t0 := time.Now()
		b, err := Parse("fuzz.tmx", data)
		if err == nil {
			b.LineOfSight(Pt(1, 1), Pt(b.Width-1, b.Height-1))
		}
		if d := time.Since(t0); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
	})
}
