package game

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"cowpoke/game/board"
	"cowpoke/game/detmath"
	"cowpoke/game/words"
)

// Scenario objectives: what a posse plays for besides being the last one
// standing. A scenario may list loot to carry off, zones to hold, a table
// edge to escape by and bounties on named models; each scores victory
// points, and at the end the points decide (rulings G40-G44 in
// rules/README.md). A scenario with no objectives plays as before, and its
// state hash is the same bytes: the objectives' state joins the hash only
// when the scenario has some.

// The objective kinds.
const (
	ObjLoot   = "loot"   // an object to pick up (Interact) and carry off a table edge
	ObjHold   = "hold"   // a zone: a point a round for the posse with the most models in it
	ObjEscape = "escape" // get a number of a posse's models off a table edge
	ObjBounty = "bounty" // take out a named model
)

// ObjectiveSpec is one objective as a scenario file writes it. Which
// fields a kind uses is in its comment.
type ObjectiveSpec struct {
	Kind    string  `json:"kind" strict:"required"` // loot, hold, escape or bounty
	Name    string  `json:"name" strict:"required"` // what the log and the screen call it: "the strongbox"
	At      *Point  `json:"at,omitempty"`           // loot, hold: where it lies, inches (or Feature)
	Feature string  `json:"feature,omitempty"`      // loot, hold: a map objective's name, in place of At
	Radius  float64 `json:"radius,omitempty"`       // hold: the zone's radius in inches (default 3)
	Edge    string  `json:"edge,omitempty"`         // loot, escape: north, south, east or west
	Posse   string  `json:"posse,omitempty"`        // loot, hold: the posse that may score it (empty: any); escape: the posse escaping; bounty: the posse that collects (empty: every enemy of the target)
	Target  string  `json:"target,omitempty"`       // bounty: the model's name; escape: the one model that must get away (empty: any of the posse)
	Count   int     `json:"count,omitempty"`        // escape: how many models must get off (default 1)
	Points  int     `json:"points,omitempty"`       // victory points it gives (default 1; hold: each round)
	Slow    float64 `json:"slow,omitempty"`         // loot: inches off its carrier's Move and Run
	Roll    int     `json:"roll,omitempty"`         // loot: the D6 an Interact needs to get it loose, 2..6; 0: automatic
	Verb    string  `json:"verb,omitempty"`         // loot: the attempt's word in the log ("crack"); default "pick up"
	Done    bool    `json:"done,omitempty"`         // loot, escape, bounty: scored or settled before the match starts (a position)
}

// InteractSpec is a scenario's roll for a door (chapter 6, Interact: "Roll
// 4+ to pick the lock"), and whether the door starts locked.
type InteractSpec struct {
	Door   string `json:"door" strict:"required"` // the door's name on the map
	Roll   int    `json:"roll,omitempty"`         // the D6 needed to unlock it, 2..6; 0: automatic (R11)
	Locked bool   `json:"locked,omitempty"`       // the door starts the match locked
	Verb   string `json:"verb,omitempty"`         // the attempt's word in the log ("pick"); default "unlock"
	State  string `json:"state,omitempty"`        // open, closed or locked at the start, over the map's (a position)
}

// Bounds on objectives in a file.
const (
	maxObjectives = 16
	maxInteracts  = 32
	maxPoints     = 100
	maxWinAt      = 1000
	maxZoneRadius = 12.0
	maxSlow       = 6.0
	defaultZone   = 3.0
	maxVerbRunes  = 20
	maxStoryRunes = 400
	edgeReach     = board.BaseRadius + 0.25 // a base centre this near an edge touches it
	lootReach     = interactReach           // how near a base centre must be to loot to pick it up
	maxRoll       = 6                       // a D6's top face
)

var edgeNames = []string{"north", "south", "east", "west"}

// objectives is a match's objective state: the victory points, and per
// objective what has happened to it. It is in the state hash (save.go)
// and the state check (checks.go) only when the scenario has objectives.
type objectives struct {
	Score []int      `json:"score"` // victory points per posse
	Obj   []objState `json:"obj"`   // per Scenario.Objectives
}

// objState is one objective's state.
type objState struct {
	At      Point `json:"at"`      // loot: where it lies (or its carrier stands)
	Carrier int   `json:"carrier"` // loot: the model carrying it, -1 when on the ground
	Loose   bool  `json:"loose"`   // loot: its roll has been made (a cracked safe stays open)
	Done    bool  `json:"done"`    // scored: loot carried off, enough escaped, the bounty taken
	Count   int   `json:"count"`   // escape: models off the edge so far
}

func (o *objectives) clone() *objectives {
	if o == nil {
		return nil
	}
	c := &objectives{Score: append([]int(nil), o.Score...), Obj: append([]objState(nil), o.Obj...)}
	return c
}

// hasObjectives reports whether the scenario plays for objectives.
func (s Scenario) hasObjectives() bool { return len(s.Objectives) > 0 }

