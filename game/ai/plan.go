package ai

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/detmath"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// action is one action the active model could take where it stands.
type action struct {
	cmd     game.Command
	value   float64
	what    string
	ends    bool // ends the activation (Overwatch)
	empties int  // the slot it leaves Out of Ammo, or -1
	// lastGun: the slot it empties is the model's last loaded gun, so no
	// Overwatch can follow it (Overwatch needs a loaded gun).
	lastGun bool
	target  int // the model it attacks, or -1
	pRemove float64
	aimedAt float64 // Aim: the value of the aimed shot it sets up
	// followed: value already counts the action that follows it (a door
	// opened and the shot it opens up).
	followed bool
	// firstOnly: weighed only as the first action (its value counts a
	// second attempt with the second action point: objectives.go).
	firstOnly bool
	// later: its value comes in the model's next activation (a gun
	// reloaded, an Aim placed), so only if the model is still standing then.
	later bool
}

// survives is the chance the model survives where it would end with
// danger dg, for action.worth.
func (p *Player) survives(dg danger) float64 {
	if p.lvl.laterNow {
		return 1
	}
	return 1 - dg.pRemoved
}

// worth is what the action is worth where the model will end its
// activation: a later value counts only if it survives there (keep is the
// chance it does).
func (a action) worth(keep float64) float64 {
	if a.later {
		return float64(a.value * keep)
	}
	return a.value
}

// act scores the active model's plans and returns the first command of
// each, best first after sorting.
func (p *Player) act(m *game.Match) []choice {
	id := m.Active
	e := newEval(m, p, id)
	if m.RunLeft > 0 {
		return p.runTo(e)
	}
	md := &m.Models[id]
	here := md.Pos
	engaged := m.Engaged(id)
	if !m.UsedMove && m.AP >= 1 && !engaged {
		e.prepareAdvance(moveAllowance(m, id))
	}
	stay, stayDanger := e.placeValue(here, md.Moved)
	acts := e.actionsHere(engaged)
	var cs []choice
	endHere := e.dangerWords(stayDanger, "here")
	// Stay: one or two actions here.
	keep := p.survives(stayDanger)
	for _, a := range acts {
		v := a.worth(keep) + stay
		if m.AP >= 2 && !a.ends && !a.followed {
			v += afterValue(acts, a, keep)
		}
		cs = append(cs, choice{cmd: a.cmd, score: v, what: a.what, terms: "and " + endHere})
	}
	// Aim, then the aimed shot.
	if m.AP >= 2 {
		for _, a := range acts {
			if a.cmd.Kind == game.CmdAim {
				cs = append(cs, choice{cmd: a.cmd, score: a.aimedAt + stay,
					what: a.what + " and shoot", terms: "and " + endHere})
			}
		}
	}
	cs = append(cs, choice{cmd: game.Command{Kind: game.CmdEnd, Model: id}, score: stay, what: "Stay put", terms: "and " + endHere})
	if !m.UsedMove && m.AP >= 1 {
		cs = append(cs, p.moves(e, acts, engaged)...)
	}
	if p.lvl.run && !m.UsedMove && m.AP >= 2 && !engaged {
		cs = append(cs, p.runs(e, stay)...)
	}
	return cs
}

// afterValue is what the second action after a is worth: the best one
// if a's target still stands, the best at another target if a removed it.
// keep is the chance the model survives where it ends (action.worth).
func afterValue(acts []action, a action, keep float64) float64 {
	anyB := bestAfter(acts, a, -1, keep)
	if a.target < 0 || a.pRemove <= 0 {
		return anyB
	}
	return float64(a.pRemove*bestAfter(acts, a, a.target, keep)) + float64((1-a.pRemove)*anyB)
}

// bestAfter is the value of the best second action after a, not at gone
// (a removed model, or -1): not one that needs the weapon a empties, not a
// second stick without one, Overwatch allowed while a loaded gun is left.
func bestAfter(acts []action, a action, gone int, keep float64) float64 {
	best, ok := 0.0, false
	for _, b := range acts {
		if gone >= 0 && b.target == gone {
			continue
		}
		if b.cmd.Kind == game.CmdAim || b.cmd.Kind == game.CmdEnd || b.firstOnly {
			continue
		}
		if a.empties >= 0 && (b.cmd.Kind == game.CmdShoot || b.cmd.Kind == game.CmdBlaze) && b.cmd.Slot == a.empties {
			continue
		}
		if a.cmd.Kind == game.CmdThrow && b.cmd.Kind == game.CmdThrow {
			continue
		}
		if a.lastGun && b.cmd.Kind == game.CmdOverwatch {
			continue
		}
		if a.cmd.Kind == game.CmdReload && b.cmd.Kind == game.CmdReload && a.cmd.Slot == b.cmd.Slot {
			continue
		}
		if a.cmd.Kind == game.CmdInteract && b.cmd.Kind == game.CmdInteract {
			continue
		}
		if v := b.worth(keep); !ok || v > best {
			best, ok = v, true
		}
	}
	if !ok {
		return 0
	}
	return math.Max(0, best)
}

// actionsHere lists what the active model can do where it stands.
func (e *eval) actionsHere(engaged bool) []action {
	m := e.m
	id := e.me
	md := &m.Models[id]
	var out []action
	if engaged {
		out = append(out, e.brawlAction())
	} else {
		// Sticks first: a plan scores its two actions in either order
		// alike, and on a tie a stick thrown before the shots catches the
		// group whole (a shot first may remove one of it).
		out = append(out, e.throwActions(md.Pos)...)
		out = append(out, e.shotActions(id, md.Pos)...)
		out = append(out, e.aimActions()...)
		if ow, ok := e.overwatchAction(); ok {
			out = append(out, ow)
		}
	}
	out = append(out, e.reloadActions()...)
	out = append(out, e.doorActions()...)
	if e.obj != nil {
		out = append(out, e.pickUpActions()...)
	}
	return out
}

