package ai

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"sync"

	"cowpoke/game"
	"cowpoke/game/board"
)

// sightCache remembers lines of sight across a player's decisions: a line
// depends only on the map, its doors and the two points (models do not
// block it), and the same lines are asked again and again (every spot a
// model weighs, from each enemy, at each decision of its activation). It
// keeps what a shot is sized by (visible, cover, distance), not the
// sampled lines.
type sightCache struct {
	mu     sync.Mutex
	lines  map[sightKey]sightSeen
	tables map[string]int32 // a number for each tableKey seen, for short keys

	// The last table asked about (tableOf): its board, that board's door
	// changes and the match's rules edition, its key and number.
	lastBoard   *board.Board
	lastDoors   uint64
	lastEdition int
	lastTable   string
	lastNo      int32
}

type sightKey struct {
	table int32 // the map, the rules edition and the doors (tableKey's number)
	// The two points' coordinates as bits (hashed as plain memory, faster
	// than floats); -0 is written as 0, so the key tells apart no points
	// that == does not (a NaN point is never remembered: see sight).
	sx, sy, tx, ty uint64
}

// coordBits is x's bits, -0 as 0.
func coordBits(x float64) uint64 {
	if x == 0 {
		return 0
	}
	return math.Float64bits(x)
}

// tableOf is m's tableKey and its number: the same key, the same number,
// for the cache's lifetime (a few maps and door states in all). The key is
// made again only when the board or its doors changed since the last
// question (a board's door changes count every SetDoor on it).
func (c *sightCache) tableOf(m *game.Match) (string, int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lastBoard == m.Board && c.lastDoors == m.Board.DoorChanges() && c.lastEdition == m.Edition() {
		return c.lastTable, c.lastNo
	}
	table := tableKey(m)
	n, ok := c.tables[table]
	if !ok {
		if c.tables == nil {
			c.tables = map[string]int32{}
		}
		n = int32(len(c.tables))
		c.tables[table] = n
	}
	c.lastBoard, c.lastDoors, c.lastEdition, c.lastTable, c.lastNo = m.Board, m.Board.DoorChanges(), m.Edition(), table, n
	return table, n
}

// sightSeen is what a shot is sized by of a line of sight (QueryShot
// reads no more of a board.Sight).
type sightSeen struct {
	visible, inCover bool
	cover            board.Cover
	distance         float64
}

// maxSights bounds the cache (about 60 bytes an entry); it starts afresh
// when full.
const maxSights = 1 << 16

// tableKey names what lines of sight depend on besides the two points.
func tableKey(m *game.Match) string {
	var b strings.Builder
	b.WriteString(m.Board.File)
	b.WriteByte('|')
	b.WriteString(m.Board.Name)
	b.WriteByte('|')
	b.WriteString(strconv.Itoa(m.Edition()))
	for i := range m.Board.Features {
		if f := &m.Board.Features[i]; f.Kind == board.Door {
			b.WriteByte('|')
			b.WriteString(strconv.Itoa(f.ID))
			if f.Open {
				b.WriteByte('o')
			}
			if f.Locked {
				b.WriteByte('l')
			}
		}
	}
	return b.String()
}

// sight is m.LineOfSight(shooter, target), remembered.
func (e *eval) sight(shooter, target game.Point) board.Sight {
	c := e.p.sights
	if math.IsNaN(shooter.X) || math.IsNaN(shooter.Y) || math.IsNaN(target.X) || math.IsNaN(target.Y) {
		return e.m.LineOfSight(shooter, target) // a NaN is equal to nothing: never remembered
	}
	k := sightKey{e.tableNo, coordBits(shooter.X), coordBits(shooter.Y), coordBits(target.X), coordBits(target.Y)}
	c.mu.Lock()
	s, ok := c.lines[k]
	c.mu.Unlock()
	if ok {
		return board.Sight{Visible: s.visible, InCover: s.inCover, Cover: s.cover, Distance: s.distance}
	}
	full := e.m.LineOfSight(shooter, target)
	c.mu.Lock()
	if c.lines == nil || len(c.lines) >= maxSights {
		c.lines = make(map[sightKey]sightSeen, 1024)
	}
	c.lines[k] = sightSeen{full.Visible, full.InCover, full.Cover, full.Distance}
	c.mu.Unlock()
	return full
}

// walkCache remembers, across a player's decisions, what a model's moves
// from where it stands are weighed against: its reach field and the way
// forward (eval.prepareAdvance). Both depend on the map and its doors
// (tableKey), where every model stands and the allowance, not on which
// board of that map asks (a match or one of its forks: a field found on
// one is read on another through Field.On); the second decision of an
// activation (after a shot) asks for them again, and so do the playouts
// of a search, whose forks often stand as the match did.
type walkCache struct {
	mu    sync.Mutex
	walks map[walkKey]*walk
}

type walkKey struct {
	table     string
	me        int
	models    string // every model in play and where it stands
	allowance float64
}

// walk is what walkCache keeps for one key.
type walk struct {
	field    *board.Field
	advanced bool // prepareAdvance ran; adv is its result
	adv      forward
	covered  bool // coverSpots ran; cover is its result
	cover    []coverSpot
	reached  map[game.Point]bool // the field's answers so far (eval.reachable)
}

// maxWalks bounds the cache; it starts afresh when full.
const maxWalks = 128

func (e *eval) walkKey(allowance float64) walkKey {
	if e.models == "" {
		// Each model in play: its number and the bits of its place, 18
		// bytes a model; made once an eval (the models do not move in it).
		b := make([]byte, 0, 18*len(e.m.Models))
		for i := range e.m.Models {
			md := &e.m.Models[i]
			if md.Removed() {
				continue
			}
			b = binary.LittleEndian.AppendUint16(b, uint16(i))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(md.Pos.X))
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(md.Pos.Y))
		}
		e.models = string(b)
	}
	return walkKey{table: e.table, me: e.me, models: e.models, allowance: allowance}
}

// walk returns the cache's entry for the deciding model at allowance,
// made empty when new.
func (e *eval) walk(allowance float64) *walk {
	c := e.p.walks
	k := e.walkKey(allowance)
	c.mu.Lock()
	defer c.mu.Unlock()
	if w, ok := c.walks[k]; ok {
		return w
	}
	if c.walks == nil || len(c.walks) >= maxWalks {
		c.walks = make(map[walkKey]*walk, 16)
	}
	w := &walk{}
	c.walks[k] = w
	return w
}
