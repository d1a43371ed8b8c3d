package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

// replayList lists the saves of a folder (`cowpoke replay DIR`, e.g. a
// `cowpoke sim --save-dir` folder of a thousand matches) by name, and opens
// the one clicked in the replay viewer; Esc there comes back here. The
// wheel, the arrows, Home and End scroll it. A save is only read when it
// is opened: a bad one is said on this screen, in one line.
type replayList struct {
	dir   string
	files []string // the .json files, by name
	rows  []button // the rows on screen
	first int      // the first file shown
	ret   button
	err   string
	held  int // frames Up or Down has been held, for the repeat

	head      string // "1000 saves in DIR"
	foot      string // which rows show, when not all fit
	footFirst int    // the first row and the rows the foot was made for
	footRows  int
	drawn     []*button // the buttons drawn, kept between frames
}

// newReplayList lists a folder's saves.
func newReplayList(a *App, dir string) (*replayList, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	l := &replayList{dir: dir, ret: button{Label: "Quit", Key: "Esc", Enabled: true}}
	for _, e := range es {
		if e.Type().IsRegular() && filepath.Ext(e.Name()) == ".json" {
			l.files = append(l.files, e.Name())
		}
	}
	if len(l.files) == 0 {
		return nil, fmt.Errorf("%s: no save files (*.json) in this folder", dir)
	}
	sort.Strings(l.files)
	l.head = fmt.Sprintf("%d saves in %s", len(l.files), l.dir)
	return l, nil
}

// rowsFit is how many rows the window has room for.
func (l *replayList) rowsFit(a *App) int {
	u := a.Theme.U
	return max(1, int((float64(a.H)-250*u)/(40*u)))
}

func (l *replayList) Update(a *App) error {
	u := a.Theme.U
	in := &a.In
	n := l.rowsFit(a)
	if in.Pressed(KeyCancel) || l.ret.clicked(in) {
		a.Quit()
		return nil
	}
	switch {
	case in.Wheel != 0:
		l.first -= int(in.Wheel * 3)
	case repeats(&l.held, in.HeldY != 0):
		l.first += int(in.HeldY)
	case in.Pressed(KeyFit):
		l.first = 0
	case in.Pressed(KeyLast):
		l.first = len(l.files)
	}
	l.first = max(0, min(l.first, len(l.files)-n))
	x := float64(a.W)/2 - 260*u
	l.rows = l.rows[:0]
	for i := l.first; i < min(len(l.files), l.first+n); i++ {
		b := button{Label: l.files[i], Enabled: true}
		b.place(x, 130*u+float64(i-l.first)*40*u, 520*u, 34*u)
		l.rows = append(l.rows, b)
	}
	l.ret.place(x, float64(a.H)-90*u, 140*u, 44*u)
	for i := range l.rows {
		if l.rows[i].clicked(in) {
			w, err := openWatch(a, filepath.Join(l.dir, l.rows[i].Label), l)
			if err != nil {
				l.err = err.Error()
				return nil
			}
			l.err = ""
			a.Goto(w)
			return nil
		}
	}
	return nil
}

func (l *replayList) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	x := float64(a.W)/2 - 260*th.U
	th.shadowText(dst, "Watch a match", th.Head, x, 50*th.U, colPaper, alignLeft)
	th.text(dst, th.clipped(l.head, th.Small, 520*th.U), th.Small, x, 90*th.U, colTextDim, alignLeft)
	l.drawn = l.drawn[:0]
	for i := range l.rows {
		l.drawn = append(l.drawn, &l.rows[i])
	}
	drawButtons(a, dst, append(l.drawn, &l.ret)...)
	if n := l.rowsFit(a); len(l.files) > n {
		if l.foot == "" || l.footFirst != l.first || l.footRows != n {
			l.foot = fmt.Sprintf("%d-%d of %d  ·  wheel, Up, Down, Home, End scroll", l.first+1, min(len(l.files), l.first+n), len(l.files))
			l.footFirst, l.footRows = l.first, n
		}
		th.text(dst, l.foot, th.Small, x+160*th.U, float64(a.H)-76*th.U, colTextDim, alignLeft)
	}
	if l.err != "" {
		th.text(dst, th.clipped(l.err, th.Body, float64(a.W)-x-20*th.U), th.Body, x, float64(a.H)-130*th.U, colBad, alignLeft)
	}
}
