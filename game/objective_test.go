package game

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"cowpoke/rules"
)

// Scripted tests of the scenario objectives, the scenario's Interact rolls
// and starting positions, each through Match.Apply on the arena (see
// helpers_test.go) with fixed dice. Model ids: the Lawmen first, then the
// Desperados. The first face is game turn 1's coin (even: Lawmen first).

// objMatch starts a scenario on the arena rolling exactly the faces given.
func objMatch(t *testing.T, s Scenario, faces ...int) *Match {
	t.Helper()
	s.Name, s.Map, s.Initiative = "objectives", arenaFile, MethodCoin
	m, err := newMatch(s, arena(t), 1, rules.Dice(faces...), CurrentEdition)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func duel(lawmen, desperados []ModelSpec, objs ...ObjectiveSpec) Scenario {
	return Scenario{Posses: []PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}, Objectives: objs}
}

func pickUp(id int, loot string) Command {
	return Command{Kind: CmdInteract, Model: id, Objective: loot}
}

func lastText(m *Match) string { return m.Events()[len(m.Events())-1].Text }

func TestLootPickedUpSlowsItsCarrierG40(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12.5, Y: 12.5}, Edge: "east", Slow: 2, Points: 3}
	m := objMatch(t, duel(
		[]ModelSpec{fig("Sheriff", "cowpoke", 12, 14.5, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")}, box), 2, 2)
	do(t, m, activate(0))
	refuse(t, m, pickUp(0, "the strongbox"), "get within 1.0\"")
	refuse(t, m, pickUp(0, "the payroll"), "there is no loot called the payroll")
	do(t, m, moveTo(0, 12, 13))
	evs := do(t, m, pickUp(0, "the strongbox"))
	if e := find(t, evs, EvObjective); e.Text != "Sheriff picks up the strongbox." {
		t.Errorf("pick-up event %q", e.Text)
	}
	if m.Carrying(0) != 0 || m.Objectives()[0].Carrier != 0 {
		t.Fatalf("the Sheriff carries %d, want the strongbox", m.Carrying(0))
	}
	if m.Active == 0 {
		t.Fatal("the pick-up took the second action: the activation must be over")
	}
	do(t, m, activate(1))
	do(t, m, end(1))
	// Game turn 2: a Move of 6" less the box's 2".
	do(t, m, activate(0))
	refuse(t, m, moveTo(0, 12, 8.9), "can go 4.0\"")
	do(t, m, moveTo(0, 12, 9.1))
	if st := m.Objectives()[0]; !near(st.At, 12, 9.1) {
		t.Errorf("the strongbox is at %v, want with its carrier", st.At)
	}
}

func TestLootCarriedOffItsEdgeScoresAndWinAtEndsG40(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12, Y: 12}, Edge: "east", Posse: "Desperados", Points: 3}
	carrier := fig("Bandit", "cowpoke", 21.5, 12, 0, "revolver")
	carrier.Carrying = "the strongbox"
	other := fig("Kid", "greenhorn", 21.5, 20, 0, "revolver")
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 4, 20, 0, "revolver")}, []ModelSpec{carrier, other}, box)
	s.WinAt = 3
	m := objMatch(t, s, 1) // odd: the Desperados first
	do(t, m, activate(1))
	evs := do(t, m, moveTo(1, 23.4, 12))
	if !m.Models[1].Escaped || !m.Models[1].Removed() || m.Models[1].Health.Removed() {
		t.Fatalf("the carrier at the east edge: escaped %v, removed %v, want off the table unhurt", m.Models[1].Escaped, m.Models[1].Removed())
	}
	if got := m.Score(); got[0] != 0 || got[1] != 3 {
		t.Fatalf("score %v, want [0 3]", got)
	}
	if !m.Over || m.Winner != 1 {
		t.Fatalf("win_at 3 reached: over %v, winner %d", m.Over, m.Winner)
	}
	if got := find(t, evs, EvGameOver).Text; got != "The match ends (Desperados reach 3 victory points): Desperados win (Lawmen 0, Desperados 3)." {
		t.Errorf("game over %q", got)
	}
	if m.ResultText() != "Desperados win (Lawmen 0, Desperados 3)" {
		t.Errorf("result %q", m.ResultText())
	}
}

