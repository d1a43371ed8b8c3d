package game

import (
	"errors"
	"fmt"
	"math"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// Validate says whether a command may be applied now, and if not, why, in
// words a player understands. It changes nothing.
func (m *Match) Validate(c Command) error {
	_, err := m.check(c)
	return err
}

// plan is a validated command with what validation worked out.
type plan struct {
	walk  walk
	shot  shotSetup
	extra []shotSetup
	throw board.Throw
	order []int
	door  *board.Feature
	at    float64
}

// Apply validates a command and carries it out, returning the events it
// caused. A refused command changes nothing and rolls nothing.
func (m *Match) Apply(c Command) ([]Event, error) {
	p, err := m.check(c)
	if err != nil {
		return nil, err
	}
	start, rolls := len(m.events), m.dice.rolls
	m.commands = append(m.commands, cloneCommand(c))
	m.do(c, p)
	m.checks = append(m.checks, m.stepCheck())
	if m.dice.rolls != rolls {
		m.lastRoll = len(m.commands)
	}
	return m.events[start:len(m.events):len(m.events)], nil
}

func cloneCommand(c Command) Command {
	c.Path = append([]Point(nil), c.Path...)
	c.Extra = append([]int(nil), c.Extra...)
	c.Order = append([]int(nil), c.Order...)
	if c.To != nil {
		c.To = ptr(*c.To)
	}
	return c
}

func (m *Match) checkModel(id int) error {
	if id < 0 || id >= len(m.Models) {
		return fmt.Errorf("there is no model %d", id)
	}
	if m.Models[id].Removed() {
		return reasonf("%s is out of play", word(m.Models[id].Name))
	}
	return nil
}

// actionCost is what each action spends (5.1).
var actionCost = map[CommandKind]int{
	CmdMove: 1, CmdRun: 2, CmdShoot: 1, CmdAim: 1, CmdBlaze: 1, CmdOverwatch: 1,
	CmdThrow: 1, CmdReload: 1, CmdBrawl: 1, CmdInteract: 1,
	CmdRefocus: 1, // card stacks (R35)
}

// shootingActions are barred while engaged (R12).
var shootingActions = map[CommandKind]string{
	CmdShoot: "Shoot", CmdAim: "Aim", CmdBlaze: "Blaze Away", CmdOverwatch: "go on Overwatch", CmdThrow: "Throw Dynamite",
}

func (m *Match) check(c Command) (plan, error) {
	var p plan
	if m.Over {
		return p, errors.New("the match is over")
	}
	if in := m.Pending; in != nil {
		wm := &m.Models[in.Watcher]
		switch {
		case c.Kind != CmdFire && c.Kind != CmdHold:
			return p, reasonf("%s must first fire or hold at %s (R32)", word(wm.Name), word(m.Models[in.Mover].Name))
		case c.Model != in.Watcher:
			return p, reasonf("it is %s who may fire now", word(wm.Name))
		case c.Kind == CmdHold:
			return p, m.checkLuck(c, &p)
		}
		p, err := m.checkFire(c)
		if err == nil {
			err = m.checkLuck(c, &p) // edition 3 (R41), edition3.go
		}
		return p, err
	}
	if m.Defence != nil { // a brawl's defenders are asked about Luck (R41), edition3.go
		return p, m.checkDefend(c)
	}
	if c.Kind == CmdDefend {
		return p, errors.New("nobody is being asked about Luck in a brawl")
	}
	if c.Kind == CmdFire || c.Kind == CmdHold {
		return p, errors.New("nobody is moving through an Overwatch arc")
	}
	if handled, err := m.methodGate(c); handled { // the seeds' methods' decisions (initiative_hooks.go)
		return p, err
	}
	if c.Kind == CmdActivate {
		return p, m.checkActivate(c.Model)
	}
	if m.Active < 0 {
		return p, reasonf("choose a model of %s to activate first", word(m.Posses[m.Up.Posse].Name))
	}
	if c.Model != m.Active {
		if c.Model >= 0 && c.Model < len(m.Models) {
			return p, reasonf("it is %s's activation, not %s's", word(m.Models[m.Active].Name), word(m.Models[c.Model].Name))
		}
		return p, reasonf("it is %s's activation", word(m.Models[m.Active].Name))
	}
	md := &m.Models[c.Model]
	if m.RunLeft > 0 && c.Kind != CmdRunTo && c.Kind != CmdFace && c.Kind != CmdEnd {
		return p, reasonf("%s has rolled a Run of %s: choose where to run", word(md.Name), inches(m.RunLeft))
	}
	if cost := actionCost[c.Kind]; cost > m.AP {
		if c.Kind == CmdRun {
			return p, reasonf("%s cannot Run: a Run takes both actions (R9)", word(md.Name))
		}
		return p, reasonf("%s has no action points left", word(md.Name))
	}
	if what, ok := shootingActions[c.Kind]; ok && m.Engaged(c.Model) {
		return p, reasonf("%s is engaged in a brawl and cannot %s (R12)", word(md.Name), word(what))
	}
	var err error
	switch c.Kind {
	case CmdMove:
		if m.UsedMove {
			return p, reasonf("%s has already moved this activation (R9)", word(md.Name))
		}
		p.walk, err = m.planWalk(c.Model, c, m.moveAllowance(c.Model))
	case CmdRun:
		if m.UsedMove {
			return p, reasonf("%s has already moved this activation (R9)", word(md.Name))
		}
		if m.edition3() && m.attackedThisActivation(c.Model) {
			return p, reasonf("%s has already shot, aimed or brawled this activation: he cannot Run as well, even with an extra action point", word(md.Name))
		}
	case CmdRunTo:
		if m.RunLeft <= 0 {
			return p, reasonf("%s has not declared a Run", word(md.Name))
		}
		p.walk, err = m.planWalk(c.Model, c, m.RunLeft)
	case CmdFace:
		if !finite(c.Facing) {
			return p, errors.New("that is not a direction")
		}
	case CmdShoot:
		p.shot, p.extra, err = m.checkShoot(c)
	case CmdBlaze:
		p.shot, err = m.setupShot(c.Model, c.Slot, c.Target, blazeShot, m.targetPos(c.Target))
		if err == nil && p.shot.Pool.Impossible && !m.Scenario.Options.DeadReckoning {
			err = reasonf("%s cannot Blaze Away at %s: %s", word(md.Name), word(m.Models[c.Target].Name), word(p.shot.Pool.Why))
		}
	case CmdAim:
		err = m.checkAim(c)
	case CmdOverwatch:
		if !finite(c.Facing) {
			return p, errors.New("that is not a direction")
		}
		if m.overwatchRange(c.Model) <= 0 {
			return p, reasonf("%s has no loaded gun to cover an arc with", word(md.Name))
		}
	case CmdThrow:
		if md.Sticks <= 0 {
			return p, reasonf("%s has no dynamite left", word(md.Name))
		}
		if c.To == nil || !finite(c.To.X) || !finite(c.To.Y) {
			return p, errors.New("say where the stick should land")
		}
		p.throw, err = m.Board.CheckThrow(md.Pos, *c.To)
		if err != nil {
			err = reasonf("%s cannot throw there: %s", word(md.Name), cause(err))
		}
	case CmdReload:
		w, ok := md.Weapon(c.Slot)
		switch {
		case !ok:
			err = fmt.Errorf("%s has no weapon in slot %d", md.Name, c.Slot+1)
		case !md.Empty[c.Slot]:
			err = reasonf("%s's %s is not out of ammo", word(md.Name), word(w.String()))
		}
	case CmdBrawl:
		p.order, err = m.checkBrawl(c)
	case CmdInteract:
		p.door, err = m.checkInteract(c)
	case CmdRefocus:
		err = m.checkRefocus(c)
	case CmdEnd:
	default:
		return p, fmt.Errorf("unknown command %q", c.Kind)
	}
	if err == nil {
		err = m.checkLuck(c, &p) // edition 3 (R41), edition3.go
	}
	return p, err
}

func (m *Match) targetPos(id int) Point {
	if id < 0 || id >= len(m.Models) {
		return Point{}
	}
	return m.Models[id].Pos
}

func (m *Match) checkActivate(id int) error {
	if m.Active >= 0 {
		return reasonf("%s is still activating: finish or end that activation first", word(m.Models[m.Active].Name))
	}
	if err := m.checkModel(id); err != nil {
		return err
	}
	md := &m.Models[id]
	switch {
	case md.Posse != m.Up.Posse:
		return reasonf("it is %s turn, not %s", word(possessive(m.Posses[m.Up.Posse].Name)), word(possessive(m.Posses[md.Posse].Name)))
	case m.Up.Model >= 0 && m.Up.Model != id:
		return reasonf("initiative gives this activation to %s", word(m.Models[m.Up.Model].Name))
	case !m.mayActivate(id): // the token stack lets a model act again (R37)
		return reasonf("%s has already acted this game turn", word(md.Name))
	}
	return nil
}

func (m *Match) checkShoot(c Command) (shotSetup, []shotSetup, error) {
	md := &m.Models[c.Model]
	s, err := m.setupShot(c.Model, c.Slot, c.Target, standardShot, m.targetPos(c.Target))
	if err != nil {
		return s, nil, err
	}
	if s.Pool.Impossible && !m.Scenario.Options.DeadReckoning {
		return s, nil, reasonf("%s cannot hit %s from there: %s", word(md.Name), word(m.Models[c.Target].Name), word(s.Pool.Why))
	}
	w, _ := md.Weapon(c.Slot)
	spec, _ := w.Spec()
	if len(c.Extra) > spec.Spread {
		if spec.Spread == 0 {
			return s, nil, reasonf("a %s has no Spread: one target only (R20)", word(spec.Name))
		}
		return s, nil, fmt.Errorf("a %s may add at most %d extra targets (R20)", spec.Name, spec.Spread)
	}
	var extra []shotSetup
	seen := map[int]bool{c.Target: true}
	for _, e := range c.Extra {
		if seen[e] {
			return s, nil, errors.New("each target may be named once")
		}
		seen[e] = true
		es, err := m.setupShot(c.Model, c.Slot, e, spreadShot, m.targetPos(e))
		if err != nil {
			return s, nil, err
		}
		if d := board.Distance(m.Models[c.Target].Pos, m.Models[e].Pos); d > float64(spec.Spread) {
			return s, nil, fmt.Errorf("%s is %s from %s; Spread reaches %d\" (R20)", m.Models[e].Name, inchesText(d), m.Models[c.Target].Name, spec.Spread)
		}
		if es.Pool.Impossible && !m.Scenario.Options.DeadReckoning {
			return s, nil, reasonf("%s cannot hit %s from there: %s", word(md.Name), word(m.Models[e].Name), word(es.Pool.Why))
		}
		extra = append(extra, es)
	}
	return s, extra, nil
}

func (m *Match) checkAim(c Command) error {
	md := &m.Models[c.Model]
	if err := m.checkModel(c.Target); err != nil {
		return err
	}
	tm := &m.Models[c.Target]
	if tm.Posse == md.Posse {
		return reasonf("%s will not aim at %s: same posse", word(md.Name), word(tm.Name))
	}
	if !m.Board.Visible(md.Pos, tm.Pos) {
		return reasonf("%s cannot see %s (R6)", word(md.Name), word(tm.Name))
	}
	for slot, w := range md.Profile.Weapons {
		if spec, _ := w.Spec(); spec.AimBonus > 0 && !md.Empty[slot] {
			return nil
		}
	}
	return reasonf("%s has no loaded weapon to aim (R16)", word(md.Name))
}

func (m *Match) checkBrawl(c Command) ([]int, error) {
	md := &m.Models[c.Model]
	engaged := m.engagedWith(c.Model)
	if len(engaged) == 0 {
		return nil, reasonf("%s is not in base contact with an enemy (R12)", word(md.Name))
	}
	if len(c.Order) == 0 {
		return engaged, nil
	}
	if len(c.Order) != len(engaged) {
		return nil, fmt.Errorf("%s must fight all %d enemies in contact (7.6)", md.Name, len(engaged))
	}
	want := map[int]bool{}
	for _, e := range engaged {
		want[e] = true
	}
	for _, e := range c.Order {
		if !want[e] {
			return nil, fmt.Errorf("the brawl order must name each enemy in contact once")
		}
		delete(want, e)
	}
	return c.Order, nil
}

// interactReach is how close a base centre must be to a door to work it.
const interactReach = 1.0

func (m *Match) checkInteract(c Command) (*board.Feature, error) {
	md := &m.Models[c.Model]
	if c.Objective != "" { // loot (objective.go)
		return nil, m.checkPickUp(c)
	}
	f, ok := m.Board.FeatureByID(c.Door)
	if !ok || f.Kind != board.Door {
		return nil, fmt.Errorf("there is no door %d", c.Door)
	}
	if d := distToFeature(md.Pos, f); d > interactReach {
		return nil, reasonf("%s is %s from the %s: get within %s", word(md.Name), inches(d), word(f.Label()), inches(interactReach))
	}
	if c.Open == f.Open && !f.Locked {
		state := "closed"
		if f.Open {
			state = "open"
		}
		return nil, reasonf("the %s is already %s", word(f.Label()), word(state))
	}
	if !c.Open {
		for i := range m.Models {
			if o := &m.Models[i]; !o.Removed() && distToFeature(o.Pos, f) < board.BaseRadius {
				return nil, reasonf("%s stands in the doorway", word(o.Name))
			}
		}
	}
	return f, nil
}

// DoorsInReach lists the map object ids of the doors a model can work
// with Interact from where it stands (ruling G5).
func (m *Match) DoorsInReach(id int) []int {
	var out []int
	for i := range m.Board.Features {
		if f := &m.Board.Features[i]; f.Kind == board.Door && distToFeature(m.Models[id].Pos, f) <= interactReach {
			out = append(out, f.ID)
		}
	}
	return out
}

// distToFeature is the distance from p to a feature's outline.
func distToFeature(p Point, f *board.Feature) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(f.Points); i++ {
		best = math.Min(best, distPointSegment(p, f.Points[i], f.Points[i+1]))
	}
	if len(f.Points) == 1 {
		best = p.Dist(f.Points[0])
	}
	return best
}

