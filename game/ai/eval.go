package ai

import (
	"math"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// eval holds what one decision weighs: the match, the model deciding, and
// the odds it has already worked out.
type eval struct {
	m       *game.Match
	p       *Player
	me      int
	side    int
	foes    []int // enemies in play
	pals    []int // friends in play, me included
	odds    map[oddsKey]rules.PoolOdds
	table   string // tableKey, for the player's walkCache
	tableNo int32  // its number in the player's sightCache
	models  string // where every model in play stands, for walkKey (made on first use)

	reach      *board.Field // the deciding model's reach field (reachable)
	reachLimit float64
	reachWalk  *walk // the walkCache entry reach came from

	sightBuf []sightSeen // dangerAt's room for danger.sights, reused

	tokenActs []float64 // foeWeight under the token stack (tokenActs); empty under other methods, nil until asked

	engagedMemo []int8 // m.Engaged by model: 0 not asked yet, 1 no, 2 yes (the models do not move in an eval)

	spots  []game.Point          // where a stick is worth weighing (throwSpots)
	blasts map[game.Point]*blast // what a stick there does (blastAt)

	obj *objPlan // the scenario's objectives (objectives.go); nil when it has none

	// When no enemy is in sight, closing in is measured along the shortest
	// path to the nearest enemy (straight lines cannot find the way round
	// a boxcar): pathLeft is that path's length from where the model
	// stands, advance the place a move along it reaches, advanceLeft what
	// is left from there, detour how much longer the path is than the
	// straight line (added to every other place's straight distance).
	forward
}

// forward is the way forward when no enemy is in sight (see eval).
type forward struct {
	pathOn      bool
	pathLeft    float64
	advance     game.Point
	advanceLeft float64
	detour      float64
}

type oddsKey struct {
	dice     int
	everySix bool
	keep     rules.Keep // Up and Down (round effects) change the odds of the same dice
	health   rules.Health
}

func newEval(m *game.Match, p *Player, me int) *eval {
	e := &eval{m: m, p: p, me: me, side: m.Models[me].Posse, odds: map[oddsKey]rules.PoolOdds{}}
	e.table, e.tableNo = p.sights.tableOf(m)
	for i := range m.Models {
		md := &m.Models[i]
		switch {
		case md.Removed():
		case md.Posse == e.side:
			e.pals = append(e.pals, i)
		default:
			e.foes = append(e.foes, i)
		}
	}
	e.obj = newObjPlan(m, e.side)
	return e
}

// afterWalk is the eval of the table a walk leaves: e itself, or, when
// the walk opens doors on its way (rules edition 5), an eval of a fork of
// the match with those doors open, so that the place it ends is weighed as
// it will be seen.
// It also returns those doors (indexes in Board.Features).
func (e *eval) afterWalk(pv game.MovePreview) (*eval, []int) {
	doors := e.m.DoorsOpenedBy(pv)
	if len(doors) == 0 {
		return e, nil
	}
	f := e.m.Fork(rules.NewSeeded(0)) // its dice are never rolled
	for _, i := range doors {
		_ = f.Board.SetDoor(f.Board.Features[i].ID, true, false)
	}
	fe := newEval(f, e.p, e.me)
	// The way forward was measured on the table before the walk; where
	// the walk leaves the model is weighed against it as every other
	// place is (its own measure would count the open door's shortcut).
	fe.forward = e.forward
	return fe, doors
}

// engagedElsewhere reports whether enemy f is in contact with one of us
// other than the deciding model: an enemy engaged only with it is free to
// shoot once it breaks off, so a spot out of contact must count his gun.
func (e *eval) engagedElsewhere(f int) bool {
	if !e.engaged(f) {
		return false
	}
	for _, o := range e.m.EnemiesInContact(f) {
		if o != e.me {
			return true
		}
	}
	return false
}

// engaged is m.Engaged(id), remembered for the eval.
func (e *eval) engaged(id int) bool {
	if e.engagedMemo == nil {
		e.engagedMemo = make([]int8, len(e.m.Models))
	}
	if e.engagedMemo[id] == 0 {
		e.engagedMemo[id] = 1
		if e.m.Engaged(id) {
			e.engagedMemo[id] = 2
		}
	}
	return e.engagedMemo[id] == 2
}

// oddsOf is rules.OddsOf, remembered: many places size the same pools.
func (e *eval) oddsOf(pool *rules.Pool, h rules.Health) rules.PoolOdds {
	if pool.Impossible || pool.Dice <= 0 {
		return rules.PoolOdds{}
	}
	k := oddsKey{pool.Dice, pool.EverySix, pool.Keep, h}
	if o, ok := e.odds[k]; ok {
		return o
	}
	o := rules.OddsOf(pool, h)
	e.odds[k] = o
	return o
}

// worth is what a model is worth to its side: what its removal takes from
// the fight.
func worth(md *game.Model) float64 {
	v := [...]float64{1.0, 1.7, 2.4}[int(md.Profile.Tier)+1]
	for _, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); spec.CanShoot() && spec.Chart[rules.Long] >= 2 {
			v += 0.2 // a long gun reaches further
		}
	}
	return v
}

