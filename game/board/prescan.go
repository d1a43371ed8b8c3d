package board

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"cowpoke/game/store"
)

// Limits on what a map file may hold. They keep a hostile or broken file
// from costing more than a fraction of a second or a few megabytes.
const (
	MaxFileBytes    = store.MaxMapBytes // bytes in one .tmx file (8 MiB)
	MaxObjects      = 20000             // objects in one map
	MaxObjectPoints = 4096              // points in one polygon or polyline
	MaxTotalPoints  = 200000            // points in one map
	MaxTableInches  = 120               // each side of the table
	// MaxGapWallPairs bounds the doors, windows and openings times the
	// wall and fence corners: each gap is looked for on every wall edge.
	MaxGapWallPairs = 10_000_000
	// MaxCellEntries bounds the edge-cell entries of the two terrain grids
	// (an edge is listed in every 1" cell its box covers): the grids' memory
	// and the time to fill them.
	MaxCellEntries = 2_000_000
	// MaxCellEdges bounds the edges listed in one cell of either grid:
	// placing a path node tests every edge of its cell.
	MaxCellEdges = 1000
	// MaxPathCandidates bounds the places tried for path nodes (four per
	// segment that blocks movement, three per gap, one per corner of
	// difficult terrain).
	MaxPathCandidates = 40_000
	// MaxPathNodes bounds the nodes of the path graph (with every locked
	// door unlocked): a search tests each node it reaches against every
	// other, and keeps the answer.
	MaxPathNodes = 4000

	maxElementDepth  = 16
	maxElementsTotal = 20*MaxObjects + 1000
)

// prescan walks the XML once before go-tiled sees it, refusing what go-tiled
// would load without bounds (external tilesets and templates, compressed
// tile data) and what is too big.
func prescan(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	depth, elements, objects, points := 0, 0, 0, 0
	gaps, wallCorners := 0, 0
	objectType := "" // the type of the object being read
	sawMap := false
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("not a valid Tiled map: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			elements++
			if depth > maxElementDepth {
				return fmt.Errorf("XML nested more than %d deep", maxElementDepth)
			}
			if elements > maxElementsTotal {
				return fmt.Errorf("more than %d XML elements", maxElementsTotal)
			}
			name := t.Name.Local
			if depth == 1 {
				if name != "map" {
					return fmt.Errorf("not a Tiled map: the root element is <%s>, not <map>", name)
				}
				sawMap = true
			}
			switch name {
			case "layer", "imagelayer", "group", "tileset", "data", "template", "image":
				return fmt.Errorf("<%s> is not part of the board schema (use object layers only; see maps/README.md)", name)
			case "object":
				objects++
				if objects > MaxObjects {
					return fmt.Errorf("more than %d objects", MaxObjects)
				}
				objectType = ""
				for _, a := range t.Attr {
					if a.Name.Local == "type" || a.Name.Local == "class" {
						objectType = a.Value
					}
				}
				switch objectType {
				case "door", "window", "opening":
					gaps++
				case "wall", "fence":
					wallCorners += 4 // a rectangle, unless its points say otherwise
				}
			}
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "template", "source":
					return fmt.Errorf("<%s %s=...>: external files are not allowed", name, a.Name.Local)
				case "gid":
					return fmt.Errorf("<%s gid=...>: tile objects are not part of the board schema", name)
				case "points":
					n := strings.Count(a.Value, " ") + 1
					if n > MaxObjectPoints {
						return fmt.Errorf("a shape with %d points (at most %d)", n, MaxObjectPoints)
					}
					points += n
					if points > MaxTotalPoints {
						return fmt.Errorf("more than %d points in all", MaxTotalPoints)
					}
					if objectType == "wall" || objectType == "fence" {
						wallCorners += n
					}
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if !sawMap {
		return errors.New("not a Tiled map: no <map> element")
	}
	if gaps*wallCorners > MaxGapWallPairs {
		return fmt.Errorf("too much to check: %d doors, windows and openings against %d wall corners (at most %d pairs)", gaps, wallCorners, MaxGapWallPairs)
	}
	return nil
}

// checkWork bounds what building the board's indexes will cost, from its
// edges and features, before any index is built.
func checkWork(b *Board) error {
	if n := incidences(b.Width, b.Height, b.edges, regPad) + incidences(b.Width, b.Height, b.edges, BaseRadius+regPad); n > MaxCellEntries {
		return fmt.Errorf("terrain too long or too tangled: its edges cross %d table cells in all (at most %d); use fewer or shorter diagonal walls", n, MaxCellEntries)
	}
	if n := pathNodeCandidates(b); n > MaxPathCandidates {
		return fmt.Errorf("too many corners: %d places to try for path nodes (at most %d)", n, MaxPathCandidates)
	}
	return nil
}

// checkBuilt bounds what paths on the built board will cost: edges per
// cell, and the path graph's nodes (built now, for the doors as they are,
// plus three for each locked door that may be unlocked).
func checkBuilt(b *Board) error {
	for _, g := range []*grid{&b.los, &b.move} {
		for i := 0; i+1 < len(g.start); i++ {
			if n := g.start[i+1] - g.start[i]; n > MaxCellEdges {
				return fmt.Errorf("terrain too crowded: %d edges within one square inch (at most %d)", n, MaxCellEdges)
			}
		}
	}
	n := len(b.pathGraph().nodes)
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == Door && f.Locked {
			n += 3
		}
	}
	if n > MaxPathNodes {
		return fmt.Errorf("too many corners for paths: %d path nodes (at most %d)", n, MaxPathNodes)
	}
	return nil
}

// pathNodeCandidates is how many places buildGraph may try for nodes,
// with every door locked (the most there can be).
func pathNodeCandidates(b *Board) int {
	n := 0
	for _, e := range b.edges {
		if e.flags&fMove != 0 || b.Features[e.feat].Kind == Door {
			n += 4
		}
	}
	for i := range b.Features {
		f := &b.Features[i]
		if f.Kind.IsGap() {
			n += 3
		}
		if f.Kind == Difficult {
			n += len(f.Points)
		}
	}
	return n
}
