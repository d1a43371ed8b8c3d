package ai

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// TestSweepBrawlOrDisengage sweeps the family of positions 6 and 7
// (TestViewsBrawlOrBreakOff): the deciding model stands in base contact
// with one enemy (with two in a few cases), in open ground or beside a
// rock it could step behind, sometimes with another enemy's gun covering
// the ground round it. The grid varies both fighters' tiers, wounds,
// melee weapons (none, knife, club, sabre, tomahawk), guns (loaded or
// empty: a revolver or a shotgun that could shoot after stepping away, a
// derringer, a lever-action), the Brawler skill, the scene, which posse
// decides and whether the table is mirrored (the views of sides_test.go).
//
// The oracle is the real engine played on 2,000 forks with other dice for
// each plan of the activation: brawl twice; brawl, then break off to a
// spot; break off to a spot (behind the rock, the best shot, the best shot
// in the fewest enemies' sight, the farthest) and shoot there if it can;
// stay put; reload, then brawl. The spots are the reachable places on
// rings round the model, checked by Match.PreviewMove. After the plan
// every enemy plays its reply activation by a fixed simple policy
// (greedy_test.go's bot, which brawls in contact, shoots the best shot,
// reloads, steps out for a shot; and the same bot charging back into
// contact when it has no shot). A plan is worth the enemies removed less
// ours by the end of that reply: the parting shots (R13), the bouts
// (R27), the shot after the step and the enemies' shots at the spot all
// come out of the engine's own rolls. The case is kept when the best
// plan of one kind (brawl first, or break off first) beats every plan of
// the other kinds by 5 points of that count and by 3 standard errors of
// the paired difference under both reply policies, and also when weighed
// by the planner's worth of the models. The first bout's removal rates and
// the parting shots' are checked against their exact odds (BoutOdds,
// PartingShotOdds), so the forks are known to roll what the rules say.
//
// Then normal and hard decide the first action; after a Reload (no dice)
// their second decision, asked on a fork, says what the plan is. Their plan
// is their very command with the best follow-up the oracle knows. Of the
// kind the oracle prefers, it passes unless it is worse than the best plan
// of the other kinds by 5 points and 3 standard errors (a break-off to a
// spot where the enemy left behind shoots it); of another kind, it passes
// only if it is within 3 standard errors of the oracle's best. Either
// failure must hold under both reply policies. Under the race detector
// every fourth case is played.
func TestSweepBrawlOrDisengage(t *testing.T) {
	sweepOnly(t)
	cases := sweepBrawlCases()
	generated, kept, skippedStay, skippedClose := 0, 0, 0, 0
	passes := map[string]int{}
	for _, c := range cases {
		generated++
		s := c.v.position(t, c.v.field(t, c.rocks()...), c.mine(), c.theirs())
		s.activate(t)
		o := sweepBrawlOracle(t, c, s)
		if o.want == "" {
			if o.skip == "stay" {
				skippedStay++
			} else {
				skippedClose++
			}
			t.Logf("%s: skipped (%s)", c.name, o.why)
			continue
		}
		kept++
		t.Logf("%s: %s is better: %s", c.name, o.want, o.why)
		for _, level := range []string{"normal", "hard"} {
			if ok := sweepBrawlJudge(t, c, s, o, level); ok {
				passes[level]++
			}
		}
	}
	t.Logf("%d cases generated, %d kept (%d skipped as too close, %d where staying put is best); normal passes %d, hard passes %d",
		generated, kept, skippedClose, skippedStay, passes["normal"], passes["hard"])
	if kept < min(20, generated/2) {
		t.Errorf("only %d of %d cases are clear enough to keep", kept, generated)
	}
}

// sweepFighter is one model of the grid, placed by the case.
type sweepFighter struct {
	label   string
	tier    string
	skills  []string
	weapons []string
	empty   []string // weapons out of ammunition
	wounds  int      // damage marked, one on each of the first locations
}

func (f sweepFighter) spec(name string, x, y, facing float64) game.ModelSpec {
	s := fig(name, f.tier, x, y, facing, f.weapons...)
	s.Skills = f.skills
	s.OutOfAmmo = f.empty
	for i := range f.wounds {
		s.Wounds = append(s.Wounds, game.WoundSpec{Location: []string{"chest", "gut", "arms"}[i], Damage: 1})
	}
	return s
}

func (f sweepFighter) hurt(n int) sweepFighter {
	f.wounds = n
	f.label = fmt.Sprintf("%s, %d wound", f.label, n)
	return f
}

// brawlCase is one position of the sweep, drawn on the unmirrored table:
// the deciding model at (12, 12) facing east in base contact with foe at
// (13.02, 12); second in contact north of it; a rock west of it that hides
// the spot behind it from the east; another enemy's gun, at gunAt.
type brawlCase struct {
	name   string
	me     sweepFighter
	foe    sweepFighter
	second *sweepFighter
	gunman *sweepFighter
	gunAt  game.Point
	rock   bool
	v      view
}