// onlyLoadedGun reports whether slot is the model's one loaded gun that
// can shoot: emptying it leaves nothing to watch or shoot with.
func onlyLoadedGun(md *game.Model, slot int) bool {
	for i, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); i != slot && !md.Empty[i] && spec.CanShoot() {
			return false
		}
	}
	return true
}

func (e *eval) shotActions(id int, from game.Point) []action {
	m := e.m
	md := &m.Models[id]
	var out []action
	for _, s := range e.shotsFrom(id, from, md.Moved, true) {
		tm := &m.Models[s.target]
		a := action{cmd: game.Command{Kind: game.CmdShoot, Model: id, Target: s.target, Slot: s.slot},
			value: e.p.per.offense * s.value, empties: -1, target: s.target, pRemove: s.odds.PRemoved}
		spec, _ := md.Profile.Weapons[s.slot].Spec()
		if s.blaze {
			a.cmd.Kind = game.CmdBlaze
			a.empties = s.slot
			a.lastGun = onlyLoadedGun(md, s.slot)
			a.what = fmt.Sprintf("Blaze Away at %s with the %s: %s to remove him, %.1f hits on average", tm.Name, spec.Name, pct(s.odds.PRemoved), s.odds.Hits.Mean())
		} else {
			if spec.SingleShot {
				a.empties = s.slot
				a.lastGun = onlyLoadedGun(md, s.slot)
			}
			aim := ""
			if s.aimed {
				aim = " aimed"
			}
			a.what = fmt.Sprintf("Shoot%s at %s with the %s: %s to remove him, %s to hit", aim, tm.Name, spec.Name, pct(s.odds.PRemoved), pct(s.odds.PHit))
			if e.obj != nil {
				a.what += e.targetWords(s.target)
			}
			if spec.Spread > 0 {
				a.cmd.Extra, a.value, a.what = e.spread(s, a.value, a.what)
			}
		}
		out = append(out, a)
	}
	return out
}

// spread adds the Spread targets worth shooting at (R20): each enemy within
// the weapon's hearts of the primary, best first.
func (e *eval) spread(s shot, value float64, what string) ([]int, float64, string) {
	m := e.m
	md := &m.Models[e.me]
	spec, _ := md.Profile.Weapons[s.slot].Spec()
	type extra struct {
		id int
		v  float64
		p  float64
	}
	var xs []extra
	for _, f := range e.foes {
		if f == s.target || board.Distance(m.Models[s.target].Pos, m.Models[f].Pos) > float64(spec.Spread) {
			continue
		}
		o, err := m.SpreadOdds(e.me, s.slot, f)
		if err != nil || o.Pool.Impossible {
			continue
		}
		xs = append(xs, extra{f, harm(o.Odds, &m.Models[f]), o.Odds.PRemoved})
	}
	slices.SortStableFunc(xs, func(a, b extra) int { return cmp.Compare(b.v, a.v) })
	var ids []int
	for i := 0; i < len(xs) && i < spec.Spread; i++ {
		ids = append(ids, xs[i].id)
		value += float64(e.p.per.offense * xs[i].v)
		what += fmt.Sprintf(", and %s to remove %s too", pct(xs[i].p), m.Models[xs[i].id].Name)
	}
	return ids, value, what
}

// aimActions: Aim at each enemy in sight with an aimable loaded gun. Its
// value alone is the better shot at the start of the next activation; the
// aimed shot it sets up is weighed as a pair in act.
func (e *eval) aimActions() []action {
	m := e.m
	md := &m.Models[e.me]
	var out []action
	for _, t := range e.foes {
		tm := &m.Models[t]
		sight := e.sight(md.Pos, tm.Pos)
		if !sight.Visible {
			continue
		}
		bestAimed, bestPlain, bestP, slot := 0.0, 0.0, 0.0, -1
		for s, w := range md.Profile.Weapons {
			spec, _ := w.Spec()
			if !spec.CanShoot() || spec.AimBonus == 0 || md.Empty[s] {
				continue
			}
			q := game.ShotQuery{Shooter: e.me, Slot: s, Target: t, From: md.Pos, At: tm.Pos, ShooterMoved: md.Moved, TargetMoved: tm.Moved, TargetFacing: tm.Facing}
			plain, err := m.QueryShot(q, &sight)
			if err != nil {
				continue
			}
			q.Aimed = true
			aimed, err := m.QueryShot(q, &sight)
			if err != nil || aimed.Impossible {
				continue
			}
			ao := e.oddsOf(&aimed, tm.Health)
			// The aimed shot is taken in this activation, so it counts the
			// tempo of a removal as a plain shot does (tempoWorth): without
			// it the tempo knob walked a rifleman off to shoot unaimed.
			if v := harm(ao, tm) + e.tempoWorth(tm, ao.PRemoved); v > bestAimed {
				bestAimed, bestP, slot = v, ao.PRemoved, s
				po := e.oddsOf(&plain, tm.Health)
				bestPlain = harm(po, tm) + e.tempoWorth(tm, po.PRemoved)
			}
		}
		if slot < 0 {
			continue
		}
		out = append(out, action{cmd: game.Command{Kind: game.CmdAim, Model: e.me, Target: t},
			value:   e.p.per.offense * 0.55 * math.Max(0, bestAimed-bestPlain),
			aimedAt: e.p.per.offense * bestAimed, empties: -1, target: t, later: true,
			what: fmt.Sprintf("Aim at %s with the %s: %s to remove him with the aimed shot", tm.Name, weaponName(md, slot), pct(bestP))})
	}
	return out
}