func distPointSegment(p, a, b Point) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return p.Dist(a)
	}
	t := math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
	return p.Dist(a.Add(ab.Scale(t)))
}

func (m *Match) checkFire(c Command) (plan, error) {
	var p plan
	in := m.Pending
	wm := &m.Models[c.Model]
	ok := false
	for _, s := range in.Chances() {
		if c.At >= math.Max(s.From, in.Progress)-1e-9 && c.At <= s.To+1e-9 {
			ok = true
		}
	}
	if !ok {
		return p, reasonf("%s cannot see %s there: fire within the marked stretch of the path (R32)", word(wm.Name), word(m.Models[in.Mover].Name))
	}
	var s shotSetup
	var err error
	m.asWalkedTo(in.Path, in.Progress, c.At, func() {
		s, err = m.setupShotFacing(c.Model, c.Slot, in.Mover, overwatchShot, board.PointAlong(in.Path, c.At), m.markedFacing(in.Mover, in.Path, c.At))
	})
	if err != nil {
		return p, err
	}
	if s.Pool.Impossible {
		return p, reasonf("%s cannot hit %s there: %s", word(wm.Name), word(m.Models[in.Mover].Name), word(s.Pool.Why))
	}
	p.at = c.At
	return p, nil
}

// do carries out a validated command.
func (m *Match) do(c Command, p plan) {
	if in := m.Pending; in != nil {
		for i := range in.Watchers {
			w := &in.Watchers[i]
			if w.Model != c.Model {
				continue
			}
			if c.Kind == CmdHold {
				w.Resolved = true
				m.emit(Event{Kind: EvHeld, Model: c.Model, Target: in.Mover, Text: fmt.Sprintf("%s holds his fire.", m.Models[c.Model].Name)})
			} else {
				w.Planned, w.Slot, w.Luck = p.at, c.Slot, c.Luck
			}
		}
		m.Pending = nil
		m.continueWalk(in)
		return
	}
	if c.Kind == CmdDefend { // a defender's Luck (R41), edition3.go
		m.defend(c)
		return
	}
	if m.doMethodCommand(c) { // act now, wait, restack (initiative_hooks.go)
		return
	}
	if c.Kind == CmdActivate {
		m.activate(c.Model)
		return
	}
	md := &m.Models[c.Model]
	// Any action but the aimed Shoot takes the Aim marker off (R16).
	if cost := actionCost[c.Kind]; cost > 0 && !(c.Kind == CmdShoot && c.Target == md.AimAt) && c.Kind != CmdAim {
		m.loseAim(c.Model, "does something else")
	}
	m.AP -= actionCost[c.Kind]
	switch c.Kind {
	case CmdMove:
		m.UsedMove = true
		m.startWalk(c.Model, p.walk, false)
		return
	case CmdRun:
		m.UsedMove = true
		roll := rules.RollRun(m.dice)
		m.RunLeft = m.slowed(c.Model, rules.RunDistance(roll, md.Profile.Skills.Has(rules.Fast), m.injuries(c.Model))) // a carrier's load (objective.go)
		m.emit(Event{Kind: EvRunRolled, Model: c.Model, Faces: roll.Faces, Distance: m.RunLeft,
			Text: fmt.Sprintf("%s runs: rolls %s: %s to run (R9).", md.Name, facesText(roll.Faces), inchesText(m.RunLeft))})
		if !m.edition3() { // edition 3: a Maneuver when the Run is walked (R42)
			m.roundApproved(c.Model, rules.ApprovedManeuver) // round effects (R38)
		}
		if m.RunLeft <= 0 {
			m.endActivation()
		}
		return
	case CmdRunTo:
		m.RunLeft = 0
		m.startWalk(c.Model, p.walk, true)
		return
	case CmdFace:
		md.Facing = c.Facing
		m.emit(Event{Kind: EvFaced, Model: c.Model, Text: fmt.Sprintf("%s turns.", md.Name)})
		return
	case CmdShoot, CmdBlaze:
		verb := "shoots at"
		if c.Kind == CmdBlaze {
			verb = "blazes away at"
		}
		m.shootAll(c, p, verb)
	case CmdAim:
		md.AimAt = c.Target
		m.emit(Event{Kind: EvAimed, Model: c.Model, Target: c.Target, Text: fmt.Sprintf("%s takes aim at %s (R16).", md.Name, m.Models[c.Target].Name)})
		m.methodAimed(c.Model) // card stacks push the top card (R35)
	case CmdRefocus:
		m.method().Do(m, c)
	case CmdOverwatch:
		md.Overwatch, md.WatchDir = true, c.Facing
		md.Facing = c.Facing
		m.emit(Event{Kind: EvOverwatch, Model: c.Model, Text: fmt.Sprintf("%s goes on Overwatch (R31).", md.Name)})
		m.endActivation()
		return
	case CmdThrow:
		m.throwDynamite(c.Model, *c.To, p.throw)
	case CmdReload:
		md.Empty[c.Slot] = false
		w, _ := md.Weapon(c.Slot)
		m.emit(Event{Kind: EvReloaded, Model: c.Model, Text: fmt.Sprintf("%s reloads the %s.", md.Name, w)})
	case CmdBrawl:
		if m.edition3() { // the defenders may be asked about Luck first (R41)
			m.declareBrawl(c, p.order)
			if m.Defence != nil {
				return
			}
			break
		}
		m.brawl(c.Model, p.order)
	case CmdInteract:
		if c.Objective != "" { // loot: picked up is a change to the table (R42)
			if m.doInteract(c, p.door) { // the scenario's rolls and loot (objective.go)
				m.roundApproved(c.Model, rules.ApprovedInteract) // round effects (R38)
			}
			break
		}
		before := *p.door
		if m.doInteract(c, p.door) {
			m.roundInteracted(c.Model, before, *p.door) // round effects (R38, R42)
		}
	case CmdEnd:
		m.endActivation()
		return
	}
	if m.checkVictory() {
		return
	}
	if m.AP == 0 || md.Removed() {
		m.endActivation()
	}
}

