package tmxgen

// Gap is a door, window or opening on one side of a building.
type Gap struct {
	Kind  string  // door, window, opening
	Side  byte    // 'N', 'S', 'E' or 'W'
	Off   float64 // from the side's left (N, S) or top (E, W) end, inches
	Width float64
	Name  string
	Props []string
}

// Building adds a rectangular building: its walls, its interior and its gaps.
func (m *Map) Building(name string, x, y, w, h float64, material string, gaps ...Gap) {
	m.Rect(Walls, "wall", name+" walls", x, y, w, h, "material", material, "building", name)
	for _, g := range gaps {
		var a, b P
		switch g.Side {
		case 'N':
			a, b = P{x + g.Off, y}, P{x + g.Off + g.Width, y}
		case 'S':
			a, b = P{x + g.Off, y + h}, P{x + g.Off + g.Width, y + h}
		case 'W':
			a, b = P{x, y + g.Off}, P{x, y + g.Off + g.Width}
		case 'E':
			a, b = P{x + w, y + g.Off}, P{x + w, y + g.Off + g.Width}
		}
		gname := g.Name
		if gname == "" {
			gname = name + " " + g.Kind
		}
		m.Polyline(Walls, g.Kind, gname, []P{a, b}, append([]string{"building", name}, g.Props...)...)
	}
	m.Rect(Areas, "interior", name, x, y, w, h, "building", name)
}

// Door is a 1.5" door.
func Door(side byte, off float64, props ...string) Gap {
	return Gap{Kind: "door", Side: side, Off: off, Width: 1.5, Props: props}
}

// Window is a 1.5" window.
func Window(side byte, off float64) Gap { return Gap{Kind: "window", Side: side, Off: off, Width: 1.5} }

// Opening is a large opening of width w.
func Opening(side byte, off, w float64, name string) Gap {
	return Gap{Kind: "opening", Side: side, Off: off, Width: w, Name: name}
}
