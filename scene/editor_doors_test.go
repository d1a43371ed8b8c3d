package scene

import (
	"slices"
	"testing"

	"cowpoke/game"
	"cowpoke/maps"
)

// fromHereMatch is a match on the town played through Match.Apply to a
// position with everything a scenario's first turn cannot show: Bandit
// has carried the payroll off the east edge (3 victory points, 1 of the 2
// the getaway needs), and the Sheriff has unlocked and opened the
// sheriff's door. Model ids: Bandit 0, Kid 1, Sheriff 2, Deputy 3.
func fromHereMatch(t *testing.T) *game.Match {
	t.Helper()
	fig := func(name, tier string, x, y float64, weapons ...string) game.ModelSpec {
		return game.ModelSpec{Name: name, Tier: tier, Weapons: weapons, At: &game.Point{X: x, Y: y}}
	}
	bandit := fig("Bandit", "cowpoke", 34.5, 19.5, "revolver")
	bandit.Carrying = "the payroll"
	s := game.Scenario{Name: "Edit from here", Map: maps.Default, Initiative: game.MethodDraw, FirstTurn: "Desperados", TurnLimit: 6,
		Posses: []game.PosseSpec{
			{Name: "Desperados", Models: []game.ModelSpec{bandit, fig("Kid", "greenhorn", 14, 34.8, "revolver")}},
			{Name: "Lawmen", Models: []game.ModelSpec{fig("Sheriff", "cowpoke", 23.2, 6, "revolver"), fig("Deputy", "cowpoke", 10, 1.5, "revolver")}},
		},
		Interact: []game.InteractSpec{{Door: "sheriff's door", Locked: true}},
		Objectives: []game.ObjectiveSpec{
			{Kind: game.ObjLoot, Name: "the payroll", At: &game.Point{X: 34.5, Y: 19.5}, Edge: "east", Posse: "Desperados", Points: 3},
			{Kind: game.ObjEscape, Name: "the getaway", Posse: "Desperados", Edge: "east", Count: 2, Points: 2},
		}}
	m, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(c game.Command) {
		t.Helper()
		if _, err := m.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	apply(game.Command{Kind: game.CmdActivate, Model: 0})
	apply(game.Command{Kind: game.CmdMove, Model: 0, To: &game.Point{X: 35.4, Y: 19.5}})
	apply(game.Command{Kind: game.CmdActivate, Model: 1})
	apply(game.Command{Kind: game.CmdEnd, Model: 1})
	apply(game.Command{Kind: game.CmdActivate, Model: 2})
	doors := m.DoorsInReach(2)
	if len(doors) != 1 {
		t.Fatalf("doors in the Sheriff's reach: %v", doors)
	}
	apply(game.Command{Kind: game.CmdInteract, Model: 2, Door: doors[0], Open: true})
	if m.Score()[0] != 3 || !m.Models[0].Escaped || m.Objectives()[1].Count != 1 {
		t.Fatalf("the match as played: score %v, Bandit escaped %v, objectives %+v", m.Score(), m.Models[0].Escaped, m.Objectives())
	}
	return m
}

// TestEditFromHereKeepsTheWholePosition: Edit from here carries the score
// earned, the doors as they stand, the models gone off by an edge and the
// loot carried off; the engine sets the position up with each, and a
// match played from it goes on from there.
func TestEditFromHereKeepsTheWholePosition(t *testing.T) {
	m := fromHereMatch(t)
	s := positionOf(m)
	if len(s.Score) != 1 || s.Score[0] != (game.PosseScore{Posse: "Desperados", Points: 3}) {
		t.Errorf("score %+v, want the Desperados' 3", s.Score)
	}
	if !s.Objectives[0].Done || s.Objectives[1].Done {
		t.Errorf("objectives done: %v %v; want the payroll done, the getaway not", s.Objectives[0].Done, s.Objectives[1].Done)
	}
	if i := slices.IndexFunc(s.Posses[0].Models, func(md game.ModelSpec) bool { return md.Name == "Bandit" }); i < 0 || s.Posses[0].Models[i].Escaped != "east" || s.Posses[0].Models[i].At != nil {
		t.Errorf("Bandit in the position: %+v", s.Posses[0].Models)
	}
	p, err := game.NewMatch(s, 1)
	if err != nil {
		t.Fatalf("the engine refuses the position: %v", err)
	}
	if got := p.Score(); got[0] != 3 || got[1] != 0 {
		t.Errorf("the position's score %v", got)
	}
	door := m.DoorsInReach(2)[0]
	was, _ := m.Board.FeatureByID(door)
	now, _ := p.Board.FeatureByID(door)
	if !now.Open || now.Locked || game.DoorState(now) != game.DoorState(was) {
		t.Errorf("the sheriff's door: %s in the position, %s in the match", game.DoorState(now), game.DoorState(was))
	}
	for i := range m.Board.Features { // every other door as the match has it too
		if f := &m.Board.Features[i]; f.Kind.String() == "door" {
			g, _ := p.Board.FeatureByID(f.ID)
			if game.DoorState(g) != game.DoorState(f) {
				t.Errorf("%s: %s in the position, %s in the match", f.Label(), game.DoorState(g), game.DoorState(f))
			}
		}
	}
	if w := settledWords(s); w != "Scored so far: Desperados 3 points. Got away: Bandit (the east edge). Settled already: the payroll." {
		t.Errorf("the panel says %q", w)
	}
	if o := p.Objectives(); !o[0].Done || o[1].Count != 1 || !p.Models[0].Escaped {
		t.Errorf("the position's objectives %+v, Bandit escaped %v", o, p.Models[0].Escaped)
	}
	// Played on: the Kid reaching the east edge completes the getaway (2
	// more points), as in the match itself.
	for _, mm := range []*game.Match{m, p} {
		kidRuns(t, mm)
	}
	if !slices.Equal(m.Score(), p.Score()) || m.Objectives()[1].Done != p.Objectives()[1].Done {
		t.Errorf("played on: the match's score %v, the position's %v", m.Score(), p.Score())
	}
}

// kidRuns moves the Kid (model 1) to the east edge along the south, over
// as many of his activations as it takes, the Lawmen ending theirs.
func kidRuns(t *testing.T, m *game.Match) {
	t.Helper()
	for step := 0; step < 40 && !m.Objectives()[1].Done && !m.Over; step++ {
		d := m.Decider()
		var c game.Command
		switch {
		case m.Active < 0 && d == 0:
			c = game.Command{Kind: game.CmdActivate, Model: 1}
		case m.Active == 1 && m.AP == 2:
			kid := m.Models[1].Pos
			c = game.Command{Kind: game.CmdMove, Model: 1, To: &game.Point{X: min(35.4, kid.X+5.5), Y: 34.8}}
		case m.Active >= 0:
			c = game.Command{Kind: game.CmdEnd, Model: m.Active}
		default:
			for _, id := range []int{2, 3} {
				if m.CanActivate(id) {
					c = game.Command{Kind: game.CmdActivate, Model: id}
					break
				}
			}
		}
		if _, err := m.Apply(c); err != nil {
			t.Fatalf("step %d %+v: %v", step, c, err)
		}
	}
	if !m.Objectives()[1].Done {
		t.Fatalf("the Kid did not get away: at %v", m.Models[1].Pos)
	}
}

// TestEditorSetsDoors: in the editor opened from a match, a click on the
// Sheriff's Office door (locked by the map) chooses it; its rows set the
// roll to unlock it, then closed, then open, each checked by the engine
// (its match of the position has the door so) and painted on the table;
// Ctrl+Z takes each change back to the map's own door.
func TestEditorSetsDoors(t *testing.T) {
	dir := shotsDir(t)
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	m := fromHereMatch(t)
	var e *editor
	onLoop(func() {
		noMatchInProgress()
		e = newEditorFrom(h.app, nil, m)
		h.app.Goto(e)
	})
	frames(3)
	var id int
	var x, y float64
	onLoop(func() {
		for i := range e.board.Features {
			if f := &e.board.Features[i]; f.Name == "Sheriff's Office door" {
				id = f.ID
				x, y = e.cam.ToScreen(f.Centroid())
			}
		}
	})
	clickAt(x, y)
	type view struct {
		sel          int
		rows         []string
		entries      []game.InteractSpec
		state        string // the engine's match of the position
		problem      string
		paintedState string // the door as the town was last painted
	}
	look := func() view {
		var v view
		onLoop(func() {
			v.sel, v.entries, v.problem = e.sel.door, slices.Clone(e.s.Interact), e.problem.text
			for _, r := range e.rows {
				v.rows = append(v.rows, r.b.Label)
			}
			if e.match != nil {
				f, _ := e.match.Board.FeatureByID(id)
				v.state = game.DoorState(f)
			}
		})
		return v
	}
	entry := func(v view) (game.InteractSpec, bool) {
		i := slices.IndexFunc(v.entries, func(d game.InteractSpec) bool { return d.Door == "Sheriff's Office door" })
		if i < 0 {
			return game.InteractSpec{}, false
		}
		return v.entries[i], true
	}
	v := look()
	if v.sel != id || len(v.rows) != 2 || v.rows[0] != "Door: locked" || v.rows[1] != "Unlock: no roll" {
		t.Fatalf("after a click on the door: chosen %d (want %d), rows %q", v.sel, id, v.rows)
	}
	if _, ok := entry(v); ok {
		t.Fatalf("the door as the map has it is written: %+v", v.entries)
	}
	area := func() []byte { // the pixels round the door
		img := capture(t)
		var px []byte
		for dy := -12; dy <= 12; dy++ {
			for dx := -12; dx <= 12; dx++ {
				c := img.RGBAAt(int(x)+dx, int(y)+dy)
				px = append(px, c.R, c.G, c.B)
			}
		}
		return px
	}
	lockedPx := area()
	row := func(i int) { t.Helper(); clickButtonOf(t, func() *button { return &e.rows[i].b }) }

	row(1) // the roll to unlock: 3+
	v = look()
	if d, ok := entry(v); !ok || d.State != game.DoorLocked || d.Roll != 3 || v.rows[1] != "Unlock: 3+ on a die" || v.problem != "" {
		t.Fatalf("after the roll's row: entry %+v, rows %q, problem %q", d, v.rows, v.problem)
	}
	saveStep(t, dir, "editor-doors-1-locked-3-up", capture(t))
	row(0) // closed: the roll goes with the lock
	v = look()
	if d, ok := entry(v); !ok || d.State != game.DoorClosed || d.Roll != 0 || v.state != game.DoorClosed || len(v.rows) != 1 {
		t.Fatalf("closed: entry %+v, the engine's door %s, rows %q", d, v.state, v.rows)
	}
	row(0) // open
	frames(2)
	v = look()
	if d, ok := entry(v); !ok || d.State != game.DoorOpen || v.state != game.DoorOpen || v.problem != "" {
		t.Fatalf("open: entry %+v, the engine's door %s, problem %q", d, v.state, v.problem)
	}
	openPx := area()
	saveStep(t, dir, "editor-doors-2-open", capture(t))
	if slices.Equal(openPx, lockedPx) {
		t.Error("the table paints the open door as the locked one")
	}
	// The position, saved, starts a match with the door open.
	var s game.Scenario
	onLoop(func() { s = e.s })
	if p, err := game.NewMatch(s, 3); err != nil {
		t.Fatal(err)
	} else if f, _ := p.Board.FeatureByID(id); !f.Open {
		t.Error("a match from the position has the door shut")
	}
	for _, want := range []string{game.DoorClosed, game.DoorLocked} {
		pressKey(KeyUndo)
		v = look()
		if d, ok := entry(v); !ok || d.State != want {
			t.Fatalf("Ctrl+Z: entry %+v, want %s", d, want)
		}
	}
	pressKey(KeyUndo)
	v = look()
	if _, ok := entry(v); ok || v.state != game.DoorLocked || v.rows[1] != "Unlock: no roll" {
		t.Fatalf("Ctrl+Z to the map's door: entries %+v, engine %s, rows %q", v.entries, v.state, v.rows)
	}
	frames(2)
	if !slices.Equal(area(), lockedPx) {
		t.Error("undone, the door is not painted as it was")
	}
}
