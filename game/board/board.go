package board

import (
	"fmt"
	"sort"
	"sync"
)

// BaseRadius is the radius of every model's base in inches (R2).
const BaseRadius = 0.5

// Board is one loaded map: its features and the indexes that answer the
// rules' geometric questions. Queries never change a Board and may run from
// many goroutines at once; SetDoor changes it and needs the caller to hold
// off queries on that Board meanwhile (or to work on a Clone).
type Board struct {
	File        string  // where the map came from, for messages
	Name        string  // the map property "name"
	Description string  // the map property "description"
	Width       float64 // table width in inches
	Height      float64 // table height in inches
	PxPerInch   float64 // Tiled pixels per inch
	Features    []Feature

	pieces    []piece // wall pieces left between the gaps (from cutWalls)
	edges     []edge  // every segment of terrain, grouped by feature
	los       grid    // edges by cell of their bounding box
	move      grid    // movement blockers by cell of their box grown by a base radius
	areas     []int   // indexes of difficult-terrain features
	areaBoxes []box   // the boxes of the areas
	inside    []int   // indexes of building interiors

	doorChanges uint64      // SetDoor calls so far (DoorChanges)
	doors       doorState   // what the doors do to lines of sight, exactly (sightCache's key)
	graphs      *graphCache // path graphs by locked doors, shared with clones
	graphMu     sync.Mutex
	graph       *graph      // the path graph of the current locked doors, once asked for
	sights      *sightCache // recent answers of LineOfSightRules (CloneSharingSights shares it)
}

// edge is one segment of terrain with what it does to each question.
type edge struct {
	a, b  Point
	feat  int32
	flags uint8
	mat   Material
}

// Edge flags.
const (
	fLoS     uint8 = 1 << iota // blocks line of sight (R6)
	fObscure                   // obscures: gives cover (R7)
	fMove                      // blocks movement (R5)
	fSure                      // blocks a Sure Throw (R23)
	fHail                      // blocks a Hail Mary (R23)
	fPortal                    // a door or window: crossing it may end a move (R11)
)

func flagsFor(f *Feature) uint8 {
	switch {
	case f.Kind == Wall:
		return fLoS | fMove | fSure | fHail
	case f.Kind == Fence:
		return fObscure | fMove | fHail
	case f.Kind == Window:
		return fObscure | fHail | fPortal
	case f.Kind == Door:
		fl := fPortal
		if f.Locked {
			fl |= fMove
		}
		if f.Blocks {
			fl |= fLoS | fSure | fHail
		}
		return fl
	case f.Kind.IsObstacle() && f.Blocks:
		return fLoS | fMove | fSure | fHail
	case f.Kind.IsObstacle():
		return fObscure | fMove
	}
	return 0
}

// build makes the edges and, once checkWork has bounded the work they
// need, the indexes.
func (b *Board) build() error {
	b.edges = b.edges[:0]
	pieces := b.pieces
	sort.SliceStable(pieces, func(i, j int) bool { return pieces[i].feat < pieces[j].feat })
	pi := 0
	for i := range b.Features {
		f := &b.Features[i]
		start := int32(len(b.edges))
		fl := flagsFor(f)
		switch {
		case f.Kind == Wall || f.Kind == Fence:
			for ; pi < len(pieces) && pieces[pi].feat < i; pi++ {
			}
			for ; pi < len(pieces) && pieces[pi].feat == i; pi++ {
				b.edges = append(b.edges, edge{pieces[pi].a, pieces[pi].b, int32(i), fl, f.Material})
			}
		case f.Kind == Window || f.Kind == Door || f.Kind.IsObstacle():
			for _, e := range featureEdges(f) {
				b.edges = append(b.edges, edge{e[0], e[1], int32(i), fl, f.Material})
			}
		case f.Kind == Difficult:
			b.areas = append(b.areas, i)
			b.areaBoxes = append(b.areaBoxes, boxOf(f.Points...))
		case f.Kind == Interior:
			b.inside = append(b.inside, i)
		}
		f.edges = [2]int32{start, int32(len(b.edges))}
	}
	b.pieces = nil
	if err := checkWork(b); err != nil {
		return err
	}
	b.los, b.move = buildGrids(b.Width, b.Height, b.edges)
	b.graphs = newGraphCache()
	b.sights = &sightCache{}
	b.doors = doorStateOf(b.Features)
	return checkBuilt(b)
}

