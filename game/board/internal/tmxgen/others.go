package tmxgen

// Ranch is open country: a stone ranch house, a barn, corrals of fences and
// rocky ground; long lanes of fire with fences to hide behind.
func Ranch() *Map {
	m := New("Rocking R Ranch", "Open ground around a ranch house and corrals. Side 1 deploys west, side 2 east.", 36, 36)
	m.Building("Ranch House", 13, 4, 10, 7, "stone",
		Door('S', 4.25), Window('S', 1), Window('S', 7.5), Window('W', 3), Window('E', 3), Door('N', 2))
	m.Building("Hay Barn", 21, 22, 9, 8, "wood",
		Opening('N', 2.5, 4, "barn doors"), Window('W', 3), Door('S', 6))
	m.Polygon(Walls, "fence", "big corral", []P{{6, 17}, {17, 17}, {17, 28}, {6, 28}})
	m.Polyline(Walls, "opening", "corral gate", []P{{17, 21}, {17, 23}})
	m.Polyline(Walls, "opening", "corral back gate", []P{{9, 28}, {11, 28}})
	m.Polyline(Walls, "fence", "lane fence", []P{{20, 14}, {31, 14}})
	m.Polyline(Walls, "fence", "south fence", []P{{4, 32}, {18, 32}})
	m.Rect(Obstacles, "trough", "corral trough", 10, 21, 2.2, 0.8)
	m.RotRect(Obstacles, "wagon", "hay wagon", 25, 16, 2, 4.5, 75)
	m.Ellipse(Obstacles, "well", "ranch well", 17.5, 13.5, 1.6, 1.6)
	m.Rect(Obstacles, "haybale", "hay bale", 19, 20, 1.4, 0.9)
	m.Rect(Obstacles, "haybale", "hay bale", 31, 24, 0.9, 1.4)
	for i, c := range []P{{24, 11.5}, {25.1, 11.5}, {7, 12}} {
		m.Rect(Obstacles, "crate", "crate "+string(rune('A'+i)), c.X, c.Y, 1, 1)
	}
	m.Ellipse(Obstacles, "barrel", "rain barrel", 23.3, 6, 0.8, 0.8)
	m.Polygon(Obstacles, "rock", "big rock", []P{{3, 6}, {5.5, 5}, {6.5, 7.5}, {4, 9}}, "blocks", "true")
	m.Polygon(Obstacles, "rock", "split rock", []P{{30, 5}, {32.5, 4.5}, {33, 7}, {30.5, 7.5}}, "blocks", "true")
	m.Ellipse(Obstacles, "rock", "stones", 27, 31, 1.5, 1)
	m.Ellipse(Areas, "difficult", "corral mud", 8, 23, 4, 3, "terrain", "mud")
	m.Polygon(Areas, "difficult", "brush", []P{{28, 17}, {33, 16}, {34, 20}, {29, 21}}, "terrain", "brush")
	m.Rect(Areas, "deployment", "west edge", 0, 0, 2.5, 36, "side", "1")
	m.Rect(Areas, "deployment", "east edge", 33.5, 0, 2.5, 36, "side", "2")
	m.Point(Areas, "objective", "deed box", 18, 7.5)
	return m
}

// Halt is a railway halt: a station and a freight shed along the tracks,
// boxcars that block sight, a water tower, and cargo on the platform.
func Halt() *Map {
	m := New("Coyote Halt", "A whistle-stop on the railroad: boxcars cut the table in two. Side 1 deploys north, side 2 south.", 36, 36)
	m.Building("Station", 4, 8, 10, 6, "wood",
		Door('S', 4.25), Window('S', 1), Window('S', 7.5), Window('N', 4.25), Door('E', 2.25))
	m.Building("Freight Shed", 22, 7, 10, 7, "wood",
		Opening('S', 3, 4, "loading doors"), Window('W', 2.75), Door('N', 2))
	m.Building("Telegraph Office", 26, 24, 6, 5, "stone",
		Door('N', 2.25), Window('W', 1.75), Window('S', 2.25))
	m.Rect(Obstacles, "wagon", "boxcar 1", 3, 19, 9, 2.5, "blocks", "true")
	m.Rect(Obstacles, "wagon", "boxcar 2", 14, 19, 9, 2.5, "blocks", "true")
	m.Rect(Obstacles, "wagon", "flatcar", 27, 19, 7, 2.5)
	m.Ellipse(Obstacles, "well", "water tower", 16, 9, 2.5, 2.5, "blocks", "true")
	for i, c := range []P{{6, 16}, {7.1, 16}, {15, 15.5}, {20, 16}, {21.1, 16}, {30, 16}} {
		m.Rect(Obstacles, "crate", "crate "+string(rune('A'+i)), c.X, c.Y, 1, 1)
	}
	for i, c := range []P{{12, 16.2}, {24.5, 16.2}, {9, 24}, {19, 25}} {
		m.Ellipse(Obstacles, "barrel", "barrel "+string(rune('A'+i)), c.X, c.Y, 0.8, 0.8)
	}
	m.Rect(Obstacles, "trough", "water trough", 18, 28, 2.2, 0.8)
	m.Polyline(Walls, "fence", "stock pen", []P{{3, 26}, {12, 26}, {12, 32}, {3, 32}})
	m.Polyline(Walls, "opening", "pen gate", []P{{12, 28}, {12, 30}})
	m.Polygon(Obstacles, "rock", "outcrop", []P{{20, 31}, {23, 30.5}, {23.5, 33}, {20.5, 33.5}}, "blocks", "true")
	m.Polygon(Areas, "difficult", "cinders", []P{{0, 18.5}, {36, 18.5}, {36, 22}, {0, 22}}, "terrain", "brush")
	m.Ellipse(Areas, "difficult", "mud", 14, 27, 3, 2, "terrain", "mud")
	m.Rect(Areas, "deployment", "north edge", 0, 0, 36, 2.5, "side", "1")
	m.Rect(Areas, "deployment", "south edge", 0, 33.5, 36, 2.5, "side", "2")
	m.Point(Areas, "objective", "payroll", 9, 11)
	return m
}
