package scene

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// sideChoice is who plays one posse, as the new-game screen sets it: a
// person at this computer, or the computer at a level with a personality.
type sideChoice struct {
	person, who button // the two choices side by side: Person, Computer
	level, pers button
	computer    bool
	levelIdx    int
	persIdx     int    // 0: none (steady), else personalities[persIdx-1]
	by          string // who plays it, in words (playedBy), set with the labels
}

// sideChoices are the choices of every seat, in seating order; the screen
// shows as many as there are seats.
type sideChoices []sideChoice

// newSideChoices makes seats choices (at least one per posse of s),
// starting from what the scenario names (a person where it names nobody),
// at normal without a personality.
func newSideChoices(s game.Scenario, seats int) sideChoices {
	levels, pers := game.ComputerLevels(), game.ComputerPersonalities()
	cs := make(sideChoices, max(seats, len(s.Posses)))
	for i := range cs {
		c := &cs[i]
		c.levelIdx = indexOf(levels, "normal")
		if i >= len(s.Posses) {
		} else if spec := s.Posses[i].Computer; spec != "" {
			l, p, _ := strings.Cut(spec, ":")
			c.computer = true
			c.levelIdx = max(0, indexOf(levels, l))
			c.persIdx = indexOf(pers, p) + 1
		}
		c.person = button{Label: "Person", Enabled: true, Compact: true}
		c.who = button{Label: "Computer", Enabled: true, Compact: true}
		c.level = button{Enabled: true, Compact: true}
		c.pers = button{Enabled: true, Compact: true}
	}
	cs.label()
	return cs
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}

// label sets the buttons' words; a person's side has no level buttons.
func (cs sideChoices) label() {
	levels, pers := game.ComputerLevels(), game.ComputerPersonalities()
	for i := range cs {
		c := &cs[i]
		c.person.On, c.who.On = !c.computer, c.computer
		c.level.Label = levels[c.levelIdx]
		c.pers.Label = "steady"
		if c.persIdx > 0 {
			c.pers.Label = pers[c.persIdx-1]
		}
		switch {
		case !c.computer:
			c.by = "a person"
		case c.persIdx > 0:
			c.by = "the computer (" + c.level.Label + ", " + c.pers.Label + ")"
		default:
			c.by = "the computer (" + c.level.Label + ")"
		}
	}
}

// place lays the buttons out in each of the first n seats' columns (colW
// apart): Person and Computer side by side, the one chosen lit; under
// them, for the computer, its level and personality; the other seats'
// buttons are hidden.
func (cs sideChoices) place(x0, y, colW, u float64, n int) {
	h := 28 * u
	half := (colW - 14*u) / 2
	for i := range cs {
		c := &cs[i]
		c.person.W, c.who.W, c.level.W, c.pers.W = 0, 0, 0, 0
		if i >= n {
			continue
		}
		x := x0 + float64(i)*colW
		c.person.place(x, y, half, h)
		c.who.place(x+half+4*u, y, half, h)
		if c.computer {
			c.level.place(x, y+32*u, half, h)
			c.pers.place(x+half+4*u, y+32*u, half, h)
		}
	}
}

// playedBy says in words who plays seat i: "a person", "the computer
// (normal, cautious)".
func (cs sideChoices) playedBy(i int) string {
	if i >= len(cs) {
		return "a person"
	}
	return cs[i].by
}

// update cycles a clicked choice; it reports whether one was clicked.
func (cs sideChoices) update(in *Input) bool {
	nLevels, nPers := len(game.ComputerLevels()), len(game.ComputerPersonalities())+1
	for i := range cs {
		c := &cs[i]
		switch {
		case c.person.W > 0 && c.person.clicked(in):
			c.computer = false
		case c.who.W > 0 && c.who.clicked(in):
			c.computer = true
		case c.level.W > 0 && c.level.clicked(in):
			c.levelIdx = (c.levelIdx + 1) % nLevels
		case c.pers.W > 0 && c.pers.clicked(in):
			c.persIdx = (c.persIdx + 1) % nPers
		default:
			continue
		}
		cs.label()
		return true
	}
	return false
}

// apply writes the choices into the scenario's posses.
func (cs sideChoices) apply(s *game.Scenario) {
	levels, pers := game.ComputerLevels(), game.ComputerPersonalities()
	for i := range cs {
		if i >= len(s.Posses) {
			break
		}
		spec := ""
		if c := cs[i]; c.computer {
			spec = levels[c.levelIdx]
			if c.persIdx > 0 {
				spec += ":" + pers[c.persIdx-1]
			}
		}
		s.Posses[i].Computer = spec
	}
}

// summary says in a line how a match of the first n seats will be played.
func (cs sideChoices) summary(n int) string {
	cs = cs[:min(n, len(cs))]
	people := 0
	for _, c := range cs {
		if !c.computer {
			people++
		}
	}
	switch people {
	case 0:
		return "The computer plays every side: watch, pan, zoom; Esc pauses it."
	case 1:
		return "Solo: you play one side at this computer; the computer plays the others, saying why (C)."
	}
	if people < len(cs) {
		return "The people share this computer (a screen hides the board between them); the computer plays the rest."
	}
	return "Hot-seat: every side is played at this computer; a screen hides the board between turns."
}

// draw draws the buttons.
func (cs sideChoices) draw(a *App, dst *ebiten.Image) {
	bs := make([]*button, 0, 4*len(cs))
	for i := range cs {
		bs = append(bs, &cs[i].person, &cs[i].who, &cs[i].level, &cs[i].pers)
	}
	drawButtons(a, dst, bs...)
}
