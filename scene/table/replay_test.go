package table

import (
	"bytes"
	"strings"
	"testing"

	"cowpoke/game"
)

// simMatch plays the default scenario to its end with random-legal
// players (`cowpoke sim`'s random level) and loads its save back.
func simMatch(t *testing.T, seed uint64) *game.Match {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.PlayOut(m, []game.Controller{game.NewRandomPlayer(seed), game.NewRandomPlayer(seed + 1)}, 0); err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := game.Load("match.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return loaded
}

// TestReplayNavigation: keys and the scrubber move the shown position, and
// the table shows the match replayed to there, with the card on the model
// the command was about.
func TestReplayNavigation(t *testing.T) {
	m := simMatch(t, 3)
	before, _ := m.MarshalSave()
	tape, err := game.NewTape(m)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReplay(tape)
	shows := func(want int) {
		t.Helper()
		if r.At != want {
			t.Fatalf("at command %d, want %d", r.At, want)
		}
		replayed, err := game.Replay(m.Scenario, m.Seed, m.Commands()[:want])
		if err != nil {
			t.Fatal(err)
		}
		if r.T.M.StateHash() != replayed.StateHash() || len(r.T.M.Events()) != len(replayed.Events()) {
			t.Fatalf("the table at command %d is not the match replayed to there", want)
		}
		if want > 0 {
			c := m.Commands()[want-1]
			if !r.T.M.Models[c.Model].Removed() && r.T.Selected != c.Model {
				t.Fatalf("command %d (%s by %d): the card shows model %d", want, c.Kind, c.Model, r.T.Selected)
			}
		}
	}
	shows(0)
	if r.Step(-1) {
		t.Fatal("stepped back before the first command")
	}
	for range 3 {
		r.Step(1)
	}
	shows(3)
	r.Step(-1)
	shows(2)
	r.Seek(r.Len() + 50)
	shows(r.Len())
	if r.Step(1) {
		t.Fatal("stepped past the last command")
	}
	if !r.T.M.Over {
		t.Fatal("the last position is not the match's end")
	}
	r.Seek(r.Len() / 2)
	shows(r.Len() / 2)

	// Up and down: a game turn at a time.
	r.Seek(0)
	r.Turn(1)
	if r.At == 0 || tape.Turn(r.At) != 2 || tape.Turn(r.At-1) != 1 {
		t.Fatalf("the next game turn starts at command %d (turn %d)", r.At, tape.Turn(r.At))
	}
	second := r.At
	r.Step(5)
	r.Turn(-1)
	shows(second) // back to the start of this turn
	r.Turn(-1)
	shows(0) // and from there to the one before
	r.Seek(r.Len())
	r.Turn(1)
	shows(r.Len())

	// The scrubber: its ends are the first and last commands, and every
	// position drawn on it is read back as itself.
	for _, w := range []float64{300, 940, 2500} {
		if r.PosAt(-10, w) != 0 || r.PosAt(w+10, w) != r.Len() {
			t.Fatalf("width %.0f: the scrubber's ends are not the first and last commands", w)
		}
		for i := 0; i <= r.Len(); i += 7 {
			if w >= float64(r.Len()) && r.PosAt(r.XOf(i, w), w) != i {
				t.Fatalf("width %.0f: position %d is drawn at %.1f, read back as %d", w, i, r.XOf(i, w), r.PosAt(r.XOf(i, w), w))
			}
		}
	}
	if len(r.Removals()) == 0 {
		t.Fatal("a match played to its end took nobody out of play")
	}
	for _, i := range r.Removals() {
		found := false
		for _, e := range tape.Events(i) {
			found = found || e.Kind == game.EvRemoved
		}
		if !found {
			t.Fatalf("command %d is marked as a removal but removed nobody", i)
		}
	}
	after, _ := m.MarshalSave()
	if !bytes.Equal(before, after) {
		t.Fatal("watching changed the match's save")
	}
}

// TestReplayWords: the caption and the command in words name models, not
// numbers, and use thousands separators.
func TestReplayWords(t *testing.T) {
	m := simMatch(t, 4)
	tape, err := game.NewTape(m)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReplay(tape)
	if got := r.Caption(); !strings.HasPrefix(got, "Before the first of ") || r.Did() != "" {
		t.Fatalf("at the start: %q, %q", got, r.Did())
	}
	shot := -1
	for i := 1; i <= r.Len() && shot < 0; i++ {
		if tape.Command(i).Kind == game.CmdShoot {
			shot = i
		}
	}
	if shot < 0 {
		t.Fatal("no shot in a whole random match")
	}
	r.Seek(shot)
	c := tape.Command(shot)
	want := m.Models[c.Model].Name + " shoots " + m.Models[c.Target].Name
	if !strings.HasPrefix(r.Did(), want) {
		t.Fatalf("Did() = %q, want %q", r.Did(), want)
	}
	if got := r.Caption(); got != "Command "+thousands(shot)+" of "+thousands(r.Len()) {
		t.Fatalf("Caption() = %q", got)
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1203: "1,203", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Fatalf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