// overwatchAction faces the enemy most worth covering: those that will act
// before this model's next activation, weighed by how likely they are to
// walk into the arc.
func (e *eval) overwatchAction() (action, bool) {
	m := e.m
	md := &m.Models[e.me]
	rng := m.OverwatchRangeOf(e.me)
	if rng <= 0 {
		return action{}, false
	}
	best := action{value: -1}
	// What covering each enemy is worth does not depend on the facing:
	// worked out the first time an arc takes him in, in the same order as
	// ever (so the odds remembered are the same).
	worths := make([]float64, len(e.foes))
	known := make([]bool, len(e.foes))
	for _, f := range e.foes {
		fm := &m.Models[f]
		if e.engaged(f) || board.Distance(md.Pos, fm.Pos) > rng+6 {
			continue
		}
		dir := detmath.Atan2(fm.Pos.Y-md.Pos.Y, fm.Pos.X-md.Pos.X)
		v, covered := 0.0, []int(nil)
		for k, g := range e.foes {
			gm := &m.Models[g]
			if e.engaged(g) || !board.InArc(md.Pos, gm.Pos, dir) || board.Distance(md.Pos, gm.Pos) > rng+6 {
				continue
			}
			if !known[k] {
				worths[k], known[k] = e.coverWorth(gm, g), true
			}
			gv := worths[k]
			if gv > 0 {
				covered = append(covered, g)
			}
			if gv > v {
				v = gv
			}
		}
		if v > best.value && len(covered) > 0 {
			best = action{cmd: game.Command{Kind: game.CmdOverwatch, Model: e.me, Facing: dir}, value: float64(e.p.per.watch * float64(e.p.per.offense*v)),
				ends: true, empties: -1, target: -1,
				what: fmt.Sprintf("Go on Overwatch facing %s, covering %s", fm.Name, e.names(covered))}
		}
	}
	return best, best.value > 0
}

// coverWorth is what an Overwatch covering enemy g (gm) is worth: the
// best shot at him from where the model stands, less when he is out of
// sight, by how likely he is to act before the model's next activation.
func (e *eval) coverWorth(gm *game.Model, g int) float64 {
	m := e.m
	md := &m.Models[e.me]
	sight := e.sight(md.Pos, gm.Pos)
	seen := sight.Visible
	if !seen {
		sight = board.Sight{Visible: true, Distance: board.Distance(md.Pos, gm.Pos)}
	}
	gv := 0.0
	for slot := range md.Profile.Weapons {
		q := game.ShotQuery{Shooter: e.me, Slot: slot, Target: g, From: md.Pos, At: gm.Pos, TargetMoved: true, TargetFacing: gm.Facing}
		if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
			gv = math.Max(gv, harm(e.oddsOf(&pool, gm.Health), gm))
		}
	}
	if !seen {
		// Less and less as a stand-off goes on (urge).
		gv *= 0.3 * (1 - e.urge())
	} else {
		gv *= 0.6
	}
	return gv * math.Min(e.foeWeight(g), 1) // the Overwatch fires once
}

// reloadActions: Reload each empty weapon; worth more when it is the only
// gun, and by the shots it makes possible from here.
func (e *eval) reloadActions() []action {
	m := e.m
	md := &m.Models[e.me]
	var out []action
	other := e.anyLoaded(e.me)
	for slot, w := range md.Profile.Weapons {
		if !md.Empty[slot] {
			continue
		}
		v := 0.25
		if other {
			v = 0.12
		}
		for _, t := range e.foes {
			tm := &m.Models[t]
			sight := e.sight(md.Pos, tm.Pos)
			if !sight.Visible {
				continue
			}
			q := game.ShotQuery{Shooter: e.me, Slot: slot, Target: t, From: md.Pos, At: tm.Pos, ShooterMoved: md.Moved, TargetMoved: tm.Moved, TargetFacing: tm.Facing, AssumeLoaded: true}
			if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
				v = math.Max(v, 0.5*harm(e.oddsOf(&pool, tm.Health), tm))
			}
		}
		out = append(out, action{cmd: game.Command{Kind: game.CmdReload, Model: e.me, Slot: slot}, value: float64(e.p.per.reload * v),
			what: "Reload the " + w.String(), empties: -1, target: -1, later: true})
	}
	return out
}

// brawlAction fights every enemy in contact, likeliest to fall first (R27).
func (e *eval) brawlAction() action {
	foes := e.m.EnemiesInContact(e.me)
	v, what, order := e.brawl(foes)
	return action{cmd: game.Command{Kind: game.CmdBrawl, Model: e.me, Order: order}, value: v, what: what, empties: -1, target: -1}
}

// brawlFrom weighs brawling the enemies a move would bring into contact.
func (e *eval) brawlFrom(foes []int) (float64, string) {
	v, what, _ := e.brawl(foes)
	return v, lowerFirst(what)
}

// brawl weighs fighting foes in the best order: the one likeliest to fall
// first; each bout by the engine's exact odds (R27).
func (e *eval) brawl(foes []int) (float64, string, []int) {
	m := e.m
	me := &m.Models[e.me]
	myDice := m.BrawlDice(e.me)
	type bout struct {
		id int
		o  rules.BrawlOdds
	}
	bs := make([]bout, len(foes))
	for i, f := range foes {
		fm := &m.Models[f]
		bs[i] = bout{f, rules.BoutOdds(myDice, m.BrawlDice(f), me.Health, fm.Health)}
	}
	slices.SortStableFunc(bs, func(a, b bout) int { return cmp.Compare(b.o.PDefenderRemoved, a.o.PDefenderRemoved) })
	alive, v := 1.0, 0.0
	order := make([]int, len(bs))
	var pWin, pLose float64
	for i, b := range bs {
		order[i] = b.id
		v += float64(alive * (float64(e.p.per.offense*b.o.PDefenderRemoved*worth(&m.Models[b.id])) - float64(e.p.per.caution*b.o.PAttackerRemoved*worth(me))))
		v += float64(alive * float64(e.p.per.offense*e.tempoWorth(&m.Models[b.id], b.o.PDefenderRemoved)))
		v += float64(alive * 0.2 * (b.o.PAttackerWins - b.o.PDefenderWins))
		pWin += float64(alive * b.o.PDefenderRemoved)
		pLose += float64(alive * b.o.PAttackerRemoved)
		alive *= 1 - b.o.PAttackerRemoved
	}
	what := fmt.Sprintf("Brawl %s: %s to remove %s, %s to be removed", e.names(order), pct(pWin), words.Plural(len(order), "him", "one of them"), pct(pLose))
	return v, what, order
}