func (c brawlCase) rocks() []rock {
	if c.rock {
		return []rock{{9.8, 10.8, 0.5, 2.4}}
	}
	return nil
}

func (c brawlCase) mine() []game.ModelSpec {
	return []game.ModelSpec{c.me.spec("Rudd", 12, 12, 0)}
}

func (c brawlCase) theirs() []game.ModelSpec {
	out := []game.ModelSpec{c.foe.spec("Knuckles", 13.02, 12, 180)}
	if c.second != nil {
		out = append(out, c.second.spec("Dutch", 12, 10.98, 90))
	}
	if c.gunman != nil {
		a := math.Atan2(12-c.gunAt.Y, 12-c.gunAt.X) * 180 / math.Pi
		out = append(out, c.gunman.spec("Slim", c.gunAt.X, c.gunAt.Y, a))
	}
	return out
}

// sweepBrawlCases is the grid: each of our fighters against each enemy,
// in a scene and a view that turn with the pair, some of them wounded.
func sweepBrawlCases() []brawlCase {
	mine := []sweepFighter{
		{label: "greenhorn with a revolver", tier: "greenhorn", weapons: []string{"revolver"}},
		{label: "cowpoke with a knife and a shotgun", tier: "cowpoke", weapons: []string{"knife", "shotgun"}},
		{label: "brawler cowpoke with a club and a revolver", tier: "cowpoke", skills: []string{"brawler"}, weapons: []string{"club", "revolver"}},
		{label: "brawler legend with a sabre and a revolver", tier: "legend", skills: []string{"brawler"}, weapons: []string{"sabre", "revolver"}},
		{label: "cowpoke with a tomahawk and an empty derringer", tier: "cowpoke", weapons: []string{"tomahawk", "derringer"}, empty: []string{"derringer"}},
		{label: "greenhorn with an empty derringer", tier: "greenhorn", weapons: []string{"derringer"}, empty: []string{"derringer"}},
		{label: "brawler legend with a sabre", tier: "legend", skills: []string{"brawler"}, weapons: []string{"sabre"}},
		{label: "brawler cowpoke with a knife and an empty revolver", tier: "cowpoke", skills: []string{"brawler"}, weapons: []string{"knife", "revolver"}, empty: []string{"revolver"}},
	}
	theirs := []sweepFighter{
		{label: "greenhorn with a knife and a derringer", tier: "greenhorn", weapons: []string{"knife", "derringer"}},
		{label: "cowpoke with a revolver", tier: "cowpoke", weapons: []string{"revolver"}},
		{label: "brawler cowpoke with a club and a revolver", tier: "cowpoke", skills: []string{"brawler"}, weapons: []string{"club", "revolver"}},
		{label: "brawler legend with a sabre", tier: "legend", skills: []string{"brawler"}, weapons: []string{"sabre"}},
		{label: "greenhorn with a shotgun", tier: "greenhorn", weapons: []string{"shotgun"}},
	}
	lever := sweepFighter{label: "lever-action", tier: "cowpoke", weapons: []string{"lever-action"}}
	shotgun := sweepFighter{label: "shotgun", tier: "cowpoke", weapons: []string{"shotgun"}}
	unarmed := sweepFighter{label: "unarmed greenhorn", tier: "greenhorn", weapons: []string{"derringer"}, empty: []string{"derringer"}}
	type scene struct {
		label  string
		rock   bool
		gunman *sweepFighter
		gunAt  game.Point
		second *sweepFighter
	}
	scenes := []scene{
		{label: "open ground"},
		{label: "a rock to step behind", rock: true},
		{label: "a rock, a lever-action covering the spot behind it", rock: true, gunman: &lever, gunAt: game.Point{X: 5, Y: 4}},
		{label: "a rock, a lever-action east that it hides from", rock: true, gunman: &lever, gunAt: game.Point{X: 21, Y: 12}},
		{label: "open ground, a shotgun 8\" north", gunman: &shotgun, gunAt: game.Point{X: 12, Y: 4}},
		{label: "a rock, an unarmed greenhorn in contact too", rock: true, second: &unarmed},
	}
	views := []view{{0, false}, {1, true}, {0, true}, {1, false}}
	var out []brawlCase
	for i, mf := range mine {
		for j, foe := range theirs {
			n, me := len(out), mf
			sc := scenes[(i+j)%len(scenes)]
			if n%5 == 3 && me.tier != "greenhorn" {
				me = me.hurt(1)
			}
			if n%7 == 5 {
				foe = foe.hurt(1)
			}
			v := views[n%len(views)]
			c := brawlCase{me: me, foe: foe, second: sc.second, gunman: sc.gunman, gunAt: sc.gunAt, rock: sc.rock, v: v}
			side := []string{"Lawmen", "Desperados"}[v.side]
			if v.mirror {
				side += ", mirrored"
			}
			c.name = fmt.Sprintf("#%d %s against a %s, %s (%s)", n, me.label, foe.label, sc.label, side)
			out = append(out, c)
		}
	}
	return out
}

