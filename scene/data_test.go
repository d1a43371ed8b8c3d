package scene

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/store"

	"cowpoke/game/store/storetest"
)

// withData gives the App a data folder of its own for one test and puts
// the harness's back afterwards.
func withData(t *testing.T) *store.Folder {
	t.Helper()
	d, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var old *store.Folder
	onLoop(func() { old, h.app.Cfg.Data = h.app.Cfg.Data, d })
	t.Cleanup(func() {
		onLoop(func() { h.app.Cfg.Data = old; h.app.Goto(newTitle(h.app)) })
		d.Close()
	})
	return d
}

// noMatchInProgress removes the harness's autosave, so New game and the
// Showcase start at once instead of asking to abandon an earlier test's
// match. Runs on the loop.
func noMatchInProgress() { os.Remove(h.app.Cfg.Data.AutosavePath()) }

// savedMatch writes a match with a few commands as a save at path and
// returns it.
func savedMatch(t *testing.T, path string, seed uint64, commands int) *game.Match {
	t.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(s, seed)
	if err != nil {
		t.Fatal(err)
	}
	for range commands {
		for id := range m.Models {
			if _, err := m.Apply(game.Command{Kind: game.CmdActivate, Model: id}); err == nil {
				m.Apply(game.Command{Kind: game.CmdEnd, Model: id})
				break
			}
		}
	}
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	return m
}

// keepShot writes a frame to $COWPOKE_SHOTS/name.png when that is set, for
// a person to look at.
func keepShot(t *testing.T, img *image.RGBA, name string) {
	t.Helper()
	saveStep(t, os.Getenv("COWPOKE_SHOTS"), name, img)
}

func titleOnScreen(t *testing.T) *title {
	t.Helper()
	var ti *title
	onLoop(func() { ti, _ = h.app.Scene().(*title) })
	if ti == nil {
		t.Fatal("the title is not on screen")
	}
	return ti
}

// New game and the Showcase ask before replacing a match in progress; the
// replaced match is kept as the backup.
func TestNewGameAsksBeforeAbandoningAMatch(t *testing.T) {
	d := withData(t)
	old := savedMatch(t, d.AutosavePath(), 3, 2)
	onLoop(func() { h.app.Goto(newTitle(h.app)) })
	frames(2)
	for _, k := range []Key{KeyConfirm, KeyShowcase} {
		press(5, 5, k)
		ti := titleOnScreen(t)
		var q string
		onLoop(func() {
			if ti.ask != nil {
				q = ti.ask.question
			}
		})
		if want := "Abandon the match on Dry Gulch, game turn 1?"; q != want {
			t.Fatalf("after %v the prompt asks %q, want %q", k, q, want)
		}
		if k == KeyConfirm {
			keepShot(t, capture(t), "abandon-prompt")
		}
		press(5, 5, KeyCancel) // Keep it
		ti = titleOnScreen(t)
		onLoop(func() {
			q = ""
			if ti.ask != nil {
				q = "still up"
			}
		})
		if q != "" {
			t.Fatal("Esc did not close the prompt")
		}
	}
	if m, err := game.LoadFile(d.AutosavePath()); err != nil || m.StateHash() != old.StateHash() {
		t.Fatalf("keeping the match changed the autosave: %v", err)
	}
	// Enter on the prompt keeps the match: a key never confirms a loss.
	press(5, 5, KeyConfirm)
	press(5, 5, KeyConfirm)
	ti := titleOnScreen(t)
	var up, onForm bool
	onLoop(func() { _, onForm = h.app.Scene().(*newGame); up = ti.ask != nil })
	if onForm || up {
		t.Fatalf("Enter on the prompt abandoned the match (new-game form %v) or left the prompt up (%v)", onForm, up)
	}
	// Abandon it, clicked: the new-game form, then a match whose first
	// autosave moves the old one to the backup.
	press(5, 5, KeyConfirm)
	clickAbandon(func() *abandonPrompt {
		if ti, ok := h.app.Scene().(*title); ok {
			return ti.ask
		}
		return nil
	})
	onLoop(func() { _, onForm = h.app.Scene().(*newGame) })
	if !onForm {
		t.Fatal("abandoning did not open the new-game form")
	}
	press(5, 5, KeyConfirm)
	b := battleOnScreen(t)
	onLoop(func() {
		id := nearestReady(b.t.M, b.t.Ready)
		b.apply(h.app, game.Command{Kind: game.CmdActivate, Model: id}, true)
	})
	backup, err := game.LoadFile(d.BackupPath())
	if err != nil {
		t.Fatalf("no backup after a new match began: %v", err)
	}
	if backup.StateHash() != old.StateHash() {
		t.Error("the backup is not the abandoned match")
	}
	cur, err := game.LoadFile(d.AutosavePath())
	if err != nil || len(cur.Commands()) != 1 {
		t.Fatalf("the autosave is not the new match: %v", err)
	}
}

