package scene

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/cputime"
)

// simSave saves match 1 of `cowpoke sim -n 1 --seed SEED --save-dir DIR`
// (random-legal players, the default posses on Dry Gulch) in the saves
// folder, and loads it.
func simSave(t *testing.T, seed uint64) (string, *game.Match) {
	t.Helper()
	path, err := simMatch("random", seed, h.app.Cfg.Data.SavesDir())
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, m
}

// quietMove finds a Move in the second half of the match that rolled no
// dice, left its model active and went more than two bases away, with no
// dice before it either: the model's old and new spots are then drawn in
// its side's full colour with no tray over them.
func quietMove(m *game.Match, tape *game.Tape) int {
	dice := func(i int) bool {
		for _, e := range tape.Events(i) {
			if len(e.Faces) > 0 || e.Kind == game.EvInterrupt {
				return true
			}
		}
		return false
	}
	for i := tape.Len() / 2; i <= tape.Len(); i++ {
		c := tape.Command(i)
		if c.Kind != game.CmdMove || dice(i) || dice(i-1) {
			continue
		}
		before, after := tape.At(i-1), tape.At(i)
		if after.Active == c.Model && before.Models[c.Model].Pos.Dist(after.Models[c.Model].Pos) > 4*board.BaseRadius {
			return i
		}
	}
	return -1
}

// TestWatchASimulatedMatch opens a save of a whole simulated match from
// the Load screen's Watch button, steps through it by synthetic input
// only (End, Home, a drag on the scrubber, the arrows, Up and Down) and
// checks at each stop that the screen shows the match replayed to that
// command: every model's position and HP, the combat log's length, the
// dice tray, and the pixels of a model before and after its move. The
// save and the autosave stay as they were.
func TestWatchASimulatedMatch(t *testing.T) {
	path, m := simSave(t, 10) // 876 commands
	saved, _ := os.ReadFile(path)
	auto := h.app.Cfg.Data.AutosavePath()
	autoBefore, _ := os.ReadFile(auto)
	tape, err := game.NewTape(m)
	if err != nil {
		t.Fatal(err)
	}
	n := tape.Len()
	move := quietMove(m, tape)
	if move < 0 {
		t.Fatal("no quiet move in the second half of the match")
	}

	// The Load screen lists the save with Watch beside it.
	var l *loadScreen
	onLoop(func() { l = newLoadScreen(h.app, newTitle(h.app)); h.app.Goto(l) })
	frames(2)
	var wx, wy float64
	onLoop(func() {
		for i, f := range l.files {
			if f == path {
				wx, wy = l.watch[i].X+l.watch[i].W/2, l.watch[i].Y+l.watch[i].H/2
			}
		}
		h.app.Feed(Input{X: wx, Y: wy}, Input{X: wx, Y: wy, Click: true})
	})
	if wx == 0 {
		t.Fatal("the Load screen does not list the save")
	}
	frames(4)
	var w *watch
	onLoop(func() { w, _ = h.app.Scene().(*watch) })
	if w == nil {
		t.Fatal("Watch did not open the replay viewer")
	}

	feed := func(in ...Input) {
		onLoop(func() { h.app.Feed(in...) })
		frames(len(in) + 2)
	}
	shows := func(want int) {
		t.Helper()
		replayed, err := game.Replay(m.Scenario, m.Seed, m.Commands()[:want])
		if err != nil {
			t.Fatal(err)
		}
		var at, logged int
		var shown *game.Match
		var trayOn bool
		onLoop(func() { at, shown, logged, trayOn = w.r.At, w.b.t.M, w.b.draw.logEvents, w.b.tray.on })
		if at != want {
			t.Fatalf("the viewer shows command %d, want %d", at, want)
		}
		for k := range replayed.Models {
			g, r := &shown.Models[k], &replayed.Models[k]
			if g.Pos != r.Pos || g.Health.HP() != r.Health.HP() || g.Removed() != r.Removed() {
				t.Fatalf("command %d: %s at %v with %d HP, the replay has %v with %d HP", want, g.Name, g.Pos, g.Health.HP(), r.Pos, r.Health.HP())
			}
		}
		if logged != len(replayed.Events()) {
			t.Fatalf("command %d: the log shows %d events, the replay has %d", want, logged, len(replayed.Events()))
		}
		rolled := false
		for _, e := range tape.Events(want) {
			rolled = rolled || len(e.Faces) > 0
		}
		if want > 0 && rolled != trayOn {
			t.Fatalf("command %d: dice rolled %v, tray shown %v", want, rolled, trayOn)
		}
	}
	shows(0)
	feed(Input{Keys: keys(KeyLast)})
	shows(n)
	feed(Input{Keys: keys(KeyFit)})
	shows(0)

	// A drag on the scrubber to about the move, then the arrows to it.
	var x0, y0, width, bh float64
	onLoop(func() { x0, y0, width, bh = w.scrubber(h.app) })
	target := x0 + w.r.XOf(move-1, width)
	by := y0 + bh/3
	feed(Input{X: x0 + 5, Y: by, LeftDown: true}, Input{X: (x0 + target) / 2, Y: by, LeftDown: true},
		Input{X: target, Y: by - 60, LeftDown: true}, Input{X: target, Y: by - 60, DragEnd: true})
	var at int
	onLoop(func() { at = w.r.At })
	if d := at - (move - 1); d < -3 || d > 3 {
		t.Fatalf("the drag stopped at command %d, want about %d", at, move-1)
	}
	for at != move-1 {
		dir := 1.0
		if at > move-1 {
			dir = -1
		}
		feed(Input{HeldX: dir}, Input{})
		at += int(dir)
	}
	shows(move - 1)

	id := tape.Command(move).Model
	var sx, sy, dx, dy, r float64
	var side rgba
	onLoop(func() {
		b := w.b
		sx, sy = b.cam.ToScreen(tape.At(move - 1).Models[id].Pos)
		dx, dy = b.cam.ToScreen(tape.At(move).Models[id].Pos)
		r = board.BaseRadius * b.cam.Scale
		side = sideColour(b.t.M.Models[id].Posse)
	})
	img := capture(t)
	if s := share(img, sx, sy, r*0.9, side); s < 0.3 {
		t.Fatalf("before the move only %.0f%% of the model's spot shows its side's colour", 100*s)
	}
	feed(Input{HeldX: 1}, Input{})
	shows(move)
	img = capture(t)
	if s := share(img, dx, dy, r*0.9, side); s < 0.3 {
		t.Fatalf("after the move only %.0f%% of the new spot shows the side's colour", 100*s)
	}
	if s := share(img, sx, sy, r*0.9, side); s > 0.05 {
		t.Fatalf("after the move %.0f%% of the old spot still shows the side's colour", 100*s)
	}
	feed(Input{HeldX: -1}, Input{})
	shows(move - 1)
	img = capture(t)
	if s := share(img, sx, sy, r*0.9, side); s < 0.3 {
		t.Fatal("a step back did not put the model back on screen")
	}

	// Down: the start of the next game turn; Up: the start of the one
	// before; Up inside a turn: its own start, and again: the turn before.
	feed(Input{HeldY: 1}, Input{})
	next := move
	for next < n && tape.Turn(next) == tape.Turn(move-1) {
		next++
	}
	shows(next)
	turnStart := func(i int) int {
		for i > 0 && tape.Turn(i-1) == tape.Turn(i) {
			i--
		}
		return i
	}
	feed(Input{HeldY: -1}, Input{})
	shows(turnStart(move - 1))
	feed(Input{HeldX: 1}, Input{}, Input{HeldX: 1}, Input{}, Input{HeldY: -1}, Input{})
	shows(turnStart(move - 1))
	if s := turnStart(move - 1); s > 0 {
		feed(Input{HeldY: -1}, Input{})
		shows(turnStart(s - 1))
	}

	// Esc goes back; nothing was written.
	feed(Input{Keys: keys(KeyCancel)})
	var back bool
	onLoop(func() { _, back = h.app.Scene().(*loadScreen) })
	if !back {
		t.Fatal("Esc did not return to the Load screen")
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, saved) {
		t.Fatal("watching changed the save")
	}
	if now, _ := os.ReadFile(auto); !bytes.Equal(now, autoBefore) {
		t.Fatal("watching wrote the autosave")
	}
}

