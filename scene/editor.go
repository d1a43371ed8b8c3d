package scene

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/maps"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// The position editor ("Set up a position" on the title, "Edit from
// here" in the Esc menu): a scenario file made by hand on the table.
// Models come from a posse (shipped or the player's own) and are placed,
// moved and taken off with the mouse; the panel sets the chosen model's
// wounds, ammunition, tokens and facing, places the objectives the
// scenario format has (loot, a zone to hold, an escape, a bounty) and
// whose turn it is. Every change is checked by the engine itself (a match
// is set up from the position, game.NewMatchOn) and its one line, in plain
// words, stands in the panel and beside what is wrong. The position is
// saved as a scenario file, played against the computer, handed to the
// simulator or given the static estimate (editor_run.go).

// editorSel is what the panel is about: a model on the table, an
// objective, a model of the list off the table waiting to be placed, or
// an objective kind waiting for its spot.
type editorSel struct {
	posse, model int    // a placed model: s.Posses[posse].Models[model]; -1 none
	obj          int    // an objective: s.Objectives[obj]; -1 none
	place        string // a model's name from the list off the table, waiting for a click on the table
	placePosse   int
	placeObj     string // an objective kind waiting for a click on the table (loot, hold)
	door         int    // a door: its feature ID on the map; -1 none (editor_doors.go)
}

func noSel() editorSel { return editorSel{posse: -1, model: -1, obj: -1, door: -1} }

// editor is the position editor's scene.
type editor struct {
	back Scene // Esc's way out: the title, or the paused match

	s       game.Scenario     // the position; its posses hold the placed models only
	roster  [2]game.PosseSpec // where the models come from: the whole posse
	choices []game.PosseSpec  // the posses to choose from: shipped, then the player's own
	choice  [2]int            // of choices
	board   *board.Board      // s.Map, loaded
	town    town              // its painting
	labels  labels            // the words on the table, placed each frame (labels.go)
	cam     table.Camera      // wheel zoom, right-drag pan, as the battle
	fitted  bool              // the camera fits the table
	lastW   int               // the window's size it was fitted at
	lastH   int               //
	lastU   float64           // the UI scale it was fitted at (the panel's width)
	quiet   int               // frames since the zoom changed (the town is painted again once it settles)
	sel     editorSel         //
	undo    []string          // earlier positions (JSON), newest last: Ctrl+Z
	problem editorProblem     // the engine's one line about the position, or none
	match   *game.Match       // the position set up, when the engine accepts it
	note    string            // the last thing done, in words ("Saved to ...")
	noteBad bool              // the note is a refusal
	press   *editorPress      // the left button went down on a model or an objective
	wasDown bool              // the left button was down last frame
	run     *editorRun        // the simulator's run, or nil (editor_run.go)
	ui      editorButtons     // the panel's buttons, laid out each frame
	rows    []editorRow       // the selection's settings, laid out each frame
	listed  []editorListEntry // the models off the table, laid out each frame
	objs    []button          // the objectives, to choose one, laid out each frame
	scroll  formScroll        // the panel above its foot scrolls when taller than the window (scroll.go)
	status  []editorLine      // the engine's line, the run and the last note, wrapped, laid out each frame
	selY    float64           // the selection's heading, laid out each frame
	shown   editorSel         // the selection the panel was last laid out for (a new one scrolls into view)
	inPanel bool              // the left button went down on the panel (a drag there scrolls it)
	panelBs []*button         // e.scrolled's list, kept between frames
	turns   []int             // the turn limits offered
	saved   string            // the file last saved
	est     []float64         // the static estimate, when asked
	pending func(*App) Scene  // a scene to go to after Update (Play)
}

// editorPress is a press of the left button on the table: on a model, an
// objective or nothing; a drag from it moves what it was on.
type editorPress struct {
	posse, model, obj int
}

// editorButtons are the panel's fixed buttons.
type editorButtons struct {
	mapB, first, turns       button
	posse                    [2]button
	loot, hold, escape, boun button
	save, play, sim, est     button
	back                     button
}

// editorRow is one setting of the selection: a button and what a click does.
type editorRow struct {
	b  button
	do func(e *editor)
}