// harm scores what a pool does to a target: its removal above all, a hit
// short of it a little.
func harm(o rules.PoolOdds, target *game.Model) float64 {
	return worth(target) * (o.PRemoved + float64(0.12*(o.PHit-o.PRemoved)))
}

// shot is one shooting option sized by the engine.
type shot struct {
	slot   int
	target int
	pool   rules.Pool
	odds   rules.PoolOdds
	value  float64
	blaze  bool
	aimed  bool
	extras []int // Spread targets
}

// shotsFrom sizes the shots the model could take from spot at each enemy
// with each loaded weapon (and Blaze Away where it may). moved: the model
// will have moved this activation.
func (e *eval) shotsFrom(shooter int, from game.Point, moved bool, withBlaze bool) []shot {
	return e.shotsAt(shooter, from, moved, withBlaze, e.foes)
}

// shotsAt is shotsFrom at the given enemies only.
func (e *eval) shotsAt(shooter int, from game.Point, moved bool, withBlaze bool, targets []int) []shot {
	var out []shot
	e.eachShot(shooter, from, moved, withBlaze, targets, func(s shot) {
		if out == nil {
			out = make([]shot, 0, 4) // a big struct: grown from 1 it is copied thrice
		}
		out = append(out, s)
	})
	return out
}

// eachShot gives shotsAt's shots to yield in their order.
func (e *eval) eachShot(shooter int, from game.Point, moved bool, withBlaze bool, targets []int, yield func(shot)) {
	m := e.m
	sm := &m.Models[shooter]
	for _, t := range targets {
		tm := &m.Models[t]
		if !e.anyLoaded(shooter) {
			break
		}
		sight := e.sight(from, tm.Pos)
		if !sight.Visible {
			continue
		}
		for slot, w := range sm.Profile.Weapons {
			spec, _ := w.Spec()
			if !spec.CanShoot() || sm.Empty[slot] {
				continue
			}
			q := game.ShotQuery{Shooter: shooter, Slot: slot, Target: t, From: from, At: tm.Pos,
				ShooterMoved: moved, TargetMoved: tm.Moved, TargetFacing: tm.Facing}
			q.Aimed = !moved && sm.AimAt == t && from == sm.Pos
			plain := 0.0
			if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
				o := e.oddsOf(&pool, tm.Health)
				plain = e.harmFor(o, tm)
				yield(shot{slot: slot, target: t, pool: pool, odds: o, value: plain, aimed: q.Aimed})
			}
			if withBlaze && spec.BlazeBonus > 0 {
				q.Blaze, q.Aimed = true, false
				if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
					o := e.oddsOf(&pool, tm.Health)
					// Blaze empties the gun: worth a little less than its
					// odds, the reload it will cost.
					yield(shot{slot: slot, target: t, pool: pool, odds: o, value: e.harmFor(o, tm) - 0.05 - float64(e.p.lvl.blazeCost*plain), blaze: true})
				}
			}
		}
	}
}

func (e *eval) anyLoaded(id int) bool {
	md := &e.m.Models[id]
	for slot, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); spec.CanShoot() && !md.Empty[slot] {
			return true
		}
	}
	return false
}

