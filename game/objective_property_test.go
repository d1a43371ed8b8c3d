package game

import (
	"math/rand/v2"
	"strings"
	"testing"

	"cowpoke/assets"
	"cowpoke/game/racecheck"
)

// shippedScenarios loads every scenario the program ships, each checked on
// its map as `cowpoke sim --scenario` loads it.
func shippedScenarios(t testing.TB) map[string]Scenario {
	t.Helper()
	names, err := assets.Scenarios()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Scenario{}
	for _, name := range names {
		data, err := assets.Scenario(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := LoadScenario("assets/scenarios/"+name, data)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = s
	}
	return out
}

// TestShippedObjectiveScenarios: at least five scenarios with objectives,
// between them loot, hold, escape and bounty, a door with a roll, a loot
// with a roll, on each of the three maps, each with a story.
func TestShippedObjectiveScenarios(t *testing.T) {
	kinds, maps := map[string]bool{}, map[string]bool{}
	n, doorRolls, lootRolls := 0, 0, 0
	for name, s := range shippedScenarios(t) {
		if !s.hasObjectives() {
			continue
		}
		n++
		maps[s.Map] = true
		if len(strings.Fields(s.Story)) < 8 {
			t.Errorf("%s: no sentence of story (%q)", name, s.Story)
		}
		if s.TurnLimit == 0 {
			t.Errorf("%s: no turn limit: points could never decide", name)
		}
		for _, o := range s.Objectives {
			kinds[o.Kind] = true
			if o.Roll > 0 {
				lootRolls++
			}
		}
		for _, d := range s.Interact {
			if d.Roll > 0 {
				doorRolls++
			}
		}
	}
	if n < 5 {
		t.Errorf("%d shipped scenarios with objectives, want at least 5", n)
	}
	for _, k := range []string{ObjLoot, ObjHold, ObjEscape, ObjBounty} {
		if !kinds[k] {
			t.Errorf("no shipped scenario has a %s objective", k)
		}
	}
	for _, mp := range []string{"town.tmx", "ranch.tmx", "halt.tmx"} {
		if !maps[mp] {
			t.Errorf("no shipped scenario with objectives on %s", mp)
		}
	}
	if doorRolls == 0 || lootRolls == 0 {
		t.Errorf("%d door rolls and %d loot rolls among the shipped scenarios, want some of each", doorRolls, lootRolls)
	}
}

// TestPropertyObjectiveScenarios plays random legal matches of every
// shipped scenario to the end, every invariant checked after every command
// (objectives' among them: points never negative, one carrier per load, a
// carrier in play, the winner with a model standing or got away), and
// counts how they end: each must end with a winner or a draw.
func TestPropertyObjectiveScenarios(t *testing.T) {
	n := 40
	if racecheck.Enabled {
		n = 6
	}
	if explicitPropertyCount() {
		n = propertyMatches()
	}
	for name, s := range shippedScenarios(t) {
		if !s.hasObjectives() {
			continue
		}
		t.Run(name, func(t *testing.T) {
			b, err := s.LoadMap()
			if err != nil {
				t.Fatal(err)
			}
			playMany(t, s, b, n)
			wins, draws, scored := [2]int{}, 0, 0
			for seed := range uint64(n) {
				m, err := NewMatchOn(s, b, seed)
				if err != nil {
					t.Fatal(err)
				}
				playRandom(t, m, rand.New(rand.NewPCG(seed, 99)), maxCommands)
				switch {
				case !m.Over:
					t.Fatalf("seed %d: not over", seed)
				case m.Winner < 0:
					draws++
				default:
					wins[m.Winner]++
				}
				for _, p := range m.Score() {
					if p > 0 {
						scored++
						break
					}
				}
				if !strings.Contains(m.Events()[len(m.Events())-1].Text, "(") {
					t.Fatalf("seed %d: the last event %q gives no score", seed, m.Events()[len(m.Events())-1].Text)
				}
			}
			t.Logf("%d random matches: %s %d wins, %s %d wins, %d draws; %d with points scored", n, s.Posses[0].Name, wins[0], s.Posses[1].Name, wins[1], draws, scored)
		})
	}
}

// TestRandomPlayEndsWithAKnifeOnly: a model whose only weapon is a knife,
// with nobody in reach after its Move, has nothing to do but turn; the
// random player ends its activation rather than turn for ever, so random
// matches of such a posse end.
func TestRandomPlayEndsWithAKnifeOnly(t *testing.T) {
	s := Scenario{Name: "knives", Map: arenaFile, Initiative: MethodStandoff, TurnLimit: 3,
		Posses: []PosseSpec{{Name: "Lawmen", Models: []ModelSpec{fig("Tex", "cowpoke", 4, 20, 0, "knife")}},
			{Name: "Desperados", Models: []ModelSpec{fig("Dutch", "greenhorn", 20, 4, 180, "knife")}}}}
	for seed := range uint64(5) {
		n, err := playChecked(s, arena(t), seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if n > 2000 {
			t.Errorf("seed %d: %d commands for three turns of two knifemen", seed, n)
		}
	}
}
