package ai

import (
	"regexp"
	"strings"
	"testing"

	"cowpoke/assets"
	"cowpoke/game"
)

// Positions where the play for a scenario objective is obvious (rulings
// G40-G41), on the 24" test field of positions_test.go; the Lawmen (posse
// 0, the side deciding) act first. Each is checked at normal and at hard
// (forLevels), and, where the objective is what changes the choice, the
// same position without it is checked to choose otherwise.

// objPosition is position with objectives, a turn limit and win_at.
func objPosition(t *testing.T, mapFile string, lawmen, desperados []game.ModelSpec, objs []game.ObjectiveSpec, turnLimit, winAt int) *game.Match {
	t.Helper()
	return lawmenFirst(t, game.Scenario{Name: "objectives", Map: mapFile, Initiative: game.MethodCoin, TurnLimit: turnLimit, WinAt: winAt, Objectives: objs,
		Posses: []game.PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}})
}

func at(x, y float64) *game.Point { return &game.Point{X: x, Y: y} }

func carrying(s game.ModelSpec, loot string) game.ModelSpec {
	s.Carrying = loot
	return s
}

// G40: a Lawman 0.8" from the payroll (a 4+ to pick up), the only enemy
// out of sight behind a rock: he picks it up.
func TestPicksUpLootInReachG40(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t, rock{2, 6, 6, 2})
		m := objPosition(t, f,
			[]game.ModelSpec{fig("Tex", "cowpoke", 12, 12.8, -90, "revolver")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 4, 3, 90, "lever-action")},
			[]game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the payroll", At: at(12, 12), Edge: "south", Posse: "Lawmen", Points: 3, Roll: 4}}, 8, 0)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		d := decide(t, m, level)
		if d.Command.Kind != game.CmdInteract || d.Command.Objective != "the payroll" {
			t.Fatalf("chose %s, want to pick up the payroll: %s", d.Command.Kind, d.Why)
		}
		if !strings.Contains(d.Why, "Pick up the payroll (50% to get it loose)") {
			t.Errorf("the reason does not give the pick-up and its odds: %s", d.Why)
		}
	})
}

// G40: the carrier 3.4" from the south edge (his load takes 2" off his
// Move) with a greenhorn in the open to shoot at: he carries the payroll
// off, and the Lawmen score it.
func TestCarriesLootOffTheEdgeG40(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t)
		m := objPosition(t, f,
			[]game.ModelSpec{carrying(fig("Tex", "cowpoke", 12, 19.85, 90, "lever-action"), "the payroll")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 12, 10, 90, "derringer")},
			[]game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the payroll", At: at(12, 19.85), Edge: "south", Posse: "Lawmen", Points: 3, Slow: 2}}, 8, 0)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		cmds := playActivation(t, m, level)
		if sc := m.Score(); sc[0] != 3 || !m.Models[0].Escaped {
			t.Fatalf("after %d commands the Lawmen have %d points (want 3), Tex off the table: %v", len(cmds), sc[0], m.Models[0].Escaped)
		}
	})
}

// The reason of a carrier far from his edge says where he carries it and
// how many turns it takes: "carrying the payroll to the south edge, 3
// turns away".
func TestCarrierSaysWhereAndHowLong(t *testing.T) {
	f := smallMap(t, rock{2, 6, 6, 2})
	m := objPosition(t, f,
		[]game.ModelSpec{carrying(fig("Tex", "cowpoke", 12, 8, 90, "revolver"), "the payroll")},
		[]game.ModelSpec{fig("Slim", "greenhorn", 4, 3, 90, "lever-action")},
		[]game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the payroll", At: at(12, 8), Edge: "south", Posse: "Lawmen", Points: 3, Slow: 2}}, 8, 0)
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	d := decide(t, m, "normal")
	if !strings.Contains(d.Why, "carrying the payroll to the south edge, ") || !strings.Contains(d.Why, " turns away") {
		t.Errorf("the reason does not say where he carries it and how long: %s", d.Why)
	}
}

// G41: the last game turn, a greenhorn of the Desperados alone in the
// well's zone (3" round it) and a Lawman 2.5" outside it: he steps into
// the zone, to contest it at the end of the turn.
func TestStepsIntoContestedZoneG41(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t)
		m := objPosition(t, f,
			[]game.ModelSpec{fig("Tex", "cowpoke", 12, 17.5, -90, "revolver")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 12, 11, 90, "derringer")},
			[]game.ObjectiveSpec{{Kind: game.ObjHold, Name: "the well", At: at(12, 12), Radius: 3, Points: 2}}, 1, 0)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		playActivation(t, m, level)
		if tex := m.Models[0]; !tex.Removed() && tex.Pos.Dist(game.Point{X: 12, Y: 12}) > 3 {
			t.Fatalf("Tex ends at %.1f\" from the well's centre, outside its 3\" zone", tex.Pos.Dist(game.Point{X: 12, Y: 12}))
		}
	})
}

