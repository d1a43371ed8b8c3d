package game

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"cowpoke/assets"
	"cowpoke/rules"
)

// A posse file with one model line swapped in; the rest of the posse is legal.
func posseWith(models ...string) []byte {
	return []byte(`{"name": "Test Posse", "models": [` + strings.Join(models, ", ") + `]}`)
}

const okModel = `{"name": "Slim", "tier": "greenhorn", "weapons": ["lever-action"]}`

// TestPosseCheckRules: one case per validation rule of the posse builder;
// each problem line names the file, the model and the rule.
func TestPosseCheckRules(t *testing.T) {
	cases := []struct {
		rule, model, says string
		data              []byte
	}{
		{"weapon slots", `model 1 "Ann"`, "only 2 weapon slots",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver", "knife", "dynamite"]}`)},
		{"Holster", `model 1 "Ann"`, "second pistol needs the Holster skill", // R21
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver", "derringer"]}`)},
		{"Marksman", `model 1 "Ann"`, "does not carry a signature weapon",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "skills": ["marksman"], "weapons": ["revolver"], "signature": "lever-action"}`)},
		{"Marksman", `model 1 "Ann"`, "must be a firearm or a bow, not Knife",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "skills": ["marksman"], "weapons": ["revolver", "knife"], "signature": "knife"}`)},
		{"Marksman", `model 1 "Ann"`, "is no Marksman",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"], "signature": "revolver"}`)},
		{"melee weapons", `model 1 "Ann"`, "2 melee weapons", // R21, R27
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["knife", "club"]}`)},
		{"dynamite sticks", `model 1 "Ann"`, "no Dynamite slot", // R26
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"], "sticks": 2}`)},
		{"dynamite sticks", `model 1 "Ann"`, "only 1 sticks"[:6], // R26
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["dynamite", "dynamite"], "sticks": 1}`)},
		{"Tough", `model 1 "Ann"`, "Tough by nature", // R28, P1
			posseWith(`{"name": "Ann", "tier": "legend", "skills": ["tough"], "weapons": ["revolver"]}`)},
		{"model count", "posse", "has 0 models", posseWith()},
		{"model count", "posse", "has 13 models", posseWith(thirteen()...)},
		{"unique names", `model 2 "slim"`, "model 1 has the same name",
			posseWith(okModel, `{"name": "slim", "tier": "cowpoke", "weapons": ["revolver"]}`)},
		{"printable names", `model 1 "Ann\x1b[2J"`, "control character",
			posseWith(`{"name": "Ann\u001b[2J", "tier": "cowpoke", "weapons": ["revolver"]}`)},
		{"printable names", `model 1 " Ann"`, "spaces at its start or end",
			posseWith(`{"name": " Ann", "tier": "cowpoke", "weapons": ["revolver"]}`)},
		{"printable names", `model 1 ""`, "is empty",
			posseWith(`{"name": "", "tier": "cowpoke", "weapons": ["revolver"]}`)},
		{"printable names", "posse", "the posse's name is empty",
			[]byte(`{"name": " ", "models": [` + okModel + `]}`)},
		{"initiative card", `model 1 "Ann"`, "not a card rank", // R36
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"], "card": "11"}`)},
		{"skills", `model 1 "Ann"`, "Fast is listed twice",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "skills": ["fast", "fast"], "weapons": ["revolver"]}`)},
		{"tier", `model 1 "Ann"`, "unknown tier",
			posseWith(`{"name": "Ann", "tier": "emperor", "weapons": ["revolver"]}`)},
		{"weapons", `model 1 "Ann"`, "railgun",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["railgun"]}`)},
		{"deployment", `model 1 "Ann"`, "not where they stand",
			posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"], "facing": 90}`)},
	}
	for _, tc := range cases {
		lines := CheckPosseFile("p.json", tc.data)
		if len(lines) != 1 {
			t.Errorf("%s: want one problem, got %d: %q", tc.rule, len(lines), lines)
			continue
		}
		want := fmt.Sprintf("p.json: %s: %s: ", tc.model, tc.rule)
		if tc.model == "posse" {
			want = "p.json: posse: " + tc.rule + ": "
		}
		if !strings.HasPrefix(lines[0], strings.ReplaceAll(want, "\x1b", `\x1b`)) || !strings.Contains(lines[0], tc.says) {
			t.Errorf("%s: got %q, want %q... saying %q", tc.rule, lines[0], want, tc.says)
		}
		if strings.ContainsAny(lines[0], "\n\r\x1b") {
			t.Errorf("%s: not one plain line: %q", tc.rule, lines[0])
		}
	}
}

func thirteen() []string {
	var out []string
	for i := range 13 {
		out = append(out, fmt.Sprintf(`{"name": "Hand %d", "tier": "greenhorn", "weapons": ["revolver"]}`, i+1))
	}
	return out
}

// TestPosseCheckListsEveryProblem: two broken models give every problem,
// in roster order, not just the first.
func TestPosseCheckListsEveryProblem(t *testing.T) {
	lines := CheckPosseFile("p.json", posseWith(
		`{"name": "Ann", "tier": "legend", "skills": ["tough"], "weapons": ["knife", "club"]}`,
		`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver", "derringer"]}`))
	want := []string{`model 1 "Ann": melee weapons`, `model 1 "Ann": Tough`, `model 2 "Ann": unique names`, `model 2 "Ann": Holster`}
	if len(lines) != len(want) {
		t.Fatalf("got %q", lines)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], "p.json: "+w+": ") {
			t.Errorf("line %d: got %q, want %q", i, lines[i], w)
		}
	}
}

