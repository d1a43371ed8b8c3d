package ai

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// Dynamite (R22-R26): where a stick is worth throwing, from where the model
// stands or after a move.
//
// The spots weighed are the points that catch the most enemies: on each
// enemy, between two (the middle, and just within the 6-dice radius of
// each when the middle is not), toward the middle of a group from its
// edge, and the middle of three. A blast is not stopped by what stops a
// shot at the same enemy from the thrower (only by a wall between the
// token and the victim), so an enemy behind a rock is caught as well as
// one in the open.

// pointBlankReach is how far from a model's centre a token must land for
// the 6-dice pool: the blast's inner radius to the base edge, a hair less.
const pointBlankReach = rules.BlastInnerInches + board.BaseRadius - 0.05

// throwSpots lists the spots worth weighing a stick at, once per decision.
func (e *eval) throwSpots() []game.Point {
	if e.spots != nil {
		return e.spots
	}
	m := e.m
	var out []game.Point
	add := func(q game.Point) {
		for _, o := range out {
			if o.Dist(q) < 0.3 {
				return
			}
		}
		out = append(out, q)
	}
	for i, f := range e.foes {
		fp := m.Models[f].Pos
		add(fp)
		for j, g := range e.foes[i+1:] {
			gp := m.Models[g].Pos
			d := fp.Dist(gp)
			if d >= 11 {
				continue
			}
			add(fp.Lerp(gp, 0.5))
			if d > 2*pointBlankReach && d < 2*pointBlankReach+4 {
				// The middle catches both with 3 dice; just inside one's
				// inner radius catches it with 6 and the other with 3.
				u := gp.Sub(fp).Unit()
				add(fp.Add(u.Scale(pointBlankReach)))
				add(gp.Sub(u.Scale(pointBlankReach)))
			}
			for _, h := range e.foes[i+1+j+1:] {
				hp := m.Models[h].Pos
				if hp.Dist(fp) < 11 && hp.Dist(gp) < 11 {
					add(game.Point{X: (fp.X + gp.X + hp.X) / 3, Y: (fp.Y + gp.Y + hp.Y) / 3})
				}
			}
		}
	}
	e.spots = out
	if e.spots == nil {
		e.spots = []game.Point{}
	}
	return e.spots
}

// blast is what a stick at a spot does to every model but the thrower.
type blast struct {
	v      float64 // enemies caught for, friends against
	caught []int
	own    []int
	pFoe   map[int]float64
}

// blastAt weighs a stick landing at spot for every model but the thrower,
// remembered per spot: each model caught by the chance it is still there
// when the fuse burns down (at the thrower's next activation), plus what
// it costs an enemy to walk away from it (the move it spends), friends
// against.
func (e *eval) blastAt(spot game.Point) *blast {
	if b, ok := e.blasts[spot]; ok {
		return b
	}
	m := e.m
	b := &blast{pFoe: map[int]float64{}}
	for _, group := range [][]int{e.foes, e.pals} {
		for _, id := range group {
			if id == e.me {
				continue
			}
			md := &m.Models[id]
			dist := math.Max(0, spot.Dist(md.Pos)-board.BaseRadius)
			if dist >= rules.BlastOuterInches || !m.Board.Visible(spot, md.Pos) {
				continue
			}
			pool, _ := rules.BlastPool(dist)
			o := e.oddsOf(&pool, md.Health)
			stay := 0.45 // it will act before the fuse burns down and may walk off
			switch {
			case e.engaged(id):
				stay = 0.9
			case md.Activated:
				stay = 0.7
			}
			h := harm(o, md)
			// Walking off costs the model its move, or more.
			flee := float64(float64((1-stay)*0.35) * h)
			if md.Posse == e.side {
				b.v -= float64(1.3 * float64(stay*h))
				b.own = append(b.own, id)
			} else {
				b.v += float64(stay*h) + flee
				b.caught = append(b.caught, id)
				b.pFoe[id] = o.PRemoved
			}
		}
	}
	if e.blasts == nil {
		e.blasts = map[game.Point]*blast{}
	}
	e.blasts[spot] = b
	return b
}