// sweepPlan is one way to play the deciding model's activation: a first
// command and what it does with the action point left.
type sweepPlan struct {
	name  string
	class string // "brawl", "break off" or "stay": the first action that is not a Reload
	first game.Command
	then  func(m *game.Match, me int)
	cont  string          // what then does, for telling plans apart
	out   [2][2][]float64 // by reply policy (greedy, charger), by measure (count, worth)
}

func (p *sweepPlan) mean(policy, measure int) float64 {
	m, _ := meanSE(p.out[policy][measure])
	return m
}

// sweepBrawlForks is how many forks with other dice weigh each plan.
const sweepBrawlForks = 2000

// sweepOracle is what the engine's forks say of a case.
type sweepOracle struct {
	plans   []*sweepPlan
	spots   []sweepSpot
	replies *sweepReplies
	done    map[string]*sweepPlan // the plans played, by first command and follow-up
	want    string                // "brawl" or "break off"; "" when not clear
	skip    string                // "stay" when staying put is best
	why     string
	best    [2]*sweepPlan // by reply policy: the best plan
	other   [2]*sweepPlan // by reply policy: the best plan of another kind than best
}

// sweepSpot is a place the model could break off to.
type sweepSpot struct {
	label string
	at    game.Point
	seers []int   // enemies that see it
	shot  float64 // the best chance to remove an enemy by a shot from it after the move
}

// sweepSpots samples the places a Move reaches on rings round the model
// (PreviewMove: walked to the end, out of every enemy's contact) and keeps
// a few: the farthest out of every enemy's sight, the best shot, the best
// shot in the fewest enemies' sight, the farthest from the enemies.
func sweepSpots(m *game.Match, me int) []sweepSpot {
	md := &m.Models[me]
	var all []sweepSpot
	nearest := func(p game.Point) float64 {
		d := math.Inf(1)
		for i := range m.Models {
			if f := &m.Models[i]; f.Posse != md.Posse && !f.Removed() {
				d = math.Min(d, f.Pos.Dist(p))
			}
		}
		return d
	}
	for r := 1.5; r <= 6; r += 0.75 {
		for k := range 24 {
			a := float64(k) * math.Pi / 12
			p := md.Pos.Add(game.Point{X: math.Cos(a), Y: math.Sin(a)}.Scale(r))
			pv := m.PreviewMove(game.Command{Kind: game.CmdMove, Model: me, To: &p})
			if pv.Err != nil || len(pv.Path) == 0 || pv.Path[len(pv.Path)-1].Dist(p) > 0.05 {
				continue
			}
			sp := sweepSpot{at: p}
			contact := false
			for i := range m.Models {
				f := &m.Models[i]
				if f.Posse == md.Posse || f.Removed() {
					continue
				}
				contact = contact || board.InContact(p, f.Pos)
				sight := m.LineOfSight(f.Pos, p)
				if !sight.Visible {
					continue
				}
				sp.seers = append(sp.seers, i)
				back := m.LineOfSight(p, f.Pos)
				for slot, w := range md.Profile.Weapons {
					if spec, _ := w.Spec(); !spec.CanShoot() || md.Empty[slot] {
						continue
					}
					for _, blaze := range []bool{false, true} {
						q := game.ShotQuery{Shooter: me, Slot: slot, Target: i, From: p, At: f.Pos, ShooterMoved: true, TargetMoved: f.Moved, TargetFacing: f.Facing, Blaze: blaze}
						if pool, err := m.QueryShot(q, &back); err == nil && !pool.Impossible {
							sp.shot = math.Max(sp.shot, rules.OddsOf(&pool, f.Health).PRemoved)
						}
					}
				}
			}
			if !contact {
				all = append(all, sp)
			}
		}
	}
	pick := func(label string, better func(a, b *sweepSpot) bool, ok func(a *sweepSpot) bool) *sweepSpot {
		var best *sweepSpot
		for i := range all {
			if ok(&all[i]) && (best == nil || better(&all[i], best)) {
				best = &all[i]
			}
		}
		if best != nil {
			s := *best
			s.label = label
			return &s
		}
		return nil
	}
	anySpot := func(a *sweepSpot) bool { return true }
	cands := []*sweepSpot{
		pick("out of sight", func(a, b *sweepSpot) bool { return nearest(a.at) > nearest(b.at) }, func(a *sweepSpot) bool { return len(a.seers) == 0 }),
		pick("the best shot", func(a, b *sweepSpot) bool {
			return a.shot > b.shot+1e-9 || (math.Abs(a.shot-b.shot) <= 1e-9 && len(a.seers) < len(b.seers))
		}, func(a *sweepSpot) bool { return a.shot > 0 }),
		pick("a shot in the fewest enemies' sight", func(a, b *sweepSpot) bool {
			return len(a.seers) < len(b.seers) || (len(a.seers) == len(b.seers) && a.shot > b.shot)
		}, func(a *sweepSpot) bool { return a.shot > 0 }),
		pick("the farthest", func(a, b *sweepSpot) bool { return nearest(a.at) > nearest(b.at) }, anySpot),
	}
	var out []sweepSpot
	for _, c := range cands {
		if c == nil {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o.at.Dist(c.at) < 0.01
		}
		if !dup {
			out = append(out, *c)
		}
	}
	return out
}

