package tmxgen

// Town is the default map: a main street running north to south between
// six buildings, on a 36" x 36" table.
func Town() *Map {
	m := New("Dry Gulch", "A main street between six buildings; a creek cuts in from the east. Side 1 deploys on the north edge, side 2 on the south.", 36, 36)
	m.Building("Saloon", 3, 3, 10, 8, "stone",
		Gap{Kind: "door", Side: 'E', Off: 3.25, Width: 1.5, Name: "saloon door"},
		Window('E', 0.8), Window('E', 5.8), Window('N', 4), Window('S', 2),
		Door('W', 5, "locked", "true"))
	m.Building("Bank", 4, 14, 8, 6, "stone",
		Gap{Kind: "door", Side: 'E', Off: 2.25, Width: 1.5, Name: "bank door"},
		Window('E', 0.4), Window('S', 3.2), Window('N', 3.2))
	m.Building("General Store", 3, 24, 9, 7, "wood",
		Gap{Kind: "door", Side: 'E', Off: 2.75, Width: 1.5, Name: "store door"},
		Window('E', 0.5), Window('E', 5), Window('N', 3), Door('W', 3))
	m.Building("Sheriff's Office", 24, 3, 7, 6, "stone",
		Gap{Kind: "door", Side: 'W', Off: 2.25, Width: 1.5, Name: "sheriff's door"},
		Window('W', 0.4), Window('S', 2.5), Door('E', 2.25, "locked", "true"))
	m.Building("Livery Barn", 23, 13, 10, 9, "wood",
		Opening('W', 2.5, 4, "barn doors"), Window('N', 6), Door('E', 4), Window('S', 3))
	m.Building("Hotel", 24, 26, 8, 6, "wood",
		Gap{Kind: "door", Side: 'W', Off: 2.25, Width: 1.5, Name: "hotel door"},
		Window('W', 0.4), Window('W', 4.2), Window('N', 3), Window('S', 5))

	// Fences: a yard between saloon and bank with a gate, a fence behind the
	// hotel, a rail fence along the west edge with a gap.
	m.Polyline(Walls, "fence", "saloon yard fence", []P{{2, 12.5}, {12, 12.5}})
	m.Polyline(Walls, "opening", "yard gate", []P{{6, 12.5}, {8, 12.5}})
	m.Polyline(Walls, "fence", "hotel fence", []P{{33.5, 24}, {33.5, 32.5}})
	m.Polyline(Walls, "fence", "west rail", []P{{1.5, 14}, {1.5, 31}})
	m.Polyline(Walls, "opening", "west rail gap", []P{{1.5, 21}, {1.5, 23}})

	// Street clutter.
	m.Rect(Obstacles, "trough", "saloon trough", 14, 7.5, 0.8, 2.2)
	m.Rect(Obstacles, "trough", "barn trough", 21.2, 23, 0.8, 2.2)
	m.RotRect(Obstacles, "wagon", "freight wagon", 17.2, 16, 2, 4.5, 15)
	m.Ellipse(Obstacles, "well", "town well", 17.3, 10.5, 1.6, 1.6)
	for i, c := range []P{{13.5, 12.3}, {13.5, 13.4}, {14.6, 12.3}, {21.8, 9.8}, {20.6, 30}, {21.7, 30}, {12.6, 21.6}} {
		m.Rect(Obstacles, "crate", "crate "+string(rune('A'+i)), c.X, c.Y, 1, 1)
	}
	for i, c := range []P{{13.3, 20.2}, {22.2, 11.9}, {22.4, 25}, {12.7, 32}, {23.2, 33}} {
		m.Ellipse(Obstacles, "barrel", "barrel "+string(rune('A'+i)), c.X, c.Y, 0.8, 0.8)
	}
	m.Rect(Obstacles, "haybale", "hay bale", 21.3, 18.5, 0.9, 1.4)
	m.Rect(Obstacles, "haybale", "hay bale", 34, 15, 1.4, 0.9)
	m.Polygon(Obstacles, "rock", "boulder", []P{{34, 23}, {35.6, 22.6}, {35.8, 24.8}, {34.4, 25.4}}, "blocks", "true")
	m.Polygon(Obstacles, "rock", "red rock", []P{{0.3, 6}, {1.9, 5.6}, {2.2, 8}, {0.6, 8.4}}, "blocks", "true")
	m.Ellipse(Obstacles, "rock", "stones", 18.5, 33.2, 1.4, 1)

	// Areas.
	m.Ellipse(Areas, "difficult", "mud", 15.5, 4.5, 3.5, 2, "terrain", "mud")
	m.Ellipse(Areas, "difficult", "mud", 18, 25.5, 4, 2.5, "terrain", "mud")
	m.Polygon(Areas, "difficult", "Dry Creek", []P{{21, 10.3}, {28, 10.6}, {36, 10.5}, {36, 12.3}, {28, 12.2}, {21, 11.9}}, "terrain", "water")
	m.Rect(Areas, "deployment", "north edge", 0, 0, 36, 2.5, "side", "1")
	m.Rect(Areas, "deployment", "south edge", 0, 33.5, 36, 2.5, "side", "2")
	m.Point(Areas, "objective", "strongbox", 8, 17)
	m.Point(Areas, "objective", "town well", 18, 9.5)
	return m
}