// validateObjectives checks what can be checked without the map: kinds,
// names, numbers, the posses and models named.
func (s Scenario) validateObjectives() error {
	if len(s.Objectives) > maxObjectives {
		return fmt.Errorf("objectives: %d objectives; at most %d are allowed", len(s.Objectives), maxObjectives)
	}
	if s.WinAt < 0 || s.WinAt > maxWinAt {
		return fmt.Errorf("win_at %d is outside 0..%d", s.WinAt, maxWinAt)
	}
	if err := checkText("the story", s.Story, maxStoryRunes); err != nil {
		return fmt.Errorf("story: %v", err)
	}
	if s.WinAt > 0 && !s.hasObjectives() {
		return errors.New("win_at needs objectives to score points")
	}
	names := map[string]bool{}
	for i, o := range s.Objectives {
		if err := s.validateObjective(o, names); err != nil {
			return fmt.Errorf("objectives[%d] %s: %v", i, printable(o.Name), err)
		}
	}
	if len(s.Interact) > maxInteracts {
		return fmt.Errorf("interact: %d doors; at most %d are allowed", len(s.Interact), maxInteracts)
	}
	doors := map[string]bool{}
	for i, d := range s.Interact {
		if err := checkText("the door's name", d.Door, maxNameRunes); err != nil || d.Door == "" {
			if err == nil {
				err = errors.New(`"door" is empty`)
			}
			return fmt.Errorf("interact[%d]: %v", i, err)
		}
		if doors[d.Door] {
			return fmt.Errorf("interact[%d] %s: the door is listed twice", i, printable(d.Door))
		}
		doors[d.Door] = true
		if d.Roll < 0 || d.Roll == 1 || d.Roll > maxRoll {
			return fmt.Errorf("interact[%d] %s: \"roll\" %d is not a die's face (want 2..6, or 0 for automatic)", i, printable(d.Door), d.Roll)
		}
		if err := checkText("the verb", d.Verb, maxVerbRunes); err != nil {
			return fmt.Errorf("interact[%d] %s: %v", i, printable(d.Door), err)
		}
		if err := d.checkState(); err != nil {
			return fmt.Errorf("interact[%d] %s: %v", i, printable(d.Door), err)
		}
	}
	return nil
}