// sweepBestShot is the shot (Shoot or Blaze Away) with the best chance to
// remove an enemy, sized by the engine (ShotOdds), or false.
func sweepBestShot(m *game.Match, me int) (game.Command, bool) {
	md := &m.Models[me]
	best, cmd, ok := 0.0, game.Command{}, false
	for t := range m.Models {
		tm := &m.Models[t]
		if tm.Posse == md.Posse || tm.Removed() {
			continue
		}
		for slot, w := range md.Profile.Weapons {
			if spec, _ := w.Spec(); !spec.CanShoot() || md.Empty[slot] {
				continue
			}
			for _, blaze := range []bool{false, true} {
				o, err := m.ShotOdds(me, slot, t, blaze)
				if err != nil || o.Pool.Impossible || o.Odds.PRemoved <= best {
					continue
				}
				kind := game.CmdShoot
				if blaze {
					kind = game.CmdBlaze
				}
				best, cmd, ok = o.Odds.PRemoved, game.Command{Kind: kind, Model: me, Target: t, Slot: slot}, true
			}
		}
	}
	return cmd, ok
}

// sweepShootOrEnd spends the action left on the best shot, if any.
func sweepShootOrEnd(m *game.Match, me int) {
	sweepShots.mu.Lock()
	k := sweepShots.r.tableKey(m, false)
	d, ok := sweepShots.r.memo[k]
	if !ok {
		d.cmd, d.charged = sweepBestShot(m, me)
		sweepShots.r.memo[k] = d
	}
	sweepShots.mu.Unlock()
	if d.charged && m.Validate(d.cmd) == nil {
		m.Apply(d.cmd)
	}
}

// sweepShots remembers sweepBestShot by the table (charged: there is a
// shot), for the forks that end a move at the same place with the same
// wounds; cleared with each case (sweepBrawlOracle).
var sweepShots struct {
	mu sync.Mutex
	r  sweepReplies
}

// sweepBrawlAgain brawls again while in contact (in order, those still
// standing), else shoots.
func sweepBrawlAgain(order []int) func(m *game.Match, me int) {
	return func(m *game.Match, me int) {
		if !m.Engaged(me) {
			sweepShootOrEnd(m, me)
			return
		}
		c := game.Command{Kind: game.CmdBrawl, Model: me}
		for _, id := range order {
			if !m.Models[id].Removed() {
				c.Order = append(c.Order, id)
			}
		}
		if m.Validate(c) != nil {
			c.Order = nil
		}
		m.Apply(c)
	}
}

// sweepBreakOff breaks off to spot while in contact, else shoots.
func sweepBreakOff(to game.Point) func(m *game.Match, me int) {
	var walk *game.Command
	return func(m *game.Match, me int) {
		if !m.Engaged(me) {
			sweepShootOrEnd(m, me)
			return
		}
		if walk == nil || walk.Path != nil && m.Validate(*walk) != nil {
			c := sweepWalked(m, game.Command{Kind: game.CmdMove, Model: me, To: ptr(to)})
			walk = &c
		}
		if m.Validate(*walk) == nil {
			m.Apply(*walk)
		}
	}
}

// sweepWalked is a Move with its path's corners given as waypoints, so
// that each fork walks straight legs instead of seeking the path again
// (the same path: planned once on m).
func sweepWalked(m *game.Match, c game.Command) game.Command {
	if c.Kind != game.CmdMove || c.To == nil || len(c.Path) > 0 {
		return c
	}
	pv := m.PreviewMove(c)
	if pv.Err != nil || len(pv.Path) <= 2 {
		return c
	}
	w := c
	w.Path = append([]game.Point(nil), pv.Path[1:len(pv.Path)-1]...)
	if m.Validate(w) != nil {
		return c
	}
	return w
}

// sweepCharge is the enemy's reply policy "charger": greedy, but a model
// with no shot from where it stands moves into base contact with the
// nearest enemy a Move reaches (and greedy brawls him next). charged says
// whether it ever did (else the play is greedy's, roll for roll).
type sweepCharge struct{ charged *bool }

