package game

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"

	"cowpoke/game/cputime"
)

// randomMatch plays the default scenario to its end with random-legal
// players, as `cowpoke sim` with the random level does, and loads it back
// from its save.
func randomMatch(t testing.TB, seed uint64) *Match {
	t.Helper()
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	sides := []Controller{NewRandomPlayer(seed), NewRandomPlayer(seed + 1)}
	if _, err := PlayOut(m, sides, 0); err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := Load("match.json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return loaded
}

// TestTapeAtEqualsReplay checks every position of a whole random match
// against the match replayed from its start to there: the same state
// hash, the same events, the same reasons; and that stepping back and
// forth through the tape leaves the match it was made from as it was.
func TestTapeAtEqualsReplay(t *testing.T) {
	m := randomMatch(t, 5)
	before, _ := m.MarshalSave()
	tape, err := NewTape(m)
	if err != nil {
		t.Fatal(err)
	}
	n := tape.Len()
	if n < 200 {
		t.Fatalf("a random match of %d commands: too short to test the snapshots", n)
	}
	// One replay walks the match from its start; the tape is checked
	// against it at every command near a snapshot and every 23rd.
	want, err := Replay(m.Scenario, m.Seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i <= n; i++ {
		if i > 0 {
			if _, err := want.Apply(m.Commands()[i-1]); err != nil {
				t.Fatal(err)
			}
		}
		if r := i % TapeEvery; r > 1 && r < TapeEvery-1 && i%23 != 0 && i != n {
			continue
		}
		got := tape.At(i)
		if got.StateHash() != want.StateHash() {
			t.Fatalf("At(%d): state differs from the match replayed to command %d", i, i)
		}
		if !reflect.DeepEqual(got.Events(), want.Events()) || !reflect.DeepEqual(tape.EventsUpTo(i), want.Events()) {
			t.Fatalf("At(%d): %d events, the replay has %d", i, len(got.Events()), len(want.Events()))
		}
		if tape.Turn(i) != want.Turn {
			t.Fatalf("Turn(%d) = %d, the replay is in game turn %d", i, tape.Turn(i), want.Turn)
		}
		if got.CanUndo() != want.CanUndo() {
			t.Fatalf("At(%d): CanUndo %v, the replay's %v", i, got.CanUndo(), want.CanUndo())
		}
		if len(got.Commands()) != i || len(got.Whys()) > i {
			t.Fatalf("At(%d): %d commands, %d reasons", i, len(got.Commands()), len(got.Whys()))
		}
		if i > 0 && !reflect.DeepEqual(tape.Events(i), want.Events()[len(tape.EventsUpTo(i-1)):]) {
			t.Fatalf("Events(%d): not the events command %d caused", i, i)
		}
		if i == 0 || i == TapeEvery+3 || i == n/2 {
			// Played on from there with the recorded commands, a position
			// ends where the match did: its dice are the match's.
			for _, c := range m.Commands()[i:] {
				if _, err := got.Apply(c); err != nil {
					t.Fatalf("At(%d) played on: %v", i, err)
				}
			}
			if got.StateHash() != m.StateHash() {
				t.Fatalf("At(%d) played on to the end: another state than the match's", i)
			}
		}
	}
	after, _ := m.MarshalSave()
	if !bytes.Equal(before, after) {
		t.Fatal("watching the tape changed the match's save")
	}
}

// TestTapeKeepsReasons: a position's reasons are the save's, command by
// command, and a position saved and loaded is that match.
func TestTapeKeepsReasons(t *testing.T) {
	m := randomMatch(t, 9)
	whys := make([]string, len(m.Commands()))
	for i := range whys {
		whys[i] = "reason " + string(rune('a'+i%26))
	}
	m.whys = whys
	tape, err := NewTape(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{1, 17, tape.Len()} {
		if tape.Why(i) != whys[i-1] {
			t.Fatalf("Why(%d) = %q, want %q", i, tape.Why(i), whys[i-1])
		}
		at := tape.At(i)
		if at.Why(i-1) != whys[i-1] || at.Why(i) != "" {
			t.Fatalf("At(%d): reasons %q, %q", i, at.Why(i-1), at.Why(i))
		}
		data, err := at.MarshalSave()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Load("position.json", bytes.NewReader(data))
		if err != nil {
			t.Fatalf("a position saved and loaded: %v", err)
		}
		if back.StateHash() != at.StateHash() {
			t.Fatal("a position saved and loaded is another match")
		}
	}
}

// TestTapeGoldenSaves: the golden saves (format 1, first rules edition)
// open as tapes and end where their replay does.
func TestTapeGoldenSaves(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*-full.json")
	if len(files) == 0 {
		t.Fatal("no golden saves")
	}
	for _, f := range files {
		m, err := LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tape, err := NewTape(m)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got := tape.At(tape.Len()); got.StateHash() != m.StateHash() {
			t.Fatalf("%s: the tape's end is not the match", f)
		}
	}
}

// BenchmarkTapeStepBack steps back one command at a time through a whole
// random match (about 1,200 commands), as the viewer does on the left
// arrow: each step is a snapshot and at most TapeEvery-1 commands.
func BenchmarkTapeStepBack(b *testing.B) {
	m := randomMatch(b, 28) // 1,200 commands
	tape, err := NewTape(m)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := tape.Len()
	cpu0 := cputime.Process()
	for b.Loop() {
		if i--; i < 0 {
			i = tape.Len() - 1
		}
		tape.At(i)
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/float64(b.N)/1000, "cpu-ms/op")
	b.ReportMetric(float64(tape.Len()), "commands")
}

// BenchmarkTapeOpen is the one replay NewTape makes of a whole random
// match, snapshots included.
func BenchmarkTapeOpen(b *testing.B) {
	m := randomMatch(b, 28)
	b.ReportAllocs()
	cpu0 := cputime.Process()
	for b.Loop() {
		if _, err := NewTape(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/float64(b.N)/1000, "cpu-ms/op")
	b.ReportMetric(float64(len(m.Commands())), "commands")
}