// Clone returns a copy that can change its doors without touching b.
func (b *Board) Clone() *Board {
	c := &Board{File: b.File, Name: b.Name, Description: b.Description, Width: b.Width,
		Height: b.Height, PxPerInch: b.PxPerInch, los: b.los, move: b.move, areas: b.areas, areaBoxes: b.areaBoxes, inside: b.inside, graphs: b.graphs, doorChanges: b.doorChanges,
		doors: b.doors, sights: &sightCache{}}
	c.Features = append([]Feature(nil), b.Features...)
	// The edges are shared: only SetDoor changes them, and it changes a
	// copy of its own (a match's forks rarely touch a door).
	c.edges = b.edges
	b.graphMu.Lock()
	c.graph = b.graph
	b.graphMu.Unlock()
	return c
}

// CloneSharingSights is Clone, but the copy shares b's memory of lines of
// sight (each answer kept with the doors it was traced under, so it holds
// for any board of those doors): a match's forks ask the same lines as the
// match and as each other. It is a Clone when the doors are too many to
// key exactly.
func (b *Board) CloneSharingSights() *Board {
	c := b.Clone()
	if b.doors.exact {
		c.sights = b.sights
	}
	return c
}

// FeatureByID returns the feature with a Tiled object id.
func (b *Board) FeatureByID(id int) (*Feature, bool) {
	for i := range b.Features {
		if b.Features[i].ID == id {
			return &b.Features[i], true
		}
	}
	return nil, false
}

// SetDoor opens, closes, locks or unlocks the door with a Tiled object id
// (R11: Interact opens a locked door). Not safe while other goroutines query b.
func (b *Board) SetDoor(id int, open, locked bool) error {
	f, ok := b.FeatureByID(id)
	if !ok || f.Kind != Door {
		return fmt.Errorf("%s: object %d is not a door", b.File, id)
	}
	if locked {
		open = false
	}
	b.doorChanges++
	wasLocked := f.Locked
	f.Open, f.Locked, f.Blocks = open, locked, !open
	fl := flagsFor(f)
	b.edges = append([]edge(nil), b.edges...) // they may be shared with clones (Clone)
	for i := f.edges[0]; i < f.edges[1]; i++ {
		b.edges[i].flags = fl
	}
	b.doors = doorStateOf(b.Features)
	// Only a lock changes where a base can walk: opening or closing an
	// unlocked door keeps the path graph; a lock change picks the graph of
	// the new locked doors from the cache shared with clones.
	if wasLocked != locked {
		b.graphMu.Lock()
		b.graph = nil
		b.graphMu.Unlock()
	}
	return nil
}

// doorState is what a board's doors do to its edges (flagsFor: each
// door locked or not, blocking or not), as bits in map order, exact for
// up to 32 doors; with more, exact is false and bits counts nothing.
type doorState struct {
	bits  uint64
	exact bool
}

func doorStateOf(fs []Feature) doorState {
	s, n := doorState{exact: true}, 0
	for i := range fs {
		if f := &fs[i]; f.Kind == Door {
			if n == 32 {
				return doorState{}
			}
			if f.Locked {
				s.bits |= 1 << (2 * n)
			}
			if f.Blocks {
				s.bits |= 2 << (2 * n)
			}
			n++
		}
	}
	return s
}

// DoorChanges counts the SetDoor calls made on this board (a clone starts
// with its original's count), so that a caller remembering an answer that
// depends on doors can tell it is still good.
func (b *Board) DoorChanges() uint64 { return b.doorChanges }

// Counts returns how many features of each kind the board has.
func (b *Board) Counts() map[Kind]int {
	m := map[Kind]int{}
	for i := range b.Features {
		m[b.Features[i].Kind]++
	}
	return m
}

// Buildings returns the names of the building interiors, in map order.
func (b *Board) Buildings() []string {
	var out []string
	for _, i := range b.inside {
		out = append(out, b.Features[i].Building)
	}
	return out
}

// InsideBuilding returns the interior that contains p, if any.
func (b *Board) InsideBuilding(p Point) (*Feature, bool) {
	for _, i := range b.inside {
		if b.Features[i].Contains(p) {
			return &b.Features[i], true
		}
	}
	return nil, false
}

// DeploymentZones returns the deployment zones of a side.
func (b *Board) DeploymentZones(side int) []*Feature {
	var out []*Feature
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == Deploy && f.Side == side {
			out = append(out, f)
		}
	}
	return out
}
