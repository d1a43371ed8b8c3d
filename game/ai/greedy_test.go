package ai

import (
	"math"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// greedy is a simple bot to measure the levels against, written as the
// issue describes one (not tuned on): it shoots the best shot by the exact
// odds, throws dynamite when the stick catches more enemies than friends,
// otherwise moves to the spot with the best shot (or toward the nearest
// enemy when no spot has one); it reloads an empty gun, brawls when in
// contact, fires an Overwatch at the best point; it never runs, never uses
// doors, never goes on Overwatch and never aims.
type greedy struct{}

func (greedy) Decide(m *game.Match) (game.Decision, bool) {
	if m.Over {
		return game.Decision{}, false
	}
	c := greedyCommand(m)
	if m.Validate(c) != nil {
		c = fallback(m).cmd
	}
	return game.Decision{Command: c, Why: "greedy"}, true
}

func greedyCommand(m *game.Match) game.Command {
	if mc := m.MethodChoices(); len(mc) > 0 {
		for _, c := range mc {
			if c.Kind == game.CmdActNow || c.Kind == game.CmdRestack {
				return c
			}
		}
		return mc[0]
	}
	if in := m.Pending; in != nil {
		best, fire := 0.0, game.Command{Kind: game.CmdHold, Model: in.Watcher}
		for _, s := range in.Chances() {
			for x := math.Max(s.From, in.Progress); x <= s.To; x += 0.25 {
				for slot := range m.Models[in.Watcher].Profile.Weapons {
					if o, err := m.FireOdds(slot, x); err == nil && o.Odds.PRemoved > best {
						best, fire = o.Odds.PRemoved, game.Command{Kind: game.CmdFire, Model: in.Watcher, At: x, Slot: slot}
					}
				}
			}
		}
		return fire
	}
	if m.Active < 0 {
		if m.Up.Model >= 0 {
			return game.Command{Kind: game.CmdActivate, Model: m.Up.Model}
		}
		// The ready model with the best shot, else the first.
		best, pick := -1.0, -1
		for _, id := range m.Posses[m.Up.Posse].Models {
			if !m.CanActivate(id) {
				continue
			}
			if v, _ := greedyShot(m, id, m.Models[id].Pos, false); v > best {
				best, pick = v, id
			}
		}
		return game.Command{Kind: game.CmdActivate, Model: pick}
	}
	id := m.Active
	md := &m.Models[id]
	if m.RunLeft > 0 || m.AP <= 0 {
		return game.Command{Kind: game.CmdEnd, Model: id}
	}
	if m.Engaged(id) {
		return game.Command{Kind: game.CmdBrawl, Model: id, Order: m.EnemiesInContact(id)}
	}
	if v, c := greedyShot(m, id, md.Pos, md.Moved); v > 0 {
		return c
	}
	if c, ok := greedyThrow(m, id); ok {
		return c
	}
	for slot, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); spec.CanShoot() && md.Empty[slot] {
			return game.Command{Kind: game.CmdReload, Model: id, Slot: slot}
		}
	}
	if !m.UsedMove {
		if c, ok := greedyMove(m, id); ok {
			return c
		}
	}
	return game.Command{Kind: game.CmdEnd, Model: id}
}

// greedyShot is the best shot model id has from from: its chance to
// remove (a little for a hit), and the command.
func greedyShot(m *game.Match, id int, from game.Point, moved bool) (float64, game.Command) {
	md := &m.Models[id]
	best, cmd := 0.0, game.Command{}
	for t := range m.Models {
		tm := &m.Models[t]
		if tm.Posse == md.Posse || tm.Removed() {
			continue
		}
		sight := m.LineOfSight(from, tm.Pos)
		if !sight.Visible {
			continue
		}
		for slot, w := range md.Profile.Weapons {
			if spec, _ := w.Spec(); !spec.CanShoot() || md.Empty[slot] {
				continue
			}
			q := game.ShotQuery{Shooter: id, Slot: slot, Target: t, From: from, At: tm.Pos, ShooterMoved: moved, TargetMoved: tm.Moved, TargetFacing: tm.Facing}
			pool, err := m.QueryShot(q, &sight)
			if err != nil || pool.Impossible {
				continue
			}
			o := rules.OddsOf(&pool, tm.Health)
			if v := o.PRemoved + 0.1*o.PHit; v > best {
				best, cmd = v, game.Command{Kind: game.CmdShoot, Model: id, Target: t, Slot: slot}
			}
		}
	}
	return best, cmd
}

// greedyThrow throws at the enemy whose spot catches the most enemies
// over friends, if that is more enemies than friends.
func greedyThrow(m *game.Match, id int) (game.Command, bool) {
	md := &m.Models[id]
	if md.Sticks <= 0 {
		return game.Command{}, false
	}
	best, cmd := 0, game.Command{}
	for t := range m.Models {
		tm := &m.Models[t]
		if tm.Posse == md.Posse || tm.Removed() || md.Pos.Dist(tm.Pos) > 12 {
			continue
		}
		spot := tm.Pos
		c := game.Command{Kind: game.CmdThrow, Model: id, To: &spot}
		if m.Validate(c) != nil {
			continue
		}
		net := 0
		for _, o := range m.BlastOdds(spot) {
			if o.Pool.Impossible {
				continue
			}
			if m.Models[o.Target].Posse == md.Posse {
				net--
			} else {
				net++
			}
		}
		if net > best {
			best, cmd = net, c
		}
	}
	return cmd, best > 0
}

// greedyMove moves to the sampled spot with the best shot, or else toward
// the nearest enemy.
func greedyMove(m *game.Match, id int) (game.Command, bool) {
	md := &m.Models[id]
	allow := rules.MoveAllowance(m.Injuries(id))
	nearest := func(p game.Point) float64 {
		d := math.Inf(1)
		for t := range m.Models {
			if tm := &m.Models[t]; tm.Posse != md.Posse && !tm.Removed() {
				d = math.Min(d, p.Dist(tm.Pos))
			}
		}
		return d
	}
	bestShot, bestNear, found := 0.0, math.Inf(1), false
	var to game.Point
	for _, f := range []float64{0.5, 0.99} {
		for k := range 16 {
			a := float64(k) * 2 * math.Pi / 16
			q := md.Pos.Add(game.Point{X: math.Cos(a), Y: math.Sin(a)}.Scale(f * allow))
			c := game.Command{Kind: game.CmdMove, Model: id, To: &q}
			if m.Validate(c) != nil {
				continue
			}
			v, _ := greedyShot(m, id, q, true)
			near := nearest(q)
			if v > bestShot || (v == bestShot && near < bestNear) {
				bestShot, bestNear, to, found = v, near, q, true
			}
		}
	}
	if !found || to.Dist(md.Pos) < board.BaseRadius {
		return game.Command{}, false
	}
	return game.Command{Kind: game.CmdMove, Model: id, To: &to}, true
}