func (s Scenario) validateObjective(o ObjectiveSpec, names map[string]bool) error {
	if err := checkText("the name", o.Name, maxNameRunes); err != nil {
		return err
	}
	if strings.TrimSpace(o.Name) == "" {
		return errors.New(`"name" is empty`)
	}
	if names[o.Name] {
		return errors.New("two objectives have this name")
	}
	names[o.Name] = true
	if err := checkText("the verb", o.Verb, maxVerbRunes); err != nil {
		return err
	}
	if o.Points < 0 || o.Points > maxPoints {
		return fmt.Errorf("\"points\" %d is outside 0..%d", o.Points, maxPoints)
	}
	// Which fields each kind takes; any other set is a mistake in the file.
	used := map[string]bool{
		"at": o.At != nil, "feature": o.Feature != "", "radius": o.Radius != 0, "edge": o.Edge != "",
		"posse": o.Posse != "", "target": o.Target != "", "count": o.Count != 0, "slow": o.Slow != 0,
		"roll": o.Roll != 0, "verb": o.Verb != "", "done": o.Done,
	}
	allowed := map[string][]string{
		ObjLoot:   {"at", "feature", "edge", "posse", "slow", "roll", "verb", "done"},
		ObjHold:   {"at", "feature", "radius", "posse"},
		ObjEscape: {"edge", "posse", "count", "target", "done"},
		ObjBounty: {"target", "posse", "done"},
	}
	fields, ok := allowed[o.Kind]
	if !ok {
		return fmt.Errorf("unknown objective kind %s (want loot, hold, escape or bounty)", printable(o.Kind))
	}
	for _, f := range fields {
		delete(used, f)
	}
	for _, f := range []string{"at", "feature", "radius", "edge", "posse", "target", "count", "slow", "roll", "verb", "done"} {
		if used[f] {
			return fmt.Errorf("a %s objective takes no %q", o.Kind, f)
		}
	}
	if o.Posse != "" && s.posseIndex(o.Posse) < 0 {
		return fmt.Errorf("\"posse\" %s names no posse of the scenario", printable(o.Posse))
	}
	switch o.Kind {
	case ObjLoot, ObjHold:
		switch {
		case o.At == nil && o.Feature == "":
			return errors.New(`give "at" or "feature": where it lies`)
		case o.At != nil && o.Feature != "":
			return errors.New(`give "at" or "feature", not both`)
		case o.At != nil && !(finite(o.At.X) && finite(o.At.Y) && onTable(*o.At)):
			return errors.New(`"at" lies off any table`)
		}
		if err := checkText("the feature's name", o.Feature, maxNameRunes); err != nil {
			return err
		}
	}
	switch o.Kind {
	case ObjLoot:
		if o.Edge == "" {
			return errors.New(`"edge" is missing: the table edge it must be carried off`)
		}
		if !finite(o.Slow) || o.Slow < 0 || o.Slow > maxSlow {
			return fmt.Errorf("\"slow\" %g is outside 0..%g inches", o.Slow, maxSlow)
		}
		if o.Roll < 0 || o.Roll == 1 || o.Roll > maxRoll {
			return fmt.Errorf("\"roll\" %d is not a die's face (want 2..6, or 0 for automatic)", o.Roll)
		}
	case ObjHold:
		if !finite(o.Radius) || o.Radius < 0 || o.Radius > maxZoneRadius {
			return fmt.Errorf("\"radius\" %g is outside 0..%g inches", o.Radius, maxZoneRadius)
		}
	case ObjEscape:
		if o.Posse == "" {
			return errors.New(`"posse" is missing: the posse that must escape`)
		}
		if o.Edge == "" {
			return errors.New(`"edge" is missing: the table edge to escape by`)
		}
		if n := len(s.Posses[s.posseIndex(o.Posse)].Models); o.Count < 0 || o.Count > n {
			return fmt.Errorf("\"count\" %d is outside 1..%d, the models of %s", o.Count, n, o.Posse)
		}
		if o.Target != "" {
			p, _, n := s.modelNamed(o.Target)
			switch {
			case o.Done && n == 0: // settled: he may be out of the match
			case n != 1:
				return fmt.Errorf("\"target\" %s names %d models of the scenario; it needs one", printable(o.Target), n)
			case p != s.posseIndex(o.Posse):
				return fmt.Errorf("\"target\" %s is not of %s", printable(o.Target), printable(o.Posse))
			case o.Count > 1:
				return fmt.Errorf("\"count\" %d with a \"target\": one model is named", o.Count)
			}
		}
	case ObjBounty:
		p, _, n := s.modelNamed(o.Target)
		switch {
		case o.Target == "":
			return errors.New(`"target" is missing: the model with the price on his head`)
		case o.Done && n == 0: // collected: the target was taken out before the position
		case n == 0:
			return fmt.Errorf("\"target\" %s names no model of the scenario", printable(o.Target))
		case n > 1:
			return fmt.Errorf("\"target\" %s names %d models; a bounty needs one", printable(o.Target), n)
		case o.Posse != "" && s.posseIndex(o.Posse) == p:
			return fmt.Errorf("\"posse\" %s is the target's own posse", printable(o.Posse))
		}
	}
	if o.Edge != "" && edgeIndex(o.Edge) < 0 {
		return fmt.Errorf("\"edge\" %s is not a table edge (want north, south, east or west)", printable(o.Edge))
	}
	return nil
}

// modelNamed finds the models with that name: the posse and index of the
// first, and how many there are.
func (s Scenario) modelNamed(name string) (posse, model, n int) {
	posse, model = -1, -1
	for pi, p := range s.Posses {
		for mi, md := range p.Models {
			if md.Name == name {
				if n == 0 {
					posse, model = pi, mi
				}
				n++
			}
		}
	}
	return posse, model, n
}

func edgeIndex(name string) int {
	for i, e := range edgeNames {
		if e == name {
			return i
		}
	}
	return -1
}

// touchesEdge reports whether a base at p touches the named table edge.
func (m *Match) touchesEdge(p Point, edge string) bool {
	switch edge {
	case "north":
		return p.Y <= edgeReach
	case "south":
		return p.Y >= m.Board.Height-edgeReach
	case "west":
		return p.X <= edgeReach
	case "east":
		return p.X >= m.Board.Width-edgeReach
	}
	return false
}

// objectivePoint is where a loot or hold objective lies on this map.
func objectivePoint(o ObjectiveSpec, b *board.Board) (Point, error) {
	if o.At != nil {
		return *o.At, nil
	}
	var found []*board.Feature
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == board.Objective && f.Name == o.Feature {
			found = append(found, f)
		}
	}
	switch len(found) {
	case 0:
		return Point{}, fmt.Errorf("\"feature\" %s is no objective of the map %s", printable(o.Feature), b.File)
	case 1:
		return found[0].Centroid(), nil
	}
	return Point{}, fmt.Errorf("\"feature\" %s names %d objectives of the map %s; give \"at\"", printable(o.Feature), len(found), b.File)
}