// danger is what may happen to a model standing at spot before its next
// activation: the chance it is removed, and who can see it there.
type danger struct {
	pRemoved float64
	seenBy   []int       // enemies with a line of sight to the spot
	sights   []sightSeen // their lines of sight, for seenBy (what a shot is sized by): good until the eval's next dangerAt
	worst    int         // the enemy most likely to remove it, or -1
	worstP   float64
	fuse     float64 // the part of pRemoved from lit fuses
	brawl    []int   // enemies it would be in base contact with
}

// foeWeight is how many times an enemy is likely to act before the
// model's next activation: once if it has not yet acted this game turn,
// about half the time if it has (the next turn's initiative decides).
// Under the token stack it is counted from the bag (tokenActs): there an
// enemy may act twice before the model does, or not at all.
func (e *eval) foeWeight(f int) float64 {
	if e.tokenActs == nil {
		if e.p.lvl.bagBlind {
			e.tokenActs = []float64{}
		} else {
			e.tokenActs = tokenActs(e.m, e.me)
		}
	}
	if len(e.tokenActs) > 0 {
		return e.tokenActs[f]
	}
	if e.m.Models[f].Activated {
		return 0.55
	}
	return 1
}

// tokenActs is, under the token stack (R37), how many activations each
// model may expect before model me's next one; an empty slice under any
// other method. Every token in the bag is as likely as any other to come
// out next, so of the b tokens of a model's colour, b/(s+1) are drawn on
// average before the first of the s that stop the count (me's own tokens
// and the End-of-Round token). If the End-of-Round token comes first
// (likely e/s, e its count), the next round's full bag counts on the same
// way, round after round: b0/(a0+2) a round for a0 tokens of me's and b0
// of the model's, (a0+1)/a0 rounds on average. A shared colour's tokens
// (a computer-played posse) are spread evenly over its standing models.
func tokenActs(m *game.Match, me int) []float64 {
	byModel, byPosse, endIn, ok := m.BagCounts()
	if !ok {
		return []float64{}
	}
	fullModel, fullPosse, _ := m.FullBagCounts()
	standing := make([]float64, len(m.Posses))
	for i := range m.Models {
		if !m.Models[i].Removed() {
			standing[m.Models[i].Posse]++
		}
	}
	tokensOf := func(models, posses []int, id int) float64 {
		p := m.Models[id].Posse
		return float64(models[id]) + float64(posses[p])/max(standing[p], 1)
	}
	a, a0 := tokensOf(byModel, byPosse, me), tokensOf(fullModel, fullPosse, me)
	end := 0.0
	if endIn {
		end = 1
	}
	pEnd := 1.0 // the End-of-Round token comes before me's next token
	if a+end > 0 {
		pEnd = end / (a + end)
	}
	rounds := 0.0 // full rounds' worth counted on after this one
	if a0 > 0 {
		rounds = (a0 + 1) / a0
	}
	acts := make([]float64, len(m.Models))
	for i := range m.Models {
		if i == me || m.Models[i].Removed() {
			continue
		}
		acts[i] = tokensOf(byModel, byPosse, i)/(a+end+1) + pEnd*rounds*tokensOf(fullModel, fullPosse, i)/(a0+2)
	}
	return acts
}

// actsOn is the chance an enemy removes the model when it may act w times
// before the model acts again (foeWeight), each time with chance p: the
// whole times surely, the fraction left as a chance of one more. (Products
// only: math.Pow is not the same on every CPU.)
func actsOn(p, w float64) float64 {
	if w <= 1 {
		return p * w
	}
	survive := 1.0
	for ; w >= 1; w-- {
		survive *= 1 - p
	}
	return 1 - float64(survive*(1-float64(w*p)))
}