// editorLine is a line of the panel's foot, above the actions.
type editorLine struct {
	s string
	c rgba
}

// editorListEntry is a model off the table, as a button of the list.
type editorListEntry struct {
	b     button
	posse int
	name  string
}

// editorTurnLimits are the turn limits the editor offers (0: until one
// posse stands).
var editorTurnLimits = []int{0, 4, 6, 8, 10, 12}

// newEditor opens the editor on the default town with the default
// posses, nobody placed yet.
func newEditor(a *App, back Scene) *editor {
	e := &editor{back: back, sel: noSel(), turns: editorTurnLimits}
	e.scroll.focus = -1
	e.loadChoices(a)
	s, err := game.DefaultScenario()
	if err != nil {
		e.noted("The default posses cannot be read: "+err.Error(), true)
	}
	s.Name = "A position of my own"
	s.Map = maps.Default
	for i := range 2 {
		if i < len(s.Posses) {
			e.choice[i] = max(0, e.choiceNamed(s.Posses[i].Name))
		} else {
			e.choice[i] = i % max(1, len(e.choices))
		}
		e.roster[i] = e.choices[e.choice[i]]
	}
	s.Posses = []game.PosseSpec{{Name: e.roster[0].Name}, {Name: e.roster[1].Name}}
	e.s = s
	e.loadBoard()
	e.check()
	return e
}

// newEditorFrom opens the editor on a match as it stands: every model
// still in play where he stands, with his wounds, ammunition and tokens,
// the objectives as they lie, the posse on turn first.
func newEditorFrom(a *App, back Scene, m *game.Match) *editor {
	e := newEditor(a, back)
	e.s = positionOf(m)
	for i := range 2 {
		e.roster[i] = m.Scenario.Posses[i]
		e.roster[i].Computer = ""
		e.choice[i] = max(0, e.choiceNamed(e.roster[i].Name))
	}
	e.loadBoard()
	e.check()
	return e
}

// loadChoices lists the shipped posses and the player's own.
func (e *editor) loadChoices(a *App) {
	shipped, err := game.ShippedPosses()
	if err != nil {
		e.noted(err.Error(), true)
	}
	e.choices = append(e.choices, shipped...)
	own, _ := loadOwnPosses(possesDir(a))
	for _, p := range own {
		e.choices = append(e.choices, p.spec)
	}
	if len(e.choices) == 0 {
		e.choices = []game.PosseSpec{{Name: "Posse"}}
	}
}

