package ai

import (
	"fmt"
	"math"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// pickModel scores each model the side may activate: the best shot it has
// now, the danger it stands in (a model under threat moves first), a lit
// fuse near it, a brawl it is in.
func (p *Player) pickModel(m *game.Match) []choice {
	var ready []int
	if m.Up.Model >= 0 {
		ready = []int{m.Up.Model}
	} else {
		for _, id := range m.Posses[m.Up.Posse].Models {
			if md := &m.Models[id]; !md.Removed() && !md.Activated {
				ready = append(ready, id)
			}
		}
	}
	var out []choice
	for _, id := range ready {
		e := newEval(m, p, id)
		md := &m.Models[id]
		shot := e.bestShotValue(id, md.Pos)
		d := e.dangerAt(md.Pos, false)
		score := shot + float64(0.8*d.pRemoved*worth(md)) + d.fuse
		var why string
		switch {
		case d.fuse > 0.05:
			why = fmt.Sprintf("a lit fuse threatens him (%s to be removed by the blast)", pct(d.fuse))
		case shot > 0.05 && shot >= d.pRemoved*worth(md):
			why = "he has the best shot"
		case d.worst >= 0 && d.pRemoved > 0.02:
			why = fmt.Sprintf("he is most at risk where he stands (%s to be removed, chiefly by %s)", pct(d.pRemoved), m.Models[d.worst].Name)
		default:
			why = "nobody has a shot yet" // what he does is his plan's to say (he may stay put)
		}
		if e.obj != nil {
			if u, w := e.objUrge(); u > 0 {
				score += u
				why = w
			}
		}
		if m.Engaged(id) {
			score += 0.3
			why = "he is in a brawl with " + e.names(m.EnemiesInContact(id))
		}
		if p.lvl.look > 0 && len(ready) > 1 {
			// Look ahead: plan the activation on a fork and add a part of
			// what acting gains over standing still. Only a part: a move
			// gains as much later, while a shot or an escape may not
			// wait (the terms above), and the gain alone activated the
			// mover before the shooter.
			if gain, plan, ok := p.activationGain(m, id); ok {
				score += float64(p.lvl.look * gain)
				why += "; his best plan: " + lowerFirst(plan)
			}
		}
		out = append(out, choice{cmd: game.Command{Kind: game.CmdActivate, Model: id}, score: score - float64(float64(id)*1e-6),
			what: "Activate " + md.Name, terms: why})
	}
	return out
}

// answer is the overwatcher's Fire or Hold (R32): fire at the point of the
// mover's path where the shot is worth most, unless an enemy still to move
// is the better target for the one shot.
func (p *Player) answer(m *game.Match) []choice {
	in := m.Pending
	w := in.Watcher
	e := newEval(m, p, w)
	wm := &m.Models[w]
	mover := &m.Models[in.Mover]
	best, bestP, bestHit := -1.0, 0.0, 0.0
	var fire game.Command
	for _, s := range in.Chances() {
		from := math.Max(s.From, in.Progress)
		for x := from; ; x += 0.25 {
			x = math.Min(x, s.To)
			for slot := range wm.Profile.Weapons {
				o, err := m.FireOdds(slot, x)
				if err != nil || o.Pool.Impossible {
					continue
				}
				if v := harm(o.Odds, mover); v > best+1e-9 {
					best, bestP, bestHit = v, o.Odds.PRemoved, o.Odds.PHit
					fire = game.Command{Kind: game.CmdFire, Model: w, At: x, Slot: slot}
				}
			}
			if x >= s.To {
				break
			}
		}
	}
	hold, holdFor, holdP := e.holdValue(in.Mover)
	out := []choice{{cmd: game.Command{Kind: game.CmdHold, Model: w}, score: hold, what: "Hold fire"}}
	if holdFor >= 0 {
		out[0].terms = fmt.Sprintf("and keep the shot for %s, who is still to move (%s to remove him if he comes into the arc)", m.Models[holdFor].Name, pct(holdP))
	} else {
		out[0].terms = "and keep the Overwatch"
	}
	if best >= 0 {
		out = append(out, choice{cmd: fire, score: best, what: fmt.Sprintf("Fire at %s with the %s at the best point of his path: %s to remove him, %s to hit",
			mover.Name, weaponName(wm, fire.Slot), pct(bestP), pct(bestHit))})
	}
	return out
}

// holdValue is what keeping the Overwatch shot is worth: the best target
// among the enemies still to act this game turn that may walk into the arc.
func (e *eval) holdValue(mover int) (float64, int, float64) {
	m := e.m
	wm := &m.Models[e.me]
	rng := m.OverwatchRangeOf(e.me)
	best, who, whoP := 0.0, -1, 0.0
	for _, f := range e.foes {
		fm := &m.Models[f]
		if f == mover || fm.Activated || m.Engaged(f) || !board.InArc(wm.Pos, fm.Pos, wm.WatchDir) || board.Distance(wm.Pos, fm.Pos) > rng {
			continue
		}
		sight := e.sight(wm.Pos, fm.Pos)
		chance := 0.7 // it stands in the arc: it may walk on in it, or stay put
		if !sight.Visible {
			sight = board.Sight{Visible: true, Distance: board.Distance(wm.Pos, fm.Pos)}
			chance = 0.3
		}
		for slot := range wm.Profile.Weapons {
			q := game.ShotQuery{Shooter: e.me, Slot: slot, Target: f, From: wm.Pos, At: fm.Pos, TargetMoved: true, TargetFacing: fm.Facing}
			if pool, err := m.QueryShot(q, &sight); err == nil && !pool.Impossible {
				o := e.oddsOf(&pool, fm.Health)
				if v := chance * harm(o, fm); v > best {
					best, who, whoP = v, f, o.PRemoved
				}
			}
		}
	}
	return best, who, whoP
}

// activationGain plans a model's activation on a fork of the match (with
// the player's own dice, never the match's) and returns how much its best
// plan beats ending at once, and that plan's words.
func (p *Player) activationGain(m *game.Match, id int) (float64, string, bool) {
	f := m.Fork(rules.NewSeeded(p.seed))
	if _, err := f.Apply(game.Command{Kind: game.CmdActivate, Model: id}); err != nil || f.Active != id {
		return 0, "", false
	}
	cs := p.act(f)
	best, end := math.Inf(-1), math.Inf(-1)
	what := ""
	for _, c := range cs {
		if c.cmd.Kind == game.CmdEnd {
			end = math.Max(end, c.score)
		}
		if c.score > best {
			best, what = c.score, c.what
		}
	}
	if math.IsInf(best, -1) || math.IsInf(end, -1) {
		return 0, "", false
	}
	return best - end, what, true
}
