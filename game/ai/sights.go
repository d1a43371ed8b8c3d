package ai

import (
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
	mu    sync.Mutex
	lines map[sightKey]sightSeen
}

type sightKey struct {
	table           string // the map, the rules edition and the doors (tableKey)
	shooter, target game.Point
}

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
	k := sightKey{e.table, shooter, target}
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