// Each class of damaged autosave (empty, not JSON, torn, a FIFO that
// would hang a reader) is set aside under a new name, named on the title,
// and is no match in progress: New game asks nothing.
func TestDamagedAutosavesAreSetAside(t *testing.T) {
	d := withData(t)
	whole, err := savedMatch(t, filepath.Join(t.TempDir(), "m.json"), 4, 2).MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	for _, class := range []string{"empty", "not JSON", "torn", "FIFO"} {
		path := d.AutosavePath()
		switch class {
		case "empty":
			os.WriteFile(path, nil, 0o644)
		case "not JSON":
			os.WriteFile(path, []byte("\x00\x1b[31mgarbage"), 0o644)
		case "torn":
			os.WriteFile(path, whole[:len(whole)*2/3], 0o644)
		case "FIFO":
			storetest.Mkfifo(t, path)
		}
		onLoop(func() { h.app.Goto(newTitle(h.app)) })
		ti := titleOnScreen(t)
		var aside string
		var bad []string
		onLoop(func() { aside = ti.saves.damaged; bad, _ = ti.saves.notes(d.Dir) })
		if !strings.HasPrefix(filepath.Base(aside), "autosave.damaged-") {
			t.Fatalf("%s: set aside as %q", class, aside)
		}
		if len(bad) == 0 || !strings.Contains(bad[0], filepath.Base(aside)) {
			t.Errorf("%s: the title does not name %s: %q", class, filepath.Base(aside), bad)
		}
		if _, err := os.Lstat(path); err == nil {
			t.Errorf("%s: still in the autosave's place", class)
		}
		press(5, 5, KeyConfirm)
		var onForm bool
		onLoop(func() { _, onForm = h.app.Scene().(*newGame) })
		if !onForm {
			t.Fatalf("%s: New game asked about a damaged autosave", class)
		}
	}
	if ms, _ := filepath.Glob(filepath.Join(d.Dir, "autosave.damaged-*")); len(ms) != 4 {
		t.Errorf("four damaged autosaves, %d kept: %v", len(ms), ms)
	}
}

// A damaged autosave is set aside under a new name and named on the title,
// which offers the backup; continuing the backup leaves both files alone.
func TestDamagedAutosaveIsSetAsideAndTheBackupOffered(t *testing.T) {
	d := withData(t)
	backup := savedMatch(t, d.BackupPath(), 5, 3)
	good := savedMatch(t, d.AutosavePath(), 6, 2)
	data, _ := os.ReadFile(d.AutosavePath())
	damaged := data[:len(data)/2] // a torn write, say
	os.WriteFile(d.AutosavePath(), damaged, 0o644)
	_ = good
	onLoop(func() { h.app.Goto(newTitle(h.app)) })
	frames(3)
	ti := titleOnScreen(t)
	var aside, label string
	var enabled bool
	onLoop(func() { aside, label, enabled = ti.saves.damaged, ti.cont.Label, ti.cont.Enabled })
	if !strings.HasPrefix(filepath.Base(aside), "autosave.damaged-") {
		t.Fatalf("the damaged autosave was set aside as %q", aside)
	}
	if got, _ := os.ReadFile(aside); !bytes.Equal(got, damaged) {
		t.Error("the set-aside file does not hold the damaged autosave")
	}
	if _, err := os.Stat(d.AutosavePath()); err == nil {
		t.Error("the damaged autosave is still where the next autosave goes")
	}
	if label != "Continue the backup" || !enabled {
		t.Fatalf("Continue is %q, enabled %v", label, enabled)
	}
	keepShot(t, capture(t), "title-backup")
	var x, y float64
	onLoop(func() { x, y = ti.cont.X+ti.cont.W/2, ti.cont.Y+ti.cont.H/2 })
	clickAt(x, y)
	b := battleOnScreen(t)
	if b.t.M.StateHash() != backup.StateHash() {
		t.Fatal("Continue did not resume the backup")
	}
	onLoop(func() {
		id := nearestReady(b.t.M, b.t.Ready)
		b.apply(h.app, game.Command{Kind: game.CmdActivate, Model: id}, true)
	})
	if got, _ := os.ReadFile(aside); !bytes.Equal(got, damaged) {
		t.Error("the set-aside file changed")
	}
	if m, err := game.LoadFile(d.BackupPath()); err != nil || m.StateHash() != backup.StateHash() {
		t.Errorf("the backup changed: %v", err)
	}
	if m, err := game.LoadFile(d.AutosavePath()); err != nil || len(m.Commands()) != len(backup.Commands())+1 {
		t.Errorf("the autosave does not continue the backup: %v", err)
	}
}

