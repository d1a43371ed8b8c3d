package scene

import (
	"cowpoke/assets"
	"cowpoke/game"
)

// The -screenshot stages of the editor and the objectives: "editor" is
// the editor on the bank robbery with One-Eyed Jack wounded in the chest
// and chosen; "objectives" is the bank robbery on the table, its score
// above it.

// stageBank is the shipped bank robbery scenario.
func stageBank() (game.Scenario, error) {
	data, err := assets.Scenario("bank_robbery.json")
	if err != nil {
		return game.Scenario{}, err
	}
	return game.ParseScenario("assets/scenarios/bank_robbery.json", data)
}

// stageEditorScene is the scene of an editor stage, or nil for another stage.
func stageEditorScene(a *App, stage string) (Scene, error) {
	if stage != "editor" && stage != "objectives" {
		return nil, nil
	}
	s, err := stageBank()
	if err != nil {
		return nil, err
	}
	if stage == "objectives" {
		s.Posses[1].Computer = "normal"
		m, err := game.NewMatch(s, 1)
		if err != nil {
			return nil, err
		}
		b := newBattle(a, m)
		p := game.Point{X: -40, Y: -40}
		b.stage = &p
		return b, nil
	}
	s.Posses[0].Models[0].Wounds = []game.WoundSpec{{Location: "Chest", Damage: 2}}
	m, err := game.NewMatch(s, 1)
	if err != nil {
		return nil, err
	}
	e := newEditorFrom(a, nil, m)
	e.s.Name = s.Name
	e.sel.posse, e.sel.model = 0, 0
	return e, nil
}
