package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// loadScreen lists the saves, newest first, and loads the one clicked.
// Loading any save but the autosave over a match in progress asks first,
// as New game does: the loaded match takes the autosave.
type loadScreen struct {
	back       Scene
	files      []string
	rows       []button
	watch      []button // beside each row: open it in the replay viewer (replay.go)
	ret        button
	err        string
	inProgress *game.Match    // the autosave's unfinished match, if this copy keeps it
	ask        *abandonPrompt // up before a load replaces it
}

func newLoadScreen(a *App, back Scene) *loadScreen {
	l := &loadScreen{back: back, ret: button{Label: "Back", Key: "Esc", Enabled: true}}
	type entry struct {
		path string
		mod  time.Time
	}
	var es []entry
	add := func(p string) {
		// Regular files only: a FIFO or a device is not a save (and the
		// loader would refuse it anyway).
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			es = append(es, entry{p, fi.ModTime()})
		}
	}
	d := a.Cfg.Data
	if d != nil {
		if m, err := game.LoadFile(d.AutosavePath()); err == nil && !m.Over && d.OwnsAutosave() {
			l.inProgress = m
		}
		add(d.AutosavePath())
		add(d.BackupPath())
		ms, _ := filepath.Glob(filepath.Join(d.SavesDir(), "*.json"))
		for _, p := range ms {
			add(p)
		}
	}
	sort.Slice(es, func(i, j int) bool { return es[i].mod.After(es[j].mod) })
	for _, e := range es {
		name := filepath.Base(e.path)
		switch e.path {
		case d.AutosavePath():
			name = "autosave"
		case d.BackupPath():
			name = "autosave backup"
		}
		l.files = append(l.files, e.path)
		label := name + "   " + e.mod.Format("2 Jan 15:04")
		if len(l.rows) < maxDescribed {
			label += describeSave(e.path)
		}
		l.rows = append(l.rows, button{Label: label, Enabled: true})
		l.watch = append(l.watch, button{Label: "Watch", Enabled: true})
	}
	return l
}

// maxDescribed is how many saves, newest first, the list describes (each
// is replayed to say where it stands).
const maxDescribed = 16

// describeSave says where a save stands, for its row: "  ·  Lawmen v
// Desperados, Dry Gulch, game turn 3" ("" when it does not load: opening
// it says why).
func describeSave(path string) string {
	m, err := game.LoadFile(path)
	if err != nil {
		return ""
	}
	names := make([]string, 0, len(m.Posses))
	for _, p := range m.Posses {
		names = append(names, p.Name)
	}
	where := fmt.Sprintf("game turn %d", m.Turn)
	if m.Over {
		where = "over after game turn " + fmt.Sprint(m.Turn)
	}
	return fmt.Sprintf("  ·  %s, %s, %s", strings.Join(names, " v "), m.Board.Name, where)
}

// loadRowW is a save's row's width, logical pixels; Watch is beside it.
const loadRowW = 640

func (l *loadScreen) Update(a *App) error {
	u := a.Theme.U
	x := float64(a.W)/2 - (loadRowW+100)*u/2
	for i := range l.rows {
		l.rows[i].place(x, 130*u+float64(i)*44*u, loadRowW*u, 36*u)
		l.watch[i].place(x+(loadRowW+10)*u, 130*u+float64(i)*44*u, 90*u, 36*u)
		if float64(i)*44*u > float64(a.H)-260*u {
			l.rows[i].W, l.watch[i].W = 0, 0 // off the list
		}
	}
	l.ret.place(x, float64(a.H)-100*u, 140*u, 44*u)
	if l.ask != nil {
		if !l.ask.update(a) {
			l.ask = nil
		}
		return nil
	}
	in := &a.In
	if l.ret.clicked(in) || in.Pressed(KeyCancel) {
		a.Goto(l.back)
		return nil
	}
	for i := range l.watch {
		if l.watch[i].W > 0 && l.watch[i].clicked(in) {
			w, err := openWatch(a, l.files[i], l)
			if err != nil {
				l.err = err.Error()
				return nil
			}
			a.Goto(w)
			return nil
		}
	}
	for i := range l.rows {
		if l.rows[i].W > 0 && l.rows[i].clicked(in) {
			path := l.files[i]
			continuing := path == a.Cfg.Data.AutosavePath()
			if l.inProgress != nil && !continuing {
				l.ask = newAbandonPrompt(l.inProgress, func() { l.open(a, path, false) })
				return nil
			}
			l.open(a, path, continuing)
			return nil
		}
	}
	return nil
}

// open loads the save at path and starts its battle; continuing says it is
// the autosave itself (no new autosave backup is taken).
func (l *loadScreen) open(a *App, path string, continuing bool) {
	m, err := game.LoadFile(path)
	if err != nil {
		l.err = err.Error()
		return
	}
	b := newBattle(a, m)
	b.resumesAutosave(continuing)
	a.Goto(b)
}

func (l *loadScreen) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	x := float64(a.W)/2 - (loadRowW+100)*th.U/2
	th.shadowText(dst, "Load a match", th.Head, x, 60*th.U, colPaper, alignLeft)
	th.text(dst, "Click a save to play on from it, or Watch to step through it as a replay.", th.Small, x, 100*th.U, colTextDim, alignLeft)
	if len(l.rows) == 0 {
		where := "the saves folder"
		if a.Cfg.Data != nil {
			where = a.Cfg.Data.SavesDir()
		}
		th.text(dst, "No saves yet. Ctrl+S during a match saves one to "+where, th.Body, x, 140*th.U, colTextDim, alignLeft)
	}
	bs := make([]*button, 0, 2*len(l.rows)+1)
	for i := range l.rows {
		bs = append(bs, &l.rows[i], &l.watch[i])
	}
	drawButtons(a, dst, append(bs, &l.ret)...)
	if l.err != "" {
		th.text(dst, th.clipped(l.err, th.Body, float64(a.W)-x-20*th.U), th.Body, x, float64(a.H)-140*th.U, colBad, alignLeft)
	}
	if l.ask != nil {
		l.ask.draw(a, dst)
	}
}
