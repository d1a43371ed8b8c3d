package table

import (
	"fmt"
	"math"

	"cowpoke/game"
)

// Replay is the replay viewer's logic without pixels: which command of a
// saved match is shown, moved by keys and the scrubber, and the table that
// shows the match as it stood there. The table is only ever given
// positions from the tape: nothing here applies a command of its own, so
// the save and the autosave stay as they were.
type Replay struct {
	Tape *game.Tape
	T    *Table
	At   int // commands shown: 0 is the table before the first

	turnStarts []int // the positions where a game turn begins, ascending
	removals   []int // the commands that took a model out of play
}

// NewReplay opens a tape on the table at its first position.
func NewReplay(tape *game.Tape) *Replay {
	r := &Replay{Tape: tape, At: -1}
	for i := 0; i <= tape.Len(); i++ {
		if i == 0 || tape.Turn(i) != tape.Turn(i-1) {
			r.turnStarts = append(r.turnStarts, i)
		}
		if i > 0 {
			for _, e := range tape.Events(i) {
				if e.Kind == game.EvRemoved {
					r.removals = append(r.removals, i)
					break
				}
			}
		}
	}
	r.Seek(0)
	return r
}

// Len is the last position: every command applied.
func (r *Replay) Len() int { return r.Tape.Len() }

// Seek shows the match after its first i commands (clamped to the tape).
// It reports whether the position changed.
func (r *Replay) Seek(i int) bool {
	i = max(0, min(i, r.Len()))
	if i == r.At {
		return false
	}
	r.At = i
	m := r.Tape.At(i)
	if r.T == nil {
		r.T = New(m)
	} else {
		r.T.Replace(m)
	}
	// The card shows the model the command was about (else the active one).
	sel := m.Active
	if i > 0 {
		if c := r.Tape.Command(i); c.Model >= 0 && c.Model < len(m.Models) && !m.Models[c.Model].Removed() {
			sel = c.Model
		}
	}
	r.T.Select(sel)
	r.T.Status, r.T.Error = "", false
	return true
}

// Step moves by n commands (negative: back).
func (r *Replay) Step(n int) bool { return r.Seek(r.At + n) }

// Turn moves to the start of the next game turn (n > 0) or back to the
// start of this one, or of the one before when already there (n < 0).
func (r *Replay) Turn(n int) bool {
	if n > 0 {
		for _, s := range r.turnStarts {
			if s > r.At {
				return r.Seek(s)
			}
		}
		return r.Seek(r.Len())
	}
	for k := len(r.turnStarts) - 1; k >= 0; k-- {
		if s := r.turnStarts[k]; s < r.At {
			return r.Seek(s)
		}
	}
	return r.Seek(0)
}

// TurnStarts are the positions where a game turn begins.
func (r *Replay) TurnStarts() []int { return r.turnStarts }

// Removals are the commands that took a model out of play.
func (r *Replay) Removals() []int { return r.removals }

// PosAt is the position a scrubber of width w shows at x (both measured
// from its left end): its ends are the first and the last position.
func (r *Replay) PosAt(x, w float64) int {
	if w <= 0 || r.Len() == 0 {
		return 0
	}
	f := math.Max(0, math.Min(1, x/w))
	return int(math.Round(f * float64(r.Len())))
}

// XOf is where position i lies on a scrubber of width w.
func (r *Replay) XOf(i int, w float64) float64 {
	if r.Len() == 0 {
		return 0
	}
	return w * float64(i) / float64(r.Len())
}

// Caption is "Command 412 of 1,203" (or "Before the first command").
func (r *Replay) Caption() string {
	if r.At == 0 {
		return fmt.Sprintf("Before the first of %s commands", thousands(r.Len()))
	}
	return fmt.Sprintf("Command %s of %s", thousands(r.At), thousands(r.Len()))
}

// Did says in words what the shown command was, naming its model: "Slim
// shoots Black Bart". Empty before the first command.
func (r *Replay) Did() string {
	if r.At == 0 {
		return ""
	}
	return game.CommandWords(r.Tape.Match(), r.Tape.Command(r.At))
}

// Why is the reason recorded with the shown command, or "".
func (r *Replay) Why() string {
	if r.At == 0 {
		return ""
	}
	return Plain(r.Tape.Why(r.At))
}

// thousands writes n with commas: 1,203.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