// dangerAt weighs spot for the deciding model: every enemy that can act
// before its next activation shooting twice (or aiming once) from where it
// stands, or moving up and shooting once; brawls in base contact; lit fuses.
func (e *eval) dangerAt(spot game.Point, moved bool) danger {
	m := e.m
	me := &m.Models[e.me]
	if e.sightBuf == nil {
		e.sightBuf = make([]sightSeen, 0, len(e.foes))
	}
	d := danger{worst: -1, sights: e.sightBuf[:0]}
	survive := 1.0
	myDice := m.BrawlDice(e.me)
	for _, f := range e.foes {
		fm := &m.Models[f]
		w := e.foeWeight(f)
		if board.InContact(spot, fm.Pos) {
			d.brawl = append(d.brawl, f)
			bo := rules.BoutOdds(m.BrawlDice(f), myDice, fm.Health, me.Health)
			p := w * bo.PDefenderRemoved * 1.6 // it may brawl more than once
			survive *= 1 - math.Min(p, 0.95)
			e.noteWorst(&d, f, p)
			continue
		}
		if e.engagedElsewhere(f) {
			continue // engaged with another of us: it cannot shoot (R12)
		}
		sight := e.sight(fm.Pos, spot)
		p := 0.0
		if sight.Visible {
			if d.seenBy == nil {
				d.seenBy = make([]int, 0, len(e.foes))
			}
			d.seenBy = append(d.seenBy, f)
			d.sights = append(d.sights, sightSeen{sight.Visible, sight.InCover, sight.Cover, sight.Distance})
			p = e.foeShot(f, fm.Pos, spot, &sight, moved, false)
			if sight.Distance > 2 {
				// Or it steps up and shoots once at closer range (what a
				// shotgun does to a model a few inches off): into the
				// next band in, if a step reaches it.
				near := sight
				near.Distance = math.Max(0, sight.Distance-5)
				for _, edge := range [...]float64{1.9, 5.9, 11.9} {
					if edge < sight.Distance && edge >= near.Distance {
						near.Distance = edge
					}
				}
				p = math.Max(p, e.foeShot(f, fm.Pos, spot, &near, moved, true))
			}
		} else if dist := fm.Pos.Dist(spot); dist < 18 {
			// It may step out and shoot once, moved, from about 6" closer.
			near := board.Sight{Visible: true, Distance: math.Max(0, dist-7)}
			p = 0.35 * e.foeShot(f, fm.Pos, spot, &near, moved, true)
		}
		p = actsOn(p, w)
		survive *= 1 - p
		e.noteWorst(&d, f, p)
	}
	for _, fu := range m.Fuses {
		dist := math.Max(0, fu.At.Dist(spot)-board.BaseRadius)
		if dist >= 6 || !m.Board.Visible(fu.At, spot) {
			continue
		}
		pool, _ := rules.BlastPool(dist)
		o := e.oddsOf(&pool, me.Health)
		d.fuse = 1 - float64((1-d.fuse)*(1-o.PRemoved))
		survive *= 1 - o.PRemoved
	}
	d.pRemoved = 1 - survive
	e.sightBuf = d.sights[:0] // kept for the next call
	return d
}

func (e *eval) noteWorst(d *danger, f int, p float64) {
	if p > d.worstP {
		d.worst, d.worstP = f, p
	}
}

// foeShot is an enemy's chance to remove the deciding model at spot: two
// shots, or one aimed, from where it stands; stepped: one shot after a move.
func (e *eval) foeShot(f int, from, spot game.Point, sight *board.Sight, targetMoved, stepped bool) float64 {
	m := e.m
	fm, me := &m.Models[f], &m.Models[e.me]
	best := 0.0
	for slot, w := range fm.Profile.Weapons {
		spec, _ := w.Spec()
		if !spec.CanShoot() {
			continue
		}
		reload := fm.Empty[slot]
		q := game.ShotQuery{Shooter: f, Slot: slot, Target: e.me, From: from, At: spot,
			ShooterMoved: stepped, TargetMoved: targetMoved, TargetFacing: me.Facing}
		if reload {
			// Asked as if loaded: it must spend an action reloading first.
			q.Aimed = false
		}
		pool, err := e.queryLoaded(q, sight, reload)
		if err != nil || pool.Impossible {
			continue
		}
		p := e.oddsOf(&pool, me.Health).PRemoved
		if !stepped && !reload {
			if !spec.SingleShot {
				p = 1 - float64((1-p)*(1-p))
			}
			q.Aimed = spec.AimBonus > 0
			if aimed, err := e.queryLoaded(q, sight, false); err == nil {
				p = math.Max(p, e.oddsOf(&aimed, me.Health).PRemoved)
			}
		}
		best = math.Max(best, p)
	}
	return best
}

