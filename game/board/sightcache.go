package board

import (
	"math"
	"sync"
)

// sightCache remembers recent answers of LineOfSightRules on one board:
// the computer opponent asks the same shooter-target pairs again and again
// while it weighs its moves (half its questions in a normal match were
// repeats), and a shot asked by Validate is asked again by Apply. An
// answer is a function of the two points, the rules and the doors alone,
// so a remembered one is exactly what tracing again would give. Slots are
// direct-mapped by a hash of the points; an entry is allocated the first
// time its slot is filled and reused after. A board's clones start empty,
// but for those of CloneSharingSights, which share it (under its lock).
type sightCache struct {
	mu    sync.Mutex
	slots []*sightEntry
}

type sightEntry struct {
	shooter, target Point
	rules           SightRules
	doors           uint64 // sightDoors of the board it was traced on
	sight           Sight
}

// sightSlots is how many answers a board remembers (a normal match's
// repeats mostly come back within a thousand questions).
const sightSlots = 1024

func sightSlot(shooter, target Point, r SightRules) int {
	h := math.Float64bits(shooter.X)
	if r.NearBlockersNoCover {
		h = ^h
	}
	for _, v := range [3]float64{shooter.Y, target.X, target.Y} {
		h = (h ^ h>>29 ^ math.Float64bits(v)) * 0x9E3779B97F4A7C15
	}
	return int((h ^ h>>32) % sightSlots)
}

// get returns the remembered answer for the question, if any.
func (c *sightCache) get(b *Board, shooter, target Point, r SightRules) (Sight, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		return Sight{}, false
	}
	e := c.slots[sightSlot(shooter, target, r)]
	if e == nil || e.shooter != shooter || e.target != target || e.rules != r || e.doors != b.sightDoors() {
		return Sight{}, false
	}
	return e.sight, true
}

// put remembers an answer.
func (c *sightCache) put(b *Board, shooter, target Point, r SightRules, s *Sight) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		c.slots = make([]*sightEntry, sightSlots)
	}
	i := sightSlot(shooter, target, r)
	e := c.slots[i]
	if e == nil {
		e = &sightEntry{}
		c.slots[i] = e
	}
	e.shooter, e.target, e.rules, e.doors, e.sight = shooter, target, r, b.sightDoors(), *s
}

// sightDoors keys a remembered answer by the doors it was traced under:
// their state when it is exact (the same on every board sharing the
// memory), else the count of door changes (a board with that many doors
// never shares its memory, so the count tells its states apart).
func (b *Board) sightDoors() uint64 {
	if b.doors.exact {
		return b.doors.bits
	}
	return b.doorChanges
}
