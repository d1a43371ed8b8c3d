package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"cowpoke/rules"
)

func runCmd(args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestOddsShootText(t *testing.T) {
	out, errOut, code := runCmd("odds", "shoot", "--weapon", "revolver", "--range", "5", "--target-moved")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := `Revolver at 5" (Short): 3 dice, target moved -1 -> 2 dice. Hit 30.6%. Removes an unhurt Cowpoke 4.2%.`
	if first := strings.SplitN(out, "\n", 2)[0]; first != want {
		t.Errorf("first line\n got %q\nwant %q", first, want)
	}
	out, _, _ = runCmd("odds", "shoot", "--weapon", "revolver", "--range", "5", "--target-moved", "--cover", "wood")
	if !strings.Contains(out, "-> Hail Mary: 1 die, only a 6 hits. Hit 16.7%") {
		t.Errorf("Hail Mary not explained: %q", out)
	}
}

func decodeJSON(t *testing.T, out string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	return m
}

// The JSON carries the rules package's exact figures for the very pool the
// rules build.
func TestOddsShootJSONMatchesRules(t *testing.T) {
	out, _, code := runCmd("odds", "shoot", "--weapon", "lever-action", "--range", "8", "--blaze", "--tier", "legend",
		"--moved", "--cover", "stone", "--back", "--target-tier", "legend", "--target-damage", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	m := decodeJSON(t, out)
	pool, _ := rules.ShotPool(rules.Shot{Weapon: rules.LeverAction, Band: rules.Medium, Blaze: true, Tier: rules.Legend,
		AttackerMoved: true, Cover: rules.StoneCover, BackShot: true})
	target := rules.NewHealth(rules.Legend, false)
	target.Damage = 1
	odds := rules.OddsOf(&pool, target)
	if m["band"] != "medium" || m["dice"].(float64) != float64(pool.Dice) || m["impossible"] != false {
		t.Errorf("band %v dice %v impossible %v; want medium, %d, false", m["band"], m["dice"], m["impossible"], pool.Dice)
	}
	if got := m["p_hit"].(float64); got != odds.PHit {
		t.Errorf("p_hit %v, rules %v", got, odds.PHit)
	}
	if got := m["p_removed"].(float64); got != odds.PRemoved {
		t.Errorf("p_removed %v, rules %v", got, odds.PRemoved)
	}
	hits := m["hits"].([]any)
	if len(hits) != pool.Dice+1 {
		t.Fatalf("hits has %d entries, want %d", len(hits), pool.Dice+1)
	}
	for k, h := range hits {
		if h.(float64) != odds.Hits.P[k] {
			t.Errorf("hits[%d] = %v, rules %v", k, h, odds.Hits.P[k])
		}
	}
	mods := m["modifiers"].([]any)
	wantMods := pool.Modifiers()
	if len(mods) != len(wantMods) {
		t.Fatalf("modifiers %v, want %v", mods, wantMods)
	}
	for i, mod := range mods {
		mm := mod.(map[string]any)
		if mm["name"] != wantMods[i].Name || mm["dice"].(float64) != float64(wantMods[i].Dice) {
			t.Errorf("modifier %d = %v, want %+v", i, mm, wantMods[i])
		}
	}
	damage := m["damage"].(map[string]any)
	if damage["1"].(float64) != 20.0/36 || damage["2"].(float64) != 11.0/36 || damage["4"].(float64) != 5.0/36 {
		t.Errorf("damage %v, want 20/36, 11/36, 5/36", damage)
	}
}

func TestOddsShootImpossibleJSON(t *testing.T) {
	out, _, code := runCmd("odds", "shoot", "--weapon", "derringer", "--range", "7", "--aim", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	m := decodeJSON(t, out)
	if m["impossible"] != true || m["dice"].(float64) != 0 || m["p_hit"].(float64) != 0 || m["band"] != "medium" {
		t.Errorf("a Derringer at 7\" is impossible with 0 dice: %v", m)
	}
}

func TestOddsBrawlBlastSurviveJSON(t *testing.T) {
	out, _, code := runCmd("odds", "brawl", "--attacker-dice", "4", "--defender-tier", "greenhorn", "--defender-melee", "--json")
	if code != 0 {
		t.Fatalf("brawl exit %d", code)
	}
	m := decodeJSON(t, out)
	o := rules.BoutOdds(4, 3, rules.NewHealth(rules.Cowpoke, false), rules.NewHealth(rules.Greenhorn, false))
	for key, want := range map[string]float64{"p_attacker_wins": o.PAttackerWins, "p_defender_wins": o.PDefenderWins,
		"p_bloody_draw": o.PBloodyDraw, "p_scuffle": o.PScuffle, "p_defender_removed": o.PDefenderRemoved} {
		if got, ok := m[key].(float64); !ok || got != want {
			t.Errorf("brawl %s = %v, want %v", key, m[key], want)
		}
	}
	out, _, code = runCmd("odds", "blast", "--distance", "3", "--target-tier", "greenhorn", "--json")
	if code != 0 {
		t.Fatalf("blast exit %d", code)
	}
	m = decodeJSON(t, out)
	if m["dice"].(float64) != 3 || math.Abs(m["p_hit"].(float64)-(1-math.Pow(5.0/6, 3))) > 1e-12 || len(m["hits"].([]any)) != 4 {
		t.Errorf("blast at 3\": %v", m)
	}
	out, _, code = runCmd("odds", "survive", "--tier", "legend", "--json")
	if code != 0 {
		t.Fatalf("survive exit %d", code)
	}
	m = decodeJSON(t, out)
	if m["dice"].(float64) != 5 || math.Abs(m["p_survive"].(float64)-(1-math.Pow(5.0/6, 5))) > 1e-12 {
		t.Errorf("a Legend's survival: %v", m)
	}
}

func TestOddsBadInputOneLineExit2(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"odds", "shoot", "--weapon", "bazooka", "--range", "5"}, `unknown weapon "bazooka"`},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "-2"}, "cannot be negative"},
		{[]string{"odds", "shoot", "--weapon", "revolver"}, "--range is required"},
		{[]string{"odds", "shoot", "--range", "3"}, "--weapon is required"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "5", "--aim", "--blaze"}, "Aim cannot be combined with Blaze Away"},
		{[]string{"odds", "shoot", "--weapon", "shotgun", "--range", "5", "--blaze"}, "only a Revolver or a Lever-Action"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "NaN"}, "is not a distance"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "5", "--cover", "brick"}, `unknown cover "brick"`},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "5", "--target-damage", "4"}, "already out of play"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "5", "--target-tough-spent"}, "no Tough to spend"},
		{[]string{"odds", "shoot", "--weapon", "dynamite", "--range", "1", "--aim"}, "nothing modifies a dynamite blast"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "5", "--bogus"}, "flag provided but not defined"},
		{[]string{"odds", "brawl", "--attacker-dice", "3", "--attacker-brawler"}, "not both"},
		{[]string{"odds", "brawl", "--attacker-dice", "0"}, "a brawl pool is 1 to"},
		{[]string{"odds", "blast"}, "--distance is required"},
		{[]string{"odds", "survive", "--tier", "sheriff"}, `unknown tier "sheriff"`},
		{[]string{"odds", "roulette"}, `unknown odds "roulette"`},
		{[]string{"rodeo"}, `unknown command "rodeo"`},
	}
	for _, c := range cases {
		out, errOut, code := runCmd(c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		if out != "" {
			t.Errorf("%v: wrote %q to stdout", c.args, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: stderr %q, want one line saying %q", c.args, errOut, c.want)
		}
	}
}