func TestLootOnlyItsPosseScoresG40(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12, Y: 12}, Edge: "east", Posse: "Desperados"}
	lawman := fig("Sheriff", "cowpoke", 21.5, 12, 0, "revolver")
	lawman.Carrying = "the strongbox"
	m := objMatch(t, duel([]ModelSpec{lawman}, []ModelSpec{fig("Bandit", "cowpoke", 4, 20, 0, "revolver")}, box), 2)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 23.4, 12))
	if m.Models[0].Escaped || m.Carrying(0) != 0 || m.Score()[0] != 0 {
		t.Errorf("a Lawman at the edge with the Desperados' loot: escaped %v, carrying %d, score %v; want him still holding it on the table", m.Models[0].Escaped, m.Carrying(0), m.Score())
	}
}

func TestLootDroppedWhereItsCarrierFallsG40(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12, Y: 12}, Edge: "west", Roll: 5}
	bart := fig("Bart", "cowpoke", 13, 20, 270, "revolver")
	bart.Carrying = "the strongbox"
	m := objMatch(t, duel(
		[]ModelSpec{fig("Miller", "legend", 13, 16, 90, "revolver")},
		[]ModelSpec{bart, fig("Kid", "greenhorn", 16, 21, 180, "revolver")}, box),
		2,          // Lawmen first
		6, 1, 1, 1, // Miller's revolver at short range, a Legend's 4 dice: a hit
		1, 6, // Head, severity 6: a Mortal Wound
		2, // game turn 2's coin
	)
	do(t, m, activate(0))
	evs := do(t, m, shoot(0, 0, 1))
	if !m.Models[1].Health.Removed() {
		t.Fatal("Bart must be taken out")
	}
	if e := find(t, evs, EvObjective); e.Text != "Bart drops the strongbox." {
		t.Errorf("drop event %q", e.Text)
	}
	st := m.Objectives()[0]
	if st.Carrier != -1 || !near(st.At, 13, 20) {
		t.Fatalf("the strongbox: carrier %d at %v, want on the ground where Bart fell", st.Carrier, st.At)
	}
	do(t, m, end(0))
	// Its roll was made when it was first taken: picking it up again is
	// automatic (the fixed dice hold no face for a roll).
	do(t, m, activate(2))
	do(t, m, moveTo(2, 13.9, 20.2))
	if got := m.InteractRoll(pickUp(2, "the strongbox")); got != 0 {
		t.Errorf("roll to pick up a dropped box %d, want 0", got)
	}
	do(t, m, pickUp(2, "the strongbox"))
	if m.Carrying(2) != 0 {
		t.Error("the Kid should carry the strongbox")
	}
}