func (c sweepCharge) Decide(m *game.Match) (game.Decision, bool) {
	if id := m.Active; id >= 0 && m.Pending == nil && m.RunLeft == 0 && !m.UsedMove && m.AP >= 2 && !m.Engaged(id) {
		md := &m.Models[id]
		if v, _ := greedyShot(m, id, md.Pos, md.Moved); v == 0 {
			for t := range m.Models {
				tm := &m.Models[t]
				if tm.Posse == md.Posse || tm.Removed() || tm.Pos.Dist(md.Pos) > 7.5 {
					continue
				}
				toward := md.Pos.Sub(tm.Pos).Unit()
				for k := range 12 {
					a := float64((k+1)/2) * math.Pi / 6
					if k%2 == 1 {
						a = -a
					}
					p := tm.Pos.Add(turned(toward, a).Scale(1.02))
					mv := game.Command{Kind: game.CmdMove, Model: id, To: &p}
					if m.Validate(mv) == nil {
						*c.charged = true
						return game.Decision{Command: mv, Why: "charge"}, true
					}
				}
			}
		}
	}
	return greedy{}.Decide(m)
}

// sweepReplies remembers the reply policies' decisions by the table: a
// decision depends on nothing else, and the forks meet the same tables
// again and again (the step a greedy enemy takes to see a model behind the
// rock is sought once, not on every fork).
type sweepReplies struct {
	memo map[string]sweepReply
	key  []byte
}

type sweepReply struct {
	cmd     game.Command
	charged bool
}