// doorNamed finds the one door of the map with that name.
func doorNamed(b *board.Board, name string) (*board.Feature, error) {
	var found []*board.Feature
	for i := range b.Features {
		if f := &b.Features[i]; f.Name == name {
			found = append(found, f)
		}
	}
	switch {
	case len(found) == 0:
		return nil, fmt.Errorf("the map %s has nothing named %s", b.File, printable(name))
	case len(found) > 1:
		return nil, fmt.Errorf("the map %s has %d features named %s; a door must be named once", b.File, len(found), printable(name))
	case found[0].Kind == board.Window:
		return nil, fmt.Errorf("%s is a window: a model climbs through a window with no Interact (R11), so it takes no roll", printable(name))
	case found[0].Kind != board.Door:
		return nil, fmt.Errorf("%s is a %s, not a door", printable(name), found[0].Kind)
	}
	return found[0], nil
}

// solidAt is the wall, fence, door, window or obstacle a point lies in or
// on (within a quarter inch), or nil.
func solidAt(b *board.Board, p Point) *board.Feature {
	for i := range b.Features {
		f := &b.Features[i]
		if !f.Kind.IsWallKind() && !f.Kind.IsObstacle() {
			continue
		}
		if distToFeature(p, f) < 0.25 || (f.Kind.IsObstacle() && f.Closed && f.Contains(p)) { // a closed wall is an outline: its inside is a room
			return f
		}
	}
	return nil
}

// reachable reports whether a base can stand within reach of p.
func reachable(b *board.Board, p Point, reach float64) bool {
	for _, r := range []float64{0, reach / 2, reach} {
		for k := range 16 {
			sin, cos := detmath.Sincos(float64(k) * (math.Pi / 8)) // the same answer on every CPU
			q := Point{X: p.X + float64(r*cos), Y: p.Y + float64(r*sin)}
			if b.CanStand(q, nil) {
				return true
			}
		}
	}
	return false
}

// LoadScenario reads a scenario file and checks it on its map as well
// (objectives, doors, starting positions), as a match would start it;
// every error is one line naming the file.
func LoadScenario(name string, data []byte) (Scenario, error) {
	s, err := ParseScenario(name, data)
	if err != nil {
		return s, err
	}
	return s, checkOnMap(name, s)
}

// checkOnMap sets the scenario up on its map once, so that what only the
// map can show (an objective inside a wall, a zone off the table, a start
// in a building) is refused when the file is loaded, not when a match starts.
func checkOnMap(name string, s Scenario) error {
	if _, err := NewMatch(s, 1); err != nil {
		return fmt.Errorf("%s: %v", words.Safe(name), err)
	}
	return nil
}

// setUpObjectives checks the objectives against the map and the models as
// deployed, then makes the match's objective state and locks the doors
// the scenario locks. Called by newMatch after deployment.
func (m *Match) setUpObjectives() error {
	s := &m.Scenario
	for i, d := range s.Interact {
		f, err := doorNamed(m.Board, d.Door)
		if err != nil {
			return fmt.Errorf("interact[%d]: %v", i, err)
		}
		m.setDoorState(f, d)
		if d.Roll > 0 && !f.Locked {
			return fmt.Errorf("interact[%d] %s: a \"roll\" for a door that is not locked (add \"locked\": true)", i, printable(d.Door))
		}
	}
	if !s.hasObjectives() {
		return nil
	}
	o := &objectives{Score: make([]int, len(m.Posses)), Obj: make([]objState, len(s.Objectives))}
	for _, sc := range s.Score {
		o.Score[s.posseIndex(sc.Posse)] = sc.Points // checked by Validate
	}
	for i, spec := range s.Objectives {
		st := &o.Obj[i]
		st.Carrier, st.Done = -1, spec.Done
		where := fmt.Sprintf("objectives[%d] %s", i, printable(spec.Name))
		switch spec.Kind {
		case ObjLoot, ObjHold:
			p, err := objectivePoint(spec, m.Board)
			if err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
			if p.X < 0 || p.Y < 0 || p.X > m.Board.Width || p.Y > m.Board.Height {
				return fmt.Errorf("%s: \"at\" lies off the %g\" by %g\" table of %s", where, m.Board.Width, m.Board.Height, m.Board.File)
			}
			st.At = p
			if spec.Kind == ObjLoot {
				if f := solidAt(m.Board, p); f != nil {
					return fmt.Errorf("%s: \"at\" lies in the %s: put it where a model can reach it", where, f.Label())
				}
				if !reachable(m.Board, p, lootReach) {
					return fmt.Errorf("%s: \"at\" lies inside a wall or obstacle: no model can reach it", where)
				}
			}
		}
		if spec.Kind == ObjEscape && !spec.Done { // nobody may start on the edge he must escape by
			if err := m.countEscaped(i, st); err != nil {
				return fmt.Errorf("%s: %v", where, err)
			}
			for _, id := range m.Posses[m.Scenario.posseIndex(spec.Posse)].Models {
				if md := &m.Models[id]; !md.Escaped && m.escapes(i, id) && m.touchesEdge(md.Pos, spec.Edge) {
					return fmt.Errorf("%s: %s starts on the %s edge he must escape by; place him elsewhere", where, md.Name, spec.Edge)
				}
			}
		}
	}
	m.objectives = o
	return nil
}