func TestLootRollFailedCostsTheActionG42(t *testing.T) {
	safe := ObjectiveSpec{Kind: ObjLoot, Name: "the safe", At: &Point{X: 12.5, Y: 12}, Edge: "west", Roll: 5, Verb: "crack"}
	m := objMatch(t, duel(
		[]ModelSpec{fig("Sheriff", "cowpoke", 12, 12, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")}, safe),
		2, // Lawmen first
		4, // the first try: 4, needs 5
		5, // the second: 5
	)
	do(t, m, activate(0))
	p, err := m.InteractOdds(pickUp(0, "the safe"))
	if err != nil || p != 2.0/6 {
		t.Fatalf("odds of cracking the safe %v (%v), want exactly 2/6", p, err)
	}
	evs := do(t, m, pickUp(0, "the safe"))
	r := find(t, evs, EvInteractRoll)
	if r.Hits != 0 || len(r.Faces) != 1 || r.Faces[0] != 4 || r.Text != "Sheriff tries to crack the safe: rolls 4, needs 5+: no luck." {
		t.Fatalf("failed roll event %+v", r)
	}
	if m.AP != 1 || m.Carrying(0) >= 0 || has(evs, EvObjective) {
		t.Fatalf("after a failed attempt: AP %d, carrying %d; want the AP spent and nothing taken", m.AP, m.Carrying(0))
	}
	evs = do(t, m, pickUp(0, "the safe"))
	if r := find(t, evs, EvInteractRoll); r.Hits != 1 || m.Carrying(0) != 0 {
		t.Fatalf("a 5 cracks the safe: %+v, carrying %d", r, m.Carrying(0))
	}
}

func TestLockedDoorRollG42(t *testing.T) {
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 4.75, 8.8, 270, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")})
	s.Interact = []InteractSpec{{Door: "shack door", Locked: true, Roll: 4, Verb: "pick the lock of"}}
	m := objMatch(t, s, 2, 3, 4)
	door := m.DoorsInReach(0)
	if len(door) != 1 {
		t.Fatalf("doors in reach %v", door)
	}
	f, _ := m.Board.FeatureByID(door[0])
	if !f.Locked {
		t.Fatal("the scenario locks the shack door")
	}
	c := Command{Kind: CmdInteract, Model: 0, Door: door[0], Open: true}
	do(t, m, activate(0))
	if p, err := m.InteractOdds(c); err != nil || p != 0.5 {
		t.Fatalf("odds of picking the lock %v (%v), want exactly 1/2", p, err)
	}
	evs := do(t, m, c)
	if r := find(t, evs, EvInteractRoll); r.Faces[0] != 3 || r.Hits != 0 || !f.Locked || has(evs, EvDoor) || m.AP != 1 {
		t.Fatalf("a 3 against 4+: %+v; locked %v, AP %d", r, f.Locked, m.AP)
	}
	evs = do(t, m, c)
	if r := find(t, evs, EvInteractRoll); r.Hits != 1 || f.Locked || !f.Open {
		t.Fatalf("a 4 against 4+: %+v; locked %v open %v", r, f.Locked, f.Open)
	}
	if e := find(t, evs, EvDoor); e.Text != "Sheriff unlocks and opens the shack door." {
		t.Errorf("door event %q", e.Text)
	}
}

// Where the scenario locks a door and sets no roll, today's ruling stands:
// Interact unlocks it automatically (R11); the fixed dice hold no face for
// a roll, so rolling one would fail the test.
func TestLockedDoorWithoutRollIsAutomaticR11(t *testing.T) {
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 4.75, 8.8, 270, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")})
	s.Interact = []InteractSpec{{Door: "shack door", Locked: true}}
	m := objMatch(t, s, 2)
	id := m.DoorsInReach(0)[0]
	c := Command{Kind: CmdInteract, Model: 0, Door: id, Open: true}
	do(t, m, activate(0))
	if p, _ := m.InteractOdds(c); p != 1 {
		t.Errorf("odds %v, want 1", p)
	}
	evs := do(t, m, c)
	if f, _ := m.Board.FeatureByID(id); f.Locked || has(evs, EvInteractRoll) {
		t.Errorf("an automatic unlock: locked %v, events %v", f.Locked, kinds(evs))
	}
}

// TestInteractOddsAgreeWithRolls holds InteractOdds to the real rolls: for
// every roll a scenario may set, the share of seeded matches whose first
// attempt succeeds is within four standard errors of the closed form.
func TestInteractOddsAgreeWithRolls(t *testing.T) {
	const n = 4000
	for need := 2; need <= 6; need++ {
		s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 4.75, 8.8, 270, "revolver")},
			[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")})
		s.Interact = []InteractSpec{{Door: "shack door", Locked: true, Roll: need}}
		m := objMatch(t, s, 2)
		do(t, m, activate(0))
		c := Command{Kind: CmdInteract, Model: 0, Door: m.DoorsInReach(0)[0], Open: true}
		want, err := m.InteractOdds(c)
		if closed := float64(7-need) / 6; err != nil || want != closed {
			t.Fatalf("%d+: odds %v (%v), closed form %v", need, want, err, closed)
		}
		ok := 0
		for seed := range uint64(n) {
			f := m.Fork(rules.NewSeeded(seed))
			evs := do(t, f, c)
			ok += find(t, evs, EvInteractRoll).Hits
		}
		got, se := float64(ok)/n, math.Sqrt(want*(1-want)/n)
		if math.Abs(got-want) > 4*se {
			t.Errorf("%d+: %d of %d first attempts succeeded (%.3f), odds say %.3f", need, ok, n, got, want)
		}
	}
}

func TestHoldZoneScoresEachRoundContestedIfTiedG41(t *testing.T) {
	zone := ObjectiveSpec{Kind: ObjHold, Name: "the water tower", At: &Point{X: 12, Y: 14}, Radius: 3}
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 12, 13, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 12, 20, 270, "revolver")}, zone)
	s.TurnLimit = 2
	m := objMatch(t, s, 2, 2)
	do(t, m, activate(0))
	do(t, m, end(0))
	do(t, m, activate(1))
	evs := do(t, m, end(1)) // the round ends: the Lawmen hold the zone
	if got := m.Score(); got[0] != 1 || got[1] != 0 {
		t.Fatalf("after turn 1 score %v, want [1 0]", got)
	}
	if !strings.Contains(find(t, evs, EvObjective).Text, "Lawmen hold the water tower: Lawmen score 1 victory point (Lawmen 1, Desperados 0)") {
		t.Errorf("hold event %q", find(t, evs, EvObjective).Text)
	}
	do(t, m, activate(0))
	do(t, m, end(0))
	do(t, m, activate(1))
	do(t, m, moveTo(1, 12, 15.5)) // into the zone: one each, contested
	evs = do(t, m, end(1))
	if got := m.Score(); got[0] != 1 || got[1] != 0 {
		t.Fatalf("a contested zone scores nobody: %v", got)
	}
	if e := find(t, evs, EvObjective); e.Text != "The water tower is contested: nobody scores it this turn." {
		t.Errorf("contested event %q", e.Text)
	}
	if !m.Over || m.Winner != 0 {
		t.Fatalf("turn limit: over %v winner %d, want the Lawmen on points", m.Over, m.Winner)
	}
	if got := lastText(m); got != "The match ends (the turn limit of 2 is reached): Lawmen win (Lawmen 1, Desperados 0)." {
		t.Errorf("game over %q", got)
	}
}

