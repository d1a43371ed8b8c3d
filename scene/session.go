package scene

import (
	"fmt"

	"cowpoke/game/store"
)

// session is what tells the battle's modes apart: hot-seat (session.go),
// solo against the computer (solo.go), a campaign's match
// (campaignbattle.go), the demo (demo.go) and the replay viewer
// (replay.go). The battle asks its session, never which mode it is in;
// a mode's behaviour lives in its file. Who decides for each posse (a
// person or the computer) is the players' answer (solo.go), which every
// session shares.
type session interface {
	// frame runs first in every frame of the battle's Update; true: the
	// battle is done with this frame (the demo went back to the title).
	frame(a *App, b *battle) bool
	// handoff reports whether the table is hidden before posse d's
	// player decides (two people at one screen).
	handoff(b *battle, d int) bool
	// undo takes back what Ctrl+Z may take back.
	undo(a *App, b *battle)
	// keep keeps the match after a command or an undo: the autosave, the
	// campaign's match file (and the campaign's record the moment the
	// match is over), or nothing.
	keep(a *App, b *battle)
	// over is the screen a click on the finished match opens; nil stays.
	over(a *App, b *battle) Scene
	// result is what shows on the finished match: the banner, and the
	// line under it ("" for none).
	result() (banner bool, line string)
	// plays reports whether the person plays on this table; false: it
	// only shows positions (no prompts to act, no odds, no dice hint).
	plays() bool
	// keptWhere says where the match is kept up to its last command, for
	// the crash screen ("" when nowhere).
	keptWhere(a *App) string
	// saved is the status line after Ctrl+S wrote path.
	saved(path string) string
}

// newSession is the session of a match put on the table: hot-seat when
// people play every posse, solo when the computer plays some.
func newSession(b *battle) session {
	if b.players.any() {
		return &solo{}
	}
	return &hotSeat{}
}

// hotSeat is people taking turns at one screen: the handoff screen hides
// the table between them, Ctrl+Z takes back the last command, and the
// match is kept in the title's autosave (Continue resumes it).
type hotSeat struct{ titleAutosave }

func (h *hotSeat) frame(a *App, b *battle) bool { return false }

func (h *hotSeat) handoff(b *battle, d int) bool { return b.players.people >= 2 }

func (h *hotSeat) undo(a *App, b *battle) {
	if b.t.Undo() == nil {
		b.anim.active = false
		b.keep(a)
	}
}

func (h *hotSeat) over(a *App, b *battle) Scene { return newGameOver(b.t.M) }

func (h *hotSeat) result() (bool, string) { return true, "Click for the summary." }

func (h *hotSeat) plays() bool { return true }

func (h *hotSeat) saved(path string) string {
	return fmt.Sprintf("Saved to %s (Ctrl+O loads it).", path)
}

// titleAutosave is the autosave the title's Continue resumes, which a
// match outside a campaign keeps after every command.
type titleAutosave struct {
	saver      *store.Autosaver // this match's autosave, made at its first write
	continuing bool             // the match is the autosave's own (Continue): no backup is taken of it
}

// keep writes the autosave; a failure is said, not fatal. The first write
// of a new match keeps the previous autosave as the backup.
func (t *titleAutosave) keep(a *App, b *battle) {
	d := a.Cfg.Data
	if d == nil || a.Cfg.NoAutosave {
		return
	}
	if t.saver == nil {
		t.saver = d.Autosaver(checkSave, t.continuing)
	}
	data, err := b.t.M.MarshalSave()
	if err == nil {
		err = t.saver.Write(data)
	}
	if err != nil {
		b.t.Status, b.t.Error = "Autosave failed: "+err.Error(), true
	}
}

func (t *titleAutosave) keptWhere(a *App) string {
	if (t.saver != nil || t.continuing) && !a.Cfg.NoAutosave {
		return "The match is in the autosave up to the last command: Continue on the title screen resumes it."
	}
	return ""
}

// resume marks the match as the autosave's own.
func (t *titleAutosave) resume(yes bool) { t.continuing = yes }

// resumesAutosave marks the match as the autosave's own (Continue, or the
// autosave loaded): its writes take no backup of it.
func (b *battle) resumesAutosave(yes bool) {
	if r, ok := b.sess.(interface{ resume(bool) }); ok {
		r.resume(yes)
	}
}

// keep keeps the match as its session does, after a command or an undo.
func (b *battle) keep(a *App) { b.sess.keep(a, b) }
