package game

import (
	"fmt"
	"math"
	"strings"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// Model is one character on the table and its stat card.
type Model struct {
	ID      int           `json:"id"`
	Posse   int           `json:"posse"`
	Name    string        `json:"name"`
	Profile rules.Profile `json:"-"`
	Pos     Point         `json:"pos"`
	Facing  float64       `json:"facing"` // radians

	Health rules.Health               `json:"health"`
	Empty  [rules.MaxWeaponSlots]bool `json:"empty"` // Out of Ammo per weapon slot (R19)
	Sticks int                        `json:"sticks"`

	Activated bool `json:"activated"` // has had its activation this game turn
	Moved     bool `json:"moved"`     // moved in its most recent activation, this one included (R15)

	AimAt     int     `json:"aim_at"`    // the model its Aim marker is on, or -1 (R16)
	Overwatch bool    `json:"overwatch"` // an armed Overwatch marker (R31)
	WatchDir  float64 `json:"watch_dir"` // the arc's centre, radians

	Escaped bool `json:"escaped,omitempty"` // left the table by an objective's edge (objective.go): out of play, not a casualty
}

// Removed reports whether the model is out of play (R29), taken out or
// got away off the table.
func (m *Model) Removed() bool { return m.Health.Removed() || m.Escaped }

// Weapon returns the weapon in a slot.
func (m *Model) Weapon(slot int) (rules.Weapon, bool) {
	if slot < 0 || slot >= len(m.Profile.Weapons) {
		return rules.NoWeapon, false
	}
	return m.Profile.Weapons[slot], true
}

// Posse is one side of the match.
type Posse struct {
	Name   string `json:"name"`
	Models []int  `json:"models"`
}

// Fuse is a lit stick of dynamite on the table (R24).
type Fuse struct {
	Thrower int   `json:"thrower"`
	Posse   int   `json:"posse"`
	At      Point `json:"at"`
}

// Match is one game in progress: f(scenario, seed, commands). Only Apply
// changes it, and only Apply advances its dice.
type Match struct {
	Scenario Scenario
	Seed     uint64
	Board    *board.Board // the match's own copy: doors open and close

	Models []Model
	Posses []Posse

	Turn     int     // game turn, from 1
	Up       Up      // who acts now
	Active   int     // the activating model, or -1
	AP       int     // action points left to the active model
	UsedMove bool    // the active model has used its one Move (R9)
	RunLeft  float64 // a rolled Run not yet walked, inches; 0 when none
	Fuses    []Fuse
	Pending  *Interrupt // an overwatch decision the game waits for
	Winner   int        // the winning posse, -1 while the game goes on or on a draw
	Over     bool

	base     *board.Board // the map as loaded, for replays
	edition  int          // the rules edition the match is played under (edition.go)
	pin      MapPin       // the map as saved (savemap.go)
	checks   []string     // the state check after each command (stepCheck), for saves
	init     Initiative
	dice     *countingSource
	commands []Command
	whys     []string // reasons recorded beside commands (ApplyDecision); may be shorter
	events   []Event
	lastRoll int       // commands[:lastRoll] cannot be undone: the last one rolled dice
	paths    *pathMemo // the last path planned (move.go)
	lastHarm int       // the game turn of the last wound or removal (quiet.go)
	habits   [4]Habit  // each posse's activations and Overwatches so far (quiet.go)

	// The seeds' methods (initiative_hooks.go): the posse whose turn was
	// last announced (-1 at a game turn's start), and round effects (R38).
	turnPosse int
	effects   *roundEffects

	objectives *objectives // the scenario's objectives and victory points (objective.go); nil without
	// Defence is a brawl waiting for its defenders' Luck (rules edition 3,
	// R41): the side of Defence.Asking[0] must answer (edition3.go).
	Defence *Defence
}

// countingSource counts what the match's dice have rolled, so undo knows
// which commands rolled dice.
type countingSource struct {
	src   rules.Source // the seeded dice; tests may put fixed dice here
	rolls int
}

func (c *countingSource) Intn(n int) int {
	c.rolls++
	return c.src.Intn(n)
}

// NewMatch sets up a scenario on its map and starts game turn 1.
func NewMatch(s Scenario, seed uint64) (*Match, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return setUpOnItsMap(s, seed)
}

// setUpOnItsMap loads the scenario's map and sets the match up on it under
// the current rules edition, with the seed's dice.
func setUpOnItsMap(s Scenario, seed uint64) (*Match, error) {
	b, pin, err := loadMapRef(mapRef{Name: s.Map})
	if err != nil {
		return nil, fmt.Errorf("scenario %q: %w", s.Name, err)
	}
	m, err := newMatch(s, b, seed, rules.NewSeeded(seed), CurrentEdition)
	if err != nil {
		return nil, err
	}
	m.pin = pin
	return m, nil
}

// NewMatchOn is NewMatch on a map already loaded (the match takes a copy).
func NewMatchOn(s Scenario, b *board.Board, seed uint64) (*Match, error) {
	m, err := newMatch(s, b, seed, rules.NewSeeded(seed), CurrentEdition)
	if err != nil {
		return nil, err
	}
	m.pin = pinFor(s.Map)
	return m, nil
}

// newMatch sets up a match rolling the given dice under a rules edition.
func newMatch(s Scenario, b *board.Board, seed uint64, dice rules.Source, edition int) (*Match, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := s.checkOnTable(b); err != nil {
		return nil, err
	}
	b.Prepare() // replays and undos clone b: let them share its path graph
	init, err := NewInitiative(s.Initiative)
	if err != nil {
		return nil, err
	}
	m := &Match{Scenario: s, Seed: seed, Board: b.Clone(), base: b, Active: -1, Winner: -1, init: init, edition: edition,
		dice: &countingSource{src: dice}, paths: &pathMemo{}, turnPosse: -1}
	// Room for a whole match's log and commands at once (the random match
	// on the town: about 1,500 events and 900 commands): grown an append at
	// a time, they were a third of a match's allocated bytes.
	m.events = make([]Event, 0, 2048)
	m.commands = make([]Command, 0, 1024)
	m.checks = make([]string, 0, 1024)
	if s.Options.RoundEffects {
		m.effects = &roundEffects{}
	}
	for pi, ps := range s.Posses {
		posse := Posse{Name: ps.Name}
		for _, spec := range ps.Models {
			prof, err := spec.Profile()
			if err != nil {
				return nil, fmt.Errorf("scenario %q: posse %s: %v", s.Name, ps.Name, err)
			}
			id := len(m.Models)
			md := Model{ID: id, Posse: pi, Name: prof.Name, Profile: prof,
				Facing: float64(spec.Facing*math.Pi) / 180, Health: rules.HealthOf(prof), Sticks: prof.DynamiteSticks(), AimAt: -1}
			if spec.Overwatch != nil {
				md.Overwatch, md.WatchDir = true, float64(*spec.Overwatch*math.Pi)/180
			}
			md.Health.Scars, _ = spec.scarBits() // checked with the scenario
			md.Escaped = spec.Escaped != ""      // off the table already (position_state.go)
			m.Models = append(m.Models, md)
			posse.Models = append(posse.Models, id)
		}
		m.Posses = append(m.Posses, posse)
	}
	if err := m.deploy(); err != nil {
		return nil, fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if err := m.setUpObjectives(); err != nil { // objective.go
		return nil, fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	if err := m.setUpPositions(); err != nil { // position.go
		return nil, fmt.Errorf("scenario %q: %v", s.Name, err)
	}
	m.startTurn()
	return m, nil
}

// Events returns every event so far, oldest first (capped: an append to
// it copies rather than writing into the match's spare room).
func (m *Match) Events() []Event { return m.events[:len(m.events):len(m.events)] }

// Commands returns every command applied so far (capped, as Events).
func (m *Match) Commands() []Command { return m.commands[:len(m.commands):len(m.commands)] }

// emit stamps and records events. Apply hands the caller every event
// emitted while it ran.
func (m *Match) emit(evs ...Event) {
	for i := range evs {
		evs[i].Turn = m.Turn
		if k := evs[i].Kind; k == EvWound || k == EvRemoved {
			m.lastHarm = m.Turn
		}
		m.noteHabit(&evs[i])
	}
	m.events = append(m.events, evs...)
}

func (m *Match) posseList(order []int) string {
	names := make([]string, len(order))
	for i, p := range order {
		names[i] = m.Posses[p].Name
	}
	return strings.Join(names, ", then ")
}

// posseReady reports whether a posse has a model still to activate.
func (m *Match) posseReady(p int) bool {
	for _, id := range m.Posses[p].Models {
		if m.mayActivate(id) {
			return true
		}
	}
	return false
}

// standing counts a posse's models in play.
func (m *Match) standing(p int) int {
	n := 0
	for _, id := range m.Posses[p].Models {
		if !m.Models[id].Removed() {
			n++
		}
	}
	return n
}

// Decider is the posse whose player must decide now: an overwatcher's side
// while an interrupt is pending, else the side that is up. -1 when over.
func (m *Match) Decider() int {
	switch {
	case m.Over:
		return -1
	case m.Pending != nil:
		return m.Models[m.Pending.Watcher].Posse
	case m.Defence != nil:
		return m.Models[m.Defence.Asking[0]].Posse
	}
	return m.Up.Posse
}

// startTurn begins a game turn: fresh initiative, then the first posse.
// Past the scenario's turn limit the match ends instead.
func (m *Match) startTurn() {
	if m.Turn > 0 && m.objectives != nil {
		m.scoreRound() // zones held at the round's end (objective.go)
		if m.checkVictory() {
			return
		}
	}
	if m.Scenario.TurnLimit > 0 && m.Turn >= m.Scenario.TurnLimit {
		m.endOnTurnLimit()
		return
	}
	m.Turn++
	for i := range m.Models {
		m.Models[i].Activated = false
	}
	if m.Turn == 1 {
		m.markStartActivated() // a scenario's position (position.go)
	}
	m.emit(Event{Kind: EvTurnStarted, Model: -1, Text: fmt.Sprintf("Game turn %d.", m.Turn)})
	m.turnPosse = -1
	m.emit(m.init.NewTurn(m, m.dice)...)
	if m.effects != nil { // round effects (R38)
		m.effects.newRound(m)
	}
	m.nextUp(-1)
}

// endOnTurnLimit ends a match at its turn limit: the posse with the most
// models standing wins; a tie for most is a draw (ruling G1).
func (m *Match) endOnTurnLimit() {
	if m.objectives != nil { // victory points decide (objective.go)
		m.endOnPoints(fmt.Sprintf("the turn limit of %d is reached", m.Scenario.TurnLimit))
		return
	}
	best, bestN, tie := -1, -1, false
	for p := range m.Posses {
		switch n := m.standing(p); {
		case n > bestN:
			best, bestN, tie = p, n, false
		case n == bestN:
			tie = true
		}
	}
	m.Over = true
	if tie {
		m.Winner = -1
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: -1, Text: fmt.Sprintf("The turn limit of %d is reached with no posse ahead: a draw.", m.Scenario.TurnLimit)})
		return
	}
	m.Winner = best
	m.emit(Event{Kind: EvGameOver, Model: -1, Posse: best,
		Text: fmt.Sprintf("The turn limit of %d is reached: %s, with the most left standing, win.", m.Scenario.TurnLimit, m.Posses[best].Name)})
}

// nextUp asks the initiative who acts next, starting posse turns and game
// turns as needed. prevPosse is the posse that was up, or -1.
func (m *Match) nextUp(prevPosse int) {
	if m.Over {
		return
	}
	up, ok := m.init.Next(m)
	if !ok {
		m.startTurn()
		return
	}
	if _, asking := m.asking(); asking { // the character deck waits for act or wait (R36)
		m.Up = up
		return
	}
	m.Up = up
	if up.Posse != prevPosse {
		m.turnPosse = up.Posse
		m.emit(Event{Kind: EvPosseTurn, Model: -1, Posse: up.Posse, Text: possessive(m.Posses[up.Posse].Name) + " turn."})
		// A stick whose thrower is out of play goes off at the start of his
		// side's next turn (R24); it may end the match or the posse's turn.
		m.explodeOrphans(up.Posse)
		if m.checkVictory() {
			return
		}
		ready := m.posseReady(up.Posse)
		if up.Model >= 0 { // the seeds' methods name the model (R35-R37)
			ready = !m.Models[up.Model].Removed()
		}
		if !ready {
			m.nextUp(up.Posse)
			return
		}
	}
	if up.Model >= 0 {
		m.activate(up.Model)
	}
}

// activate starts a model's activation: its own fuse explodes, its
// Overwatch marker comes off (R24, R31).
func (m *Match) activate(id int) {
	md := &m.Models[id]
	m.Active, m.AP, m.UsedMove, m.RunLeft = id, 2, false, 0
	md.Activated = true
	md.Moved = false
	m.emit(Event{Kind: EvActivated, Model: id, Posse: md.Posse, Text: md.Name + " activates."})
	if md.Overwatch {
		md.Overwatch = false
		m.emit(Event{Kind: EvOverwatchEnded, Model: id, Text: md.Name + " stands down from Overwatch."})
	}
	m.explodeFusesOf(id)
	if md.Removed() || m.Over {
		m.endActivation()
		return
	}
	m.methodActivated(id) // the seeds' methods and round effects (initiative_hooks.go)
	if m.AP == 0 && !m.lostTurn() {
		m.endActivation()
	}
}

// endActivation closes the active model's activation and moves play on.
func (m *Match) endActivation() {
	if id := m.Active; id >= 0 {
		if m.Edition() >= Edition2 && m.Models[id].AimAt >= 0 && !m.aimedThisActivation(id) {
			// The Aim was for this activation's first action, and the
			// activation passed without the shot (R16).
			m.loseAim(id, "let the moment pass")
		}
		m.emit(Event{Kind: EvActivationEnded, Model: id, Text: m.Models[id].Name + "'s activation ends."})
	}
	m.Active, m.AP, m.UsedMove, m.RunLeft = -1, 0, false, 0
	if m.checkVictory() {
		return
	}
	m.nextUp(m.Up.Posse)
}

// checkVictory ends the match when at most one posse stands (R34); it
// reports whether the match is over.
func (m *Match) checkVictory() bool {
	if m.Over {
		return true
	}
	if m.objectives != nil { // objective.go
		return m.settleObjectives() || m.objectivesOver()
	}
	var standing []int
	for p := range m.Posses {
		if m.standing(p) > 0 {
			standing = append(standing, p)
		}
	}
	switch {
	case len(standing) == 1:
		m.Over, m.Winner = true, standing[0]
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: standing[0],
			Text: fmt.Sprintf("%s are the last posse standing: they win.", m.Posses[standing[0]].Name)})
	case len(standing) == 0:
		m.Over, m.Winner = true, -1
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: -1, Text: "Nobody is left standing: a draw."})
	}
	if m.Over {
		m.Active, m.AP, m.RunLeft, m.Pending, m.Defence = -1, 0, 0, nil, nil
	}
	return m.Over
}

// possessive writes "Lawmen's" and "Desperados'".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// aimedThisActivation reports whether the model took aim during its
// current activation: an Aim taken now may wait for the first action of
// its next activation; one carried over may not wait again (R16).
func (m *Match) aimedThisActivation(id int) bool {
	for i := len(m.events) - 1; i >= 0; i-- {
		switch e := &m.events[i]; {
		case e.Kind == EvAimed && e.Model == id:
			return true
		case e.Kind == EvActivated && e.Model == id:
			return false
		}
	}
	return false
}
