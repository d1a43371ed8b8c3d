package game

import (
	"fmt"
	"strings"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// shotKind is what kind of shooting attack is made.
type shotKind int

const (
	standardShot shotKind = iota
	blazeShot
	overwatchShot // a standard shot out of turn: no Aim, no Blaze (R32)
	spreadShot    // an extra Spread target: the Aim is for the primary only (R16, R20)
)

// shotSetup is a shot worked out before it is rolled: what a screen shows
// as the odds, and what Apply rolls.
type shotSetup struct {
	Pool     rules.Pool
	Band     rules.Band
	Distance float64
	Sight    board.Sight
	Aimed    bool
}

// ShotPreview sizes the pool a model would roll shooting target with the
// weapon in slot (what the odds on screen are computed from). blaze asks
// for Blaze Away.
func (m *Match) ShotPreview(shooter, slot, target int, blaze bool) (rules.Pool, error) {
	kind := standardShot
	if blaze {
		kind = blazeShot
	}
	s, err := m.setupShot(shooter, slot, target, kind, m.Models[target].Pos)
	return s.Pool, err
}

// setupShot checks a shot and sizes its pool (R14, R15). targetAt is where
// the target stands (an overwatch shot may catch it mid-move).
func (m *Match) setupShot(shooter, slot, target int, kind shotKind, targetAt Point) (shotSetup, error) {
	return m.setupShotFacing(shooter, slot, target, kind, targetAt, m.Models[target].Facing)
}

// fireSetup is the overwatcher's shot with the weapon in slot at the pending
// mover at inches along his path, turned the way he walks there, as the
// shot will be rolled (placeAlong turns him before the watcher fires: a
// mover walking away gives the back-shot die).
func (m *Match) fireSetup(watcher, slot int, at float64) (s shotSetup, err error) {
	in := m.Pending
	m.asWalkedTo(in.Path, in.Progress, at, func() {
		s, err = m.setupShotFacing(watcher, slot, in.Mover, overwatchShot, board.PointAlong(in.Path, at), m.facingAlong(in.Mover, in.Path, at))
	})
	return s, err
}

// facingAlong is the way a mover faces at inches along his path: the way he
// walks there (placeAlong turns him so), or as he stands on an empty path.
// The marked stretches, the Fire check, the odds and the roll all take it
// from here, so they agree on the back-shot die.
func (m *Match) facingAlong(mover int, path []Point, at float64) float64 {
	if h, ok := headingAt(path, at); ok {
		return h
	}
	return m.Models[mover].Facing
}

// markedFacing is the way the mover faces where the stretches of his path
// are marked and a Fire is checked: from edition 4 the way he walks there,
// as the shot is rolled; before, as he stands.
func (m *Match) markedFacing(mover int, path []Point, at float64) float64 {
	if m.Edition() >= Edition4 {
		return m.facingAlong(mover, path, at)
	}
	return m.Models[mover].Facing
}

// setupShotFacing is setupShot with the target facing the given way.
func (m *Match) setupShotFacing(shooter, slot, target int, kind shotKind, targetAt Point, facing float64) (shotSetup, error) {
	if err := m.checkArms(shooter, slot, target, false); err != nil {
		return shotSetup{}, err
	}
	sm, tm := &m.Models[shooter], &m.Models[target]
	// Most shots a player or the computer weighs are out of sight: asked
	// first, that is cheaper than the whole sight.
	if !m.Board.SeesAny(sm.Pos, targetAt, m.sightRules()) {
		return shotSetup{}, reasonf("%s cannot see %s (R6)", word(sm.Name), word(tm.Name))
	}
	sight := m.LineOfSight(sm.Pos, targetAt)
	q := m.shotQuery(shooter, slot, target, kind, targetAt)
	q.TargetFacing = facing
	pool, band, err := m.sizeShot(q, &sight)
	if err != nil {
		return shotSetup{}, err
	}
	return shotSetup{Pool: pool, Band: band, Distance: sight.Distance, Sight: sight, Aimed: q.Aimed}, nil
}

// shotQuery is the shot of kind by shooter with the weapon in slot at
// target standing at targetAt, all but the sight.
func (m *Match) shotQuery(shooter, slot, target int, kind shotKind, targetAt Point) ShotQuery {
	sm, tm := &m.Models[shooter], &m.Models[target]
	return ShotQuery{Shooter: shooter, Slot: slot, Target: target, From: sm.Pos, At: targetAt,
		ShooterMoved: kind != overwatchShot && sm.Moved, TargetMoved: tm.Moved, TargetFacing: tm.Facing,
		Blaze: kind == blazeShot, Aimed: kind == standardShot && sm.AimAt == target, later: kind == spreadShot}
}

// checkArms checks that shooter may shoot target with the weapon in slot,
// wherever they stand: an enemy in play, a loaded gun (unless
// assumeLoaded: a look-ahead past a Reload).
func (m *Match) checkArms(shooter, slot, target int, assumeLoaded bool) error {
	sm := &m.Models[shooter]
	if err := m.checkModel(target); err != nil {
		return err
	}
	tm := &m.Models[target]
	if tm.Posse == sm.Posse {
		return reasonf("%s will not shoot at %s: same posse", word(sm.Name), word(tm.Name))
	}
	w, ok := sm.Weapon(slot)
	if !ok {
		return fmt.Errorf("%s has no weapon in slot %d", sm.Name, slot+1)
	}
	spec, _ := w.Spec()
	if !spec.CanShoot() {
		return reasonf("%s's %s does not shoot", word(sm.Name), word(spec.Name))
	}
	if sm.Empty[slot] && !assumeLoaded {
		return reasonf("%s's %s is out of ammo: Reload first (R19)", word(sm.Name), word(spec.Name))
	}
	return nil
}

// sizeShot sizes the pool of a shot seen along sight (R14, R15).
func (m *Match) sizeShot(q ShotQuery, sight *board.Sight) (rules.Pool, rules.Band, error) {
	sm := &m.Models[q.Shooter]
	w, _ := sm.Weapon(q.Slot)
	band, _ := rules.BandFor(sight.Distance)
	shot := rules.Shot{
		Weapon:        w,
		Band:          band,
		Tier:          sm.Profile.Tier,
		Blaze:         q.Blaze,
		AttackerMoved: q.ShooterMoved,
		TargetMoved:   q.TargetMoved,
		Cover:         coverClass(*sight),
		BackShot:      board.BackShot(q.From, q.At, q.TargetFacing),
		Marksman:      sm.Profile.IsMarksmanWith(w),
		Injured:       m.injuries(q.Shooter).Dice,
		Aimed:         q.Aimed,
	}
	pool, err := rules.ShotPool(shot)
	if err != nil {
		return rules.Pool{}, band, reasonf("%s: %s", word(sm.Name), cause(err))
	}
	m.roundPoolModifiers(q.Shooter, &pool, !q.later) // round effects (R38), roundeffects.go
	return pool, band, nil
}

// LineOfSight answers R6 and R7 from a shooter's base centre to a
// target's under the match's rules edition: what a shot here would see.
// Screens showing cover should ask this rather than the board.
func (m *Match) LineOfSight(shooter, target Point) board.Sight {
	return m.Board.LineOfSightRules(shooter, target, m.sightRules())
}

// sightRules is how the match's rules edition reads line of sight.
func (m *Match) sightRules() board.SightRules {
	return board.SightRules{NearBlockersNoCover: m.Edition() >= Edition2}
}

// coverClass maps the board's cover material to the rules' class (R7).
func coverClass(s board.Sight) rules.Cover {
	if !s.InCover {
		return rules.NoCover
	}
	switch s.Cover {
	case board.Stone:
		return rules.StoneCover
	case board.Wood:
		return rules.WoodCover
	}
	return rules.NoCover
}

// fire rolls a set-up shot and marks its wounds.
func (m *Match) fire(shooter, slot, target int, s shotSetup, what string) {
	sm, tm := &m.Models[shooter], &m.Models[target]
	res := rules.Shoot(m.dice, &s.Pool) // Up, Down in the pool's Keep (R38)
	w, _ := sm.Weapon(slot)
	text := fmt.Sprintf("%s %s %s with the %s at %s (%s): %s; rolls %s: %s.", sm.Name, what, tm.Name, w,
		inchesText(s.Distance), s.Band, s.Pool.Explain(), facesText(res.Roll.Faces), hitsText(res.Hits))
	m.emit(Event{Kind: EvShot, Model: shooter, Target: target, Distance: s.Distance, Pool: poolInfo(&s.Pool),
		Faces: res.Roll.Faces, Dropped: res.Roll.Dropped, Hits: res.Hits, Text: text + droppedText(res.Roll)})
	m.roundRolled(shooter, res.Hits)
	for i := 0; i < res.Hits; i++ {
		m.roundHarm(shooter, target, m.wound(target, rules.RollWound(m.dice), sm.Name)) // edition 3 (R49)
	}
}

// spendAmmo marks a weapon Out of Ammo after firing when the rules say so (R19).
func (m *Match) spendAmmo(shooter, slot int, blaze bool) {
	sm := &m.Models[shooter]
	if w, _ := sm.Weapon(slot); rules.EmptyAfter(w, blaze) && !sm.Removed() {
		sm.Empty[slot] = true
		m.emit(Event{Kind: EvOutOfAmmo, Model: shooter, Text: fmt.Sprintf("%s's %s is out of ammo (R19).", sm.Name, w)})
	}
}

// wound marks one rolled wound on a model and removes it at 0 HP (R28, R29).
func (m *Match) wound(id int, w rules.Wound, by string) rules.Marking {
	if m.Models[id].Removed() {
		return rules.Marking{}
	}
	mk := m.Models[id].Health.Take(w)
	m.reportMarking(id, mk, by)
	return mk
}

// remove takes a fallen model off the table. Its Overwatch and Aim markers
// go with it; its lit fuses stay (R24, R29).
func (m *Match) remove(id int, by string) {
	md := &m.Models[id]
	md.Overwatch = false
	md.AimAt = -1
	m.emit(Event{Kind: EvRemoved, Model: id, Text: fmt.Sprintf("%s falls and is removed from play.", md.Name)})
	for i := range m.Models {
		if m.Models[i].AimAt == id {
			m.loseAim(i, "has nobody left to aim at")
		}
	}
}

func facesText(faces []int) string {
	if len(faces) == 0 {
		return "no dice"
	}
	parts := make([]string, len(faces))
	for i, f := range faces {
		parts[i] = fmt.Sprint(f)
	}
	return strings.Join(parts, " ")
}

func hitsText(n int) string {
	switch n {
	case 0:
		return "a miss"
	case 1:
		return "a hit"
	}
	return fmt.Sprintf("%d hits", n)
}

// loseAim removes a model's Aim marker (R16).
func (m *Match) loseAim(id int, why string) {
	md := &m.Models[id]
	if md.AimAt < 0 {
		return
	}
	target := md.AimAt
	md.AimAt = -1
	m.emit(Event{Kind: EvAimLost, Model: id, Target: target, Text: fmt.Sprintf("%s loses his aim: he %s (R16).", md.Name, why)})
}

// checkAimsOn removes the Aim markers on a mover whose aimer loses sight of
// it anywhere between from and to inches along its path (R16).
func (m *Match) checkAimsOn(mover int, path []Point, from, to float64) {
	const step = 0.1
	for i := range m.Models {
		aimer := &m.Models[i]
		if aimer.AimAt != mover || aimer.Removed() {
			continue
		}
		for s := from; ; s += step {
			if s > to {
				s = to
			}
			if !m.Board.Visible(aimer.Pos, board.PointAlong(path, s)) {
				m.loseAim(i, fmt.Sprintf("lost sight of %s", m.Models[mover].Name))
				break
			}
			if s >= to {
				break
			}
		}
	}
}

// checkAimsSeen removes Aim markers whose target can no longer be seen
// (after a door closes) (R16).
func (m *Match) checkAimsSeen() {
	for i := range m.Models {
		aimer := &m.Models[i]
		if aimer.AimAt >= 0 && !m.Board.Visible(aimer.Pos, m.Models[aimer.AimAt].Pos) {
			m.loseAim(i, "lost sight of "+m.Models[aimer.AimAt].Name)
		}
	}
}

// overwatchShot is an overwatcher's one standard shot at a mover (R32).
func (m *Match) overwatchShot(watcher, slot, mover int, luck bool) {
	wm := &m.Models[watcher]
	wm.Overwatch = false
	m.loseAim(watcher, "fires from Overwatch")
	s, err := m.setupShot(watcher, slot, mover, overwatchShot, m.Models[mover].Pos)
	if err != nil {
		// Validated when the shot was chosen; the table cannot have changed
		// since but for the mover's own position, which Fire checked.
		m.emit(Event{Kind: EvShotWasted, Model: watcher, Target: mover, Text: fmt.Sprintf("%s cannot take the shot: %v.", wm.Name, err)})
		return
	}
	if s.Pool.Impossible {
		m.emit(Event{Kind: EvShotWasted, Model: watcher, Target: mover, Text: fmt.Sprintf("%s fires from Overwatch, but %s.", wm.Name, s.Pool.Why)})
		return
	}
	if luck { // declared with Fire (R41, edition 3)
		m.spendLuck(watcher, &s.Pool, "the shot at "+m.Models[mover].Name)
	}
	m.fire(watcher, slot, mover, s, "fires from Overwatch at")
	m.spendAmmo(watcher, slot, false)
	m.emit(Event{Kind: EvOverwatchEnded, Model: watcher, Text: wm.Name + "'s Overwatch is spent."})
}

// partingShot is an enemy's free attack on a model disengaging from it (R13).
func (m *Match) partingShot(enemy, fleeing int) {
	em, fm := &m.Models[enemy], &m.Models[fleeing]
	pool := rules.PartingShotPool(em.Profile.HasMeleeWeapon())
	res := rules.Shoot(m.dice, &pool)
	m.emit(Event{Kind: EvPartingShot, Model: enemy, Target: fleeing, Pool: poolInfo(&pool), Faces: res.Roll.Faces, Hits: res.Hits,
		Text: fmt.Sprintf("%s takes a parting shot at %s: %s; rolls %s: %s (R13).", em.Name, fm.Name, pool.Explain(), facesText(res.Roll.Faces), hitsText(res.Hits))})
	if res.Hits > 0 {
		m.roundHarm(enemy, fleeing, m.wound(fleeing, rules.RollWound(m.dice), em.Name)) // edition 3 (R49)
	}
}

// brawlPool is a model's brawl pool (R27).
func (m *Match) brawlPool(id int) rules.Pool { return m.brawlPoolFor(id, true) }

// brawlPoolFor is a model's brawl pool for one of its bouts: first says
// whether it is the first roll of its action, which alone takes Stymied
// under edition 3 (R43).
func (m *Match) brawlPoolFor(id int, first bool) rules.Pool {
	md := &m.Models[id]
	stats := rules.BrawlStatsOf(md.Profile)
	stats.Injured = m.injuries(id).Dice
	p := rules.BrawlPool(stats)
	m.roundPoolModifiers(id, &p, first) // round effects (R38), roundeffects.go
	return p
}

// brawl fights the active model against every enemy in contact in the
// chosen order (R27, 7.6).
func (m *Match) brawl(id int, order []int) {
	md := &m.Models[id]
	ap := m.brawlPool(id)
	active := rules.Fighter{Name: md.Name, Pool: ap, Health: &md.Health, Keep: ap.Keep}
	opponents := make([]rules.Fighter, len(order))
	for i, e := range order {
		em := &m.Models[e]
		op := m.brawlPool(e)
		opponents[i] = rules.Fighter{Name: em.Name, Pool: op, Health: &em.Health, Keep: op.Keep}
	}
	m.fightBouts(id, order, active, opponents)
}

// fightBouts rolls a brawl's bouts and reports them (R27).
func (m *Match) fightBouts(id int, order []int, active rules.Fighter, opponents []rules.Fighter) {
	md := &m.Models[id]
	for _, e := range order {
		m.loseAim(e, "is forced to brawl")
	}
	bouts := rules.Brawl(m.dice, active, opponents)
	defer m.roundBrawled(id, order, bouts) // round effects (R38), roundeffects.go
	for _, b := range bouts {
		e := order[b.Opponent]
		em := &m.Models[e]
		ap := active.Pool
		if b.Opponent < len(active.PerBout) {
			ap = active.PerBout[b.Opponent]
		}
		faces := append(append([]int(nil), b.AttackerRoll.Faces...), b.DefenderRoll.Faces...)
		m.emit(Event{Kind: EvBrawl, Model: id, Target: e, Faces: faces, Order: []int{len(b.AttackerRoll.Faces), len(b.DefenderRoll.Faces)},
			Bout:    b.Outcome,
			Dropped: append(append([]int(nil), b.AttackerRoll.Dropped...), b.DefenderRoll.Dropped...), // Up, Down (R38)
			Text: fmt.Sprintf("%s brawls %s: %s against %s; %s rolls %s, %s rolls %s: %s.", md.Name, em.Name,
				ap.Explain(), opponents[b.Opponent].Pool.Explain(), md.Name, facesText(b.AttackerRoll.Faces),
				em.Name, facesText(b.DefenderRoll.Faces), b.Outcome)})
		for _, w := range b.DefenderWounds {
			m.reportMarking(e, w, md.Name)
			m.roundHarm(id, e, w) // edition 3 (R49)
		}
		for _, w := range b.AttackerWounds {
			m.reportMarking(id, w, em.Name)
			m.roundHarm(e, id, w)
		}
	}
}

// reportMarking reports a wound the rules have already marked (brawls mark
// both sides of a Bloody Draw together, P3).
func (m *Match) reportMarking(id int, mark rules.Marking, by string) {
	md := &m.Models[id]
	w := mark.Wound
	text := fmt.Sprintf("%s is hit in the %s (location %d, severity %d): %s.", md.Name, w.Location, w.LocationDie, w.SeverityDie, strings.ToLower(w.Kind()))
	if mark.ToughSave {
		text += " Tough: it is not marked (R28)."
	} else {
		text += fmt.Sprintf(" %d HP left.", max(mark.HPLeft, 0))
	}
	m.emit(Event{Kind: EvWound, Model: id, Faces: []int{w.LocationDie, w.SeverityDie}, Wound: woundInfo(mark), Text: text})
	if mark.Removed {
		m.remove(id, by)
	}
}