// doorActions tries each door in reach on a fork of the match: opening one
// that lets me shoot, or shutting one that hides me. Its value is the shot
// it opens up and what it changes about standing here.
func (e *eval) doorActions() []action {
	m := e.m
	doors := m.DoorsInReach(e.me)
	if len(doors) == 0 {
		return nil
	}
	md := &m.Models[e.me]
	before, _ := e.placeValue(md.Pos, md.Moved)
	var out []action
	for _, door := range doors {
		f, _ := m.Board.FeatureByID(door)
		c := game.Command{Kind: game.CmdInteract, Model: e.me, Door: door, Open: !f.Open || f.Locked}
		if m.Validate(c) != nil {
			continue
		}
		fork := m.Fork(rules.NewSeeded(0))
		if _, err := fork.Apply(c); err != nil {
			continue
		}
		fe := newEval(fork, e.p, e.me)
		shot := 0.0
		for _, s := range fe.shotsFrom(e.me, md.Pos, md.Moved, true) {
			shot = math.Max(shot, s.value)
		}
		if m.AP < 2 {
			shot *= 0.4 // the next activation's, if the enemy is still there
		}
		after, _ := fe.placeValue(md.Pos, md.Moved)
		verb := "Open"
		if !c.Open {
			verb = "Shut"
		}
		what := fmt.Sprintf("%s the %s", verb, f.Label())
		if shot > 0 {
			what += " to get a shot"
		}
		out = append(out, action{cmd: c, value: float64(e.p.per.offense*shot) + after - before - 0.01, empties: -1, target: -1, followed: true, what: what})
	}
	return out
}

func (e *eval) bestShotValue(id int, from game.Point) float64 {
	best := 0.0
	e.eachShot(id, from, e.m.Models[id].Moved, false, e.foes, func(s shot) {
		best = math.Max(best, s.value)
	})
	return best
}

// dest is a place the active model could move to, with its score.
type dest struct {
	to    game.Point
	score float64
	first game.Command // the command that starts the plan
	what  string
	place float64 // placeValue part
	dg    danger
	after string // what it does there, if anything
}

// moves weighs Moves: to each sampled destination, either acting first
// and then moving (out of sight after a shot) or moving and then acting.
func (p *Player) moves(e *eval, acts []action, engaged bool) []choice {
	m := e.m
	md := &m.Models[e.me]
	allowance := moveAllowance(m, e.me)
	leave := 0.0
	if engaged {
		for _, o := range m.PartingShotOdds(e.me) {
			leave += o.Odds.PRemoved
		}
		leave *= e.p.per.caution * worth(md)
	}
	// The best action here, to take before moving: not one whose worth
	// counts the action that follows it (a door opened and the shot it
	// opens up) or a second try with the second action point, as the move
	// takes that action point.
	var first action
	haveFirst := false
	if m.AP >= 2 {
		for _, a := range acts {
			if !a.ends && !a.followed && !a.firstOnly && a.cmd.Kind != game.CmdAim && a.value > 0 && (!haveFirst || a.value > first.value) {
				first, haveFirst = a, true
			}
		}
	}
	// plan scores a move that ends at to, on the table e weighs (the
	// doors the walk opens, open): its place, and either the action taken
	// first or the best one after the move.
	plan := func(e *eval, to game.Point) dest {
		pv, dg := e.placeValue(to, true)
		d := dest{to: to, place: pv, dg: dg}
		d.first, d.score = game.Command{Kind: game.CmdMove, Model: e.me, To: ptr(to)}, pv-leave
		if m.AP >= 2 && len(dg.brawl) == 0 {
			best, bw := e.bestAfterMove(to, dg)
			if fv := first.worth(p.survives(dg)); haveFirst && fv > best {
				d.first, d.score, d.after = first.cmd, pv+fv-leave, first.what
			} else {
				d.score, d.after = pv-leave+best, bw
			}
		} else if m.AP >= 2 && len(dg.brawl) > 0 {
			v, words := e.brawlFrom(dg.brawl)
			d.score += v
			d.after = "then " + words
		}
		return d
	}
	tos := e.destinations(md.Pos, allowance, p.lvl, m.AP >= 2)
	ds := make([]dest, 0, len(tos))
	for _, to := range tos {
		if !e.reachable(to, allowance) {
			continue // weigh only places a move can reach
		}
		ds = append(ds, plan(e, to))
	}
	slices.SortStableFunc(ds, func(a, b dest) int { return cmp.Compare(b.score, a.score) })
	var out []choice
	// weigh previews a move to d.to and adds it, scored where the walk
	// ends, to out; false when the move is refused.
	weigh := func(d dest) bool {
		mv := game.Command{Kind: game.CmdMove, Model: e.me, To: ptr(d.to)}
		pv := m.PreviewMove(mv)
		if pv.Err != nil || len(pv.Path) == 0 {
			return false
		}
		end := pv.Path[len(pv.Path)-1]
		if after, opened := e.afterWalk(pv); after != e || end.Dist(d.to) > 0.05 {
			// Stopped short (a door or window), or a door opened on the
			// way: score the plan where it ends, on the table the walk
			// leaves, what it does there included.
			d = plan(after, end)
			mv.To = ptr(end)
			if s := pv.Stop; s != nil && m.AP >= 2 && slices.Contains(opened, s.Feature) && len(d.dg.brawl) == 0 {
				// Or, stopped just inside the door he opened, he shuts it
				// behind him with his second action: the table as it
				// stood, nothing else done there.
				place, dg := e.placeValue(end, true)
				if v := place - leave; v > d.score {
					d = dest{to: end, score: v, first: game.Command{Kind: game.CmdMove, Model: e.me, To: ptr(end)}, place: place, dg: dg,
						after: "then shut the " + m.Board.Features[s.Feature].Label() + " behind me"}
				}
			}
		}
		arcCost, arcWords := e.arcRisk(pv.Path)
		d.score -= arcCost
		what := fmt.Sprintf("Move %s %s", inches(pv.Length), e.placeWords(md.Pos, end))
		if e.obj != nil {
			if ow := e.objWords(end); ow != "" {
				what += ", " + ow
			}
		}
		if engaged {
			what = fmt.Sprintf("Break off from %s and move %s %s (%s to be removed by parting shots)", e.names(m.EnemiesInContact(e.me)), inches(pv.Length), e.placeWords(md.Pos, end), pct(leave/math.Max(1e-9, e.p.per.caution*worth(md))))
		}
		if d.first.Kind != game.CmdMove {
			what = d.after + ", then " + lowerFirst(what)
		} else if d.after != "" {
			what += ", " + d.after
		}
		terms := e.dangerWords(d.dg, "there")
		if arcWords != "" {
			terms = arcWords + "; " + terms
		}
		out = append(out, choice{cmd: d.first, score: d.score, what: what, terms: "and " + terms})
		return true
	}
	checked := 0
	for _, d := range ds {
		if checked >= p.lvl.checks {
			break
		}
		if weigh(d) {
			checked++
		}
	}
	// A walk in at a doorway is weighed past that cut: what it is worth
	// shows only on the table it leaves (the door open, the model on the
	// threshold or just inside), which the scores sorted above do not see.
	if m.AP >= 2 && p.lvl.exits > 0 {
		for _, q := range e.intoDoorways(md.Pos) {
			if q.Dist(md.Pos) >= 0.4 && e.reachable(q, allowance) {
				weigh(plan(e, q))
			}
		}
	}
	return out
}