func (e *editor) choiceNamed(name string) int {
	for i, p := range e.choices {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// loadBoard loads the position's map and asks for a new painting.
func (e *editor) loadBoard() {
	b, err := e.s.LoadMap()
	if err != nil {
		e.noted("The map cannot be read: "+err.Error(), true)
		return
	}
	e.board = b
	e.town.img = nil
	e.fitted = false
}

// positionOf is a match as it stands, as a scenario: the models in play
// placed where they stand, with their wounds, empty guns, Overwatch, Aim,
// loot and whether they have acted this turn; the models gone off the
// table by an edge; the objectives with loot where it lies and those
// already scored done; the victory points earned; the doors as they are;
// the posse whose turn it is first.
func positionOf(m *game.Match) game.Scenario {
	s := m.Scenario
	s.Name = "From " + m.Scenario.Name
	s.Posses = make([]game.PosseSpec, len(m.Scenario.Posses))
	objs := m.Objectives()
	s.Objectives = slices.Clone(m.Scenario.Objectives)
	for i, o := range objs {
		s.Objectives[i].Done = o.Done
		if o.Spec.Kind == game.ObjLoot && o.Carrier < 0 && !o.Done {
			at := o.At
			s.Objectives[i].At, s.Objectives[i].Feature = &at, ""
		}
	}
	s.Score = nil
	for p, n := range m.Score() {
		if n > 0 {
			s.Score = append(s.Score, game.PosseScore{Posse: m.Posses[p].Name, Points: n})
		}
	}
	s.Interact = m.DoorsNow()
	for pi, ps := range m.Scenario.Posses {
		s.Posses[pi] = game.PosseSpec{Name: ps.Name}
		for mi, spec := range ps.Models {
			md := &m.Models[m.Posses[pi].Models[mi]]
			if edge := m.EscapedBy(md.ID); edge != "" {
				s.Posses[pi].Models = append(s.Posses[pi].Models, offBy(spec, edge))
				continue
			}
			if md.Removed() {
				continue
			}
			at := md.Pos
			spec.At = &at
			spec.Facing = math.Round(md.Facing * 180 / math.Pi)
			spec.Wounds, spec.OutOfAmmo, spec.AimAt, spec.Carrying, spec.Activated, spec.Overwatch, spec.LitFuse = nil, nil, "", "", false, nil, nil
			for loc := rules.Head; loc < rules.NumLocations; loc++ {
				if d := md.Health.Marked[loc]; d > 0 {
					spec.Wounds = append(spec.Wounds, game.WoundSpec{Location: loc.String(), Damage: min(d, 4)})
				}
			}
			for slot, empty := range md.Empty {
				if empty && slot < len(spec.Weapons) {
					spec.OutOfAmmo = append(spec.OutOfAmmo, spec.Weapons[slot])
				}
			}
			if md.Overwatch {
				d := math.Round(md.WatchDir * 180 / math.Pi)
				spec.Overwatch = &d
			}
			if md.AimAt >= 0 {
				spec.AimAt = m.Models[md.AimAt].Name
			}
			if c := m.Carrying(md.ID); c >= 0 {
				spec.Carrying = m.Scenario.Objectives[c].Name
			}
			spec.Activated = md.Activated && s.Initiative != "" && bookMethod(s.Initiative)
			s.Posses[pi].Models = append(s.Posses[pi].Models, spec)
		}
	}
	if p := m.Decider(); p >= 0 && p < len(s.Posses) {
		s.FirstTurn = s.Posses[p].Name
	}
	if s.TurnLimit > 0 {
		s.TurnLimit = max(1, s.TurnLimit-m.Turn+1)
	}
	return s
}

// offBy is a model who has left the table by an edge, as a scenario
// lists him: his stat card and the edge, nothing of a place on the table.
func offBy(spec game.ModelSpec, edge string) game.ModelSpec {
	spec.At, spec.Overwatch, spec.AimAt, spec.Carrying, spec.LitFuse, spec.Activated = nil, nil, "", "", nil, false
	spec.Wounds, spec.OutOfAmmo, spec.Escaped = nil, nil, edge
	return spec
}

// bookMethod reports whether the initiative is one of the book's (the
// only ones under which a model may start having acted).
func bookMethod(method string) bool {
	return method == game.MethodDraw || method == game.MethodCoin || method == game.MethodStandoff
}

// snapshot is the position as JSON, for undo.
func (e *editor) snapshot() string {
	data, _ := json.Marshal(struct {
		S      game.Scenario
		Roster [2]game.PosseSpec
		Choice [2]int
	}{e.s, e.roster, e.choice})
	return string(data)
}

// change records the position for undo, applies a change and checks it.
func (e *editor) change(do func()) {
	before := e.snapshot()
	do()
	if e.snapshot() == before {
		return
	}
	e.undo = append(e.undo, before)
	if len(e.undo) > 200 {
		e.undo = e.undo[1:]
	}
	e.est = nil
	e.check()
}

// undoLast takes the last change back.
func (e *editor) undoLast() {
	if len(e.undo) == 0 {
		e.noted("Nothing to undo.", false)
		return
	}
	var v struct {
		S      game.Scenario
		Roster [2]game.PosseSpec
		Choice [2]int
	}
	last := e.undo[len(e.undo)-1]
	e.undo = e.undo[:len(e.undo)-1]
	if err := json.Unmarshal([]byte(last), &v); err != nil {
		return
	}
	mapChanged := v.S.Map != e.s.Map
	e.s, e.roster, e.choice = v.S, v.Roster, v.Choice
	if mapChanged {
		e.loadBoard()
	}
	if e.selected() == nil && (e.sel.obj < 0 || e.sel.obj >= len(e.s.Objectives)) && e.selectedDoor() == nil {
		e.sel = noSel() // what was chosen is gone
	}
	e.est = nil
	e.noted("Undone.", false)
	e.check()
}

func (e *editor) noted(s string, bad bool) { e.note, e.noteBad = s, bad }

// check sets the position up as a match would and keeps the engine's
// line about it.
func (e *editor) check() {
	e.match, e.problem = nil, editorProblem{posse: -1, model: -1, obj: -1}
	if e.board == nil {
		return
	}
	for _, p := range e.s.Posses {
		if len(p.Models) == 0 {
			e.problem = editorProblem{text: fmt.Sprintf("Place at least one model of the %s on the table.", p.Name), posse: -1, model: -1, obj: -1}
			return
		}
	}
	m, err := game.NewMatchOn(e.s, e.board.Clone(), 1)
	if err != nil {
		e.problem = plainProblem(e.s, err)
		return
	}
	e.match = m
}

// placed reports whether a model of the roster is on the table.
func (e *editor) placed(posse int, name string) bool {
	for _, md := range e.s.Posses[posse].Models {
		if md.Name == name {
			return true
		}
	}
	return false
}

// offTable lists each posse's models not on the table, in roster order.
func (e *editor) offTable() (out []editorListEntry) {
	for p := range 2 {
		for _, md := range e.roster[p].Models {
			if !e.placed(p, md.Name) {
				out = append(out, editorListEntry{posse: p, name: md.Name})
			}
		}
	}
	return out
}

// rosterModel is the model of posse p's roster with that name.
func (e *editor) rosterModel(p int, name string) (game.ModelSpec, bool) {
	for _, md := range e.roster[p].Models {
		if md.Name == name {
			return md, true
		}
	}
	return game.ModelSpec{}, false
}

// selected is the chosen model on the table, or nil.
func (e *editor) selected() *game.ModelSpec {
	if e.sel.posse < 0 || e.sel.posse >= len(e.s.Posses) || e.sel.model < 0 || e.sel.model >= len(e.s.Posses[e.sel.posse].Models) {
		return nil
	}
	return &e.s.Posses[e.sel.posse].Models[e.sel.model]
}

// modelAt is the placed model whose base is under p, or -1s.
func (e *editor) modelAt(p game.Point) (posse, model int) {
	for pi, ps := range e.s.Posses {
		for mi, md := range ps.Models {
			if md.At != nil && md.At.Dist(p) <= board.BaseRadius {
				return pi, mi
			}
		}
	}
	return -1, -1
}

// objectiveAt is the loot or zone centre under p (within an inch), or -1.
func (e *editor) objectiveAt(p game.Point) int {
	for i := range e.s.Objectives {
		if at, ok := e.objectivePoint(i); ok && at.Dist(p) <= 1 {
			return i
		}
	}
	return -1
}

// objectivePoint is where a loot or a zone lies: its spot, or its map
// feature's.
func (e *editor) objectivePoint(i int) (game.Point, bool) {
	o := e.s.Objectives[i]
	if o.At != nil {
		return *o.At, true
	}
	if o.Feature != "" && e.board != nil {
		for _, f := range e.board.Features {
			if f.Name == o.Feature && len(f.Points) > 0 {
				var c game.Point
				for _, p := range f.Points {
					c.X += p.X
					c.Y += p.Y
				}
				n := float64(len(f.Points))
				return game.Point{X: c.X / n, Y: c.Y / n}, true
			}
		}
	}
	return game.Point{}, false
}

// facingToCentre is the facing, in whole degrees, from p toward the
// table's centre: a model placed looks into the table.
func (e *editor) facingToCentre(p game.Point) float64 {
	c := game.Point{X: e.board.Width / 2, Y: e.board.Height / 2}
	d := math.Atan2(c.Y-p.Y, c.X-p.X) * 180 / math.Pi
	return math.Round(d/45) * 45
}

// onTable reports whether p lies on the table.
func (e *editor) onTable(p game.Point) bool {
	return e.board != nil && p.X >= 0 && p.Y >= 0 && p.X <= e.board.Width && p.Y <= e.board.Height
}

// placeModel puts the model waiting in the list at p.
func (e *editor) placeModel(p game.Point) {
	md, ok := e.rosterModel(e.sel.placePosse, e.sel.place)
	if !ok {
		return
	}
	at := game.Point{X: math.Round(p.X*10) / 10, Y: math.Round(p.Y*10) / 10}
	md.At, md.Facing = &at, e.facingToCentre(at)
	pi := e.sel.placePosse
	e.change(func() { e.s.Posses[pi].Models = append(e.s.Posses[pi].Models, md) })
	e.sel = noSel()
	e.sel.posse, e.sel.model = pi, len(e.s.Posses[pi].Models)-1
	e.noted(md.Name+" is on the table.", false)
}

// removeSelected takes the chosen model off the table (back to the
// list), or removes the chosen objective.
func (e *editor) removeSelected() {
	if md := e.selected(); md != nil {
		name, pi, mi := md.Name, e.sel.posse, e.sel.model
		e.change(func() {
			e.s.Posses[pi].Models = slices.Delete(e.s.Posses[pi].Models, mi, mi+1)
			e.forgetName(name)
		})
		e.sel = noSel()
		e.noted(name+" is off the table.", false)
		return
	}
	if i := e.sel.obj; i >= 0 && i < len(e.s.Objectives) {
		name := e.s.Objectives[i].Name
		e.change(func() {
			e.s.Objectives = slices.Delete(e.s.Objectives, i, i+1)
			for pi := range e.s.Posses {
				for mi := range e.s.Posses[pi].Models {
					if md := &e.s.Posses[pi].Models[mi]; md.Carrying == name {
						md.Carrying = ""
					}
				}
			}
			e.fixWinAt()
		})
		e.sel = noSel()
		e.noted(upperFirst(name)+" is gone.", false)
	}
}

// forgetName drops what names a model taken off the table: Aims at him,
// bounties and escapes naming him.
func (e *editor) forgetName(name string) {
	for pi := range e.s.Posses {
		for mi := range e.s.Posses[pi].Models {
			if md := &e.s.Posses[pi].Models[mi]; md.AimAt == name {
				md.AimAt = ""
			}
		}
	}
	e.s.Objectives = slices.DeleteFunc(e.s.Objectives, func(o game.ObjectiveSpec) bool {
		return o.Kind == game.ObjBounty && o.Target == name
	})
	for i := range e.s.Objectives {
		if o := &e.s.Objectives[i]; o.Kind == game.ObjEscape && o.Target == name {
			o.Target = ""
		}
	}
	e.fixWinAt()
}

// fixWinAt keeps the file legal: no objectives, no win_at.
func (e *editor) fixWinAt() {
	if len(e.s.Objectives) == 0 {
		e.s.WinAt = 0
	}
}

// moveTo moves a placed model or an objective to p.
func (e *editor) moveTo(pr editorPress, p game.Point) {
	at := game.Point{X: math.Round(p.X*10) / 10, Y: math.Round(p.Y*10) / 10}
	switch {
	case pr.posse >= 0:
		e.change(func() {
			md := &e.s.Posses[pr.posse].Models[pr.model]
			if md.LitFuse != nil && md.At != nil { // his lit stick moves with him
				f := game.Point{X: md.LitFuse.X + at.X - md.At.X, Y: md.LitFuse.Y + at.Y - md.At.Y}
				md.LitFuse = &f
			}
			md.At = &at
		})
		e.sel = noSel()
		e.sel.posse, e.sel.model = pr.posse, pr.model
	case pr.obj >= 0:
		e.change(func() {
			o := &e.s.Objectives[pr.obj]
			o.At, o.Feature = &at, ""
		})
		e.sel = noSel()
		e.sel.obj = pr.obj
	}
}

// freeName is a name no objective has yet: "the strongbox", "the
// strongbox 2", ...
func (e *editor) freeName(base string) string {
	for n := 1; ; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s %d", base, n)
		}
		if !slices.ContainsFunc(e.s.Objectives, func(o game.ObjectiveSpec) bool { return o.Name == name }) {
			return name
		}
	}
}

