package table

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
)

// Player-facing text has no rule codes, no raw coordinates and correct
// plurals (issue 14); the engine's own wording is the input.
func TestPlainWords(t *testing.T) {
	for in, want := range map[string]string{
		"Hale takes aim at Bart (R16).":                                                "Hale takes aim at Bart.",
		"Pike runs: rolls 3 4: 7.0\" to run (R9).":                                     "Pike runs: rolls 3 4: 7.0\" to run.",
		"Slim goes on Overwatch (R31).":                                                "Slim goes on Overwatch.",
		"Tex cannot shoot: engaged (R12, R14)":                                         "Tex cannot shoot: engaged",
		"Jack cannot go there: a base cannot stand at (17.43, 14.05)":                  "Jack cannot go there: a base cannot stand there",
		"Jack cannot go there: no path from (3.20, 4.10) to (17.43, 14.05)":            "Jack cannot go there: no path there",
		"Jack cannot go there: no path from (3.20, 4.10) to (1.00, 2.00) within 6.0\"": "Jack cannot go there: no path there within 6.0\"",
		"Miller cannot throw there: the spot (40.00, -1.50) is off the table":          "Miller cannot throw there: the spot is off the table",
		"Revolver Long 0, target moved -1 -> 1 dice":                                   "Revolver Long 0, target moved -1 -> 1 die",
		"= 11 dice, every six hits":                                                    "= 11 dice, every six hits",
		"Hale falls short (Dead Reckoning).":                                           "Hale falls short (Dead Reckoning).",
		"fires, but 0 dice (9.1)":                                                      "fires, but 0 dice",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}

// A greyed Shoot says the real reason. The first enemy stands inside the
// Saloon out of sight; the rest stand in sight but out of range: the
// reason must be about range, not that the first one cannot be seen.
func TestGreyedShootSaysTheRealReason(t *testing.T) {
	tb := newTable(t, false)
	m := tb.M
	id := -1 // a ready model whose guns reach 24" at most
	for _, i := range m.Posses[m.Up.Posse].Models {
		if tb.Ready(i) && m.OverwatchRange(i) <= 24 {
			id = i
		}
	}
	if id < 0 {
		t.Fatal("scenario changed: nobody ready with a short-range gun")
	}
	me := m.Models[id].Posse
	first := -1
	for i := range m.Models {
		if m.Models[i].Posse != me {
			first = i
			break
		}
	}
	m.Models[first].Pos = game.Point{X: 7.5, Y: 7.5} // inside the Saloon
	mustApply(t, tb, game.Command{Kind: game.CmdActivate, Model: id}, true)
	inSight := 0
	for i := range m.Models {
		if o := &m.Models[i]; o.Posse != me && m.Board.Visible(m.Models[id].Pos, o.Pos) {
			inSight++
		}
	}
	if inSight == 0 || m.Board.Visible(m.Models[id].Pos, m.Models[first].Pos) {
		t.Fatalf("map changed: want the first enemy hidden and others in sight (%d in sight)", inSight)
	}
	ok, why := tb.Allowed(game.CmdShoot)
	if ok {
		t.Fatalf("%s can shoot from deployment: the test needs everyone out of range", m.Models[id].Name)
	}
	if !strings.HasPrefix(why, "no enemy within the ") || !strings.HasSuffix(why, "\"") {
		t.Errorf("Shoot greyed with %q: want how far the weapons reach (no enemy within the Revolver's 12\")", why)
	}
	if strings.Contains(why, "(R") {
		t.Errorf("Shoot greyed with %q: no rule codes", why)
	}
	t.Logf("greyed Shoot: %s", why)
}

// Under Dead Reckoning the ghost base stays on the cursor: ending it where
// the 6" allowance runs out would measure the distance (issue 14).
func TestDeadReckoningGhostStaysOnTheCursor(t *testing.T) {
	tb := newTable(t, true)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	to := toward(tb, id, 9)
	tb.SetHover(to, true)
	v := tb.View()
	if !v.Moving || v.Dest.Dist(to) > 1e-9 {
		t.Fatalf("ghost at %v, cursor at %v: the ghost must not stop at the allowance", v.Dest, to)
	}
	if strings.ContainsAny(v.MoveText, "0123456789") {
		t.Errorf("move text %q gives a number under Dead Reckoning", v.MoveText)
	}
}

// A spot out of reach shows the part of the way the model could walk and
// the point where it would end (issue 14).
func TestOutOfReachShowsTheReachablePart(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	tb.SetHover(toward(tb, id, 10), true)
	v := tb.View()
	if !v.Blocked || !v.Reach || len(v.Preview.Path) < 2 {
		t.Fatalf("blocked %v reach %v path %v", v.Blocked, v.Reach, v.Preview.Path)
	}
	if d := v.ReachEnd.Dist(tb.M.Models[id].Pos); d < 5 || d > 6.01 {
		t.Errorf("the reachable part ends %.2f\" away, want up to 6\"", d)
	}
	if !strings.Contains(v.MoveText, "Out of reach") {
		t.Errorf("move text %q", v.MoveText)
	}
}

// Clicking another of one's own models during an activation (to read its
// card) does not move the rangefinder: it measures from the active model.
func TestRangefinderStaysWithTheActiveModel(t *testing.T) {
	tb := newTable(t, false)
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	for _, o := range tb.M.Posses[tb.M.Models[id].Posse].Models {
		if o != id {
			tb.Select(o)
			break
		}
	}
	tb.SetHover(toward(tb, id, 3), true)
	if v := tb.View(); v.From != id || v.LoSFrom.Dist(tb.M.Models[id].Pos) > 6.01 {
		t.Errorf("measuring from model %d, want the active %d", v.From, id)
	}
}

// Clicking an enemy to engage finds a free side of its base when the side
// facing the mover is taken (issue 14: it failed with coordinates).
func TestEngageTakesAnotherFreeSide(t *testing.T) {
	tb := newTable(t, false)
	m := tb.M
	id := firstReady(t, tb)
	tb.Select(id)
	ap(t, tb)(tb.Do(ActActivate))
	me := m.Models[id].Posse
	enemy, friend := -1, -1
	for i := range m.Models {
		if m.Models[i].Posse != me && enemy < 0 {
			enemy = i
		}
		if m.Models[i].Posse == me && i != id && friend < 0 {
			friend = i
		}
	}
	// The enemy 4" in front of the mover, a friend on the near side of it.
	p := toward(tb, id, 5)
	m.Models[enemy].Pos = p
	d := m.Models[id].Pos.Sub(p).Unit()
	m.Models[friend].Pos = p.Add(d.Scale(2*0.5 + 0.3))
	tb.Replace(m)
	tb.SetMode(ModeMove)
	c, ok := tb.Click(p)
	if !ok || c.Kind != game.CmdMove {
		t.Fatalf("click on the enemy: %+v ok %v, status %q", c, ok, tb.Status)
	}
	if _, err := tb.Apply(c); err != nil {
		t.Fatalf("engaging refused: %v", err)
	}
	if !m.Engaged(id) {
		t.Error("the mover must end in base contact")
	}
}

// ruleCodeSeen finds what Plain must never let through: a rule code
// ("R12", "(R32)", "R35-R38"), a ruling ("G14", "P3"), a chapter number in
// brackets ("(7.6)") or the word "chapter".
var ruleCodeSeen = regexp.MustCompile(`\b[RGP]\d+\b|\(\d+\.\d+\)|\bchapter \d`)

// No text the window shows carries a rule code: across real positions
// (random legal play on the default match, the showcase and Dead
// Reckoning), every greyed action's reason, every readout of every mode
// with the cursor on each enemy and on spots across the table, the move
// text, the status after a refused click, and the combat log's lines.
func TestNoRuleCodesInRefusals(t *testing.T) {
	def, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	show, err := game.ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	dr := def
	dr.Options.DeadReckoning = true
	seen, shown := map[string]bool{}, 0
	check := func(where, s string) {
		t.Helper()
		shown++
		if ruleCodeSeen.MatchString(s) && !seen[s] {
			seen[s] = true
			t.Errorf("%s shows a rule code: %q", where, s)
		}
	}
	modes := []Action{ActMove, ActRun, ActShoot, ActAim, ActBlaze, ActThrow, ActOverwatch, ActBrawl, ActFace}
	scenarios, seeds, every := []game.Scenario{def, show, dr}, uint64(2), 4
	if racecheck.Enabled {
		scenarios, seeds, every = scenarios[:2], 1, 8 // the same reading, fewer positions
	}
	for si, s := range scenarios {
		for seed := uint64(1); seed <= seeds; seed++ {
			m, err := game.NewMatch(s, seed)
			if err != nil {
				t.Fatal(err)
			}
			tb := New(m)
			rng := rand.New(rand.NewPCG(seed, uint64(si)))
			for step := 0; step < 40 && !tb.M.Over; step++ {
				m := tb.M
				for _, o := range tb.Options() {
					if !o.Allowed {
						check("the greyed "+string(o.Kind), o.Reason)
					}
				}
				if m.Active >= 0 && step%every == 0 {
					spots := []game.Point{{X: 1, Y: 1}, {X: m.Board.Width / 2, Y: m.Board.Height / 2}, {X: m.Board.Width - 0.5, Y: 3}, {X: 7.5, Y: 7.5}}
					for i := range m.Models {
						if !m.Models[i].Removed() {
							spots = append(spots, m.Models[i].Pos)
						}
					}
					for _, act := range modes {
						tb.SetMode(ModeIdle)
						if c, ok := tb.Do(act); ok {
							_ = c // a Run would roll: only the modes are looked at
						}
						check("the status after "+fmt.Sprint(act), tb.Status)
						for _, p := range spots {
							tb.SetHover(p, true)
							v := tb.View()
							for _, l := range v.Info {
								check("the readout", l.Text)
							}
							check("the move text", v.MoveText)
							check("the warning", v.Warn)
							check("the tip", v.Tip)
							if _, ok := tb.Click(p); !ok {
								check("a refused click", tb.Status)
							}
						}
					}
					tb.SetMode(ModeIdle)
				}
				c, ok := m.RandomCommand(rng)
				if !ok {
					break
				}
				evs, err := tb.Apply(c)
				if err != nil {
					t.Fatalf("a random legal command was refused: %v", err)
				}
				for _, e := range evs {
					check("the log", Plain(e.Text))
				}
			}
		}
	}
	t.Logf("%d texts read", shown)
}

// The engine's rarer asides lose their codes and keep their words.
func TestPlainAsides(t *testing.T) {
	for in, want := range map[string]string{
		"no cover (R7: a shooter leans over his own barricade).": "no cover (a shooter leans over his own barricade).",
		"the deck is dealt (card stacks, R35).":                  "the deck is dealt (card stacks).",
		"Up and Down apply (R35-R38).":                           "Up and Down apply.",
		"a red and a black (seed 003, R36)":                      "a red and a black",
		"breaks (R38, ruling G21)":                               "breaks",
		"Tex must fight all 2 enemies in contact (7.6)":          "Tex must fight all 2 enemies in contact",
		"walks (Dead Reckoning)":                                 "walks (Dead Reckoning)",
		"cover (R6, R7) here":                                    "cover here",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}