// panicky is a battle whose Update or Draw panics.
type panicky struct {
	*battle
	inDraw bool
}

func (p *panicky) Update(a *App) error {
	if !p.inDraw {
		panic("test panic in Update")
	}
	return p.battle.Update(a)
}

func (p *panicky) Draw(a *App, dst *ebiten.Image) {
	if p.inDraw {
		panic("test panic in Draw")
	}
	p.battle.Draw(a, dst)
}

// A panic in a frame writes a crash report (the panic, the version, the
// stack, the match's save) into the data folder and puts up the crash
// screen naming it; the window goes on.
func TestCrashIsReported(t *testing.T) {
	d := withData(t)
	for _, inDraw := range []bool{false, true} {
		m := savedMatch(t, filepath.Join(t.TempDir(), "m.json"), 9, 2)
		onLoop(func() {
			h.app.crashes = 0
			h.app.Goto(&panicky{battle: newBattle(h.app, m), inDraw: inDraw})
		})
		frames(3)
		var c *crashScreen
		onLoop(func() { c, _ = h.app.Scene().(*crashScreen) })
		if c == nil {
			t.Fatalf("in draw %v: no crash screen", inDraw)
		}
		if filepath.Dir(c.report) != d.CrashDir() {
			t.Fatalf("the crash screen names %q", c.report)
		}
		text, err := os.ReadFile(c.report)
		if err != nil {
			t.Fatal(err)
		}
		want := "test panic in Update"
		if inDraw {
			want = "test panic in Draw"
		}
		for _, s := range []string{"panic: " + want, "version: ", "(*panicky)", "save (the match in progress"} {
			if !bytes.Contains(text, []byte(s)) {
				t.Errorf("the report lacks %q", s)
			}
		}
		_, save, _ := bytes.Cut(text, []byte("as a save file):\n"))
		got, err := game.Load("report", bytes.NewReader(save))
		if err != nil || got.StateHash() != m.StateHash() {
			t.Errorf("the report's save does not load as the match: %v", err)
		}
		if !inDraw {
			keepShot(t, capture(t), "crash")
		}
		os.Remove(c.report)
	}
	onLoop(func() { h.app.crashes = 0 })
}

