package game

import (
	"strings"
	"testing"

	"cowpoke/assets"
)

// TestHostileObjectiveScenarioFiles: scenario files with objectives and
// positions that cannot be played are refused by LoadScenario (as
// `cowpoke sim --scenario` loads a file) in one line naming the file and
// the field at fault. Each is made from a shipped scenario by one edit.
func TestHostileObjectiveScenarioFiles(t *testing.T) {
	read := func(name string) string {
		data, err := assets.Scenario(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	bank, jail, tower := read("bank_robbery.json"), read("jailbreak.json"), read("water_tower.json")
	edit := func(t *testing.T, src, old, new string) string {
		t.Helper()
		if !strings.Contains(src, old) {
			t.Fatalf("the scenario has no %q to change", old)
		}
		return strings.Replace(src, old, new, 1)
	}
	jack := `{"name": "\"One-Eyed\" Jack", "tier": "legend", "skills": ["holster", "fast"], "weapons": ["revolver", "revolver"], `
	slim := `{"name": "Slim", "tier": "greenhorn", "weapons": ["lever-action"], `
	cases := []struct{ class, data, says string }{
		{"unknown kind", edit(t, bank, `"kind": "bounty"`, `"kind": "heist"`), `objectives[1] "the price on One-Eyed Jack": unknown objective kind "heist"`},
		{"zone off the table", edit(t, tower, `"at": {"X": 18, "Y": 19.65}`, `"at": {"X": 18, "Y": 49.65}`), `objectives[0] "the water stop": "at" lies off the 36" by 36" table of halt.tmx`},
		{"loot inside a wall", edit(t, bank, `"feature": "strongbox"`, `"at": {"X": 12, "Y": 19}`), `objectives[0] "the strongbox": "at" lies in the `},
		{"a wound that kills", edit(t, bank, jack, jack+`"wounds": [{"location": "head", "damage": 4}], `), `posses[0].models[0] "\"One-Eyed\" Jack": "wounds": 4 damage takes a Legend with 4 HP out of play`},
		{"two carriers", edit(t, edit(t, bank, jack, jack+`"carrying": "the strongbox", `), slim, slim+`"carrying": "the strongbox", `), `posses[0].models[4] "Slim": "carrying": "One-Eyed" Jack already carries "the strongbox"`},
		{"overwatch without a gun", edit(t, bank, slim, slim+`"out_of_ammo": ["lever-action"], "overwatch": 90, `), `posses[0].models[4] "Slim": "overwatch": Slim has no loaded gun`},
		{"carrying no loot", edit(t, bank, slim, slim+`"carrying": "the payroll", `), `posses[0].models[4] "Slim": "carrying" "the payroll" names no loot`},
		{"aim at a friend", edit(t, bank, slim, slim+`"aim_at": "Dutch", `), `"aim_at" "Dutch" is in his own posse`},
		{"empty knife", edit(t, jail, `"weapons": ["derringer", "knife"]`, `"weapons": ["derringer", "knife"], "out_of_ammo": ["knife"]`), `"out_of_ammo": a Knife takes no ammunition`},
		{"unknown edge", edit(t, bank, `"edge": "west"`, `"edge": "up"`), `"edge" "up" is not a table edge`},
		{"unknown door", edit(t, jail, `"door": "sheriff's door"`, `"door": "vault door"`), `interact[0]: the map town.tmx has nothing named "vault door"`},
		{"a window's roll", edit(t, jail, `"door": "sheriff's door"`, `"door": "Saloon window"`), `interact[0]: the map town.tmx has 4 features named "Saloon window"`},
		{"a roll on an open door", edit(t, jail, `"door": "sheriff's door", "locked": true`, `"door": "bank door"`), `interact[0] "bank door": a "roll" for a door that is not locked`},
		{"bounty on nobody", edit(t, bank, `"target": "\"One-Eyed\" Jack"`, `"target": "Jesse James"`), `"target" "Jesse James" names no model`},
		{"escape from the start line", edit(t, jail, `"at": {"X": 30.2, "Y": 7.8}, "facing": 180}`, `"at": {"X": 30.2, "Y": 0.6}, "facing": 180}`), `objectives[0] "the jailbreak": Kid Curly starts on the north edge he must escape by`},
		{"a stick in a wall", edit(t, bank, slim, slim+`"lit_fuse": {"X": 12, "Y": 19}, `), `posses[0].models[4] "Slim": "lit_fuse" lies in the `},
		{"a field the kind does not take", edit(t, tower, `"radius": 3`, `"radius": 3, "slow": 2`), `a hold objective takes no "slow"`},
	}
	for _, tc := range cases {
		_, err := LoadScenario("lab.json", []byte(tc.data))
		hostileError(t, tc.class, err, "lab.json: ", tc.says)
	}
}

// TestObjectiveRollsAreDieFaces: a roll is 2..6, or left out for an
// automatic attempt; 1, 7 and negative rolls are refused naming the field.
func TestObjectiveRollsAreDieFaces(t *testing.T) {
	data, err := assets.Scenario("jailbreak.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, roll := range []string{"1", "7", "-2"} {
		bad := strings.Replace(string(data), `"roll": 4`, `"roll": `+roll, 1)
		_, err := ParseScenario("lab.json", []byte(bad))
		hostileError(t, "roll "+roll, err, "lab.json: ", `interact[0] "sheriff's door": "roll" `+roll+` is not a die's face`)
	}
}