// bestAfterMove is the best action after a move to to, where dg is the
// danger: a shot at an enemy that can see the spot, a throw, or picking
// up an objective, with the words for it.
func (e *eval) bestAfterMove(to game.Point, dg danger) (float64, string) {
	m := e.m
	best, words := 0.0, ""
	// Only at enemies that can see the spot: the others are out of sight
	// of it too, near enough.
	var bestShot shot
	e.eachShot(e.me, to, true, true, dg.seenBy, func(s shot) {
		if v := e.p.per.offense * s.value; v > best {
			best, bestShot = v, s
		}
	})
	if best > 0 {
		words = fmt.Sprintf("then shoot at %s (%s to remove him)", m.Models[bestShot.target].Name, pct(bestShot.odds.PRemoved))
	}
	if v, tw, ok := e.throwAfterMove(to); ok && v > best {
		best, words = v, "then "+tw
	}
	if e.obj != nil {
		if v, pw, ok := e.pickUpAfterMove(to); ok && v > best {
			best, words = v, "then "+pw
		}
	}
	return best, words
}

// turned is v turned by a radians, by detmath and with every product
// rounded before it is summed, so that it is the same on every CPU.
func turned(v game.Point, a float64) game.Point {
	sin, cos := detmath.Sincos(a)
	return game.Point{X: float64(v.X*cos) - float64(v.Y*sin), Y: float64(v.X*sin) + float64(v.Y*cos)}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}

func ptr(p game.Point) *game.Point { return &p }

// arcRisk is what crossing the armed Overwatch arcs along a path risks:
// each overwatcher's best shot on the stretch it covers (R32).
func (e *eval) arcRisk(path []game.Point) (float64, string) {
	m := e.m
	me := &m.Models[e.me]
	cost := 0.0
	var risks []string
	for i := range m.Models {
		w := &m.Models[i]
		if !w.Overwatch || w.Removed() || w.Posse == e.side || e.engaged(i) {
			continue
		}
		spans := m.Board.Exposure(w.Pos, w.WatchDir, m.OverwatchRangeOf(i), path)
		if len(spans) == 0 {
			continue
		}
		bestR, bestH := 0.0, 0.0
		for _, s := range spans {
			// The watcher fires at a mover turned the way he walks there
			// (a mover walking away gives the back-shot die).
			facing := me.Facing
			if d := s.B.Sub(s.A); d.X != 0 || d.Y != 0 {
				facing = math.Atan2(d.Y, d.X)
			}
			for _, at := range []game.Point{s.A, s.A.Lerp(s.B, 0.5), s.B} {
				sight := e.sight(w.Pos, at)
				for slot := range w.Profile.Weapons {
					q := game.ShotQuery{Shooter: i, Slot: slot, Target: e.me, From: w.Pos, At: at, TargetMoved: true, TargetFacing: facing}
					if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
						o := e.oddsOf(&pool, me.Health)
						if o.PRemoved > bestR || (o.PRemoved == bestR && o.PHit > bestH) {
							bestR, bestH = o.PRemoved, o.PHit
						}
					}
				}
			}
		}
		cost += float64(e.p.per.caution * (float64(bestR*worth(me)) + float64(0.3*bestH)))
		risks = append(risks, fmt.Sprintf("through %s's arc, %s to be hit", w.Name, pct(bestH)))
	}
	return cost, words.List(risks)
}

