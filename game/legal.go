package game

import (
	"math"
	"math/rand/v2"
	"sync"

	"cowpoke/game/detmath"
)

// Option is one kind of command and whether the side deciding may give it
// now; Reason says why not, in the engine's words.
type Option struct {
	Kind    CommandKind
	Allowed bool
	Reason  string
}

// actionKinds are the actions of chapter 5 in the order a screen lists them.
var actionKinds = []CommandKind{CmdMove, CmdRun, CmdShoot, CmdAim, CmdBlaze, CmdThrow, CmdReload, CmdOverwatch, CmdBrawl, CmdInteract, CmdFace, CmdEnd}

// Options lists the active model's actions: allowed ones, and refused ones
// with the reason (for an action bar's greyed buttons). A kind is allowed
// when at least one concrete command of it is.
func (m *Match) Options() []Option {
	if m.Active < 0 || m.Pending != nil || m.Defence != nil || m.Over {
		return nil
	}
	out := make([]Option, 0, len(actionKinds))
	buf := getCandidates()
	defer putCandidates(buf)
	for _, k := range append(actionKinds[:len(actionKinds):len(actionKinds)], m.methodActionKinds()...) {
		var firstErr error
		ok := false
		*buf = m.candidates(k, nil, (*buf)[:0])
		for _, c := range *buf {
			err := m.Validate(c)
			if err == nil {
				ok = true
				break
			}
			if firstErr == nil {
				firstErr = err
			}
		}
		o := Option{Kind: k, Allowed: ok}
		if !ok && firstErr != nil {
			o.Reason = firstErr.Error()
		}
		out = append(out, o)
	}
	return out
}

// candidates makes concrete commands of a kind for the active model: every
// target and weapon for attacks, every door in reach, a spread of
// destinations for moves (random ones when rng is given). It appends them
// to out (a buffer from getCandidates).
func (m *Match) candidates(k CommandKind, rng *rand.Rand, out []Command) []Command {
	id := m.Active
	md := &m.Models[id]
	base := Command{Kind: k, Model: id}
	switch k {
	case CmdMove, CmdRunTo:
		if rng == nil && !m.Engaged(id) {
			// For Options: a step on the spot checks everything a move
			// needs but a destination, without finding paths.
			c := base
			c.To = ptr(md.Pos)
			return append(out, c)
		}
		reach := m.moveAllowance(id)
		if k == CmdRunTo {
			reach = m.RunLeft
		}
		for _, p := range m.destinations(md.Pos, reach, rng) {
			c := base
			c.To = ptr(p)
			out = append(out, c)
		}
	case CmdShoot, CmdBlaze, CmdAim:
		for t := range m.Models {
			if m.Models[t].Posse == md.Posse || m.Models[t].Removed() {
				continue
			}
			for slot := range md.Profile.Weapons {
				c := base
				c.Target, c.Slot = t, slot
				out = append(out, c)
				if k == CmdAim {
					break
				}
			}
		}
	case CmdReload:
		for slot := range md.Profile.Weapons {
			c := base
			c.Slot = slot
			out = append(out, c)
		}
	case CmdThrow:
		for _, p := range m.throwSpots(md.Pos, rng) {
			c := base
			c.To = ptr(p)
			out = append(out, c)
		}
	case CmdInteract:
		for _, door := range m.DoorsInReach(id) {
			f, _ := m.Board.FeatureByID(door)
			c := base
			c.Door, c.Open = door, !f.Open || f.Locked
			out = append(out, c)
		}
		for _, i := range m.lootInReach(id) { // objective.go
			c := base
			c.Objective = m.Scenario.Objectives[i].Name
			out = append(out, c)
		}
		if len(out) == 0 {
			out = append(out, Command{Kind: k, Model: id, Door: -1})
		}
	case CmdOverwatch, CmdFace:
		c := base
		c.Facing = md.Facing
		if rng != nil {
			c.Facing = float64(rng.Float64() * (2 * math.Pi))
		}
		out = append(out, c)
	default:
		out = append(out, base)
	}
	if rng != nil {
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	}
	return out
}

// candidateBuffers keeps candidates' buffers between calls (a random
// match asks for a few thousand lists of commands). It is the one
// package-level variable of the engine and holds no information: a buffer
// is cleared when it is given back, so no result depends on it. A buffer
// in the Match would be shared by Fork's copy, and forks are played on
// other goroutines (the window's computer, the AI's look-ahead).
var candidateBuffers = sync.Pool{New: func() any { return new([]Command) }}

func getCandidates() *[]Command { return candidateBuffers.Get().(*[]Command) }

// putCandidates gives a buffer back, dropping what its commands point to.
func putCandidates(buf *[]Command) {
	clear((*buf)[:cap(*buf)])
	*buf = (*buf)[:0]
	candidateBuffers.Put(buf)
}

// destinations spreads points around p within reach: rings of compass
// points, or random points when rng is given.
func (m *Match) destinations(p Point, reach float64, rng *rand.Rand) []Point {
	var out []Point
	add := func(q Point) {
		if q.X > 0 && q.Y > 0 && q.X < m.Board.Width && q.Y < m.Board.Height {
			out = append(out, q)
		}
	}
	if rng != nil {
		for range 6 {
			r, a := float64(reach*math.Sqrt(rng.Float64())), float64(rng.Float64()*(2*math.Pi))
			add(Point{X: p.X + float64(r*detmath.Cos(a)), Y: p.Y + float64(r*detmath.Sin(a))})
		}
		return out
	}
	for _, f := range []float64{0.5, 0.95} {
		for k := range 8 {
			a := float64(float64(k)*math.Pi) / 4
			add(Point{X: p.X + float64(f*reach*detmath.Cos(a)), Y: p.Y + float64(f*reach*detmath.Sin(a))})
		}
	}
	return out
}

