package board

import "fmt"

// Kind is what a map object is. Its name is the object's Tiled `type`.
type Kind uint8

// The kinds of the map schema (maps/README.md). Walls-layer kinds first,
// then obstacles, then areas.
const (
	KindNone Kind = iota
	Wall          // a solid wall: blocks movement, LoS and throws
	Fence         // blocks movement, obscures (R7), stops a Hail Mary (R23)
	Window        // on a wall: obscures; moving through it stops the move (R11)
	Door          // on a wall: blocks LoS while closed; locked doors block movement
	Opening       // on a wall: a large opening, no effect on anything (R11)
	Crate         // obstacles: block movement, obscure unless `blocks`
	Barrel
	Trough
	Wagon
	Rock
	HayBale
	Well
	Obstacle  // any other obstacle
	Difficult // areas: difficult terrain (R10)
	Interior  // a building's floor: entering it through a door or window stops a move (R11)
	Deploy    // a deployment zone of one side
	Objective // a scenario objective
	numKinds
)

var kindNames = [numKinds]string{"", "wall", "fence", "window", "door", "opening",
	"crate", "barrel", "trough", "wagon", "rock", "haybale", "well", "obstacle",
	"difficult", "interior", "deployment", "objective"}

// String is the kind's name in the map schema ("door").
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Kinds lists every kind in schema order.
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := Wall; k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

func kindByName(s string) Kind {
	for k := Wall; k < numKinds; k++ {
		if kindNames[k] == s {
			return k
		}
	}
	return KindNone
}

// Layer is one of the three object layers of a map.
type Layer uint8

// The object layers.
const (
	LayerWalls Layer = iota
	LayerObstacles
	LayerAreas
)

var layerNames = [...]string{"walls", "obstacles", "areas"}

func (l Layer) String() string { return layerNames[l] }

// IsWallKind reports whether k belongs on the walls layer.
func (k Kind) IsWallKind() bool { return k >= Wall && k <= Opening }

// IsObstacle reports whether k belongs on the obstacles layer.
func (k Kind) IsObstacle() bool { return k >= Crate && k <= Obstacle }

// IsArea reports whether k belongs on the areas layer.
func (k Kind) IsArea() bool { return k >= Difficult && k <= Objective }

// IsGap reports whether k is cut out of the wall it lies on.
func (k Kind) IsGap() bool { return k == Window || k == Door || k == Opening }

// Material is what an obstacle or wall is made of; it sets the cover class (R7).
type Material uint8

// Materials, lightest first: Stone is the heavier cover.
const (
	NoMaterial Material = iota
	Wood
	Stone
)

// Cover is the cover class of a target (R7): none, wood (-2 dice) or stone (-3).
type Cover = Material

// String is "none", "wood" or "stone".
func (m Material) String() string {
	switch m {
	case Wood:
		return "wood"
	case Stone:
		return "stone"
	}
	return "none"
}

// Feature is one object of a map: a wall, an obstacle or an area.
type Feature struct {
	ID       int    // the Tiled object id
	Name     string // the Tiled object name ("saloon door")
	Kind     Kind
	Layer    Layer
	Material Material // walls and obstacles
	Blocks   bool     // blocks LoS: walls, closed doors, obstacles with blocks=true
	Locked   bool     // doors: blocks movement and LoS until opened (R11)
	Open     bool     // doors: open doors block nothing
	Building string   // the building a wall, door, window or interior belongs to
	Terrain  string   // difficult areas: mud, water, brush
	Side     int      // deployment zones: 1, 2, ...
	Closed   bool     // Points form a polygon (true) or a polyline (false)
	Points   []Point  // outline in inches, table coordinates
	edges    [2]int32 // range of this feature's edges in Board.edges
}

// Label is the feature's name, or its kind when it has none.
func (f *Feature) Label() string {
	if f.Name != "" {
		return f.Name
	}
	return f.Kind.String()
}

// Centroid is the mean of the feature's points.
func (f *Feature) Centroid() Point {
	var c Point
	for _, p := range f.Points {
		c = c.Add(p)
	}
	if len(f.Points) > 0 {
		c = c.Scale(1 / float64(len(f.Points)))
	}
	return c
}

// Contains reports whether p lies inside a closed feature.
func (f *Feature) Contains(p Point) bool {
	return f.Closed && insidePolygon(p, f.Points)
}