// escapes reports whether model id counts for escape objective i: any of
// the posse, or the one model it names.
func (m *Match) escapes(i, id int) bool {
	o := m.Scenario.Objectives[i]
	if m.Models[id].Posse != m.Scenario.posseIndex(o.Posse) {
		return false
	}
	return o.Target == "" || m.Models[id].Name == o.Target
}

// mayScore reports whether posse p scores objective i.
func (m *Match) mayScore(i, p int) bool {
	o := m.Scenario.Objectives[i]
	switch o.Kind {
	case ObjBounty:
		if o.Posse == "" {
			tp, _, _ := m.Scenario.modelNamed(o.Target)
			return p != tp
		}
	case ObjLoot, ObjHold:
		if o.Posse == "" {
			return true
		}
	}
	return m.Scenario.posseIndex(o.Posse) == p
}

// Score is each posse's victory points, nil when the scenario has no
// objectives.
func (m *Match) Score() []int {
	if m.objectives == nil {
		return nil
	}
	return append([]int(nil), m.objectives.Score...)
}

// ObjectiveView is an objective as a screen or a report shows it.
type ObjectiveView struct {
	Spec    ObjectiveSpec
	At      Point // loot: where it lies or its carrier stands; hold: the zone's centre
	Radius  float64
	Carrier int  // loot: the model carrying it, or -1
	Done    bool // scored and finished
	Count   int  // escape: models off so far
	Holder  int  // hold: the posse with the most models in the zone now, -1 none or contested
}

// Objectives lists the scenario's objectives as they stand.
func (m *Match) Objectives() []ObjectiveView {
	if m.objectives == nil {
		return nil
	}
	out := make([]ObjectiveView, len(m.Scenario.Objectives))
	for i, spec := range m.Scenario.Objectives {
		st := m.objectives.Obj[i]
		v := ObjectiveView{Spec: spec, At: st.At, Carrier: st.Carrier, Done: st.Done, Count: st.Count, Holder: -1}
		if spec.Kind == ObjHold {
			v.Radius = zoneRadius(spec)
			v.Holder, _ = m.holder(i)
		}
		out[i] = v
	}
	return out
}

func zoneRadius(o ObjectiveSpec) float64 {
	if o.Radius > 0 {
		return o.Radius
	}
	return defaultZone
}

func points(o ObjectiveSpec) int {
	if o.Points > 0 {
		return o.Points
	}
	return 1
}

// Carrying is the loot objective index the model carries, or -1.
func (m *Match) Carrying(id int) int {
	if m.objectives == nil {
		return -1
	}
	for i := range m.objectives.Obj {
		if m.Scenario.Objectives[i].Kind == ObjLoot && m.objectives.Obj[i].Carrier == id {
			return i
		}
	}
	return -1
}

// carrierSlow is how many inches the model's loot takes off its Move and Run.
func (m *Match) carrierSlow(id int) float64 {
	if i := m.Carrying(id); i >= 0 {
		return m.Scenario.Objectives[i].Slow
	}
	return 0
}

// slowed takes a carrier's slowness off a distance (never below 0).
func (m *Match) slowed(id int, d float64) float64 {
	if s := m.carrierSlow(id); s > 0 {
		return math.Max(0, d-s)
	}
	return d
}

// lootInReach lists the loot objectives the model may try to pick up now.
func (m *Match) lootInReach(id int) []int {
	if m.objectives == nil {
		return nil
	}
	var out []int
	for i, spec := range m.Scenario.Objectives {
		st := &m.objectives.Obj[i]
		if spec.Kind == ObjLoot && st.Carrier < 0 && !st.Done && m.Models[id].Pos.Dist(st.At) <= lootReach {
			out = append(out, i)
		}
	}
	return out
}

// objectiveIndex finds an objective by name, or -1.
func (s Scenario) objectiveIndex(name string) int {
	for i, o := range s.Objectives {
		if o.Name == name {
			return i
		}
	}
	return -1
}

// checkPickUp checks an Interact that picks up loot (c.Objective).
func (m *Match) checkPickUp(c Command) error {
	md := &m.Models[c.Model]
	i := m.Scenario.objectiveIndex(c.Objective)
	if i < 0 || m.objectives == nil || m.Scenario.Objectives[i].Kind != ObjLoot {
		return reasonf("there is no loot called %s", word(c.Objective))
	}
	st := &m.objectives.Obj[i]
	switch {
	case st.Done:
		return reasonf("%s is gone from the table", word(c.Objective))
	case st.Carrier == c.Model:
		return reasonf("%s already carries %s", word(md.Name), word(c.Objective))
	case st.Carrier >= 0:
		return reasonf("%s carries %s", word(m.Models[st.Carrier].Name), word(c.Objective))
	case m.Carrying(c.Model) >= 0:
		return reasonf("%s already carries %s: one load at a time", word(md.Name), word(m.Scenario.Objectives[m.Carrying(c.Model)].Name))
	}
	if d := md.Pos.Dist(st.At); d > lootReach {
		return reasonf("%s is %s from %s: get within %s", word(md.Name), inches(d), word(c.Objective), inches(lootReach))
	}
	return nil
}