// selfBlast is what the stick does to its thrower standing at at (it is
// there when the fuse burns down: the blast comes at its next activation).
// His removal is priced as in a brawl or under parting shots, by caution.
// At 1.3 times his harm (wounds short of removal included) a stick that
// caught him with 3 dice cost about twice what it may remove of him, and
// lost to a shot and a Blaze Away that remove less (the dynamite sweep).
func (e *eval) selfBlast(spot, at game.Point) float64 {
	md := &e.m.Models[e.me]
	dist := math.Max(0, spot.Dist(at)-board.BaseRadius)
	if dist >= rules.BlastOuterInches || !e.m.Board.Visible(spot, at) {
		return 0
	}
	pool, _ := rules.BlastPool(dist)
	return float64(e.p.per.caution * e.oddsOf(&pool, md.Health).PRemoved * worth(md))
}

// throwValue is a stick thrown from from at spot, landing there; the
// thrower is at at when it goes off.
func (e *eval) throwValue(spot, at game.Point) float64 {
	return (e.blastAt(spot).v - e.selfBlast(spot, at)) * e.p.per.dynamite
}

// throwActions weighs a stick at each spot within a Hail Mary of from; a
// Hail Mary by where each of the six dice would land it (R23).
func (e *eval) throwActions(from game.Point) []action {
	m := e.m
	md := &m.Models[e.me]
	if md.Sticks <= 0 {
		return nil
	}
	var out []action
	for _, spot := range e.throwSpots() {
		if from.Dist(spot)-board.BaseRadius > 12 {
			continue
		}
		kind, err := m.Board.CheckThrow(from, spot)
		if err != nil {
			continue
		}
		b := e.blastAt(spot)
		if len(b.caught) == 0 {
			continue
		}
		v := e.throwValue(spot, from)
		reach := 1.0
		if kind == board.HailMary {
			reach = rules.PHailMaryReaches(from.Dist(spot) - board.BaseRadius)
			v = 0
			for die := 1; die <= 6; die++ {
				land := board.Landing(from, spot, rules.HailMaryReach(die))
				v += e.throwValue(land, from) / 6
			}
		}
		out = append(out, action{cmd: game.Command{Kind: game.CmdThrow, Model: e.me, To: ptr(spot)}, value: v - 0.1,
			what: e.throwWords(kind, b, reach), empties: -1, target: -1})
	}
	return out
}

// throwWords says what a throw catches, with its odds.
func (e *eval) throwWords(kind board.Throw, b *blast, reach float64) string {
	m := e.m
	what := fmt.Sprintf("Throw dynamite (%s) to catch %s", kind, e.names(b.caught))
	var ps []string
	for _, c := range b.caught {
		ps = append(ps, fmt.Sprintf("%s to remove %s", pct(b.pFoe[c]), m.Models[c].Name))
	}
	what += ": " + words.List(ps) + " if they stay"
	if kind == board.HailMary {
		what += fmt.Sprintf(", %s that it reaches the spot", pct(reach))
	}
	if len(b.own) > 0 {
		what += fmt.Sprintf(", though it would catch %s of ours", e.names(b.own))
	}
	return what
}

// throwAfterMove is the best Sure Throw from a place the model moves to
// (a Hail Mary after a move is left to the next decision), or ok false.
func (e *eval) throwAfterMove(to game.Point) (v float64, what string, ok bool) {
	m := e.m
	if m.Models[e.me].Sticks <= 0 {
		return 0, "", false
	}
	type cand struct {
		spot game.Point
		v    float64
	}
	var cs []cand
	for _, spot := range e.throwSpots() {
		if to.Dist(spot)-board.BaseRadius > board.SureThrowRange {
			continue
		}
		b := e.blastAt(spot)
		if len(b.caught) == 0 {
			continue
		}
		cs = append(cs, cand{spot, e.throwValue(spot, to)})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(b.v, a.v) })
	for _, c := range cs {
		if kind, err := m.Board.CheckThrow(to, c.spot); err == nil && kind == board.SureThrow {
			return c.v - 0.1, lowerFirst(e.throwWords(kind, e.blastAt(c.spot), 1)), true
		}
	}
	return 0, "", false
}