func TestTurnLimitLevelOnPointsIsADrawG41(t *testing.T) {
	zone := ObjectiveSpec{Kind: ObjHold, Name: "the well", At: &Point{X: 12, Y: 14}}
	s := duel([]ModelSpec{fig("Sheriff", "cowpoke", 12, 13, 0, "revolver"), fig("Deputy", "cowpoke", 4, 20, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 12, 15.5, 270, "revolver")}, zone)
	s.TurnLimit = 1
	m := objMatch(t, s, 2)
	for _, id := range []int{0, 1} {
		do(t, m, activate(id))
		do(t, m, end(id))
	}
	do(t, m, activate(2))
	do(t, m, end(2))
	if !m.Over || m.Winner != -1 || m.ResultText() != "a draw (Lawmen 0, Desperados 0)" {
		t.Fatalf("level at the turn limit: over %v winner %d %q; want a draw though the Lawmen have more standing", m.Over, m.Winner, m.ResultText())
	}
}

func TestEscapeOffTheEdgeG41(t *testing.T) {
	run := ObjectiveSpec{Kind: ObjEscape, Name: "the getaway", Posse: "Desperados", Edge: "east", Count: 2, Points: 2}
	m := objMatch(t, duel([]ModelSpec{fig("Sheriff", "cowpoke", 4, 20, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 21.5, 12, 0, "revolver"), fig("Kid", "greenhorn", 21.5, 16, 0, "revolver")}, run), 2)
	do(t, m, activate(0))
	do(t, m, end(0))
	do(t, m, activate(1))
	evs := do(t, m, moveTo(1, 23.4, 12))
	if e := find(t, evs, EvObjective); e.Text != "Bandit gets away off the east edge (1 of 2)." || !m.Models[1].Escaped {
		t.Fatalf("first escape %q, escaped %v", e.Text, m.Models[1].Escaped)
	}
	if m.Score()[1] != 0 || m.Active == 1 {
		t.Fatalf("one of two: score %v, active %d", m.Score(), m.Active)
	}
	do(t, m, activate(2))
	do(t, m, moveTo(2, 23.4, 16))
	if m.Score()[1] != 2 {
		t.Fatalf("two off the edge: score %v, want 2 to the Desperados", m.Score())
	}
	// Nobody of theirs is left on the table: the match ends, and the
	// Desperados, with men got away and more points, win (G41).
	if !m.Over || m.Winner != 1 {
		t.Fatalf("over %v winner %d", m.Over, m.Winner)
	}
}

