package board

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"cowpoke/game/board/internal/tmxgen"
)

// hostileMaps are maps crafted to make the loader or the path graph do
// too much work (issue 9, item 3), generated here so no large file is
// committed. Each must be refused with a one-line error naming the file,
// or load cleanly and give paths within the bounds.
func hostileMaps() map[string][]byte {
	out := map[string][]byte{}
	newMap := func(name string, w, h int) *tmxgen.Map {
		m := tmxgen.New(name, "", w, h)
		m.Rect(tmxgen.Areas, "deployment", "west", 0, 0, 2, float64(h), "side", "1")
		m.Rect(tmxgen.Areas, "deployment", "east", float64(w)-2, 0, 2, float64(h), "side", "2")
		return m
	}
	// One polyline zig-zagging corner to corner: every edge's box covers
	// most of the table (13 s and 434 MB before the grids were bounded).
	{
		m := newMap("zigzag", 120, 120)
		var pts []tmxgen.P
		for i := range 300 {
			d := float64(i) * 0.01
			if i%2 == 0 {
				pts = append(pts, tmxgen.P{X: 0.5 + d, Y: 0.5})
			} else {
				pts = append(pts, tmxgen.P{X: 119.5 - d, Y: 119.5})
			}
		}
		m.Polyline(tmxgen.Walls, "wall", "zigzag", pts)
		out["zigzag"] = m.XML()
	}
	// The same on the 36" table, 80 points: long diagonal walls a real map
	// could have, within the limits: it must load.
	{
		m := newMap("zigzag small", 36, 36)
		var pts []tmxgen.P
		for i := range 80 {
			pts = append(pts, tmxgen.P{X: 0.5 + float64(i)*35.0/79, Y: 0.5 + float64(i%2)*35})
		}
		m.Polyline(tmxgen.Walls, "wall", "zigzag", pts)
		out["zigzag small"] = m.XML()
	}
	// 3,000 short walls scattered over the largest table (87 s to start a
	// match when the path graph compared every pair of its 12,000 nodes).
	{
		r := rand.New(rand.NewPCG(3, 3000))
		m := newMap("short walls", 120, 120)
		for i := range 3000 {
			x, y := 1+r.Float64()*117, 1+r.Float64()*117
			m.Polyline(tmxgen.Walls, "wall", fmt.Sprint("w", i), []tmxgen.P{{X: x, Y: y}, {X: x + 0.8, Y: y + 0.3}})
		}
		out["3000 short walls"] = m.XML()
	}
	// 600 short walls: the same kind of map at a size that loads.
	{
		r := rand.New(rand.NewPCG(3, 600))
		m := newMap("some walls", 72, 48)
		for i := range 600 {
			x, y := 1+r.Float64()*69, 1+r.Float64()*45
			m.Polyline(tmxgen.Walls, "wall", fmt.Sprint("w", i), []tmxgen.P{{X: x, Y: y}, {X: x + 0.8, Y: y + 0.3}})
		}
		out["600 short walls"] = m.XML()
	}
	// Many tiny walls piled into one square inch.
	{
		m := newMap("pile", 36, 36)
		for i := range 2000 {
			d := float64(i) / 4000
			m.Polyline(tmxgen.Walls, "wall", fmt.Sprint("w", i), []tmxgen.P{{X: 10 + d, Y: 10}, {X: 10.2 + d, Y: 10.3}})
		}
		out["pile in one cell"] = m.XML()
	}
	// Huge coordinates in a polyline and in an object's position.
	{
		h := `<map orientation="orthogonal" width="36" height="36" tilewidth="20" tileheight="20"><properties><property name="name" value="t"/></properties>`
		out["huge point"] = []byte(h + `<objectgroup name="walls"><object id="1" type="wall" x="20" y="20"><polyline points="0,0 1e300,1e300"/></object></objectgroup></map>`)
		out["huge position"] = []byte(h + `<objectgroup name="walls"><object id="1" type="wall" x="1e300" y="-1e300"><polyline points="0,0 20,20"/></object></objectgroup></map>`)
		out["huge size"] = []byte(h + `<objectgroup name="obstacles"><object id="1" type="crate" x="20" y="20" width="1e300" height="1e300"/></objectgroup></map>`)
	}
	// Many doors against a wall of many corners (each door is looked for
	// on every wall edge).
	{
		m := newMap("doors", 120, 120)
		var pts []tmxgen.P
		for i := range 4000 {
			pts = append(pts, tmxgen.P{X: 1 + float64(i%2)*0.01, Y: 1 + float64(i)*0.029})
		}
		m.Polyline(tmxgen.Walls, "wall", "long wall", pts)
		var b strings.Builder
		xml := string(m.XML())
		for i := range 3000 {
			fmt.Fprintf(&b, `<object id="%d" type="door" x="%d" y="%d"><polyline points="0,0 30,0"/></object>`, 10+i, 100+i%50, 100+i/50)
		}
		out["doors times wall corners"] = []byte(strings.Replace(xml, "</objectgroup>", b.String()+"</objectgroup>", 1))
	}
	return out
}

// TestHostileMapsBounded: each hostile map is refused with a one-line
// error naming the file and the problem, or loads; a map that loads
// builds its path graph and plans a path corner to corner (which works out
// the neighbours of every node the search reaches). Memory is bounded by
// what the whole of it allocates (runtime.MemStats.TotalAlloc, at most
// 200 MB); time is bounded by the work limits of prescan.go (the
// figures are in BenchmarkHostileMaps, not asserted on a shared machine).
func TestHostileMapsBounded(t *testing.T) {
	want := map[string]string{ // the problem each refusal must name
		"zigzag":                   "table cells",
		"3000 short walls":         "path nodes",
		"pile in one cell":         "within one square inch",
		"huge point":               "",
		"huge position":            "",
		"huge size":                "",
		"doors times wall corners": "doors, windows and openings",
	}
	for name, data := range hostileMaps() {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b, err := Parse("hostile.tmx", data)
		if err == nil {
			b.Prepare()
			from, to := Pt(BaseRadius+0.01, BaseRadius+0.01), Pt(b.Width-BaseRadius-0.01, b.Height-BaseRadius-0.01)
			_, _ = b.Path(from, to, nil)
			b.LineOfSight(from, to)
		}
		runtime.ReadMemStats(&after)
		if mb := float64(after.TotalAlloc-before.TotalAlloc) / 1e6; mb > 200 {
			t.Errorf("%s: allocated %.0f MB", name, mb)
		}
		problem, refuse := want[name]
		switch {
		case err == nil && refuse:
			t.Errorf("%s: loaded; want a refusal naming %q", name, problem)
		case err != nil && !refuse:
			t.Errorf("%s: %v; want a clean load", name, err)
		case err != nil:
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "hostile.tmx: ") || !strings.Contains(msg, problem) {
				t.Errorf("%s: %q: want one line naming the file and %q", name, msg, problem)
			}
		}
	}
}

// BenchmarkHostileMaps: loading (or refusing) each hostile map, then for
// those that load a path corner to corner on a fresh board.
//
//	go test -run '^$' -bench HostileMaps -benchmem ./game/board/
func BenchmarkHostileMaps(bm *testing.B) {
	for name, data := range hostileMaps() {
		bm.Run(strings.ReplaceAll(name, " ", "_"), func(bm *testing.B) {
			for bm.Loop() {
				b, err := Parse("hostile.tmx", data)
				if err == nil {
					_, _ = b.Path(Pt(BaseRadius+0.01, BaseRadius+0.01), Pt(b.Width-BaseRadius-0.01, b.Height-BaseRadius-0.01), nil)
				}
			}
		})
	}
}