// InteractRoll is what an Interact command needs on one D6 to succeed:
// 0 when it is automatic. Where the scenario sets no roll, today's rulings
// stand (R11: automatic).
func (m *Match) InteractRoll(c Command) int {
	if c.Objective != "" {
		i := m.Scenario.objectiveIndex(c.Objective)
		if i < 0 || m.objectives == nil || m.objectives.Obj[i].Loose {
			return 0
		}
		return m.Scenario.Objectives[i].Roll
	}
	f, ok := m.Board.FeatureByID(c.Door)
	if !ok || !f.Locked || !c.Open {
		return 0
	}
	if d := m.doorSpec(f); d != nil {
		return d.Roll
	}
	return 0
}

// InteractOdds is the chance an Interact command succeeds, exactly: 1 when
// automatic, else the share of a D6's faces at or above the roll. Round
// effects do not touch it: it is one die, not a pool (ruling G43).
func (m *Match) InteractOdds(c Command) (float64, error) {
	if err := m.Validate(c); err != nil {
		return 0, err
	}
	return rollOdds(m.InteractRoll(c)), nil
}

// rollOdds is the chance of n or more on a D6 (automatic for n <= 1).
func rollOdds(n int) float64 {
	if n <= 1 {
		return 1
	}
	return float64(7-n) / 6
}

func (m *Match) doorSpec(f *board.Feature) *InteractSpec {
	for i := range m.Scenario.Interact {
		if d := &m.Scenario.Interact[i]; d.Door == f.Name {
			return d
		}
	}
	return nil
}