// runs weighs declaring a Run toward farther places, by the chance the
// 2D6 carry the model there (R9).
func (p *Player) runs(e *eval, stay float64) []choice {
	m := e.m
	md := &m.Models[e.me]
	fast := 0.0
	if md.Profile.Skills.Has(rules.Fast) {
		fast = 2
	}
	cut := m.Injuries(e.me).RunCut + slowOf(m, e.me)
	var best *dest
	for _, to := range e.destinations(md.Pos, 12+fast-cut, level{rings: p.lvl.rings / 2, cover: p.lvl.cover / 2}, false) {
		need := md.Pos.Dist(to) - 6 - fast + cut
		if need <= 6 && !e.runnerRuns(md.Pos.Dist(to)) {
			continue // a Move gets there
		}
		pr := pTwoDiceAtLeast(need)
		pv, dg := e.placeValue(to, true)
		v := float64(pr*pv) + float64((1-pr)*stay) - 0.05
		if best == nil || v > best.score {
			best = &dest{to: to, score: v, dg: dg, what: fmt.Sprintf("Run %s (%s to get there)", e.placeWords(md.Pos, to), pct(pr))}
			if e.obj != nil {
				if ow := e.objWords(to); ow != "" {
					best.what += ", " + ow
				}
			}
		}
	}
	if best == nil {
		return nil
	}
	return []choice{{cmd: game.Command{Kind: game.CmdRun, Model: e.me}, score: best.score, what: best.what, terms: "and " + e.dangerWords(best.dg, "there")}}
}

// pTwoDiceAtLeast is P(2D6 >= n).
func pTwoDiceAtLeast(n float64) float64 {
	k := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if float64(a+b) >= n {
				k++
			}
		}
	}
	return float64(k) / 36
}

// runTo walks a rolled Run to the best place within it.
func (p *Player) runTo(e *eval) []choice {
	m := e.m
	md := &m.Models[e.me]
	e.prepareAdvance(m.RunLeft)
	var ds []dest
	for _, to := range e.destinations(md.Pos, m.RunLeft, p.lvl, false) {
		if !e.reachable(to, m.RunLeft) {
			continue
		}
		pv, dg := e.placeValue(to, true)
		ds = append(ds, dest{to: to, score: pv, dg: dg})
	}
	slices.SortStableFunc(ds, func(a, b dest) int { return cmp.Compare(b.score, a.score) })
	var out []choice
	for _, d := range ds {
		if len(out) >= p.lvl.checks {
			break
		}
		c := game.Command{Kind: game.CmdRunTo, Model: e.me, To: ptr(d.to)}
		pv := m.PreviewMove(c)
		if pv.Err != nil || len(pv.Path) == 0 {
			continue
		}
		end := pv.Path[len(pv.Path)-1]
		if after, _ := e.afterWalk(pv); after != e || end.Dist(d.to) > 0.05 {
			d.score, d.dg = after.placeValue(end, true)
			c.To = ptr(end)
		}
		cost, arcWords := e.arcRisk(pv.Path)
		terms := e.dangerWords(d.dg, "there")
		if arcWords != "" {
			terms = arcWords + "; " + terms
		}
		what := fmt.Sprintf("Run %s %s", inches(pv.Length), e.placeWords(md.Pos, end))
		if e.obj != nil {
			if ow := e.objWords(end); ow != "" {
				what += ", " + ow
			}
		}
		out = append(out, choice{cmd: c, score: d.score - cost, what: what, terms: "and " + terms})
	}
	stay, dg := e.placeValue(md.Pos, true)
	out = append(out, choice{cmd: game.Command{Kind: game.CmdEnd, Model: e.me}, score: stay - 0.05, what: "Stop where I stand", terms: "and " + e.dangerWords(dg, "here")})
	return out
}

// destinations samples places a base could stand within allowance
// (straight-line) of from: rings around it, spots beside terrain (cover,
// doorways), past the ways out of a building it stands in, in base
// contact with enemies and, when a shot may follow the move (shotAfter),
// in their rear arcs.
func (e *eval) destinations(from game.Point, allowance float64, lvl level, shotAfter bool) []game.Point {
	m := e.m
	b := m.Board
	others := make([]game.Point, 0, len(m.Models))
	for i := range m.Models {
		if i != e.me && !m.Models[i].Removed() {
			others = append(others, m.Models[i].Pos)
		}
	}
	var out []game.Point
	if e.pathOn && e.advance.Dist(from) <= allowance && b.CanStand(e.advance, others) {
		// First, so that no nearby spot crowds it out: the way forward.
		out = append(out, e.advance)
	}
	add := func(q game.Point) {
		if q.Dist(from) > allowance || q.Dist(from) < 0.4 || !b.CanStand(q, others) {
			return
		}
		for _, o := range out {
			if o.Dist(q) < 0.4 {
				return
			}
		}
		out = append(out, q)
	}
	if e.obj != nil {
		for _, q := range e.objSpots(from, allowance) {
			add(q)
		}
	}
	addExits := func() {
		for _, q := range e.pastExits(allowance, lvl.exits) {
			add(q)
		}
	}
	if lvl.exitsFirst {
		addExits()
	}
	if lvl.rings > 0 {
		for _, f := range []float64{0.4, 0.75, 0.99} {
			for k := range lvl.rings {
				a := (float64(k) + f) * 2 * math.Pi / float64(lvl.rings)
				add(from.Add(turned(game.Point{X: 1}, a).Scale(f * allowance)))
			}
		}
	}
	// Beside terrain, nearest the enemy first.
	kept := 0
	for _, c := range e.coverSpots(from, allowance) {
		if kept >= lvl.cover {
			break
		}
		n := len(out)
		add(c.q)
		if len(out) > n {
			kept++
		}
	}
	if !lvl.exitsFirst {
		addExits()
	}
	// Beside enemies within reach: base contact on the near side, and
	// for a shot after the move just out of contact in the rear arc, where
	// at point blank it gets the back-shot die (R8): a model walking round
	// him (or out of a door) may reach it.
	for _, f := range e.foes {
		fm := &m.Models[f]
		if fm.Pos.Dist(from) > allowance+1.2 {
			continue
		}
		dir := from.Sub(fm.Pos).Unit()
		for _, turn := range []float64{0, 0.6, -0.6} {
			add(fm.Pos.Add(turned(dir, turn).Scale(2*board.BaseRadius + 0.02)))
		}
		if shotAfter && !lvl.nearSideOnly {
			back := turned(game.Point{X: 1}, fm.Facing+math.Pi)
			for _, turn := range []float64{0, 1, -1} {
				add(fm.Pos.Add(turned(back, turn).Scale(2*board.BaseRadius + 0.3)))
			}
		}
	}
	return out
}