// shootAll fires at the primary target, then each Spread target, each with
// its own full roll from one discharge (R20).
func (m *Match) shootAll(c Command, p plan, verb string) {
	md := &m.Models[c.Model]
	if m.Edition() >= Edition2 && md.AimAt == c.Target {
		md.AimAt = -1 // the aim is used by this shot, whatever it does
	}
	targets := append([]int{c.Target}, c.Extra...)
	setups := append([]shotSetup{p.shot}, p.extra...)
	m.luckOnShots(c, setups, targets) // a declared Luck die (R41), edition3.go
	for i, t := range targets {
		if s := setups[i]; s.Pool.Impossible {
			// Only under Dead Reckoning: the shot is declared, then found wanting (9.1).
			m.emit(Event{Kind: EvShotWasted, Model: c.Model, Target: t,
				Text: fmt.Sprintf("%s fires at %s, but %s: the shot is wasted (Dead Reckoning).", md.Name, m.Models[t].Name, s.Pool.Why)})
		} else {
			m.fire(c.Model, c.Slot, t, s, verb)
		}
	}
	m.spendAmmo(c.Model, c.Slot, c.Kind == CmdBlaze)
	if md.AimAt == c.Target {
		md.AimAt = -1 // the aim is used
	}
}

// interact opens, unlocks or closes a door (R11).
func (m *Match) interact(id int, f *board.Feature, open bool) {
	md := &m.Models[id]
	verb := "closes"
	if open {
		verb = "opens"
		if f.Locked {
			verb = "unlocks and opens"
		}
	}
	_ = m.Board.SetDoor(f.ID, open, false)
	m.emit(Event{Kind: EvDoor, Model: id, Text: fmt.Sprintf("%s %s the %s.", md.Name, verb, f.Label())})
	m.checkAimsSeen()
}