// interactRolled rolls the scenario's die for an Interact, if it sets
// one; it reports whether the attempt succeeds. A failed attempt has
// spent its action point (chapter 6: the AP is gone either way).
func (m *Match) interactRolled(c Command, thing, verb string) bool {
	need := m.InteractRoll(c)
	if need <= 1 {
		return true
	}
	md := &m.Models[c.Model]
	face := m.dice.Intn(6) + 1
	ok := face >= need
	text := fmt.Sprintf("%s tries to %s %s: rolls %d, needs %d+: ", md.Name, verb, thing, face, need)
	if ok {
		text += "done."
	} else {
		text += "no luck."
	}
	m.emit(Event{Kind: EvInteractRoll, Model: c.Model, Posse: md.Posse, Faces: []int{face}, Hits: b2i(ok), Text: text})
	return ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// doInteract carries out a validated Interact: a door (with the scenario's
// roll when it sets one) or picking up loot. It reports whether the
// attempt succeeded (R42: the approved action's success).
func (m *Match) doInteract(c Command, door *board.Feature) bool {
	md := &m.Models[c.Model]
	if c.Objective != "" {
		i := m.Scenario.objectiveIndex(c.Objective)
		spec, st := m.Scenario.Objectives[i], &m.objectives.Obj[i]
		verb := spec.Verb
		if verb == "" {
			verb = "pick up"
		}
		if !m.interactRolled(c, spec.Name, verb) {
			return false
		}
		st.Loose, st.Carrier, st.At = true, c.Model, md.Pos
		m.emit(Event{Kind: EvObjective, Model: c.Model, Posse: md.Posse, Text: fmt.Sprintf("%s picks up %s.", md.Name, spec.Name)})
		return true
	}
	if door.Locked && c.Open {
		verb := "unlock"
		if d := m.doorSpec(door); d != nil && d.Verb != "" {
			verb = d.Verb
		}
		if !m.interactRolled(c, "the "+door.Label(), verb) {
			return false
		}
	}
	m.interact(c.Model, door, c.Open)
	return true
}

// EvInteractRoll and EvObjective are the objectives' events.
const (
	EvInteractRoll EventKind = "interact-roll" // the scenario's roll for an Interact: Faces, Hits 1 on success
	EvObjective    EventKind = "objective"     // loot picked up, dropped or carried off; a zone held; an escape; a bounty; points scored
)

// settleObjectives runs after every action and flight (from checkVictory):
// loot falls where its carrier was taken out, carriers and escapers at
// their edge leave the table, bounties are collected. It may end the match
// (win_at). It reports whether the match is over.
func (m *Match) settleObjectives() bool {
	o := m.objectives
	if o == nil {
		return false
	}
	for i, spec := range m.Scenario.Objectives {
		st := &o.Obj[i]
		if st.Done {
			continue
		}
		switch spec.Kind {
		case ObjLoot:
			if st.Carrier < 0 {
				continue
			}
			c := &m.Models[st.Carrier]
			st.At = c.Pos
			switch {
			case c.Removed():
				m.emit(Event{Kind: EvObjective, Model: c.ID, Posse: c.Posse, Text: fmt.Sprintf("%s drops %s.", c.Name, spec.Name)})
				st.Carrier = -1
			case m.mayScore(i, c.Posse) && m.touchesEdge(c.Pos, spec.Edge):
				m.leaveTable(c.ID, spec.Edge)
			}
		case ObjEscape:
			for _, id := range m.Posses[m.Scenario.posseIndex(spec.Posse)].Models {
				if c := &m.Models[id]; !c.Removed() && m.escapes(i, id) && m.touchesEdge(c.Pos, spec.Edge) {
					m.leaveTable(id, spec.Edge)
				}
			}
		case ObjBounty:
			tp, tm, _ := m.Scenario.modelNamed(spec.Target)
			t := &m.Models[m.Posses[tp].Models[tm]]
			if !t.Removed() {
				continue
			}
			st.Done = true
			if t.Escaped {
				m.emit(Event{Kind: EvObjective, Model: t.ID, Posse: tp, Text: fmt.Sprintf("%s got away: nobody collects %s.", t.Name, spec.Name)})
				continue
			}
			for p := range m.Posses {
				if m.mayScore(i, p) {
					m.award(i, p, fmt.Sprintf("%s is taken out", t.Name))
				}
			}
		}
	}
	if w := m.Scenario.WinAt; w > 0 {
		for p, n := range o.Score {
			if n >= w {
				m.endOnPoints(fmt.Sprintf("%s reach %s", m.Posses[p].Name, words.Count(w, "victory point", "victory points")))
				return true
			}
		}
	}
	return false
}

// leaveTable takes a model off the table by an edge, unhurt and out of
// play: whatever he carries goes with him (scored if it is his posse's to
// carry off by that edge), and he counts for every escape by that edge he
// belongs to.
func (m *Match) leaveTable(id int, edge string) {
	c := &m.Models[id]
	c.Escaped = true
	o := m.objectives
	for i, spec := range m.Scenario.Objectives {
		st := &o.Obj[i]
		switch {
		case spec.Kind == ObjLoot && st.Carrier == id:
			st.Carrier, st.Done = -1, true
			if m.mayScore(i, c.Posse) && spec.Edge == edge {
				m.award(i, c.Posse, fmt.Sprintf("%s carries %s off the %s edge", c.Name, spec.Name, edge))
			} else {
				m.emit(Event{Kind: EvObjective, Model: id, Posse: c.Posse, Text: fmt.Sprintf("%s takes %s with him off the %s edge.", c.Name, spec.Name, edge)})
			}
		case spec.Kind == ObjEscape && !st.Done && spec.Edge == edge && m.escapes(i, id):
			st.Count++
			need := max(spec.Count, 1)
			m.emit(Event{Kind: EvObjective, Model: id, Posse: c.Posse, Text: fmt.Sprintf("%s gets away off the %s edge (%d of %d).", c.Name, edge, st.Count, need)})
			if st.Count >= need {
				st.Done = true
				why := fmt.Sprintf("%s have got %s away", m.Posses[c.Posse].Name, words.Count(need, "man", "men"))
				if spec.Target != "" {
					why = fmt.Sprintf("%s has got away", c.Name)
				}
				m.award(i, c.Posse, why)
			}
		}
	}
}

// award gives a posse an objective's points.
func (m *Match) award(i, p int, why string) {
	n := points(m.Scenario.Objectives[i])
	m.objectives.Score[p] += n
	m.emit(Event{Kind: EvObjective, Model: -1, Posse: p, Hits: n,
		Text: fmt.Sprintf("%s: %s score %s (%s).", why, m.Posses[p].Name, words.Count(n, "victory point", "victory points"), m.scoreText())})
}

// scoreText is the score in words: "Lawmen 3, Desperados 1".
func (m *Match) scoreText() string {
	parts := make([]string, len(m.Posses))
	for p := range m.Posses {
		parts[p] = fmt.Sprintf("%s %d", m.Posses[p].Name, m.objectives.Score[p])
	}
	return strings.Join(parts, ", ")
}

// holder is the posse with the most models standing in zone i, and how
// many; -1 when nobody is in it or the most are tied (contested).
func (m *Match) holder(i int) (posse int, contested bool) {
	st, r := m.objectives.Obj[i], zoneRadius(m.Scenario.Objectives[i])
	counts := make([]int, len(m.Posses))
	for id := range m.Models {
		if md := &m.Models[id]; !md.Removed() && md.Pos.Dist(st.At) <= r {
			counts[md.Posse]++
		}
	}
	best, bestN, tie := -1, 0, false
	for p, n := range counts {
		switch {
		case n > bestN:
			best, bestN, tie = p, n, false
		case n == bestN && n > 0:
			tie = true
		}
	}
	if tie {
		return -1, true
	}
	return best, false
}

// scoreRound scores the zones at the end of a game turn.
func (m *Match) scoreRound() {
	if m.objectives == nil {
		return
	}
	for i, spec := range m.Scenario.Objectives {
		if spec.Kind != ObjHold {
			continue
		}
		p, contested := m.holder(i)
		switch {
		case contested:
			m.emit(Event{Kind: EvObjective, Model: -1, Posse: -1, Text: fmt.Sprintf("%s is contested: nobody scores it this turn.", upper(spec.Name))})
		case p >= 0 && m.mayScore(i, p):
			m.award(i, p, fmt.Sprintf("%s hold %s", m.Posses[p].Name, spec.Name))
		}
	}
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// objectivesOver ends a match with objectives when fewer than two posses
// have models on the table (R34 with G41). It reports whether it did.
func (m *Match) objectivesOver() bool {
	on := 0
	for p := range m.Posses {
		if m.standing(p) > 0 {
			on++
		}
	}
	if on >= 2 {
		return false
	}
	m.endOnPoints("no other posse is left on the table")
	return true
}

// left counts a posse's models still in the match: standing or got away.
func (m *Match) left(p int) int {
	n := 0
	for _, id := range m.Posses[p].Models {
		if md := &m.Models[id]; !md.Health.Removed() {
			n++
		}
	}
	return n
}

// endOnPoints ends a match with objectives: a posse with no models left
// (all taken out, none got away) loses (R34); of the rest the most victory
// points win, and a tie for most is a draw (ruling G41).
func (m *Match) endOnPoints(why string) {
	best, bestN, tie := -1, -1, false
	for p := range m.Posses {
		if m.left(p) == 0 {
			continue
		}
		switch n := m.objectives.Score[p]; {
		case n > bestN:
			best, bestN, tie = p, n, false
		case n == bestN:
			tie = true
		}
	}
	m.Over = true
	m.Active, m.AP, m.RunLeft, m.Pending = -1, 0, 0, nil
	switch {
	case best < 0:
		m.Winner = -1
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: -1, Text: fmt.Sprintf("The match ends (%s) with nobody left: a draw (%s).", why, m.scoreText())})
	case tie:
		m.Winner = -1
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: -1, Text: fmt.Sprintf("The match ends (%s) level on points: a draw (%s).", why, m.scoreText())})
	default:
		m.Winner = best
		m.emit(Event{Kind: EvGameOver, Model: -1, Posse: best, Text: fmt.Sprintf("The match ends (%s): %s win (%s).", why, m.Posses[best].Name, m.scoreText())})
	}
}