func (r *sweepReplies) tableKey(m *game.Match, charger bool) string {
	b := r.key[:0]
	f := func(x float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x)) }
	i := func(x int) { b = binary.LittleEndian.AppendUint32(b, uint32(int32(x))) }
	t := func(x bool) {
		if x {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	t(charger)
	t(m.UsedMove)
	t(m.Pending != nil)
	i(m.Turn)
	i(m.Up.Posse)
	i(m.Active)
	i(m.AP)
	f(m.RunLeft)
	for k := range m.Models {
		md := &m.Models[k]
		f(md.Pos.X)
		f(md.Pos.Y)
		f(md.Facing)
		i(md.Health.Damage)
		t(md.Health.ToughSpent)
		for _, n := range md.Health.Marked {
			i(n)
		}
		t(md.Activated)
		t(md.Moved)
		t(md.Overwatch)
		for _, e := range md.Empty {
			t(e)
		}
	}
	r.key = b
	return string(b)
}

// decide is the policy's command for the table, remembered.
func (r *sweepReplies) decide(m *game.Match, charger bool) (game.Command, bool) {
	k := r.tableKey(m, charger)
	if d, ok := r.memo[k]; ok {
		return d.cmd, d.charged
	}
	var d game.Decision
	charged := false
	if charger {
		d, _ = sweepCharge{&charged}.Decide(m)
	} else {
		d, _ = greedy{}.Decide(m)
	}
	c := sweepWalked(m, d.Command)
	r.memo[k] = sweepReply{c, charged}
	return c, charged
}

// sweepPlay plays plan on a fork with seed's dice, then the enemy's reply
// (every enemy model's activation to the end of the game turn) by the
// reply policy (greedy, or the charger), and returns the enemies removed
// less ours, counted and weighed by worth, and whether the charger charged.
func sweepPlay(t *testing.T, base *game.Match, plan *sweepPlan, seed uint64, charger bool, replies *sweepReplies) (count, weighed float64, charged bool) {
	t.Helper()
	f := base.Fork(rules.NewSeeded(seed))
	me := base.Active
	side := base.Models[me].Posse
	if _, err := f.Apply(plan.first); err != nil {
		t.Fatalf("plan %s: %v", plan.name, err)
	}
	if f.Active == me && !f.Over && f.AP > 0 && plan.then != nil {
		plan.then(f, me)
	}
	if f.Active == me && !f.Over {
		f.Apply(game.Command{Kind: game.CmdEnd, Model: me})
	}
	turn := f.Turn
	for steps := 0; steps < 60 && !f.Over && f.Turn == turn && f.Up.Posse != side; steps++ {
		c, ch := replies.decide(f, charger)
		charged = charged || ch
		if _, err := f.Apply(c); err != nil {
			t.Fatalf("reply %+v after %s: %v", c, plan.name, err)
		}
	}
	for i := range f.Models {
		if f.Models[i].Removed() && !base.Models[i].Removed() {
			s := 1.0
			if f.Models[i].Posse == side {
				s = -1
			}
			count += s
			weighed += s * worth(&base.Models[i])
		}
	}
	return count, weighed, charged
}

// sweepWeigh plays a plan on the forks under both reply policies. The
// charger's play is greedy's whenever it never charged, so greedy is
// played again only on the forks where it did.
func sweepWeigh(t *testing.T, base *game.Match, p *sweepPlan, replies *sweepReplies) {
	for k := range p.out {
		for j := range p.out[k] {
			p.out[k][j] = make([]float64, sweepBrawlForks)
		}
	}
	for i := range sweepBrawlForks {
		seed := uint64(i + 1)
		c, w, charged := sweepPlay(t, base, p, seed, true, replies)
		p.out[1][0][i], p.out[1][1][i] = c, w
		if charged {
			c, w, _ = sweepPlay(t, base, p, seed, false, replies)
		}
		p.out[0][0][i], p.out[0][1][i] = c, w
	}
}

// sweepDiff is the mean and standard error of a's outcome less b's, fork
// by fork (the same dice seeds).
func sweepDiff(a, b *sweepPlan, policy, measure int) (mean, se float64) {
	d := make([]float64, sweepBrawlForks)
	for i := range d {
		d[i] = a.out[policy][measure][i] - b.out[policy][measure][i]
	}
	return meanSE(d)
}

// sweepBest is the plan with the best mean count (worth breaking ties)
// among those ok accepts.
func sweepBest(plans []*sweepPlan, policy int, ok func(p *sweepPlan) bool) *sweepPlan {
	var best *sweepPlan
	for _, p := range plans {
		if !ok(p) {
			continue
		}
		if best == nil || p.mean(policy, 0) > best.mean(policy, 0)+1e-12 ||
			(math.Abs(p.mean(policy, 0)-best.mean(policy, 0)) <= 1e-12 && p.mean(policy, 1) > best.mean(policy, 1)) {
			best = p
		}
	}
	return best
}

// weigh plays the plan on the forks, or finds it played already (the
// same first command and follow-up).
func (o *sweepOracle) weigh(t *testing.T, m *game.Match, p *sweepPlan) *sweepPlan {
	t.Helper()
	k := cmdText(p.first) + "|" + p.cont
	if q, ok := o.done[k]; ok {
		return q
	}
	if err := m.Validate(p.first); err != nil {
		t.Fatalf("plan %s is refused: %v", p.name, err)
	}
	play := *p
	play.first = sweepWalked(m, p.first)
	sweepWeigh(t, m, &play, o.replies)
	p.out = play.out
	o.done[k] = p
	return p
}

// followUps are the plans that begin with first: after a brawl, brawl
// again or break off to a spot; after a Move, the best shot; after a
// Reload, brawl, or break off to a spot (and shoot with what it loaded).
func (o *sweepOracle) followUps(m *game.Match, me int, first game.Command, name string, spots []sweepSpot) []*sweepPlan {
	var out []*sweepPlan
	switch first.Kind {
	case game.CmdBrawl:
		out = append(out, &sweepPlan{name: name + " twice", class: "brawl", first: first, then: sweepBrawlAgain(first.Order), cont: "brawl"})
		for _, sp := range spots {
			out = append(out, &sweepPlan{name: fmt.Sprintf("%s, then break off to %s (%.1f, %.1f)", name, sp.label, sp.at.X, sp.at.Y), class: "brawl", first: first, then: sweepBreakOff(sp.at), cont: fmt.Sprint("off ", sp.at)})
		}
	case game.CmdReload:
		out = append(out, &sweepPlan{name: name + ", then brawl", class: "brawl", first: first, then: sweepBrawlAgain(m.EnemiesInContact(me)), cont: "brawl"})
		for _, sp := range spots {
			out = append(out, &sweepPlan{name: fmt.Sprintf("%s, then break off to %s (%.1f, %.1f)", name, sp.label, sp.at.X, sp.at.Y), class: "break off", first: first, then: sweepBreakOff(sp.at), cont: fmt.Sprint("off ", sp.at)})
		}
	case game.CmdMove, game.CmdRun:
		out = append(out, &sweepPlan{name: name + ", then the best shot", class: "break off", first: first, then: sweepShootOrEnd, cont: "shoot"})
	default:
		out = append(out, &sweepPlan{name: name, class: "stay", first: first, cont: "end"})
	}
	return out
}

// sweepBrawlOracle weighs the case's plans on the forks and says which
// kind of plan is clearly better, if one is.
func sweepBrawlOracle(t *testing.T, c brawlCase, s sided) *sweepOracle {
	t.Helper()
	m := s.m
	me := s.mine[0]
	foes := m.EnemiesInContact(me)
	o := &sweepOracle{spots: sweepSpots(m, me), replies: &sweepReplies{memo: map[string]sweepReply{}}, done: map[string]*sweepPlan{}}
	sweepShots.r.memo = map[string]sweepReply{}
	sweepCheckExact(t, c, m, me, foes, o.spots)
	// Brawling, then breaking off: to the spot out of sight, else the
	// farthest (a spot with a shot wastes it: the shot is spent already).
	var leave []sweepSpot
	for _, label := range []string{"out of sight", "the farthest"} {
		for _, sp := range o.spots {
			if sp.label == label && len(leave) == 0 {
				leave = append(leave, sp)
			}
		}
	}
	orders := [][]int{foes}
	if len(foes) == 2 {
		orders = append(orders, []int{foes[1], foes[0]})
	}
	var plans []*sweepPlan
	for _, order := range orders {
		brawl := game.Command{Kind: game.CmdBrawl, Model: me, Order: order}
		plans = append(plans, o.followUps(m, me, brawl, "brawl "+sweepNames(m, order), leave)...)
	}
	for _, sp := range o.spots {
		mv := game.Command{Kind: game.CmdMove, Model: me, To: ptr(sp.at)}
		plans = append(plans, o.followUps(m, me, mv, fmt.Sprintf("break off to %s (%.1f, %.1f)", sp.label, sp.at.X, sp.at.Y), nil)...)
	}
	plans = append(plans, o.followUps(m, me, game.Command{Kind: game.CmdEnd, Model: me}, "stay put", nil)...)
	md := &m.Models[me]
	for slot := range md.Profile.Weapons {
		if md.Empty[slot] {
			plans = append(plans, o.followUps(m, me, game.Command{Kind: game.CmdReload, Model: me, Slot: slot}, "reload", nil)...)
		}
	}
	for _, p := range plans {
		o.plans = append(o.plans, o.weigh(t, m, p))
	}
	var words []string
	for _, p := range o.plans {
		words = append(words, fmt.Sprintf("%s %+.3f/%+.3f", p.name, p.mean(0, 0), p.mean(1, 0)))
	}
	o.why = sweepExactWords(m, me, foes, o.spots) + "; removed, theirs less ours, with greedy/charging replies: " + strings.Join(words, "; ")
	kinds := [2]string{}
	for k := range 2 {
		best := sweepBest(o.plans, k, func(*sweepPlan) bool { return true })
		other := sweepBest(o.plans, k, func(p *sweepPlan) bool { return p.class != best.class })
		o.best[k], o.other[k], kinds[k] = best, other, best.class
		if other == nil {
			return o
		}
		dc, sc := sweepDiff(best, other, k, 0)
		dw, sw := sweepDiff(best, other, k, 1)
		o.why += fmt.Sprintf(". %s reply: %s beats %s by %.1f points (SE %.1f), by worth %+.3f (SE %.3f)",
			[]string{"greedy", "charging"}[k], best.name, other.name, 100*dc, 100*sc, dw, sw)
		if dc < 0.05 || dc <= 3*sc || dw <= 3*sw {
			return o
		}
	}
	if kinds[0] != kinds[1] {
		return o
	}
	if kinds[0] == "stay" {
		o.skip = "stay"
		return o
	}
	o.want = kinds[0]
	return o
}

// sweepCheckExact checks the forks against the exact odds: the first
// bout's chances to remove either fighter (one enemy in contact) and the
// parting shots' chance to remove the model breaking off.
func sweepCheckExact(t *testing.T, c brawlCase, m *game.Match, me int, foes []int, spots []sweepSpot) {
	t.Helper()
	if len(foes) != 1 || len(spots) == 0 {
		return
	}
	bo := m.BoutOdds(me, foes[0])
	leave := m.PartingShotOdds(me)[0].Odds.PRemoved
	var won, lost, fell float64
	for i := range sweepBrawlForks {
		f := m.Fork(rules.NewSeeded(uint64(1_000_000 + i)))
		f.Apply(game.Command{Kind: game.CmdBrawl, Model: me, Order: foes})
		if f.Models[foes[0]].Removed() {
			won++
		}
		if f.Models[me].Removed() {
			lost++
		}
		g := m.Fork(rules.NewSeeded(uint64(2_000_000 + i)))
		g.Apply(game.Command{Kind: game.CmdMove, Model: me, To: ptr(spots[0].at)})
		if g.Models[me].Removed() {
			fell++
		}
	}
	n := float64(sweepBrawlForks)
	for _, x := range []struct {
		what  string
		count float64
		p     float64
	}{{"the enemy falls in the first bout", won, bo.PDefenderRemoved}, {"the model falls in the first bout", lost, bo.PAttackerRemoved}, {"the parting shot removes the model", fell, leave}} {
		se := math.Sqrt(math.Max(x.p*(1-x.p), 1e-4) / n)
		if math.Abs(x.count/n-x.p) > 4.5*se {
			t.Errorf("%s: on the forks %s %.1f%% of the time, the exact odds say %.1f%%", c.name, x.what, 100*x.count/n, 100*x.p)
		}
	}
}

// sweepExactWords are the exact odds the plans are made of: each bout
// now, the parting shots, and at each spot the best shot from it and who
// sees it with his best shot at it.
func sweepExactWords(m *game.Match, me int, foes []int, spots []sweepSpot) string {
	var w []string
	for _, f := range foes {
		bo := m.BoutOdds(me, f)
		w = append(w, fmt.Sprintf("a bout with %s %.0f%% to remove him, %.0f%% to be removed", m.Models[f].Name, 100*bo.PDefenderRemoved, 100*bo.PAttackerRemoved))
	}
	leave := 1.0
	for _, o := range m.PartingShotOdds(me) {
		leave *= 1 - o.Odds.PRemoved
	}
	w = append(w, fmt.Sprintf("parting shots %.0f%% to remove him", 100*(1-leave)))
	md := &m.Models[me]
	for _, sp := range spots {
		var seen []string
		for _, f := range sp.seers {
			fm := &m.Models[f]
			best := bestShotAt(m, f, me, sp.at, md.Facing)
			seen = append(seen, fmt.Sprintf("%s (%.0f%% to remove him with a shot)", fm.Name, 100*best))
		}
		if len(seen) == 0 {
			seen = []string{"nobody"}
		}
		w = append(w, fmt.Sprintf("%s (%.1f, %.1f): %.0f%% to remove by a shot from it, seen by %s", sp.label, sp.at.X, sp.at.Y, 100*sp.shot, strings.Join(seen, " and ")))
	}
	return "exact: " + strings.Join(w, "; ")
}

func sweepNames(m *game.Match, ids []int) string {
	var names []string
	for _, id := range ids {
		names = append(names, m.Models[id].Name)
	}
	return strings.Join(names, " and ")
}

// sweepKind is the kind of an action.
func sweepKind(c game.Command) string {
	switch c.Kind {
	case game.CmdBrawl:
		return "brawl"
	case game.CmdMove, game.CmdRun:
		return "break off"
	}
	return "stay"
}

// sweepBrawlJudge lets the level decide the first action and checks it
// against the oracle. A Reload rolls no dice, so after one the level's
// second decision is its plan's next action, asked on a fork.
func sweepBrawlJudge(t *testing.T, c brawlCase, s sided, o *sweepOracle, level string) bool {
	t.Helper()
	m := s.m
	me := s.mine[0]
	player := controller(t, level, 1)
	d, ok := player.Decide(m)
	if !ok {
		t.Errorf("%s: %s makes no decision", c.name, level)
		return false
	}
	if err := m.Validate(d.Command); err != nil {
		t.Errorf("%s: %s decided %+v, which is refused: %v", c.name, level, d.Command, err)
		return false
	}
	// Its plan: its very command, with the best follow-up the oracle knows
	// (with the spots the oracle knows, and where it said it would go).
	var plans []*sweepPlan
	did := cmdText(d.Command)
	switch d.Command.Kind {
	case game.CmdReload:
		f := m.Fork(rules.NewSeeded(1))
		if _, err := f.Apply(d.Command); err != nil {
			t.Fatal(err)
		}
		next, ok := player.Decide(f)
		if !ok {
			t.Fatalf("%s: %s makes no second decision", c.name, level)
		}
		did += ", then " + cmdText(next.Command)
		p := &sweepPlan{name: "its reload, then " + string(next.Command.Kind), class: sweepKind(next.Command), first: d.Command, cont: cmdText(next.Command)}
		switch next.Command.Kind {
		case game.CmdBrawl:
			p.then = sweepBrawlAgain(next.Command.Order)
		case game.CmdMove, game.CmdRun:
			if next.Command.To != nil {
				p.then = sweepBreakOff(*next.Command.To)
			}
		}
		if p.then == nil && next.Command.Kind != game.CmdEnd {
			t.Fatalf("%s: %s's second action %s is not one this sweep plays", c.name, level, cmdText(next.Command))
		}
		plans = append(plans, p)
	default:
		plans = o.followUps(m, me, d.Command, "its "+string(d.Command.Kind), o.spots)
	}
	kind := plans[0].class
	fails := 0
	var words []string
	for k := range 2 {
		var its *sweepPlan
		for _, p := range plans {
			p = o.weigh(t, m, p)
			if its == nil || p.mean(k, 0) > its.mean(k, 0) {
				its = p
			}
		}
		ref := o.best[k] // of another kind, it must be as good as the best
		if kind == o.want {
			ref = o.other[k] // of the kind wanted, it must still beat the other kinds
		}
		dm, se := sweepDiff(its, ref, k, 0)
		words = append(words, fmt.Sprintf("%s reply: %s %+.3f against %s %+.3f (difference %.1f points, SE %.1f)",
			[]string{"greedy", "charging"}[k], its.name, its.mean(k, 0), ref.name, ref.mean(k, 0), 100*dm, 100*se))
		if dm < -3*se && (kind != o.want || dm <= -0.05) {
			fails++
		}
	}
	if fails == 2 {
		if kind == o.want {
			t.Errorf("%s: %s chose to %s (%s) as it should, but its plan is worse than the best plan of another kind: %s. It said: %s", c.name, level, kind, did, strings.Join(words, "; "), d.Why)
		} else {
			t.Errorf("%s: %s chose to %s (%s) where to %s is better: %s. It said: %s", c.name, level, kind, did, o.want, strings.Join(words, "; "), d.Why)
		}
		return false
	}
	t.Logf("%s: %s chose to %s: %s", c.name, level, kind, strings.Join(words, "; "))
	return true
}
