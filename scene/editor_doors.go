package scene

import (
	"fmt"
	"slices"

	"cowpoke/game"
	"cowpoke/game/board"
)

// Doors in the position editor: a click on a door chooses it; its rows
// set it open, closed or locked, and, locked, the roll it takes to unlock
// (the scenario's "interact" list, game.InteractSpec). A door left as the
// map has it, with no roll, is not written to the file. Ctrl+Z undoes a
// change as any other. The table paints the doors as the position sets
// them (the engine's match of it, when it accepts the position).

// doorReach is how near a click must be to a door's middle to choose it.
const doorReach = 1.0

// doorAt is the ID of the door nearest p within doorReach, or -1.
func (e *editor) doorAt(p game.Point) int {
	best, bestD := -1, doorReach
	for i := range e.board.Features {
		f := &e.board.Features[i]
		if f.Kind != board.Door {
			continue
		}
		if d := f.Centroid().Dist(p); d <= bestD {
			best, bestD = f.ID, d
		}
	}
	return best
}

// selectedDoor is the chosen door as the map has it, or nil.
func (e *editor) selectedDoor() *board.Feature {
	if e.sel.door < 0 || e.board == nil {
		return nil
	}
	f, ok := e.board.FeatureByID(e.sel.door)
	if !ok || f.Kind != board.Door {
		return nil
	}
	return f
}

// doorEntry is the index of the door's entry in the scenario's list, or -1.
func (e *editor) doorEntry(name string) int {
	return slices.IndexFunc(e.s.Interact, func(d game.InteractSpec) bool { return d.Door == name })
}

// doorNow is the door's state and roll in the position: the scenario's
// entry, else the map's.
func (e *editor) doorNow(f *board.Feature) (state string, roll int) {
	state = game.DoorState(f)
	if i := e.doorEntry(f.Name); i >= 0 {
		d := e.s.Interact[i]
		if s := d.StartState(); s != "" {
			state = s
		}
		roll = d.Roll
	}
	return state, roll
}

// nameShared reports whether another feature of the map has the door's
// name: the scenario names doors, so such a door cannot be set.
func (e *editor) nameShared(f *board.Feature) bool {
	n := 0
	for i := range e.board.Features {
		if e.board.Features[i].Name == f.Name {
			n++
		}
	}
	return f.Name == "" || n > 1
}

// setDoor writes the door's state and roll into the scenario's list: no
// roll unless locked; no entry when it is as the map has it.
func (e *editor) setDoor(f *board.Feature, state string, roll int) {
	if state != game.DoorLocked {
		roll = 0
	}
	i := e.doorEntry(f.Name)
	if i < 0 {
		e.s.Interact = append(e.s.Interact, game.InteractSpec{Door: f.Name})
		i = len(e.s.Interact) - 1
	}
	d := &e.s.Interact[i]
	d.Locked, d.State, d.Roll = false, state, roll
	if state == game.DoorState(f) && roll == 0 && d.Verb == "" {
		e.s.Interact = slices.Delete(e.s.Interact, i, i+1)
	}
	if len(e.s.Interact) == 0 {
		e.s.Interact = nil
	}
}

// doorRows are the chosen door's settings.
func (e *editor) doorRows(f *board.Feature, add func(label string, do func(e *editor))) {
	if e.nameShared(f) {
		add("Shares its name: fixed", nil)
		return
	}
	state, roll := e.doorNow(f)
	id := f.ID
	set := func(state string, roll int) func(e *editor) {
		return func(e *editor) {
			if f, ok := e.board.FeatureByID(id); ok {
				e.change(func() { e.setDoor(f, state, roll) })
			}
		}
	}
	add("Door: "+state, set(nextOf([]string{game.DoorClosed, game.DoorOpen, game.DoorLocked}, state), roll))
	if state == game.DoorLocked {
		label := "Unlock: no roll"
		if roll > 1 {
			label = fmt.Sprintf("Unlock: %d+ on a die", roll)
		}
		add(label, set(state, nextOf([]int{0, 3, 4, 5, 6}, roll)))
	}
}

// shownBoard is the board the table paints: the engine's match of the
// position (its doors as the position sets them), else the map.
func (e *editor) shownBoard() *board.Board {
	if e.match != nil {
		return e.match.Board
	}
	return e.board
}
