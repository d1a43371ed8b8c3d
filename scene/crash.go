package scene

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/store"
)

// The window's top-level recover: a panic anywhere in a frame becomes a
// crash report in the data folder (the stack, the version, the match in
// progress), a line on stderr naming it, and the crash screen.

// maxCrashes is how many panics the window survives before it gives up
// (the crash screen itself failing, or a panic every frame).
const maxCrashes = 3

// recoverCrash is deferred by Update and Draw. errp is Update's error, nil
// in Draw.
func (a *App) recoverCrash(errp *error) {
	v := recover()
	if v == nil {
		return
	}
	stack := debug.Stack()
	a.crashes++
	var m *game.Match
	kept := ""
	if s, ok := a.scene.(matchScene); ok {
		m = s.match()
		kept = s.keptWhere(a)
	}
	where, err := a.reportCrash(v, stack, m)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cowpoke: crashed (%v); the crash report could not be written (%v):\n%s\n", v, err, stack)
	} else {
		fmt.Fprintf(os.Stderr, "cowpoke: crashed (%v); crash report: %s\n", v, where)
	}
	a.help = false
	a.scene = &crashScreen{panic: fmt.Sprint(v), report: where, kept: kept,
		back: button{Label: "Title screen", Key: "Enter", Enabled: true},
		quit: button{Label: "Quit", Key: "Esc", Enabled: true}}
	if a.crashes >= maxCrashes {
		a.fail = fmt.Errorf("crashed %d times; the last report is %s", a.crashes, where)
	}
	if errp != nil && a.fail != nil {
		*errp = a.fail
	}
}

// reportCrash writes the crash report and returns its path.
func (a *App) reportCrash(v any, stack []byte, m *game.Match) (string, error) {
	if a.Cfg.Data == nil {
		return "", fmt.Errorf("no data folder")
	}
	return a.Cfg.Data.WriteCrash(store.Crash{Panic: v, Stack: stack, Save: crashSave(m), When: time.Now()})
}

// crashSave is the match's save for a crash report. A match in a state
// that breaks the state hash (the crash's cause, perhaps) still gives its
// scenario, seed and commands, which replay it.
func crashSave(m *game.Match) (data []byte) {
	if m == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			data, _ = json.MarshalIndent(struct {
				Scenario game.Scenario  `json:"scenario"`
				Seed     uint64         `json:"seed"`
				Commands []game.Command `json:"commands"`
			}{m.Scenario, m.Seed, m.Commands()}, "", " ")
		}
	}()
	data, _ = m.MarshalSave()
	return data
}

// crashScreen tells the player what happened and where the report is.
type crashScreen struct {
	panic, report string
	kept          string // where the match in progress is kept, in words, or ""
	back, quit    button
}

func (c *crashScreen) Update(a *App) error {
	u := a.Theme.U
	cx := float64(a.W) / 2
	c.back.place(cx-230*u, float64(a.H)*0.62, 220*u, 44*u)
	c.quit.place(cx+10*u, float64(a.H)*0.62, 220*u, 44*u)
	in := &a.In
	switch {
	case c.back.clicked(in) || in.Pressed(KeyConfirm):
		a.Goto(newTitle(a))
	case c.quit.clicked(in) || in.Pressed(KeyCancel):
		a.Quit()
	}
	return nil
}

func (c *crashScreen) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	cx := float64(a.W) / 2
	y := float64(a.H) * 0.22
	th.shadowText(dst, "Cowpoke hit a bug", th.Head, cx, y, colPaper, alignCenter)
	lines := []string{"What went wrong: " + shorten(c.panic, 120)}
	if c.report != "" {
		lines = append(lines, "A crash report was written to:", c.report,
			"Please send it with a bug report: it holds what the program was doing.")
	} else {
		lines = append(lines, "No crash report could be written (see the terminal).")
	}
	if c.kept != "" {
		lines = append(lines, c.kept)
	}
	for i, l := range lines {
		face := th.Body
		if i == 2 {
			face = th.Bold
		}
		th.text(dst, l, face, cx, y+70*th.U+float64(i)*30*th.U, colText, alignCenter)
	}
	drawButtons(a, dst, &c.back, &c.quit)
}

// matchScene is a scene with a match in progress (the battle).
type matchScene interface {
	match() *game.Match
	keptWhere(a *App) string // where the match is kept up to its last command, in words, or ""
}

func (b *battle) match() *game.Match { return b.t.M }

// keptWhere says where the match is kept, as its session keeps it.
func (b *battle) keptWhere(a *App) string { return b.sess.keptWhere(a) }