// throwSpots are spots a stick could be thrown at: at the nearest enemies
// and rings of spots round the thrower, or random spots within a Hail Mary
// when rng is given.
func (m *Match) throwSpots(p Point, rng *rand.Rand) []Point {
	var out []Point
	me := m.Models[m.Active].Posse
	for i := range m.Models {
		if o := &m.Models[i]; o.Posse != me && !o.Removed() && o.Pos.Dist(p) < 13 {
			out = append(out, o.Pos)
		}
	}
	if rng != nil {
		for range 2 {
			r, a := float64(12*math.Sqrt(rng.Float64())), float64(rng.Float64()*(2*math.Pi))
			out = append(out, Point{X: p.X + float64(r*detmath.Cos(a)), Y: p.Y + float64(r*detmath.Sin(a))})
		}
		return out
	}
	// For Options: a stick is thrown at a spot, not at an enemy (R23), so
	// spots all round the thrower, near and far, count too.
	for _, r := range []float64{2, 5, 9, 14} {
		for k := range 8 {
			a := float64(float64(k)*math.Pi) / 4
			q := Point{X: p.X + float64(r*detmath.Cos(a)), Y: p.Y + float64(r*detmath.Sin(a))}
			if q.X > 0 && q.Y > 0 && q.X < m.Board.Width && q.Y < m.Board.Height {
				out = append(out, q)
			}
		}
	}
	return out
}

// RandomCommand picks a legal command for whoever must decide, uniformly
// among the kinds that have one: the engine's own fuzzing opponent and the
// baseline the computer opponent must beat. It returns false when the
// match is over.
func (m *Match) RandomCommand(rng *rand.Rand) (Command, bool) {
	switch {
	case m.Over:
		return Command{}, false
	case m.Pending != nil:
		return m.randomAnswer(rng), true
	case m.Defence != nil: // a defender holding Luck (R41)
		return Command{Kind: CmdDefend, Model: m.Defence.Asking[0], Luck: rng.IntN(2) == 0}, true
	}
	if c, ok := m.randomMethodCommand(rng); ok { // act now or wait, restack (initiative_hooks.go)
		return c, true
	}
	switch {
	case m.Active < 0:
		var ready []int
		for _, id := range m.Posses[m.Up.Posse].Models {
			if m.mayActivate(id) {
				ready = append(ready, id)
			}
		}
		return Command{Kind: CmdActivate, Model: ready[rng.IntN(len(ready))]}, true
	case m.RunLeft > 0:
		buf := getCandidates()
		defer putCandidates(buf)
		*buf = m.candidates(CmdRunTo, rng, (*buf)[:0])
		for _, c := range *buf {
			if m.Validate(c) == nil {
				return c, true
			}
		}
		return Command{Kind: CmdEnd, Model: m.Active}, true
	}
	if m.trailingFaces() >= maxRandomFaces {
		// A model with nothing to do but turn (a knife and no enemy near,
		// after its Move) would turn for ever: Face is free.
		return Command{Kind: CmdEnd, Model: m.Active}, true
	}
	var kindsBuf [24]CommandKind
	kinds := append(append(kindsBuf[:0], actionKinds...), m.methodActionKinds()...)
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	buf := getCandidates()
	defer putCandidates(buf)
	for _, k := range kinds {
		if k == CmdEnd {
			continue // ending early is the fallback, not a coin toss
		}
		*buf = m.candidates(k, rng, (*buf)[:0])
		for _, c := range *buf {
			if m.Validate(c) == nil {
				return m.randomLuck(c, rng), true // edition 3 (R41)
			}
		}
	}
	return Command{Kind: CmdEnd, Model: m.Active}, true
}

// randomAnswer fires at a random eligible point or holds.
func (m *Match) randomAnswer(rng *rand.Rand) Command {
	in := m.Pending
	if rng.IntN(4) > 0 {
		for _, s := range in.Chances() {
			from := math.Max(s.From, in.Progress)
			at := from + float64(rng.Float64()*(s.To-from))
			for slot := range m.Models[in.Watcher].Profile.Weapons {
				c := Command{Kind: CmdFire, Model: in.Watcher, At: at, Slot: slot}
				if m.Validate(c) == nil {
					return m.randomLuck(c, rng) // edition 3 (R41)
				}
			}
		}
	}
	return Command{Kind: CmdHold, Model: in.Watcher}
}

// maxRandomFaces is how many free turns in a row the random player makes
// before it ends the activation. A model with another legal action turns
// this often in a row with a chance of 2^-50 or less, so no match that
// ended before is changed by it.
const maxRandomFaces = 50

// trailingFaces counts the Face commands at the end of the record.
func (m *Match) trailingFaces() int {
	n := 0
	for i := len(m.commands) - 1; i >= 0 && m.commands[i].Kind == CmdFace; i-- {
		n++
	}
	return n
}