// farEdge is the table edge farthest from p: loot placed there is worth
// carrying.
func (e *editor) farEdge(p game.Point) string {
	d := map[string]float64{"west": p.X, "east": e.board.Width - p.X, "north": p.Y, "south": e.board.Height - p.Y}
	best := "west"
	for _, k := range []string{"north", "south", "east", "west"} {
		if d[k] > d[best] {
			best = k
		}
	}
	return best
}

// placeObjective puts an objective of the waiting kind at p.
func (e *editor) placeObjective(p game.Point) {
	at := game.Point{X: math.Round(p.X*10) / 10, Y: math.Round(p.Y*10) / 10}
	var o game.ObjectiveSpec
	switch e.sel.placeObj {
	case game.ObjLoot:
		o = game.ObjectiveSpec{Kind: game.ObjLoot, Name: e.freeName("the strongbox"), At: &at, Edge: e.farEdge(at), Points: 3}
	case game.ObjHold:
		o = game.ObjectiveSpec{Kind: game.ObjHold, Name: e.freeName("the high ground"), At: &at, Radius: 3, Points: 1}
	default:
		return
	}
	e.addObjective(o)
}

// addObjective adds one and chooses it; with objectives a match needs a
// turn limit for the points to decide, so one is set if there was none.
func (e *editor) addObjective(o game.ObjectiveSpec) {
	e.change(func() {
		e.s.Objectives = append(e.s.Objectives, o)
		if e.s.TurnLimit == 0 {
			e.s.TurnLimit = 6
		}
	})
	e.sel = noSel()
	e.sel.obj = len(e.s.Objectives) - 1
	e.noted(upperFirst(o.Name)+" is set: "+objectiveSentence(e.s, o)+".", false)
}