func TestEscapeOfANamedModelG41(t *testing.T) {
	run := ObjectiveSpec{Kind: ObjEscape, Name: "the jailbreak", Posse: "Desperados", Target: "Kid", Edge: "east", Points: 5}
	m := objMatch(t, duel([]ModelSpec{fig("Sheriff", "cowpoke", 4, 20, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 21.5, 12, 0, "revolver"), fig("Kid", "greenhorn", 21.5, 16, 0, "revolver")}, run), 1)
	do(t, m, activate(1))
	do(t, m, moveTo(1, 23.4, 12))
	if m.Models[1].Escaped {
		t.Fatal("only the Kid gets away by this objective")
	}
	do(t, m, end(1))
	do(t, m, activate(2))
	do(t, m, moveTo(2, 23.4, 16))
	if !m.Models[2].Escaped || m.Score()[1] != 5 || !strings.Contains(logJSON(t, m), "Kid has got away: Desperados score 5 victory points") {
		t.Errorf("the Kid at the edge: escaped %v, score %v", m.Models[2].Escaped, m.Score())
	}
}

func TestBountyOnANamedModelG41(t *testing.T) {
	bounty := ObjectiveSpec{Kind: ObjBounty, Name: "the price on Bart", Target: "Bart", Points: 3}
	m := objMatch(t, duel(
		[]ModelSpec{fig("Miller", "legend", 13, 16, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 20, 270, "revolver"), fig("Kid", "greenhorn", 22, 22, 180, "revolver")}, bounty),
		2, 6, 1, 1, 1, 1, 6)
	do(t, m, activate(0))
	evs := do(t, m, shoot(0, 0, 1))
	if m.Score()[0] != 3 || m.Score()[1] != 0 {
		t.Fatalf("score %v, want the bounty's 3 to the Lawmen", m.Score())
	}
	if e := find(t, evs, EvObjective); e.Text != "Bart is taken out: Lawmen score 3 victory points (Lawmen 3, Desperados 0)." {
		t.Errorf("bounty event %q", e.Text)
	}
	if m.Over {
		t.Error("the Kid still stands: the match goes on")
	}
}

// A posse wiped out loses whatever the points (R34 with G41).
func TestWipedOutLosesOnPointsR34G41(t *testing.T) {
	bounty := ObjectiveSpec{Kind: ObjBounty, Name: "the price on Miller", Target: "Miller", Points: 3}
	miller := fig("Miller", "legend", 13, 16, 90, "revolver")
	miller.Wounds = []WoundSpec{{Location: "chest", Damage: 2}}
	s := duel([]ModelSpec{miller}, []ModelSpec{fig("Bart", "cowpoke", 13, 20, 270, "revolver")}, bounty)
	m := objMatch(t, s, 2, 6, 1, 1, 1, 1, 6)
	do(t, m, activate(0))
	do(t, m, shoot(0, 0, 1))
	if !m.Over || m.Winner != 0 {
		t.Fatalf("the Desperados are wiped out: over %v winner %d", m.Over, m.Winner)
	}
}

// positionsScenario starts every kind of starting state at once.
func positionsScenario() Scenario {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the payroll", At: &Point{X: 3, Y: 20}, Edge: "west"}
	hale := fig("Hale", "cowpoke", 12, 12, 90, "lever-action", "revolver")
	hale.Wounds = []WoundSpec{{Location: "legs", Damage: 1}, {Location: "arms", Damage: 1}}
	hale.OutOfAmmo = []string{"revolver"}
	hale.AimAt = "Bart"
	pike := fig("Pike", "greenhorn", 4, 20, 0, "revolver")
	pike.Activated = true
	pike.Carrying = "the payroll"
	slim := fig("Slim", "greenhorn", 20, 12, 180, "lever-action")
	slim.Overwatch = ptrf(200)
	dutch := fig("Dutch", "greenhorn", 20, 4, 180, "revolver", "dynamite")
	dutch.LitFuse = &Point{X: 23, Y: 23}
	return duel([]ModelSpec{hale, pike}, []ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver"), slim, dutch}, box)
}

func TestStartingPositions(t *testing.T) {
	m := objMatch(t, positionsScenario(), 2)
	h := &m.Models[0]
	if h.Health.HP() != h.Health.MaxHP-2 || h.Health.Marked[rules.Legs] != 1 || h.Health.Marked[rules.Arms] != 1 {
		t.Errorf("Hale's wounds: %d HP, marked %v", h.Health.HP(), h.Health.Marked)
	}
	if h.Empty != [2]bool{false, true} || h.AimAt != 2 {
		t.Errorf("Hale: empty %v, aim at %d", h.Empty, h.AimAt)
	}
	if !m.Models[3].Overwatch || math.Abs(m.Models[3].WatchDir-200*math.Pi/180) > 1e-12 {
		t.Errorf("Slim on Overwatch %v at %v", m.Models[3].Overwatch, m.Models[3].WatchDir)
	}
	if m.Carrying(1) != 0 || len(m.Fuses) != 1 || m.Fuses[0].Thrower != 4 {
		t.Errorf("Pike carries %d; fuses %+v", m.Carrying(1), m.Fuses)
	}
	refuse(t, m, activate(1), "already acted")
	// The positions play: Hale reloads the empty revolver, his aim is on.
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdReload, Model: 0, Slot: 1})
	if h.Empty[1] {
		t.Error("the reload did not fill the revolver")
	}
	// Dutch's stick goes off when he next activates (R24); nobody is near it.
	do(t, m, end(0))
	evs := do(t, m, activate(4))
	if !has(evs, EvExploded) || len(m.Fuses) != 0 {
		t.Errorf("Dutch's lit stick at his activation: events %v", kinds(evs))
	}
}

