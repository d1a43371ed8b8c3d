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
