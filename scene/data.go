package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// The window's side of the data folder (game/store): what the title knows
// about the autosave and its backup, the prompt before a new match replaces
// one in progress, and the autosave and saves a battle writes.

// checkSave tells a whole save from a damaged one by loading it.
func checkSave(path string) error {
	_, err := game.LoadFile(path)
	return err
}

// savedMatches is what the title found in the data folder.
type savedMatches struct {
	autosave     *game.Match // the autosave, loaded; nil if none or damaged
	backup       *game.Match // the backup, loaded, offered when the autosave is not
	damaged      string      // where a damaged autosave was set aside
	autosavePath string      // where it was
	why          string      // why it did not load
	other        bool        // another running copy keeps the autosave
}

// findSaves loads the autosave; one that fails to load is set aside under
// a new name (never overwritten) and the backup is offered instead.
func findSaves(a *App) savedMatches {
	var s savedMatches
	d := a.Cfg.Data
	if d == nil {
		return s
	}
	s.other = !d.OwnsAutosave()
	if fi, err := os.Lstat(d.AutosavePath()); err == nil {
		var m *game.Match
		if !fi.Mode().IsRegular() { // a FIFO would hang the loader
			err = fmt.Errorf("%s: not a regular file", d.AutosavePath())
		} else if m, err = game.LoadFile(d.AutosavePath()); err == nil {
			s.autosave = m
			return s
		}
		s.why = err.Error()
		s.damaged, s.autosavePath = d.AutosavePath(), d.AutosavePath()
		if !s.other { // the copy that owns the autosave moves it
			if to, err := d.SetAside(d.AutosavePath()); err == nil {
				s.damaged = to
			}
		}
	}
	if fi, err := os.Lstat(d.BackupPath()); err == nil && fi.Mode().IsRegular() {
		if m, err := game.LoadFile(d.BackupPath()); err == nil {
			s.backup = m
		}
	}
	return s
}

// describeMatch names a match for a player: "the match on Coyote Halt, game
// turn 4".
func describeMatch(m *game.Match) string {
	return fmt.Sprintf("the match on %s, game turn %d", m.Board.Name, m.Turn)
}

// inProgress reports whether starting another match would replace the
// autosave of an unfinished one.
func (s *savedMatches) inProgress() bool { return s.autosave != nil && !s.autosave.Over && !s.other }

// notes are the lines the title shows about the saves, worst first.
func (s *savedMatches) notes(dataDir string) (bad []string, info []string) {
	if s.damaged != "" {
		bad = append(bad, fmt.Sprintf("The autosave could not be loaded. It is kept as %s in %s.", filepath.Base(s.damaged), dataDir))
		bad = append(bad, "Why: "+shorten(strings.TrimPrefix(s.why, s.autosavePath+": "), 140))
		if s.backup != nil {
			info = append(info, "Continue the backup to resume "+describeMatch(s.backup)+".")
		}
	}
	if s.other {
		info = append(info, "Another Cowpoke window is open and keeps the autosave: this one will not autosave (Ctrl+S still saves).")
	}
	return bad, info
}

// shorten cuts a long message to n runes with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(strings.ReplaceAll(s, "\n", " "))
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// abandonPrompt asks before a new match replaces one in progress.
type abandonPrompt struct {
	question   string
	yes, no    button
	then       func() // what Yes does
	x, y, w, h float64
}

func newAbandonPrompt(m *game.Match, then func()) *abandonPrompt {
	return &abandonPrompt{
		question: "Abandon " + describeMatch(m) + "?",
		yes:      button{Label: "Abandon it", Enabled: true},          // a click only: no key abandons a match
		no:       button{Label: "Keep it", Key: "Esc", Enabled: true}, // Enter keeps it too
		then:     then,
	}
}

// update lays the prompt out and answers it; it reports whether the prompt
// is still up. It takes all input while up.
func (p *abandonPrompt) update(a *App) bool {
	u := a.Theme.U
	p.w, p.h = 560*u, 190*u
	p.x, p.y = float64(a.W)/2-p.w/2, float64(a.H)/2-p.h/2
	p.yes.place(p.x+40*u, p.y+p.h-64*u, 220*u, 44*u)
	p.no.place(p.x+p.w-260*u, p.y+p.h-64*u, 220*u, 44*u)
	in := &a.In
	switch {
	case p.yes.clicked(in):
		in.consume()
		p.then()
		return false
	case p.no.clicked(in) || in.Pressed(KeyCancel) || in.Pressed(KeyConfirm): // Enter never confirms a loss

		in.consume()
		return false
	}
	in.consume()
	return true
}

func (p *abandonPrompt) draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	dialogFrame(a, p.x, p.y, p.w, p.h)
	a.ui.flush(dst)
	cx := p.x + p.w/2
	th.text(dst, p.question, th.Bold, cx, p.y+28*th.U, colPaper, alignCenter)
	th.text(dst, "A new match takes the autosave. This one is kept as the backup:", th.Small, cx, p.y+64*th.U, colTextDim, alignCenter)
	th.text(dst, "Load lists it as \"autosave backup\" until another match replaces it.", th.Small, cx, p.y+84*th.U, colTextDim, alignCenter)
	drawButtons(a, dst, &p.yes, &p.no)
}

// save writes a named save into the saves folder, under a name no other
// save has.
func (b *battle) save(a *App) {
	d := a.Cfg.Data
	if d == nil {
		b.t.Status, b.t.Error = "No folder for saves is set.", true
		return
	}
	data, err := b.t.M.MarshalSave()
	var path string
	if err == nil {
		path, err = d.WriteSave(data, time.Now())
	}
	if err != nil {
		b.t.Status, b.t.Error = "Save failed: "+err.Error(), true
		return
	}
	b.t.Status, b.t.Error = b.sess.saved(path), false
}

// exportFolderName is the folder in the player's home that the posse
// builder exports posse files into.
const exportFolderName = "Cowpoke posses"

// posseExportDir is where the posse builder's Export writes: the folder
// "Cowpoke posses" in the player's home, which a file manager opens on and
// a player finds without knowing where the data folder is hidden; without
// a home, the data folder's exports/; "" without either.
func posseExportDir(a *App) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return filepath.Join(home, exportFolderName)
	}
	if a.Cfg.Data != nil {
		return filepath.Join(a.Cfg.Data.Dir, "exports")
	}
	return ""
}