// upperFirst capitalises the first letter.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	if r[0] >= 'a' && r[0] <= 'z' {
		r[0] -= 'a' - 'A'
	}
	return string(r)
}

// nextOf is the value after v in vs, round.
func nextOf[T comparable](vs []T, v T) T {
	i := slices.Index(vs, v)
	return vs[(i+1)%len(vs)]
}

// wordsOfDamage names a wound's damage as the wound chart does.
func wordsOfDamage(d int) string {
	switch d {
	case 0:
		return "unhurt"
	case 1:
		return "Light wound"
	case 2:
		return "Serious wound"
	case 4:
		return "Mortal wound"
	}
	return fmt.Sprintf("%d damage", d)
}

// woundOn is the damage marked on a location of a model.
func woundOn(md *game.ModelSpec, loc rules.Location) int {
	for _, w := range md.Wounds {
		if l, err := rules.ParseLocation(w.Location); err == nil && l == loc {
			return w.Damage
		}
	}
	return 0
}

// setWound sets the damage on a location (0: none).
func setWound(md *game.ModelSpec, loc rules.Location, d int) {
	md.Wounds = slices.DeleteFunc(slices.Clone(md.Wounds), func(w game.WoundSpec) bool {
		l, err := rules.ParseLocation(w.Location)
		return err == nil && l == loc
	})
	if d > 0 {
		md.Wounds = append(md.Wounds, game.WoundSpec{Location: loc.String(), Damage: d})
	}
	if len(md.Wounds) == 0 {
		md.Wounds = nil
	}
}