// ResultText is the match's result in words with the score: "Desperados
// win, 4 to 1" (objectives), "Lawmen win", "a draw"; empty while it goes on.
func (m *Match) ResultText() string {
	if !m.Over {
		return ""
	}
	score := ""
	if m.objectives != nil {
		score = " (" + m.scoreText() + ")"
	}
	if m.Winner < 0 {
		return "a draw" + score
	}
	return m.Posses[m.Winner].Name + " win" + score
}

// objectiveInvariants: points never negative, a carrier stands and carries
// one load, a scored loot is carried by nobody.
func (m *Match) objectiveInvariants() error {
	o := m.objectives
	if o == nil {
		return nil
	}
	for p, n := range o.Score {
		if n < 0 {
			return fmt.Errorf("%s have %d victory points", m.Posses[p].Name, n)
		}
	}
	carried := map[int]bool{}
	for i, st := range o.Obj {
		if st.Carrier < 0 {
			continue
		}
		if st.Done {
			return fmt.Errorf("%s is scored and still carried", m.Scenario.Objectives[i].Name)
		}
		if carried[st.Carrier] {
			return fmt.Errorf("%s carries two loads", m.Models[st.Carrier].Name)
		}
		carried[st.Carrier] = true
		if m.Models[st.Carrier].Removed() && !m.Over && m.Pending == nil {
			return fmt.Errorf("%s is carried by %s, who is out of play", m.Scenario.Objectives[i].Name, m.Models[st.Carrier].Name)
		}
	}
	return nil
}

// hashObjectives adds the objective state to a state check.
func (h *fnv64) objectives(o *objectives) {
	if o == nil {
		return
	}
	h.int(o.Score...)
	for _, st := range o.Obj {
		h.float(st.At.X, st.At.Y)
		h.int(st.Carrier, st.Count)
		h.bool(st.Loose, st.Done)
	}
}

// carrierAtStart is checked in setUpPositions: a model may not start
// carrying loot on the edge it scores at.
func (m *Match) carrierAtStart(i, id int) error {
	spec := m.Scenario.Objectives[i]
	if md := &m.Models[id]; m.mayScore(i, md.Posse) && m.touchesEdge(md.Pos, spec.Edge) {
		return fmt.Errorf("\"carrying\": %s starts on the %s edge he must carry %s off", md.Name, spec.Edge, spec.Name)
	}
	return nil
}
