package main

import (
	"math"
	"strings"
	"testing"
)

// R53: `cowpoke odds shoot` counts the round effects' modifiers. A
// Revolver at 3" is 3 dice; each flag's chance to hit against its closed
// form.
func TestOddsShootRoundFlagsR53(t *testing.T) {
	q := 5.0 / 6
	cases := []struct {
		flags []string
		want  float64
	}{
		{nil, 1 - math.Pow(q, 3)},
		{[]string{"--up"}, 1 - math.Pow(q, 4)},                                      // any six of four
		{[]string{"--down"}, 1 - math.Pow(q, 4) - 4*(1.0/6)*math.Pow(q, 3)},         // two sixes of four
		{[]string{"--fatigued", "2"}, 1.0 / 6},                                      // 1 die
		{[]string{"--stymied"}, 1 - math.Pow(q, 2)},                                 // 2 dice
		{[]string{"--breaks"}, 1 - math.Pow(q, 2)},                                  // 2 dice
		{[]string{"--luck"}, 1 - math.Pow(q, 4)},                                    // 4 dice
		{[]string{"--up", "--stymied", "--luck"}, 1 - math.Pow(q, 4)},               // 3 dice, Up
		{[]string{"--down", "--fatigued", "1"}, 1 - math.Pow(q, 3) - 3*(1.0/6)*q*q}, // 2 dice, Down
	}
	for _, c := range cases {
		args := append([]string{"odds", "shoot", "--weapon", "revolver", "--range", "3", "--json"}, c.flags...)
		out, errOut, code := runCmd(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", c.flags, code, errOut)
		}
		if got := decodeJSON(t, out)["p_hit"].(float64); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%v: p_hit %.6f, want %.6f", c.flags, got, c.want)
		}
	}
	out, _, _ := runCmd("odds", "shoot", "--weapon", "revolver", "--range", "3", "--up")
	if !strings.Contains(out, "3 dice. Up: one die more is rolled and the lowest set aside. Hit 51.8%") {
		t.Errorf("text: %q", out)
	}
	for _, bad := range [][]string{{"--up", "--down"}, {"--fatigued", "3"}, {"--fatigued", "-1"}} {
		args := append([]string{"odds", "shoot", "--weapon", "revolver", "--range", "3"}, bad...)
		if _, errOut, code := runCmd(args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q: want one line and exit 2", bad, code, errOut)
		}
	}
	if _, errOut, code := runCmd("odds", "shoot", "--weapon", "dynamite", "--range", "3", "--luck"); code != 2 || !strings.Contains(errOut, "--luck") {
		t.Errorf("dynamite with --luck: exit %d, %q", code, errOut)
	}
}