// TestWatchRefusesABadSave: the Load screen's Watch on a damaged save
// shows the loader's one-line message and stays.
func TestWatchRefusesABadSave(t *testing.T) {
	path, _ := simSave(t, 22)
	data, _ := os.ReadFile(path)
	bad := filepath.Join(filepath.Dir(path), "damaged.json")
	if err := os.WriteFile(bad, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(bad)
	var l *loadScreen
	onLoop(func() { l = newLoadScreen(h.app, newTitle(h.app)); h.app.Goto(l) })
	frames(2)
	onLoop(func() {
		for i, f := range l.files {
			if f == bad {
				x, y := l.watch[i].X+l.watch[i].W/2, l.watch[i].Y+l.watch[i].H/2
				h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
			}
		}
	})
	frames(4)
	var msg string
	var still bool
	onLoop(func() { _, still = h.app.Scene().(*loadScreen); msg = l.err })
	if !still || msg == "" || bytes.ContainsRune([]byte(msg), '\n') {
		t.Fatalf("a damaged save: still on the Load screen %v, message %q", still, msg)
	}
}

// BenchmarkWatchStepBack is one Left arrow in the viewer on a whole
// simulated match (about 1,200 commands): the position from the tape, the
// table and its view worked out again, the tray filled, the panel's texts
// and the combat log up to there (what the next Draw needs; not the GPU's
// work). cpu-ms/op is the process's CPU time per step.
func BenchmarkWatchStepBack(bm *testing.B) {
	t := &testing.T{}
	_, m := simSave(t, 9) // 1,209 commands
	var w *watch
	onLoop(func() {
		var err error
		if w, err = newWatch(h.app, m, "match-00137.json", nil); err != nil {
			bm.Fatal(err)
		}
		w.seek(w.r.Len())
	})
	bm.ReportAllocs()
	bm.ResetTimer()
	cpu0 := cputime.Process()
	onLoop(func() {
		for range bm.N {
			if w.r.At == 0 {
				w.seek(w.r.Len())
			}
			w.seek(w.r.At - 1)
			w.syncLog(h.app)
			w.b.draw.refresh(h.app, w.b)
			w.layoutInfo(h.app)
		}
	})
	bm.ReportMetric(float64((cputime.Process()-cpu0).Microseconds())/float64(bm.N)/1000, "cpu-ms/op")
	bm.ReportMetric(float64(w.r.Len()), "commands")
}

// TestPlayFromHere: the viewer's Play from here puts a new match on the
// battle screen at the shown position (asking first when a match in
// progress holds the autosave), which plays on; the save watched stays as
// it was.
func TestPlayFromHere(t *testing.T) {
	path, m := simSave(t, 23)
	saved, _ := os.ReadFile(path)
	var w *watch
	onLoop(func() {
		var err error
		if w, err = openWatch(h.app, path, nil); err != nil {
			t.Error(err)
			return
		}
		w.seek(w.r.Len() / 2)
		h.app.Goto(w)
	})
	frames(2)
	var bx, by float64
	onLoop(func() {
		bx, by = w.play.X+w.play.W/2, w.play.Y+w.play.H/2
		h.app.Feed(Input{X: bx, Y: by}, Input{X: bx, Y: by, Click: true})
	})
	frames(4)
	clickAbandon(func() *abandonPrompt { return w.ask }) // a match from another test may hold the autosave (nil: nothing to click)
	b := battleOnScreen(t)
	want := w.r.Tape.At(w.r.Len() / 2)
	var hash string
	var commands int
	onLoop(func() { hash, commands = b.t.M.StateHash(), len(b.t.M.Commands()) })
	if hash != want.StateHash() || commands != len(m.Commands())/2 {
		t.Fatalf("the new match has %d commands and another state than the shown position", commands)
	}
	var err error
	onLoop(func() {
		c, ok := b.t.M.RandomCommand(rand.New(rand.NewPCG(1, 2)))
		if !ok {
			err = errors.New("no legal command from the position")
			return
		}
		_, err = b.t.Apply(c)
	})
	if err != nil {
		t.Fatalf("the new match does not play on: %v", err)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, saved) {
		t.Fatal("playing from a position changed the save watched")
	}
}

// TestReplayListOfAFolder: `cowpoke replay DIR` opens on the folder's
// saves by name; a click opens one in the viewer, Esc comes back to the
// list, and a damaged one is said in one line on the list.
func TestReplayListOfAFolder(t *testing.T) {
	path, m := simSave(t, 24)
	data, _ := os.ReadFile(path)
	dir := t.TempDir()
	for _, name := range []string{"match-00002.json", "match-00001.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "match-00003.json"), data[:len(data)/3], 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a save"), 0o644)
	var l *replayList
	onLoop(func() {
		var err error
		if l, err = newReplayList(h.app, dir); err != nil {
			t.Error(err)
			return
		}
		h.app.Goto(l)
	})
	frames(2)
	var names []string
	click := func(row int) {
		onLoop(func() {
			names = names[:0]
			for _, r := range l.rows {
				names = append(names, r.Label)
			}
			x, y := l.rows[row].X+l.rows[row].W/2, l.rows[row].Y+l.rows[row].H/2
			h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
		})
		frames(4)
	}
	click(1)
	if len(names) != 3 || names[0] != "match-00001.json" || names[2] != "match-00003.json" {
		t.Fatalf("the list shows %v", names)
	}
	var w *watch
	onLoop(func() { w, _ = h.app.Scene().(*watch) })
	if w == nil || w.name != "match-00002.json" || w.r.Len() != len(m.Commands()) {
		t.Fatal("a click on the second row did not open match-00002.json in the viewer")
	}
	onLoop(func() { h.app.Feed(Input{Keys: keys(KeyCancel)}) })
	frames(3)
	var back bool
	onLoop(func() { _, back = h.app.Scene().(*replayList) })
	if !back {
		t.Fatal("Esc in the viewer did not return to the list")
	}
	click(2)
	var msg string
	onLoop(func() { _, back = h.app.Scene().(*replayList); msg = l.err })
	if !back || msg == "" || strings.Contains(msg, "\n") {
		t.Fatalf("a damaged save: still on the list %v, message %q", back, msg)
	}
}