// pastExits are places past the ways out (doors not locked, large
// openings) of the building the model stands in. The rings are drawn by
// straight distance, and from inside the way out is longer, so the
// places they put outside lie beyond a move's reach or well short of it.
// These are drawn from the spot just outside each way out, in dirs
// directions over the half away from the building (along the wall either
// way, straight out and between): at half the allowance left there, and
// as far as the allowance walks, by the reach field's costs.
func (e *eval) pastExits(allowance float64, dirs int) []game.Point {
	b := e.m.Board
	in, inside := b.InsideBuilding(e.m.Models[e.me].Pos)
	if dirs <= 0 || !inside {
		return nil
	}
	field := e.reachField(allowance)
	var out []game.Point
	for i := range b.Features {
		f := &b.Features[i]
		if f.Building != in.Building || len(f.Points) < 2 || !(f.Kind == board.Opening || f.Kind == board.Door && !f.Locked) {
			continue
		}
		_, _, mid, inward := doorway(in, f)
		away := inward.Scale(-1)
		door := mid.Add(away.Scale(board.BaseRadius + 0.3))
		left := allowance - field.Cost(door)
		if math.IsInf(left, -1) {
			continue // no way out this way
		}
		out = append(out, door)
		for k := range dirs {
			turn := 0.0
			if dirs > 1 {
				turn = math.Pi * (float64(k)/float64(dirs-1) - 0.5)
			}
			dir := turned(away, turn)
			out = append(out, door.Add(dir.Scale(0.5*left)))
			// Farther while the walk there leaves allowance over: a step
			// adds at most its length to the cost.
			far := 0.0
			for r, tries := 0.95*left, 0; tries < 3 && r > far+0.2; tries++ {
				cost := field.Cost(door.Add(dir.Scale(r)))
				if math.IsInf(cost, 1) {
					break
				}
				far = r
				r += float64(0.95 * (allowance - cost))
			}
			if far > 0 {
				out = append(out, door.Add(dir.Scale(far)))
			}
		}
	}
	return out
}

// intoDoorways are places at the ways in (doors not locked, openings,
// windows) of a building an enemy stands in, from outside it: on the
// threshold, at its middle and slid along it as near that enemy as a base
// fits, and just inside there, where a walk in stops (R11). A shot at him
// may follow, and its range band (a shotgun's short range has more dice
// than its point blank) can hang on that last half inch.
func (e *eval) intoDoorways(from game.Point) []game.Point {
	b := e.m.Board
	mine, _ := b.InsideBuilding(from)
	var out []game.Point
	for _, fo := range e.foes {
		fp := e.m.Models[fo].Pos
		in, inside := b.InsideBuilding(fp)
		if !inside || in == mine {
			continue
		}
		for i := range b.Features {
			f := &b.Features[i]
			if f.Building != in.Building || len(f.Points) < 2 || !(f.Kind == board.Opening || f.Kind == board.Window || f.Kind == board.Door && !f.Locked) {
				continue
			}
			a, c, mid, inward := doorway(in, f)
			width := a.Dist(c)
			slack := board.BaseRadius + 0.05
			if width < 2*slack {
				continue
			}
			along := c.Sub(a).Unit()
			t := min(max(fp.Sub(a).Dot(along), slack), width-slack)
			slid := a.Add(along.Scale(t))
			out = append(out, mid, slid, slid.Add(inward.Scale(board.BaseRadius+0.1)))
		}
	}
	return out
}

// doorway reads a way into building in (f: one of its openings, windows
// or doors): the ends of its line, its middle, and the unit normal to the
// line that points inside.
func doorway(in, f *board.Feature) (a, c, mid, inward game.Point) {
	a, c = f.Points[0], f.Points[len(f.Points)-1]
	mid = a.Lerp(c, 0.5)
	inward = c.Sub(a).Unit().Perp()
	if !in.Contains(mid.Add(inward.Scale(0.1))) {
		inward = inward.Scale(-1)
	}
	return a, c, mid, inward
}

// coverSpot is a place beside terrain (coverSpots).
type coverSpot struct {
	q    game.Point
	near float64 // to the nearest enemy
}

// coverSpots are the places beside terrain within allowance of from: each
// edge's ends and middle, a base's width out to either side, nearest the
// enemy first (ties in the order found). From where the model stands they
// are remembered with its reach field (walkCache: the same board, models
// and allowance give the same list); the list is shared, never changed.
func (e *eval) coverSpots(from game.Point, allowance float64) []coverSpot {
	if from != e.m.Models[e.me].Pos {
		return e.findCoverSpots(from, allowance)
	}
	c, w := e.p.walks, e.walk(allowance)
	c.mu.Lock()
	spots, ok := w.cover, w.covered
	c.mu.Unlock()
	if !ok {
		spots = e.findCoverSpots(from, allowance)
		c.mu.Lock()
		w.cover, w.covered = spots, true
		c.mu.Unlock()
	}
	return spots
}