// A second running copy says on its title that it will not autosave, asks
// nothing before a new match (it replaces nothing), and its battle leaves
// the first copy's autosave alone, saying why on the status line.
func TestSecondCopyLeavesTheAutosaveAlone(t *testing.T) {
	first := withData(t)
	old := savedMatch(t, first.AutosavePath(), 3, 2)
	second, err := store.Open(first.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	onLoop(func() { h.app.Cfg.Data = second; h.app.Goto(newTitle(h.app)) })
	ti := titleOnScreen(t)
	var info []string
	onLoop(func() { _, info = ti.saves.notes(second.Dir) })
	if len(info) == 0 || !strings.Contains(info[len(info)-1], "will not autosave") {
		t.Errorf("the title says %q", info)
	}
	press(5, 5, KeyConfirm)
	press(5, 5, KeyConfirm)
	b := battleOnScreen(t)
	var status string
	onLoop(func() {
		id := nearestReady(b.t.M, b.t.Ready)
		b.apply(h.app, game.Command{Kind: game.CmdActivate, Model: id}, true)
		status = b.t.Status
	})
	if !strings.Contains(status, "another copy of Cowpoke is running") {
		t.Errorf("the status line says %q", status)
	}
	if m, err := game.LoadFile(first.AutosavePath()); err != nil || m.StateHash() != old.StateHash() {
		t.Errorf("the second copy changed the first's autosave: %v", err)
	}
}

// loadRow clicks the Load screen's row for path; it fails the test when
// the screen does not list path.
func loadRow(t *testing.T, path string) {
	t.Helper()
	var x, y float64
	found := false
	onLoop(func() {
		l, _ := h.app.Scene().(*loadScreen)
		if l == nil {
			return
		}
		for i, f := range l.files {
			if f == path && l.rows[i].W > 0 {
				x, y, found = l.rows[i].X+l.rows[i].W/2, l.rows[i].Y+l.rows[i].H/2, true
			}
		}
	})
	if !found {
		t.Fatalf("the Load screen does not list %s", path)
	}
	clickAt(x, y)
}

// Load lists regular files only (a FIFO named like a save is not offered),
// and loading another save over a match in progress asks first, as New
// game does; continuing the autosave itself asks nothing.
func TestLoadAsksBeforeReplacingAMatchInProgress(t *testing.T) {
	d := withData(t)
	old := savedMatch(t, d.AutosavePath(), 3, 2)
	otherPath := filepath.Join(d.SavesDir(), "other.json")
	other := savedMatch(t, otherPath, 5, 1)
	fifo := filepath.Join(d.SavesDir(), "pipe.json")
	storetest.Mkfifo(t, fifo)
	openLoad := func() {
		onLoop(func() { h.app.Goto(newLoadScreen(h.app, newTitle(h.app))) })
		frames(2)
	}
	openLoad()
	onLoop(func() {
		for _, f := range h.app.Scene().(*loadScreen).files {
			if f == fifo {
				t.Error("the Load screen lists a FIFO")
			}
		}
	})
	question := func() (q string) {
		onLoop(func() {
			if l, _ := h.app.Scene().(*loadScreen); l != nil && l.ask != nil {
				q = l.ask.question
			}
		})
		return q
	}

	loadRow(t, otherPath)
	if want := "Abandon the match on Dry Gulch, game turn 1?"; question() != want {
		t.Fatalf("loading another save over a match in progress asks %q, want %q", question(), want)
	}
	press(5, 5, KeyCancel) // Keep it
	if q := question(); q != "" {
		t.Fatal("Esc did not close the prompt")
	}
	if m, err := game.LoadFile(d.AutosavePath()); err != nil || m.StateHash() != old.StateHash() {
		t.Fatalf("keeping the match changed the autosave: %v", err)
	}

	loadRow(t, otherPath)
	press(5, 5, KeyConfirm) // Enter keeps it
	if q := question(); q != "" {
		t.Fatal("Enter did not close the prompt")
	}
	if m, err := game.LoadFile(d.AutosavePath()); err != nil || m.StateHash() != old.StateHash() {
		t.Fatalf("Enter on the prompt changed the autosave: %v", err)
	}
	loadRow(t, otherPath)
	clickAbandon(func() *abandonPrompt {
		if l, ok := h.app.Scene().(*loadScreen); ok {
			return l.ask
		}
		return nil
	})
	b := battleOnScreen(t)
	var hash string
	onLoop(func() { hash = b.t.M.StateHash() })
	if hash != other.StateHash() {
		t.Fatal("abandoning did not open the chosen save")
	}

	// Continuing the autosave from Load is no abandonment.
	openLoad()
	loadRow(t, d.AutosavePath())
	if q := question(); q != "" {
		t.Fatalf("continuing the autosave asked %q", q)
	}
	battleOnScreen(t)
}

// clickAbandon clicks "Abandon it" on the prompt ask gives (read on the
// loop).
func clickAbandon(ask func() *abandonPrompt) {
	var x, y float64
	up := false
	onLoop(func() {
		if p := ask(); p != nil {
			x, y, up = p.yes.X+p.yes.W/2, p.yes.Y+p.yes.H/2, true
		}
	})
	if !up {
		return
	}
	clickAt(x, y)
}