// TestParseLegalPosse: a file a player brings is taken only when every
// rule holds; otherwise every problem is listed and no posse comes back.
func TestParseLegalPosse(t *testing.T) {
	p, lines := ParseLegalPosse("p.json", posseWith(okModel))
	if lines != nil || p.Name != "Test Posse" || len(p.Models) != 1 || p.Models[0].Name != "Slim" {
		t.Fatalf("a legal posse: %+v, %q", p, lines)
	}
	bad := posseWith(okModel, `{"name": "Slim", "tier": "cowpoke", "weapons": ["revolver", "derringer"]}`)
	p, lines = ParseLegalPosse("p.json", bad)
	if want := CheckPosseFile("p.json", bad); len(want) != 2 || !slices.Equal(lines, want) || p.Name != "" || p.Models != nil {
		t.Errorf("an illegal posse: %+v, %q, want the problems %q", p, lines, want)
	}
}

// TestShippedPossesAreLegalAndCanonical: the shipped posses pass every
// check and parse then format back to the very same bytes.
func TestShippedPossesAreLegalAndCanonical(t *testing.T) {
	for _, name := range []string{"lawmen.json", "desperados.json"} {
		data, err := assets.Posse(name)
		if err != nil {
			t.Fatal(err)
		}
		if lines := CheckPosseFile(name, data); lines != nil {
			t.Errorf("%s: %q", name, lines)
		}
		p, err := ParsePosse(name, data)
		if err != nil {
			t.Fatal(err)
		}
		out, err := FormatPosse(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, data) {
			t.Errorf("%s does not round-trip:\n%s\nwant\n%s", name, out, data)
		}
	}
}

// TestFormatPosseIsCanonical: any accepted layout formats to the canonical
// one, which then round-trips; text that JSON escapes survives.
func TestFormatPosseIsCanonical(t *testing.T) {
	data := []byte(`{"models":[{"weapons":["revolver","dynamite"],"tier":"cowpoke","name":"\"Red\" <Harlow> & Co, Esq: \\o/","sticks":3,"card":"Q"}],"name":"A, B: C"}`)
	p, err := ParsePosse("p.json", data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := FormatPosse(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"name\": \"A, B: C\",\n  \"models\": [\n    {\"name\": \"\\\"Red\\\" <Harlow> & Co, Esq: \\\\o/\", \"tier\": \"cowpoke\", \"weapons\": [\"revolver\", \"dynamite\"], \"sticks\": 3, \"card\": \"Q\"}\n  ]\n}\n"
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	q, err := ParsePosse("p.json", out)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := FormatPosse(q)
	if !bytes.Equal(again, out) {
		t.Fatalf("not stable:\n%s", again)
	}
}

// TestPosseCheckNeverPrintsAnEscape: a name with a terminal escape and a
// broken stat card gives plain lines only.
func TestPosseCheckNeverPrintsAnEscape(t *testing.T) {
	lines := CheckPosseFile("p.json", posseWith(`{"name": "A\u001b]0;x\u0007", "tier": "cowpoke", "weapons": ["revolver", "derringer"]}`))
	if len(lines) != 2 {
		t.Fatalf("got %q", lines)
	}
	for _, l := range lines {
		if strings.ContainsAny(l, "\x1b\x07") {
			t.Errorf("escape printed: %q", l)
		}
	}
}

// TestBuilderChoices: the builder's changes say why an illegal one is
// refused, and legal ones pass.
func TestBuilderChoices(t *testing.T) {
	p, err := ParsePosse("p.json", posseWith(`{"name": "Ann", "tier": "cowpoke", "weapons": ["revolver"]}`))
	if err != nil {
		t.Fatal(err)
	}
	try := func(change func(*ModelSpec)) []PosseProblem { _, probs := TryModelChange(p, 0, change); return probs }
	if probs := try(func(m *ModelSpec) { ToggleWeapon(m, "derringer") }); len(probs) != 1 || probs[0].Rule != "Holster" {
		t.Errorf("a second pistol without Holster: %v", probs)
	}
	if probs := try(func(m *ModelSpec) { ToggleSkill(m, rules.Holster); ToggleWeapon(m, "derringer") }); probs != nil {
		t.Errorf("a second pistol with Holster: %v", probs)
	}
	if probs := try(func(m *ModelSpec) { ToggleSkill(m, rules.Marksman) }); probs != nil {
		t.Errorf("Marksman with a revolver: %v", probs)
	}
	q, _ := TryModelChange(p, 0, func(m *ModelSpec) { ToggleSkill(m, rules.Marksman) })
	if q.Models[0].Signature != "revolver" || p.Models[0].Signature != "" {
		t.Errorf("signature %q; the original changed: %q", q.Models[0].Signature, p.Models[0].Signature)
	}
	if _, probs := TryModelChange(q, 0, func(m *ModelSpec) { ToggleWeapon(m, "revolver") }); len(probs) != 1 || probs[0].Rule != "Marksman" {
		t.Errorf("dropping the signature weapon: %v", probs)
	}
	if probs := try(func(m *ModelSpec) { ToggleSkill(m, rules.Tough); m.Tier = "legend" }); len(probs) != 1 || probs[0].Rule != "Tough" {
		t.Errorf("a Tough Legend: %v", probs)
	}
}
