package game

import (
	"errors"
	"fmt"

	"cowpoke/game/board"
)

// A position taken from a match in play ("Edit from here") carries what
// the match has settled besides where the models stand: the victory points
// earned (Scenario.Score), the doors as they are (InteractSpec.State), the
// models already off the table by an edge (ModelSpec.Escaped) and the
// objectives already scored or settled (ObjectiveSpec.Done). Each is
// optional and left out of a file that does not use it, so every earlier
// scenario and save reads and plays as before.

// PosseScore is the victory points a posse has earned before the match
// starts.
type PosseScore struct {
	Posse  string `json:"posse" strict:"required"`
	Points int    `json:"points" strict:"required"`
}

// The doors' states a scenario may set (InteractSpec.State).
const (
	DoorOpen   = "open"
	DoorClosed = "closed"
	DoorLocked = "locked"
)

// DoorState is a door's state on the table in the scenario's words.
func DoorState(f *board.Feature) string {
	switch {
	case f.Locked:
		return DoorLocked
	case f.Open:
		return DoorOpen
	}
	return DoorClosed
}

// StartState is the state the spec sets the door to, or "" for the map's
// own.
func (d InteractSpec) StartState() string {
	if d.Locked {
		return DoorLocked
	}
	return d.State
}

func (d InteractSpec) checkState() error {
	switch d.State {
	case "", DoorOpen, DoorClosed, DoorLocked:
	default:
		return fmt.Errorf("\"state\" %s is not a door's state (want open, closed or locked)", printable(d.State))
	}
	if d.Locked && d.State != "" && d.State != DoorLocked {
		return fmt.Errorf("\"locked\" true and \"state\" %s disagree; give one", printable(d.State))
	}
	return nil
}

// setDoorState sets a door as the scenario starts it.
func (m *Match) setDoorState(f *board.Feature, d InteractSpec) {
	switch d.StartState() {
	case DoorLocked:
		_ = m.Board.SetDoor(f.ID, false, true)
	case DoorClosed:
		_ = m.Board.SetDoor(f.ID, false, false)
	case DoorOpen:
		_ = m.Board.SetDoor(f.ID, true, false)
	}
}

// validatePositionState checks the score and the models off the table
// without the map.
func (s Scenario) validatePositionState() error {
	if len(s.Score) > 0 && !s.hasObjectives() {
		return errors.New("\"score\" needs objectives to have scored")
	}
	listed := map[string]bool{}
	for i, sc := range s.Score {
		where := fmt.Sprintf("score[%d] %s", i, printable(sc.Posse))
		switch {
		case s.posseIndex(sc.Posse) < 0:
			return fmt.Errorf("%s: \"posse\" names no posse of the scenario", where)
		case listed[sc.Posse]:
			return fmt.Errorf("%s: the posse is listed twice", where)
		case sc.Points < 0 || sc.Points > maxWinAt:
			return fmt.Errorf("%s: \"points\" %d is outside 0..%d", where, sc.Points, maxWinAt)
		case s.WinAt > 0 && sc.Points >= s.WinAt:
			return fmt.Errorf("%s: \"points\" %d already reach the win_at of %d: the match would be over", where, sc.Points, s.WinAt)
		}
		listed[sc.Posse] = true
	}
	for pi, p := range s.Posses {
		gone := 0
		for mi, md := range p.Models {
			if md.Escaped == "" {
				continue
			}
			gone++
			if err := s.checkEscaped(md); err != nil {
				return fmt.Errorf("posses[%d].models[%d] %s: %v", pi, mi, printable(md.Name), err)
			}
		}
		if gone == len(p.Models) {
			return fmt.Errorf("posses[%d] %s: every model has left the table: the match would be over", pi, printable(p.Name))
		}
	}
	return nil
}

// checkEscaped checks a model listed as off the table: a table edge, and
// nothing that needs him on it (nor an Aim at him).
func (s Scenario) checkEscaped(md ModelSpec) error {
	if edgeIndex(md.Escaped) < 0 {
		return fmt.Errorf("\"escaped\" %s is not a table edge (want north, south, east or west)", printable(md.Escaped))
	}
	for field, set := range map[string]bool{
		"at": md.At != nil, "overwatch": md.Overwatch != nil, "aim_at": md.AimAt != "",
		"carrying": md.Carrying != "", "lit_fuse": md.LitFuse != nil, "activated": md.Activated,
	} {
		if set {
			return fmt.Errorf("\"escaped\": %s has left the table, so he takes no %q", md.Name, field)
		}
	}
	for _, p := range s.Posses {
		for _, other := range p.Models {
			if other.AimAt == md.Name {
				return fmt.Errorf("\"escaped\": %s aims at him, but he has left the table", other.Name)
			}
		}
	}
	return nil
}

// countEscaped counts the models that left by escape objective i's edge
// before the match into its state; an escape they complete must be
// marked done in the file.
func (m *Match) countEscaped(i int, st *objState) error {
	spec := m.Scenario.Objectives[i]
	for mi, id := range m.Posses[m.Scenario.posseIndex(spec.Posse)].Models {
		if m.Scenario.Posses[m.Models[id].Posse].Models[mi].Escaped == spec.Edge && m.escapes(i, id) {
			st.Count++
		}
	}
	if need := max(spec.Count, 1); st.Count >= need {
		return fmt.Errorf("the escape is made already (%d off the %s edge, %d needed): mark it \"done\"", st.Count, spec.Edge, need)
	}
	return nil
}

// EscapedBy is the table edge a model left the table by, or "" for a
// model still on it or taken out.
func (m *Match) EscapedBy(id int) string {
	md := &m.Models[id]
	if !md.Escaped {
		return ""
	}
	for mi, other := range m.Posses[md.Posse].Models {
		if spec := m.Scenario.Posses[md.Posse].Models[mi]; other == id && spec.Escaped != "" {
			return spec.Escaped // off the table when the match started
		}
	}
	for _, e := range edgeNames {
		if m.touchesEdge(md.Pos, e) {
			return e
		}
	}
	return ""
}

// DoorsNow is the scenario's list of doors with each door as it stands
// now, for a position taken from the match: a door the scenario lists gets
// its state (and loses its roll once it is no longer locked: a door is
// never locked again); a door it does not list is added when the match has
// changed it from the map's own state and its name is the map's only one.
func (m *Match) DoorsNow() []InteractSpec {
	out := make([]InteractSpec, 0, len(m.Scenario.Interact))
	listed := map[string]bool{}
	for _, d := range m.Scenario.Interact {
		listed[d.Door] = true
		f, err := doorNamed(m.Board, d.Door)
		if err != nil {
			out = append(out, d) // refused when the match was set up; cannot happen
			continue
		}
		d.Locked, d.State = false, DoorState(f)
		if d.State != DoorLocked {
			d.Roll = 0
		}
		out = append(out, d)
	}
	for i := range m.Board.Features {
		f := &m.Board.Features[i]
		if f.Kind != board.Door || listed[f.Name] {
			continue
		}
		was, ok := m.base.FeatureByID(f.ID)
		if !ok || DoorState(was) == DoorState(f) {
			continue
		}
		if _, err := doorNamed(m.Board, f.Name); err == nil {
			out = append(out, InteractSpec{Door: f.Name, State: DoorState(f)})
		}
	}
	return out
}
