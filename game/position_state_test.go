package game

import (
	"encoding/json"
	"strings"
	"testing"

	"cowpoke/assets"
)

// A position taken from a match in play carries what the match has
// settled: the victory points, the doors as they stand, the models gone off
// the table by an edge, the loot carried off. Each scenario field is read
// by the engine, and the match goes on from it as the original would.
func TestPositionCarriesScoreDoorsAndEscapesG40G41(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12, Y: 12}, Edge: "east", Posse: "Desperados", Points: 3}
	run := ObjectiveSpec{Kind: ObjEscape, Name: "the getaway", Posse: "Desperados", Edge: "east", Count: 2, Points: 2}
	carrier := fig("Bandit", "cowpoke", 21.5, 12, 0, "revolver")
	carrier.Carrying = "the strongbox"
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 4.75, 8.8, 270, "revolver")},
		[]ModelSpec{carrier, fig("Kid", "greenhorn", 21.5, 16, 0, "revolver")}, box, run)
	s.Interact = []InteractSpec{{Door: "shack door", Locked: true, Roll: 4, Verb: "pick the lock of"}}

	// The match: the Desperados first (an odd coin); Bandit carries the
	// strongbox off the east edge (3 points, 1 of the 2 to get away); the
	// Sheriff picks the lock with a 5.
	m := objMatch(t, s, 1, 5)
	do(t, m, activate(1))
	do(t, m, moveTo(1, 23.4, 12))
	do(t, m, activate(2))
	do(t, m, end(2))
	do(t, m, activate(0))
	door := m.DoorsInReach(0)[0]
	do(t, m, Command{Kind: CmdInteract, Model: 0, Door: door, Open: true})
	if m.Score()[1] != 3 || !m.Objectives()[0].Done || m.Objectives()[1].Count != 1 || m.EscapedBy(1) != "east" {
		t.Fatalf("the match as played: score %v, objectives %+v, Bandit left by %q", m.Score(), m.Objectives(), m.EscapedBy(1))
	}
	doors := m.DoorsNow()
	if len(doors) != 1 || doors[0].State != DoorOpen || doors[0].Locked || doors[0].Roll != 0 {
		t.Fatalf("the doors now: %+v; want the shack door open, its roll gone with the lock", doors)
	}

	// The position as a scenario file writes it, through the strict reader.
	pos := s
	pos.Score = []PosseScore{{Posse: "Desperados", Points: m.Score()[1]}}
	pos.Objectives = []ObjectiveSpec{box, run}
	pos.Objectives[0].Done = true
	pos.Posses = []PosseSpec{s.Posses[0], {Name: "Desperados", Models: []ModelSpec{
		{Name: "Bandit", Tier: "cowpoke", Weapons: []string{"revolver"}, Escaped: m.EscapedBy(1)}, s.Posses[1].Models[1]}}}
	pos.Interact = doors
	pos.Name, pos.Map, pos.Initiative = "objectives", arenaFile, MethodCoin
	data, err := json.Marshal(pos)
	if err != nil {
		t.Fatal(err)
	}
	if pos, err = ParseScenario("position.json", data); err != nil {
		t.Fatal(err)
	}

	p := objMatch(t, pos, 1)
	f, _ := p.Board.FeatureByID(door)
	if got := p.Score(); got[0] != 0 || got[1] != 3 {
		t.Errorf("score %v, want the Desperados' 3 carried over", got)
	}
	if !f.Open || f.Locked {
		t.Errorf("the shack door: open %v locked %v, want open as it was left", f.Open, f.Locked)
	}
	if o := p.Objectives(); !o[0].Done || o[0].Carrier != -1 || o[1].Done || o[1].Count != 1 {
		t.Errorf("objectives %+v: want the strongbox gone, 1 of 2 away", o)
	}
	if !p.Models[1].Escaped || p.Models[1].Health.Removed() || p.EscapedBy(1) != "east" {
		t.Errorf("Bandit: escaped %v, removed %v, by %q", p.Models[1].Escaped, p.Models[1].Health.Removed(), p.EscapedBy(1))
	}
	refuse(t, p, activate(1), "")
	// The Kid gets away too: the escape is complete, 2 more points; the
	// Desperados have nobody left on the table and win on points, 5 to 0.
	do(t, p, activate(2))
	evs := do(t, p, moveTo(2, 23.4, 16))
	if e := find(t, evs, EvObjective); e.Text != "Kid gets away off the east edge (2 of 2)." {
		t.Errorf("the Kid's escape: %q", e.Text)
	}
	if !p.Over || p.Winner != 1 || p.ResultText() != "Desperados win (Lawmen 0, Desperados 5)" {
		t.Errorf("over %v, winner %d, %q", p.Over, p.Winner, p.ResultText())
	}
}

// A scenario without the new fields plays its first turn to the same
// state hash as before (the fields are left out of the file and the hash).
func TestPositionStateLeavesOldScenariosAlone(t *testing.T) {
	for name, s := range shippedScenarios(t) {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{`"score"`, `"done"`, `"escaped"`, `"state"`} {
			if strings.Contains(string(data), key) {
				t.Errorf("%s written with %s", name, key)
			}
		}
	}
}

