package game

import (
	"bytes"
	"strings"
	"testing"

	"cowpoke/assets"
)

// Hostile posse and scenario files, one per class, generated here: each
// gets a one-line error naming the file and the problem. (How fast is the
// fuzz targets' watchdog's business and the benchmarks'; the machine is
// shared, so no timing here.)
func TestHostilePosseAndScenarioFiles(t *testing.T) {
	lawmen, err := assets.Posse("lawmen.json")
	if err != nil {
		t.Fatal(err)
	}
	show, err := assets.Scenario(assets.Showcase)
	if err != nil {
		t.Fatal(err)
	}
	huge := append([]byte(`{"name":"x","models":[`), bytes.Repeat([]byte(`{"name":"a","tier":"cowpoke","weapons":["revolver"]},`), 40000)...)
	posses := []struct{ class, data, says string }{
		{"truncated", string(lawmen[:len(lawmen)/2]), "unexpected EOF"},
		{"empty", "", "EOF"},
		{"not JSON", "<posse/>", "invalid character"},
		{"wrong type", `{"name":7,"models":[]}`, "name"},
		{"unknown field", `{"name":"x","models":[],"gold":1}`, "gold"},
		{"no models", `{"name":"x","models":[]}`, "no models"},
		{"no name", `{"name":"  ","models":[{"name":"a","tier":"cowpoke","weapons":["revolver"]}]}`, "needs a name"},
		{"unknown tier", `{"name":"x","models":[{"name":"a","tier":"emperor","weapons":["revolver"]}]}`, "emperor"},
		{"unknown weapon", `{"name":"x","models":[{"name":"a","tier":"cowpoke","weapons":["railgun"]}]}`, "railgun"},
		{"number overflow", `{"name":"x","models":[{"name":"a","tier":"cowpoke","weapons":["revolver"],"facing":1e999}]}`, "facing"},
		{"huge and cut", string(huge), "at most"},
	}
	for _, tc := range posses {
		_, err := ParsePosse("posse.json", []byte(tc.data))
		hostileError(t, tc.class, err, "posse.json: ", tc.says)
	}
	scenarios := []struct{ class, data, says string }{
		{"truncated", string(show[:len(show)-40]), "EOF"},
		{"unknown initiative", strings.Replace(string(show), `"coin"`, `"duel"`, 1), "duel"},
		{"negative turn limit", `{"name":"x","map":"town.tmx","initiative":"draw","turn_limit":-1,"posses":[]}`, ""},
		{"one posse", `{"name":"x","map":"town.tmx","initiative":"draw","posses":[{"name":"a","models":[{"name":"a","tier":"cowpoke","weapons":["revolver"]}]}]}`, ""},
		{"bad posse inside", strings.Replace(string(show), `"legend"`, `"emperor"`, 1), "emperor"},
	}
	for _, tc := range scenarios {
		_, err := ParseScenario("scenario.json", []byte(tc.data))
		hostileError(t, tc.class, err, "scenario.json: ", tc.says)
	}
}

func hostileError(t *testing.T, class string, err error, prefix, says string) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: accepted", class)
	case !strings.HasPrefix(err.Error(), prefix) || strings.Contains(err.Error(), "\n"):
		t.Errorf("%s: not one line naming the file: %q", class, err)
	case !strings.Contains(err.Error(), says):
		t.Errorf("%s: %q does not say %q", class, err, says)
	}
}