func ptrf(f float64) *float64 { return &f }

// TestObjectivesSaveAndReplay: a match with objectives saves its score,
// replays to the same hash and checks, and a save whose score was changed
// is refused.
func TestObjectivesSaveAndReplay(t *testing.T) {
	s := shippedScenarios(t)["bank_robbery.json"]
	for seed := uint64(1); seed <= 4; seed++ {
		m, err := NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, m, randFor(seed), 400)
		data, err := m.MarshalSave()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"score"`) {
			t.Fatal("the save has no score")
		}
		r, err := Load("bank.json", strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if r.StateHash() != m.StateHash() || !equalInts(r.Score(), m.Score()) {
			t.Fatalf("seed %d: replay differs", seed)
		}
		bad := strings.Replace(string(data), `"score": [`, `"score": [9, 9, `, 1)
		if _, err := Load("bank.json", strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "bank.json: ") {
			t.Fatalf("a changed score loaded: %v", err)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func randFor(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// A carrier who leaves by an edge that is both his loot's and his posse's
// escape scores both (G40, G41).
func TestCarrierOffTheEdgeScoresLootAndEscapeG40G41(t *testing.T) {
	box := ObjectiveSpec{Kind: ObjLoot, Name: "the strongbox", At: &Point{X: 12, Y: 12}, Edge: "east", Posse: "Desperados", Points: 3}
	run := ObjectiveSpec{Kind: ObjEscape, Name: "the getaway", Posse: "Desperados", Edge: "east", Points: 2}
	carrier := fig("Bandit", "cowpoke", 21.5, 12, 0, "revolver")
	carrier.Carrying = "the strongbox"
	m := objMatch(t, duel([]ModelSpec{fig("Sheriff", "cowpoke", 4, 20, 0, "revolver")},
		[]ModelSpec{carrier, fig("Kid", "greenhorn", 16, 20, 0, "revolver")}, box, run), 1)
	do(t, m, activate(1))
	do(t, m, moveTo(1, 23.4, 12))
	if got := m.Score(); got[1] != 5 || !m.Models[1].Escaped || m.Objectives()[1].Count != 1 {
		t.Fatalf("score %v, escaped %v, escapes %d; want 3 for the box and 2 for the getaway", got, m.Models[1].Escaped, m.Objectives()[1].Count)
	}
}

// TestPositionsSaveAndReplay: a match started from a position saves and
// loads (the scenario's positions pass the strict loader) to the same
// state hash and score, after random play.
func TestPositionsSaveAndReplay(t *testing.T) {
	s := positionsScenario()
	s.Name, s.Map, s.Initiative, s.TurnLimit = "positions", arenaFile, MethodCoin, 4
	for seed := uint64(1); seed <= 3; seed++ {
		m, err := NewMatchOn(s, arena(t), seed)
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, m, randFor(seed), 60)
		data, err := m.MarshalSave()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Load("positions.json", strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if r.StateHash() != m.StateHash() || !equalInts(r.Score(), m.Score()) {
			t.Fatalf("seed %d: the replay differs", seed)
		}
	}
}