// emptySlots is which of the model's weapon slots are listed out of
// ammunition (a name listed twice empties two slots of that name).
func emptySlots(md *game.ModelSpec) []bool {
	out := make([]bool, len(md.Weapons))
	left := map[string]int{}
	for _, n := range md.OutOfAmmo {
		left[n]++
	}
	for i, w := range md.Weapons {
		if left[w] > 0 {
			out[i] = true
			left[w]--
		}
	}
	return out
}

// toggleEmpty loads or empties a weapon slot.
func toggleEmpty(md *game.ModelSpec, slot int) {
	empty := emptySlots(md)
	empty[slot] = !empty[slot]
	md.OutOfAmmo = nil
	for i, e := range empty {
		if e {
			md.OutOfAmmo = append(md.OutOfAmmo, md.Weapons[i])
		}
	}
}

// enemiesOf lists the placed models of the other posses.
func (e *editor) enemiesOf(posse int) []string {
	var out []string
	for pi, p := range e.s.Posses {
		if pi == posse {
			continue
		}
		for _, md := range p.Models {
			out = append(out, md.Name)
		}
	}
	return out
}

// lootNames lists the loot objectives.
func (e *editor) lootNames() []string {
	var out []string
	for _, o := range e.s.Objectives {
		if o.Kind == game.ObjLoot {
			out = append(out, o.Name)
		}
	}
	return out
}