// findCoverSpots is coverSpots' search.
func (e *eval) findCoverSpots(from game.Point, allowance float64) []coverSpot {
	m := e.m
	var cover []coverSpot
	near := func(q game.Point) float64 {
		d := math.Inf(1)
		for _, f := range e.foes {
			d = math.Min(d, q.Dist(m.Models[f].Pos))
		}
		return d
	}
	for i := range m.Board.Features {
		f := &m.Board.Features[i]
		if f.Kind.IsArea() || f.Kind == board.KindNone || f.Kind == board.Opening {
			continue
		}
		if game.DistanceToFeature(from, f) > allowance+1 {
			continue
		}
		n := len(f.Points)
		for k := 0; k+1 < n || (f.Closed && k < n && n > 2); k++ {
			a, c := f.Points[k], f.Points[(k+1)%n]
			u := c.Sub(a).Unit().Perp().Scale(board.BaseRadius + 0.3)
			for _, t := range []float64{0.15, 0.5, 0.85} {
				q := a.Lerp(c, t)
				for _, r := range []game.Point{q.Add(u), q.Sub(u)} {
					if r.Dist(from) <= allowance {
						cover = append(cover, coverSpot{r, near(r)})
					}
				}
			}
		}
	}
	slices.SortStableFunc(cover, func(a, b coverSpot) int { return cmp.Compare(a.near, b.near) })
	return cover
}

// prepareAdvance measures closing in along the shortest path to the
// nearest enemy when no enemy is in sight of from, and finds the place
// allowance inches along it (see eval.pathOn).
func (e *eval) prepareAdvance(allowance float64) {
	c, w := e.p.walks, e.walk(allowance)
	c.mu.Lock()
	adv, ok := w.adv, w.advanced
	c.mu.Unlock()
	if !ok {
		adv = e.findAdvance(e.m.Models[e.me].Pos, allowance)
		c.mu.Lock()
		w.adv, w.advanced = adv, true
		c.mu.Unlock()
	}
	e.forward = adv
}

// findAdvance is prepareAdvance's search: the way forward from from, or
// none when an enemy is in sight.
func (e *eval) findAdvance(from game.Point, allowance float64) forward {
	m := e.m
	near, nd := -1, math.Inf(1)
	for _, f := range e.foes {
		fp := m.Models[f].Pos
		if m.Board.Visible(from, fp) {
			return forward{}
		}
		if d := from.Dist(fp); d < nd {
			near, nd = f, d
		}
	}
	if near < 0 {
		return forward{}
	}
	fp := m.Models[near].Pos
	dir := from.Sub(fp).Unit()
	for k := range 24 {
		// Spots round the enemy, nearest ring first (1.2", 2.5", 4").
		a := float64(k%8) * math.Pi / 4
		to := fp.Add(turned(dir, a).Scale([...]float64{1.2, 2.5, 4}[k/8]))
		// A spot by the enemy where it already stands is no way forward
		// (a wall between two models an inch apart): try the next one.
		if to.Dist(from) < 0.6 || !m.Board.CanStand(to, nil) || m.Board.Blocked(to, fp) {
			continue
		}
		path, err := m.Board.Path(from, to, nil)
		if err != nil || path.Length < 0.3 || path.Cost <= 0 {
			continue
		}
		// Walk by allowance, not by length: mud costs double (R10), so
		// where the path crosses it the step is measured leg by leg (a
		// step scaled by the whole path's cost overshoots when the mud
		// comes first, and the place is out of reach).
		step := math.Min(allowance-0.1, path.Length)
		switch {
		case e.p.lvl.wholeCostStep:
			step = step * path.Length / math.Max(path.Cost, path.Length)
		case path.Cost > path.Length:
			step = m.Board.Reach(board.Path{Points: path.Points}, allowance-0.1).Along
		}
		left := path.Length + to.Dist(fp)
		return forward{pathOn: true, pathLeft: left, advance: board.PointAlong(path.Points, step),
			advanceLeft: left - step, detour: math.Max(0, left-nd)}
	}
	return forward{}
}

// reachable asks the model's reach field (reachField) whether a path
// within the allowance leads to to. It spares a move's preview, which on
// a place out of reach goes on to find the dearer path (to show where a
// door stops it), and a path search per place.
func (e *eval) reachable(to game.Point, allowance float64) bool {
	e.reachField(allowance)
	// The answers are remembered with the field: the same model deciding
	// from the same place (in another playout) weighs the same places.
	c, w := e.p.walks, e.reachWalk
	c.mu.Lock()
	in, ok := w.reached[to]
	c.mu.Unlock()
	if !ok {
		in = !math.IsInf(e.reach.Cost(to), 1)
		c.mu.Lock()
		if w.reached == nil {
			w.reached = map[game.Point]bool{}
		}
		w.reached[to] = in
		c.mu.Unlock()
	}
	return in
}

// reachField is the model's reach field for the allowance: one bounded
// search from where it stands, made on the first question and kept with
// the walk cache.
func (e *eval) reachField(allowance float64) *board.Field {
	m := e.m
	if e.reach == nil || e.reachLimit != allowance {
		c, w := e.p.walks, e.walk(allowance)
		c.mu.Lock()
		field := w.field
		c.mu.Unlock()
		if field == nil {
			others := make([]game.Point, 0, len(m.Models))
			for i := range m.Models {
				if i != e.me && !m.Models[i].Removed() {
					others = append(others, m.Models[i].Pos)
				}
			}
			field = m.Board.ReachField(m.Models[e.me].Pos, others, allowance)
			c.mu.Lock() // under the cache's lock, as prepareAdvance keeps its part of the entry
			w.field = field
			c.mu.Unlock()
		}
		e.reach, e.reachLimit, e.reachWalk = field.On(m.Board), allowance, w
	}
	return e.reach
}
