package scene

import (
	"fmt"
	"slices"

	"cowpoke/game"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// The -screenshot flag's stages on the showcase: a shot with its odds, a
// dynamite throw's preview, Overwatch arcs with the Fire/Hold prompt.

// Stages lists the stages -stage accepts.
var Stages = []string{"move", "shot", "dice", "throw", "overwatch", "brawl", "tape", "menu", "edge", "solo", "demo", "replay", "stacks", "deck", "tokens", "effects", "editor", "objectives", "winbar", "coach", "review"}

// modelNamed is the model with a name, or -1.
func modelNamed(m *game.Match, name string) int {
	for i := range m.Models {
		if m.Models[i].Name == name {
			return i
		}
	}
	return -1
}

// upFor plays quiet activations (activate, end) of the other side until
// posse p is up, leaving the named models alone.
func upFor(t *table.Table, p int, keep ...int) error {
	m := t.M
	for range 20 {
		if m.Up.Posse == p && m.Active < 0 {
			return nil
		}
		id := -1
		for i := range m.Models {
			if !t.Ready(i) {
				continue
			}
			skip := false
			for _, k := range keep {
				skip = skip || k == i
			}
			if !skip {
				id = i
				break
			}
		}
		if id < 0 {
			return fmt.Errorf("no quiet activation left to hand %s the turn", m.Posses[p].Name)
		}
		if _, err := t.Apply(game.Command{Kind: game.CmdActivate, Model: id}); err != nil {
			return err
		}
		if _, err := t.Apply(game.Command{Kind: game.CmdEnd, Model: id}); err != nil {
			return err
		}
	}
	return fmt.Errorf("%s never came up", m.Posses[p].Name)
}

// stageShowcase sets a showcase battle up for one stage and returns the
// cursor's table point.
func (b *battle) stageShowcase(a *App, stage string) (game.Point, error) {
	if slices.Contains(initiativeStages, stage) {
		return b.stageInitiative(a, stage)
	}
	if stage == "brawl" {
		if err := b.crowdTheSaloonDoor(a); err != nil {
			return game.Point{}, err
		}
	}
	t := b.t
	m := t.M
	id := func(n string) int { return modelNamed(m, n) }
	pike, hale, miller := id("Deputy Pike"), id("Deputy Hale"), id("Sheriff Miller")
	slim, bart := id("Slim"), id("Black Bart")
	if pike < 0 || hale < 0 || miller < 0 || slim < 0 || bart < 0 {
		return game.Point{}, fmt.Errorf("not the showcase scenario")
	}
	apply := func(c game.Command) error { _, err := t.Apply(c); return err }
	if err := upFor(t, 0, pike, hale, miller, slim, bart); err != nil {
		return game.Point{}, err
	}
	switch stage {
	case "tape":
		// The tape from Hale to a spot behind the wagon, past Black Bart.
		t.ToggleTape()
		t.TapeClick(m.Models[hale].Pos)
		t.TapeClick(game.Point{X: 19.2, Y: 17.5})
		b.zoom = &stageZoom{at: game.Point{X: 17.5, Y: 16}, factor: 2.2}
		return game.Point{X: -40, Y: -40}, nil
	case "menu":
		b.menu = newEscMenu(a, b)
		b.menu.page = pageSettings
		return game.Point{X: -40, Y: -40}, nil
	case "brawl":
		tex := id("Ranger Tex")
		if err := apply(game.Command{Kind: game.CmdActivate, Model: tex}); err != nil {
			return game.Point{}, err
		}
		t.SetMode(table.ModeBrawl)
		b.zoom = &stageZoom{at: m.Models[tex].Pos, factor: 3}
		return game.Point{X: -40, Y: -40}, nil
	case "shot":
		if err := apply(game.Command{Kind: game.CmdActivate, Model: hale}); err != nil {
			return game.Point{}, err
		}
		if err := apply(game.Command{Kind: game.CmdAim, Model: hale, Target: bart}); err != nil {
			return game.Point{}, err
		}
		t.SetMode(table.ModeShoot)
		return m.Models[bart].Pos, nil
	case "dice":
		if err := apply(game.Command{Kind: game.CmdActivate, Model: hale}); err != nil {
			return game.Point{}, err
		}
		if err := apply(game.Command{Kind: game.CmdAim, Model: hale, Target: bart}); err != nil {
			return game.Point{}, err
		}
		b.apply(a, game.Command{Kind: game.CmdShoot, Model: hale, Target: bart}, true)
		return game.Point{X: -40, Y: -40}, nil
	case "throw":
		if err := apply(game.Command{Kind: game.CmdActivate, Model: miller}); err != nil {
			return game.Point{}, err
		}
		t.SetMode(table.ModeThrow)
		return game.Point{X: 20, Y: 18.8}, nil
	case "overwatch":
		if err := apply(game.Command{Kind: game.CmdActivate, Model: hale}); err != nil {
			return game.Point{}, err
		}
		if err := apply(game.Command{Kind: game.CmdOverwatch, Model: hale, Facing: 0}); err != nil {
			return game.Point{}, err
		}
		if err := upFor(t, 0, pike, miller, slim, bart); err != nil {
			return game.Point{}, err
		}
		if err := apply(game.Command{Kind: game.CmdActivate, Model: pike}); err != nil {
			return game.Point{}, err
		}
		if err := apply(game.Command{Kind: game.CmdRun, Model: pike}); err != nil {
			return game.Point{}, err
		}
		to := game.Point{X: 15.5, Y: min(m.Models[pike].Pos.Y+m.RunLeft-0.2, 14)}
		if err := apply(game.Command{Kind: game.CmdRunTo, Model: pike, To: &to}); err != nil {
			return game.Point{}, err
		}
		if m.Pending == nil {
			return game.Point{}, fmt.Errorf("Pike's run met no Overwatch (run of %.0f\")", to.Y-2)
		}
		b.shownTo = m.Decider()
		return game.Point{X: -40, Y: -40}, nil // off the table: the suggestion shows
	}
	return game.Point{}, fmt.Errorf("unknown stage %q (want one of %v)", stage, Stages)
}

// crowdTheSaloonDoor restarts the showcase with a crowded brawl at the
// saloon door: Tex and Knuckles engaged, Pike and Dutch pressed in against
// them, Slim still on Overwatch across the street; for the screenshot of
// labels on models in base contact.
func (b *battle) crowdTheSaloonDoor(a *App) error {
	s, err := game.ShowcaseScenario()
	if err != nil {
		return err
	}
	at := map[string]game.Point{"Deputy Pike": {X: 15.61, Y: 6.5}, "Dutch": {X: 14.1, Y: 5.63}}
	for p := range s.Posses {
		for i := range s.Posses[p].Models {
			if q, ok := at[s.Posses[p].Models[i].Name]; ok {
				s.Posses[p].Models[i].At = &q
			}
		}
	}
	m, err := game.NewMatch(s, a.Cfg.Seed)
	if err != nil {
		return err
	}
	b.t.Replace(m)
	return nil
}

// stageZoom is a screenshot's close-up: the camera zooms by factor about
// a table point once the table is fitted.
type stageZoom struct {
	at     game.Point
	factor float64
	right  bool // put at by the view's right edge instead of its centre
}

// stageEdge sets the default match up for the "edge" stage: zoomed in,
// with the top-right model (its name wider than the room left) by the
// view's right edge, next to the panel, and the last model of the other
// side by the left edge: names are moved inside the view, not cut.
func (b *battle) stageEdge() {
	m := b.t.M
	right := 0
	for i := range m.Models {
		if p := m.Models[i].Pos; p.X-p.Y > m.Models[right].Pos.X-m.Models[right].Pos.Y {
			right = i
		}
	}
	b.zoom = &stageZoom{at: m.Models[right].Pos, factor: 2.5, right: true}
}

// stageComputer plays the computer's decisions at once (no pacing, no
// goroutine: the screenshot's staging) until stop says so after a command
// or limit commands were played.
func (b *battle) stageComputer(a *App, limit int, stop func(d game.Decision, evs []game.Event) bool) error {
	for range limit {
		m := b.t.M
		if !b.players.up(m) {
			return fmt.Errorf("the computer is not up")
		}
		d, ok := b.players.ctrls[m.Decider()].Decide(m.Fork(rules.NewSeeded(1)))
		n := len(m.Events())
		b.playComputer(a, computerAnswer{d: d, ok: ok, about: m, at: len(m.Commands())})
		if b.t.M.Over || b.players.paused {
			return fmt.Errorf("the match ended or the computer stopped: %s", b.t.Status)
		}
		if stop(d, b.t.M.Events()[n:]) {
			return nil
		}
	}
	return fmt.Errorf("nothing to show after %d commands", limit)
}

// stageSolo is a computer turn in solo play: the showcase with the
// Desperados played by the computer, its shot just rolled, its reason in
// the log and what it weighed drawn on the table (C).
func stageSolo(a *App) (*battle, error) {
	s, err := game.ShowcaseScenario()
	if err != nil {
		return nil, err
	}
	s.Posses[1].Computer = "normal"
	m, err := game.NewMatch(s, a.Cfg.Seed)
	if err != nil {
		return nil, err
	}
	b := newBattle(a, m)
	b.tray.instant = true
	if err := upFor(b.t, 1); err != nil {
		return nil, err
	}
	err = b.stageComputer(a, 12, func(d game.Decision, evs []game.Event) bool {
		k := d.Command.Kind
		return (k == game.CmdShoot || k == game.CmdBlaze) && len(d.Alternatives) > 0
	})
	if err != nil {
		return nil, err
	}
	b.players.showWhy = true
	b.players.wait = 600 // the picture is taken before the computer's next command
	return b, nil
}

// stageDemo is the demo with a caption up: a Run drawing Overwatch fire,
// a throw or a shot.
func stageDemo(a *App) (*battle, error) {
	b, err := newDemoBattle(a, a.Cfg.Seed)
	if err != nil {
		return nil, err
	}
	b.tray.instant = true
	err = b.stageComputer(a, 80, func(d game.Decision, evs []game.Event) bool {
		for _, e := range evs {
			if e.Kind == game.EvInterrupt || e.Kind == game.EvThrown {
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	b.players.wait = 600
	return b, nil
}
