package board

import (
	"testing"

	"cowpoke/maps"
)

// TestGridMatchesResolv: the grids a board is built with list, cell for
// cell and in the same order, the edges a resolv v0.8.1 Space registers in
// that cell, for every embedded map and a stress map, for both the LoS pad
// and the movement pad. The board fills its grids itself (linear in the
// edge-cell incidences); resolv stays the reference.
func TestGridMatchesResolv(t *testing.T) {
	boards := []*Board{loadStress(t, 3)}
	for _, name := range maps.Names() {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	resolvMu.Lock()
	defer resolvMu.Unlock()
	for _, b := range boards {
		for _, g := range []*grid{&b.los, &b.move} {
			space := resolvSpace(b.Width, b.Height, b.edges, g.pad)
			n := 0
			for cy := range g.ny {
				for cx := range g.nx {
					c := space.Cell(cx, cy)
					got := g.cell(cx, cy)
					if len(got) != len(c.Shapes) {
						t.Fatalf("%s pad %g cell (%d,%d): %d edges, resolv %d", b.File, g.pad, cx, cy, len(got), len(c.Shapes))
					}
					for k, s := range c.Shapes {
						if got[k] != s.Data().(int32) {
							t.Fatalf("%s pad %g cell (%d,%d) entry %d: edge %d, resolv %d", b.File, g.pad, cx, cy, k, got[k], s.Data().(int32))
						}
					}
					n += len(got)
				}
			}
			if n == 0 || n != incidences(b.Width, b.Height, b.edges, g.pad) {
				t.Fatalf("%s pad %g: %d entries, incidences says %d", b.File, g.pad, n, incidences(b.Width, b.Height, b.edges, g.pad))
			}
		}
	}
}