// queryLoaded sizes a shot; reload asks it as if the empty weapon were
// loaded (it would reload first).
func (e *eval) queryLoaded(q game.ShotQuery, sight *board.Sight, reload bool) (rules.Pool, error) {
	q.AssumeLoaded = reload
	return e.m.QueryShot(q, sight)
}

// reachOf is how far the model's best loaded weapon shoots with a fair
// chance (2 base dice or more), for closing in.
func reachOf(md *game.Model) float64 {
	ends := [...]float64{2, 6, 12, 24, 36}
	best := 0.0
	for _, w := range md.Profile.Weapons {
		spec, _ := w.Spec()
		if !spec.CanShoot() {
			if spec.Melee {
				best = math.Max(best, 1)
			}
			continue
		}
		for b, n := range spec.Chart {
			if n >= 2 {
				best = math.Max(best, ends[b])
			}
		}
	}
	return math.Max(best, 1)
}

// placeValue scores the deciding model ending its activation at spot: the
// threat it poses from there at its next activation, closing in on the
// enemy, against the danger of standing there.
func (e *eval) placeValue(spot game.Point, moved bool) (float64, danger) {
	m := e.m
	me := &m.Models[e.me]
	d := e.dangerAt(spot, moved)
	urge := e.urge()
	// A stand-off makes the danger count for less (see urge).
	v := -float64(e.p.per.caution * (1 - float64(0.4*urge)) * d.pRemoved * worth(me) * 1.15)
	// Closing in: the nearest enemy within the range of my best gun; the
	// pull grows with the game turn so that no match stalls.
	near := math.Inf(1)
	for _, f := range e.foes {
		near = math.Min(near, spot.Dist(m.Models[f].Pos))
	}
	if e.pathOn {
		switch {
		case spot == me.Pos:
			near = e.pathLeft
		case spot.Dist(e.advance) < 0.05:
			near = e.advanceLeft
		default:
			// Round the way the path goes, or by the advance along it.
			near = math.Min(near+e.detour, spot.Dist(e.advance)+e.advanceLeft)
		}
	}
	if !math.IsInf(near, 1) {
		// Out of every enemy's sight, being in range counts for less and
		// less as a stand-off goes on (urge): else two posses behind a
		// boxcar would wait for each other forever.
		in := reachOf(me) * 0.8
		gap := math.Max(0, near-float64(in))
		if len(d.seenBy) == 0 {
			gap += float64(math.Min(near, in) * urge)
		}
		pull := 0.025 * (1 + float64(m.Turn)/3)
		if e.obj != nil && e.obj.runner(m, e.me) {
			pull = 0 // a carrier or an escaper makes for his edge, not the enemy
		}
		v -= float64(e.p.per.offense * pull * gap)
	}
	// What I threaten next time: the best unaimed shot from here (seen
	// along the enemy's line to me: near enough, and already worked out).
	best := 0.0
	for i, f := range d.seenBy {
		fm := &m.Models[f]
		s := d.sights[i]
		sight := board.Sight{Visible: s.visible, InCover: s.inCover, Cover: s.cover, Distance: s.distance}
		for slot, w := range me.Profile.Weapons {
			if spec, _ := w.Spec(); !spec.CanShoot() {
				continue
			}
			q := game.ShotQuery{Shooter: e.me, Slot: slot, Target: f, From: spot, At: fm.Pos, TargetMoved: true, TargetFacing: fm.Facing}
			if pool, err := e.queryLoaded(q, &sight, me.Empty[slot]); err == nil && !pool.Impossible {
				best = math.Max(best, harm(e.oddsOf(&pool, fm.Health), fm))
			}
		}
	}
	v += float64(e.p.per.offense * 0.3 * best)
	if e.obj != nil {
		v += e.objPlace(spot, d)
	}
	return v, d
}

// urge is how hard a stand-off presses the deciding side to close in: 0
// until two game turns have passed without a wound or a removal, growing
// to 1 over the next four (Match.QuietTurns). It weighs being in range out
// of sight for nothing, Overwatch facing enemies out of sight for nothing,
// and danger a little less, whatever the map.
func (e *eval) urge() float64 {
	return math.Min(1, math.Max(0, float64(e.m.QuietTurns()-2)/4))
}