// TestHostilePositionStateFiles: each new field, wrong, is refused in one
// line naming the file and the field.
func TestHostilePositionStateFiles(t *testing.T) {
	data, err := assets.Scenario("bank_robbery.json")
	if err != nil {
		t.Fatal(err)
	}
	bank := string(data)
	edit := func(old, new string) string {
		if !strings.Contains(bank, old) {
			t.Fatalf("the bank job has no %q", old)
		}
		return strings.Replace(bank, old, new, 1)
	}
	slim := `{"name": "Slim", "tier": "greenhorn", "weapons": ["lever-action"], `
	slimAt := `{"name": "Slim", "tier": "greenhorn", "weapons": ["lever-action"], "at": {"X": 10.5, "Y": 21.5}, "facing": -90}`
	if !strings.Contains(bank, slimAt) {
		t.Fatalf("the bank job has no %q", slimAt)
	}
	turn := `"turn_limit": 10,`
	cases := []struct{ class, data, says string }{
		{"a score for nobody", edit(turn, turn+` "score": [{"posse": "Outlaws", "points": 2}],`), `score[0] "Outlaws": "posse" names no posse of the scenario`},
		{"a posse scored twice", edit(turn, turn+` "score": [{"posse": "Lawmen", "points": 2}, {"posse": "Lawmen", "points": 1}],`), `score[1] "Lawmen": the posse is listed twice`},
		{"negative points", edit(turn, turn+` "score": [{"posse": "Lawmen", "points": -2}],`), `score[0] "Lawmen": "points" -2 is outside 0..1000`},
		{"a score at win_at", edit(turn, turn+` "win_at": 4, "score": [{"posse": "Lawmen", "points": 4}],`), `"points" 4 already reach the win_at of 4`},
		{"escaped by no edge", edit(slimAt, slim+`"escaped": "up"}`), `posses[0].models[4] "Slim": "escaped" "up" is not a table edge`},
		{"escaped and standing", edit(slim, slim+`"escaped": "west", `), `"escaped": Slim has left the table, so he takes no "at"`},
		{"a door ajar", edit(turn, turn+` "interact": [{"door": "bank door", "state": "ajar"}],`), `interact[0] "bank door": "state" "ajar" is not a door's state`},
		{"locked and open", edit(turn, turn+` "interact": [{"door": "bank door", "locked": true, "state": "open"}],`), `interact[0] "bank door": "locked" true and "state" "open" disagree`},
		{"an escape made but not done", strings.Replace(string(mustScenario(t, "jailbreak.json")), `"at": {"X": 30.2, "Y": 7.8}, "facing": 180}`, `"escaped": "north", "facing": 180}`, 1), `objectives[0] "the jailbreak": the escape is made already (1 off the north edge, 1 needed): mark it "done"`},
		{"an aim at a man gone", strings.Replace(edit(slimAt, slim+`"escaped": "west"}`), `{"name": "Sheriff Miller", `, `{"name": "Sheriff Miller", "aim_at": "Slim", `, 1), `posses[0].models[4] "Slim": "escaped": Sheriff Miller aims at him, but he has left the table`},
		{"a hold done", strings.Replace(string(mustScenario(t, "water_tower.json")), `"radius": 3`, `"radius": 3, "done": true`, 1), `a hold objective takes no "done"`},
	}
	for _, tc := range cases {
		_, err := LoadScenario("lab.json", []byte(tc.data))
		hostileError(t, tc.class, err, "lab.json: ", tc.says)
	}
}

func mustScenario(t *testing.T, name string) []byte {
	t.Helper()
	data, err := assets.Scenario(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestPropertyPositionUnderEveryInitiative: a position with a model gone
// off the table, points earned and a door opened plays random legal matches
// to their end under every initiative method, every invariant checked
// after every command (a model off the table from the start is never dealt
// a card, a token or a turn).
func TestPropertyPositionUnderEveryInitiative(t *testing.T) {
	base := shippedScenarios(t)["jailbreak.json"]
	b, err := base.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []string{MethodDraw, MethodCoin, MethodStandoff, MethodStacks, MethodDeck, MethodTokens} {
		t.Run(method, func(t *testing.T) {
			s := base
			s.Initiative = method
			s.Score = []PosseScore{{Posse: "Lawmen", Points: 2}}
			s.Interact = []InteractSpec{{Door: "sheriff's door", State: DoorOpen}}
			s.Posses = append([]PosseSpec(nil), base.Posses...)
			s.Posses[0].Models = append([]ModelSpec(nil), base.Posses[0].Models...)
			slim := &s.Posses[0].Models[4]
			if slim.Name != "Slim" {
				t.Fatalf("model 4 is %s", slim.Name)
			}
			slim.At, slim.Escaped = nil, "west"
			m, err := NewMatchOn(s, b, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !m.Models[4].Escaped || m.Score()[1] != 2 {
				t.Fatalf("Slim escaped %v, score %v", m.Models[4].Escaped, m.Score())
			}
			playMany(t, s, b, 4)
			for seed := range uint64(4) {
				m, err := NewMatchOn(s, b, seed)
				if err != nil {
					t.Fatal(err)
				}
				playRandom(t, m, randFor(seed), maxCommands)
				for _, c := range m.Commands() {
					if c.Model == 4 {
						t.Fatalf("seed %d: Slim, gone off the table, is given %+v", seed, c)
					}
				}
			}
		})
	}
}
