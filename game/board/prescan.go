package board

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Limits on what a map file may hold. They keep a hostile or broken file
// from costing more than a fraction of a second or a few megabytes.
const (
	MaxFileBytes     = 8 << 20 // bytes in one .tmx file
	MaxObjects       = 20000   // objects in one map
	MaxObjectPoints  = 4096    // points in one polygon or polyline
	MaxTotalPoints   = 200000  // points in one map
	MaxTableInches   = 120     // each side of the table
	maxElementDepth  = 16
	maxElementsTotal = 20*MaxObjects + 1000
)

// prescan walks the XML once before go-tiled sees it, refusing what go-tiled
// would load without bounds (external tilesets and templates, compressed
// tile data) and what is too big.
func prescan(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	depth, elements, objects, points := 0, 0, 0, 0
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
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	if !sawMap {
		return errors.New("not a Tiled map: no <map> element")
	}
	return nil
}
