package game

import (
	"strings"
	"testing"
)

// A scenario file naming a computer level or personality that does not
// exist is refused with one line naming the file and the value.
func TestScenarioRefusesUnknownComputer(t *testing.T) {
	base := `{"name": "Test", "map": "town.tmx", "initiative": "draw", "posses": [
		{"name": "Lawmen", "computer": %s, "models": [{"name": "Hale", "tier": "cowpoke", "weapons": ["revolver"]}]},
		{"name": "Desperados", "models": [{"name": "Bart", "tier": "cowpoke", "weapons": ["revolver"]}]}]}`
	for _, c := range []struct{ value, want string }{
		{`"expert"`, `unknown computer level "expert" (want easy, normal, hard)`},
		{`"normal:sneaky"`, `unknown computer personality "sneaky" (want cautious, reckless, dynamiter)`},
		{`":cautious"`, `unknown computer level ""`},
	} {
		_, err := ParseScenario("duel.json", []byte(strings.Replace(base, "%s", c.value, 1)))
		if err == nil {
			t.Fatalf("computer %s: accepted", c.value)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "duel.json: ") || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("computer %s: error %q, want one line starting with the file and containing %q", c.value, msg, c.want)
		}
	}
	for _, ok := range []string{`"normal"`, `"hard:dynamiter"`, `"easy:cautious"`, `""`} {
		s, err := ParseScenario("duel.json", []byte(strings.Replace(base, "%s", ok, 1)))
		if err != nil {
			t.Errorf("computer %s: refused: %v", ok, err)
			continue
		}
		if want := strings.Trim(ok, `"`); s.Posses[0].Computer != want || s.Posses[1].Computer != "" {
			t.Errorf("computer %s: read %q and %q", ok, s.Posses[0].Computer, s.Posses[1].Computer)
		}
	}
}
