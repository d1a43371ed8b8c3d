package game

import (
	"strings"
	"testing"

	"cowpoke/game/board"
)

// The showcase sets up the four moments a newcomer should try at once.
func TestShowcaseScenario(t *testing.T) {
	s, err := ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	id := func(name string) int {
		for i := range m.Models {
			if m.Models[i].Name == name {
				return i
			}
		}
		t.Fatalf("no %s in the showcase", name)
		return -1
	}
	pike, hale, miller, tex := id("Deputy Pike"), id("Deputy Hale"), id("Sheriff Miller"), id("Ranger Tex")
	slim, bart, dutch, red, knuckles := id("Slim"), id("Black Bart"), id("Dutch"), id(`"Red" Harlow`), id(`"Knuckles" McGinty`)

	// A brawl at the saloon door.
	if !m.Engaged(tex) || !board.InContact(m.Models[tex].Pos, m.Models[knuckles].Pos) {
		t.Error("Ranger Tex and Knuckles must start engaged at the saloon door")
	}
	if d := distToFeatureNamed(m, "saloon door", m.Models[tex].Pos); d > 1 {
		t.Errorf("Tex stands %.1f\" from the saloon door", d)
	}
	// A run through an overwatch arc: Slim covers the street Pike must cross.
	if !m.Models[slim].Overwatch {
		t.Fatal("Slim starts on Overwatch")
	}
	covered := false
	for y := 3.0; y <= 14; y += 0.5 {
		covered = covered || len(m.OverwatchThreats(pike, Point{X: 15.5, Y: y})) > 0
	}
	if !covered {
		t.Error("no stretch of Pike's run down the street lies in Slim's arc")
	}
	// An aimed rifle shot across the street: Hale has a shot at Bart to Aim for.
	plain, err := m.ShotPreview(hale, 0, bart, false)
	if err != nil || plain.Impossible {
		t.Fatalf("Hale cannot shoot Bart across the street: %v %s", err, plain.Explain())
	}
	// Dynamite behind the wagon: Dutch and Red hide behind it, in reach of
	// a Sure Throw from Sheriff Miller, and the blast would catch both.
	spot := Point{X: 20, Y: 18.8}
	if kind, err := m.Board.CheckThrow(m.Models[miller].Pos, spot); err != nil || kind != board.SureThrow {
		t.Errorf("Miller's throw behind the wagon: %v %v", kind, err)
	}
	caught := 0
	for _, h := range m.Board.Blast(spot, []Point{m.Models[dutch].Pos, m.Models[red].Pos}) {
		if h.Dice == 6 {
			caught++
		}
	}
	if caught != 2 {
		t.Errorf("the blast behind the wagon catches %d of Dutch and Red at point blank, want 2", caught)
	}
	for _, who := range []int{dutch, red} {
		if m.Board.LineOfSight(m.Models[hale].Pos, m.Models[who].Pos).Cover == board.NoMaterial {
			t.Errorf("%s should be in cover behind the wagon from Hale", m.Models[who].Name)
		}
	}
	if m.Up.Posse != 0 && m.Up.Posse != 1 {
		t.Fatal("someone must be up")
	}
}

func distToFeatureNamed(m *Match, name string, p Point) float64 {
	for i := range m.Board.Features {
		if m.Board.Features[i].Name == name {
			return distToFeature(p, &m.Board.Features[i])
		}
	}
	return 1e9
}

func TestScenarioFilesErrorsNameTheFile(t *testing.T) {
	cases := map[string]string{
		`{"name":"x","models":[{"name":"A","tier":"sheriff","weapons":["revolver"]}]}`:             `posses/x.json: posse x, model 1: A: unknown tier "sheriff"`,
		`{"name":"x","models":[{"name":"A","tier":"cowpoke","weapons":["revolver"],"hat":"big"}]}`: `posses/x.json: models[0]: unknown key "hat"`,
		`{"name":"x","models":[]}`: `posses/x.json: posse x has no models`,
		`{"name":"x","models":[{"name":"A","tier":"cowpoke","weapons":["revolver","derringer"]}]}`: `needs the Holster skill`,
	}
	for data, want := range cases {
		_, err := ParsePosse("posses/x.json", []byte(data))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", data, err, want)
		}
	}
	if _, err := ParseScenario("s.json", []byte(`{"name":"s","map":"town.tmx","posses":[],"initiative":"draw"}`)); err == nil || !strings.Contains(err.Error(), "s.json: scenario \"s\": a match needs at least two posses") {
		t.Errorf("scenario error %v", err)
	}
}