// G41: a bounty on Jack that wins the match (win_at 3), Jack a Legend far
// off and a greenhorn near: the shot at the greenhorn has the better odds
// (the choice without the bounty), but the Lawman shoots at Jack.
func TestShootsBountyOverBetterShotG41(t *testing.T) {
	lawmen := []game.ModelSpec{fig("Hale", "cowpoke", 12, 20, -90, "lever-action")}
	desperados := []game.ModelSpec{fig("Jack", "legend", 12, 3, 90, "revolver"), fig("Slim", "greenhorn", 14, 17.5, 90, "derringer")}
	f := smallMap(t)
	plain := objPosition(t, f, lawmen, desperados, nil, 0, 0)
	apply(t, plain, game.Command{Kind: game.CmdActivate, Model: 0})
	if d := decide(t, plain, "normal"); d.Command.Target != 2 {
		t.Fatalf("without the bounty it chose %s at %d: the position does not tempt it with Slim (2)", d.Command.Kind, d.Command.Target)
	}
	forLevels(t, func(t *testing.T, level string) {
		m := objPosition(t, f, lawmen, desperados,
			[]game.ObjectiveSpec{{Kind: game.ObjBounty, Name: "the price on Jack", Target: "Jack", Posse: "Lawmen", Points: 3}}, 0, 3)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		d := decide(t, m, level)
		if k := d.Command.Kind; (k != game.CmdShoot && k != game.CmdBlaze && k != game.CmdAim) || d.Command.Target != 1 {
			t.Fatalf("chose %s at %d, want a shot at Jack (1): %s", k, d.Command.Target, d.Why)
		}
		if !strings.Contains(d.Why, "the price on Jack pays 3 victory points") {
			t.Errorf("the reason does not name the bounty: %s", d.Why)
		}
	})
}

// G40, never ignoring an objective it is losing on: the Desperados'
// carrier 2" from the north edge, where he scores, and a greenhorn nearer
// with better odds: the Lawman shoots at the carrier.
func TestShootsEnemyCarrierNearHisEdgeG40(t *testing.T) {
	lawmen := []game.ModelSpec{fig("Hale", "cowpoke", 12, 14, -90, "lever-action")}
	desperados := []game.ModelSpec{carrying(fig("Bart", "cowpoke", 12, 2.8, 90, "revolver"), "the deed box"), fig("Slim", "greenhorn", 15, 10.5, 90, "derringer")}
	f := smallMap(t)
	objs := []game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the deed box", At: at(12, 2.8), Edge: "north", Posse: "Desperados", Points: 3, Slow: 1}}
	plain := objPosition(t, f, lawmen, []game.ModelSpec{fig("Bart", "cowpoke", 12, 2.8, 90, "revolver"), desperados[1]}, nil, 0, 0)
	apply(t, plain, game.Command{Kind: game.CmdActivate, Model: 0})
	if d := decide(t, plain, "normal"); d.Command.Target != 2 {
		t.Fatalf("without the loot it chose %s at %d: the position does not tempt it with Slim (2)", d.Command.Kind, d.Command.Target)
	}
	forLevels(t, func(t *testing.T, level string) {
		m := objPosition(t, f, lawmen, desperados, objs, 8, 0)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		d := decide(t, m, level)
		if k := d.Command.Kind; (k != game.CmdShoot && k != game.CmdBlaze && k != game.CmdAim) || d.Command.Target != 1 {
			t.Fatalf("chose %s at %d, want a shot at the carrier Bart (1): %s", k, d.Command.Target, d.Why)
		}
		if !strings.Contains(d.Why, "he carries the deed box toward the north edge") {
			t.Errorf("the reason does not say he carries it: %s", d.Why)
		}
	})
}

// G41: a Lawman who must escape 1.6" from the east edge, an enemy in
// sight to shoot at: he gets away, and the Lawmen score.
func TestEscapesOffTheEdgeG41(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t)
		m := objPosition(t, f,
			[]game.ModelSpec{fig("Tex", "cowpoke", 21.6, 12, 0, "revolver"), fig("Pike", "greenhorn", 4, 4, 0, "revolver")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 16, 12, 90, "derringer")},
			[]game.ObjectiveSpec{{Kind: game.ObjEscape, Name: "the ride for help", Edge: "east", Posse: "Lawmen", Target: "Tex", Points: 3}}, 8, 0)
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		playActivation(t, m, level)
		if sc := m.Score(); sc[0] != 3 || !m.Models[0].Escaped {
			t.Fatalf("the Lawmen have %d points (want 3); Tex got away: %v", sc[0], m.Models[0].Escaped)
		}
	})
}

// Every shipped scenario with objectives, played by normal against itself
// for up to 300 decisions: every reason is plain words (no rule codes, no
// coordinates, no "1 turns"), and the objectives are named in them.
func TestObjectiveReasonsArePlainWords(t *testing.T) {
	code := regexp.MustCompile(`\(R\d+\)|\bR\d+\b|\bG\d+\b|\(\d+\.\d+, \d+\.\d+\)|\b1 (enemies|hits|models|dice|turns|victory points)\b|\b[02-9] turn\b`)
	for _, name := range []string{"bank_robbery.json", "jailbreak.json", "legend_bounty.json", "stagecoach_escape.json", "water_tower.json"} {
		t.Run(name, func(t *testing.T) {
			data, err := assets.Scenario(name)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := game.LoadScenario(name, data)
			if err != nil {
				t.Fatal(err)
			}
			m, err := game.NewMatch(sc, 7)
			if err != nil {
				t.Fatal(err)
			}
			c := controller(t, "normal", 1)
			named := false
			for i := 0; i < 300 && !m.Over; i++ {
				d, _ := c.Decide(m)
				for _, s := range append([]string{d.Why}, whys(d.Alternatives)...) {
					if s == "" || code.MatchString(s) {
						t.Fatalf("reason %q", s)
					}
					for _, o := range sc.Objectives {
						named = named || strings.Contains(s, o.Name) || (o.Edge != "" && strings.Contains(s, "the "+o.Edge+" edge"))
					}
				}
				apply(t, m, d.Command)
			}
			if !named {
				t.Error("no reason names an objective")
			}
		})
	}
}
