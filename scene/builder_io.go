package scene

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/store"
	"cowpoke/game/words"
)

// The posse builder's import and export. Export writes the shown posse as
// its canonical file (game.FormatPosse: the bytes `cowpoke posse check`
// accepts and a round trip keeps) into the export folder (posseExportDir)
// under a name no file there has. Import takes a file typed as a path
// (Import a file) or dropped on the window (Input.Dropped), read at most
// game.MaxPosseFileBytes into memory, checked like `cowpoke posse check`
// (game.CheckPosseFile), and added as a posse of the player's; a name
// another posse has becomes "Name (2)". Every problem is listed naming
// the file, in a notice the player closes.

// A drop is looked at no further than maxDroppedFiles posse files and
// maxDropEntries files and folders in all: a dropped home folder must not
// freeze the window while it is walked.
const (
	maxDroppedFiles = 24
	maxDropEntries  = 2000
)

// exportPosse writes the shown posse into the export folder and says where.
func (b *builder) exportPosse() {
	cur := b.current()
	b.status, b.bad = "", false
	data, err := game.FormatPosse(cur.spec)
	if err != nil {
		b.status, b.bad = "The posse could not be exported: "+err.Error(), true
		return
	}
	stem := fileStem(cur.spec.Name)
	first := filepath.Join(b.exportDir, stem+".json")
	if old, err := os.ReadFile(first); err == nil && bytes.Equal(old, data) {
		b.notice = newNotice(cur.spec.Name+" is already exported", 1,
			"The file "+first+" holds this posse as it is now: it is left as it was.")
		return
	}
	if err := os.MkdirAll(b.exportDir, 0o755); err != nil {
		b.status, b.bad = "The posse could not be exported: "+err.Error(), true
		return
	}
	path, err := store.WriteFileNew(b.exportDir, stem, ".json", data)
	if err == nil {
		err = os.Chmod(path, 0o644) // a file to share, not the private 0600 of a temporary file
	}
	if err != nil {
		b.status, b.bad = "The posse could not be exported: "+err.Error(), true
		return
	}
	lines := []string{"The file is " + path + "."}
	if path != first {
		lines = append(lines, "A different file named "+filepath.Base(first)+" was there already: it is kept as it was.")
	}
	lines = append(lines, "Give it to a friend: dropped on Cowpoke's posse builder, or through Import a file, it becomes one of their posses.")
	b.notice = newNotice("Exported "+cur.spec.Name, len(lines), lines...)
}

// fileStem is a posse's name made safe as a file name: letters, digits,
// spaces and a few marks kept, anything else a dash.
func fileStem(name string) string {
	s := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" -_'()", r) {
			return r
		}
		return '-'
	}, name)
	s = strings.Trim(s, " -")
	if s == "" {
		return "posse"
	}
	return s
}

// importTyped imports the file at a path the player typed. A path that
// names no file that can be read keeps the entry open with why ("" once
// the file was read, whatever it held).
func (b *builder) importTyped(typed string) string {
	path := strings.TrimSpace(typed)
	if path == "" {
		return "Type the path of a posse file, for example ~/Downloads/Gang.json."
	}
	if rest, ok := strings.CutPrefix(path, "~"+string(filepath.Separator)); ok {
		if home, err := os.UserHomeDir(); err == nil {
			path = filepath.Join(home, rest)
		}
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "There is no file at " + path + "."
	case err != nil:
		return "The file cannot be read: " + err.Error()
	case info.IsDir():
		return path + " is a folder: type the path of the posse file itself."
	}
	name := filepath.Base(path)
	data, why := readImport(name, info, func() ([]byte, error) { return game.ReadPlayerFile(path, game.MaxPosseFileBytes) })
	if why != "" {
		b.showImports(importOutcome{problems: []string{why}})
		return ""
	}
	b.showImports(b.importData(name, data))
	return ""
}

// importDropped imports the posse files dropped on the window: each file
// at the top of the drop, and those in a dropped folder, up to
// maxDroppedFiles .json files.
func (b *builder) importDropped(fsys fs.FS) {
	var out importOutcome
	seen, skipped, entries := 0, 0, 0
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if entries++; entries > maxDropEntries {
			out.problems = append(out.problems, fmt.Sprintf("The drop holds more than %d files and folders: only the first %d were looked at.", maxDropEntries, maxDropEntries))
			return fs.SkipAll
		}
		if err != nil {
			out.problems = append(out.problems, filepath.Base(name)+" cannot be read: "+err.Error())
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !strings.EqualFold(filepath.Ext(name), ".json") {
			skipped++
			return nil
		}
		if seen++; seen > maxDroppedFiles {
			out.problems = append(out.problems, fmt.Sprintf("Only the first %d posse files of a drop are imported: drop the rest next.", maxDroppedFiles))
			return fs.SkipAll
		}
		base := filepath.Base(name)
		if d.Type()&fs.ModeType != 0 { // a named pipe would block the read
			out.problems = append(out.problems, base+" is not a regular file.")
			return nil
		}
		f, err := fsys.Open(name)
		if err != nil {
			out.problems = append(out.problems, base+": "+err.Error())
			return nil
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			out.problems = append(out.problems, base+": "+err.Error())
			return nil
		}
		data, why := readImport(base, info, func() ([]byte, error) { return game.ReadBounded(f, base, game.MaxPosseFileBytes) })
		if why != "" {
			out.problems = append(out.problems, why)
			return nil
		}
		out.add(b.importData(base, data))
		return nil
	})
	if err != nil {
		out.problems = append(out.problems, err.Error())
	}
	if seen == 0 {
		out.problems = append(out.problems, fmt.Sprintf("No posse file in the drop (%s): a posse file's name ends in .json.",
			words.Count(skipped, "other file", "other files")))
	}
	b.showImports(out)
}

// readImport reads a file to import after a look at what it is: a file
// too large for any posse is refused before a byte of it is read.
func readImport(name string, info fs.FileInfo, read func() ([]byte, error)) ([]byte, string) {
	tooLarge := fmt.Sprintf("%s is not a posse file: it is larger than %d KB, and a posse file is a few KB.", name, game.MaxPosseFileBytes>>10)
	switch {
	case !info.Mode().IsRegular():
		return nil, name + " is not a regular file."
	case info.Size() > game.MaxPosseFileBytes:
		return nil, tooLarge
	}
	data, err := read() // bounded still: the file may grow after Stat
	if err != nil {
		return nil, name + " cannot be read: " + err.Error()
	}
	return data, ""
}

// importOutcome is what an import came to: the posses added, and every
// problem, each naming its file.
type importOutcome struct {
	added    []string // "Gang", or "Gang (2)" (Gang.json: a posse named Gang is already in the list)
	problems []string
}

func (o *importOutcome) add(p importOutcome) {
	o.added = append(o.added, p.added...)
	o.problems = append(o.problems, p.problems...)
}

// importData checks a posse file's bytes as `cowpoke posse check` does and
// adds the posse, under a name of its own.
func (b *builder) importData(name string, data []byte) importOutcome {
	if len(bytes.TrimSpace(data)) == 0 {
		return importOutcome{problems: []string{name + " is empty: a posse file is JSON text (assets/posses/README.md)."}}
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return importOutcome{problems: []string{name + " is not a posse file: it is not text, and a posse file is JSON text."}}
	}
	p, lines := game.ParseLegalPosse(name, data)
	if len(lines) > 0 {
		return importOutcome{problems: lines}
	}
	if as := b.addPosse(p); as != p.Name {
		return importOutcome{added: []string{fmt.Sprintf("%s, from %s, as %q: a posse named %s is already in the list", p.Name, name, as, p.Name)}}
	}
	return importOutcome{added: []string{p.Name + ", from " + name}}
}

// showImports says what an import came to: a line on the status when all
// went well, else a notice listing every problem.
func (b *builder) showImports(o importOutcome) {
	b.status, b.bad = "", false // an older line would stand under the notice
	if len(o.problems) == 0 {
		if len(o.added) == 1 {
			b.status, b.bad = "Imported "+o.added[0]+".", false
		} else {
			b.status, b.bad = fmt.Sprintf("Imported %d posses.", len(o.added)), false
		}
		return
	}
	var lines []string
	if len(o.added) > 0 {
		lines = append(lines, "Imported: "+strings.Join(o.added, "; ")+".")
	}
	lines = append(lines, o.problems...)
	title := "Nothing was imported"
	if len(o.added) > 0 {
		title = "Some files were not imported"
	}
	b.notice = newNotice(title, len(lines)-len(o.problems), lines...)
}

// notice is a dialog of a few lines the player reads and closes: where an
// export went, or every problem of an import.
type notice struct {
	title string
	lines []string
	good  int // the lines before this one are news; the rest are problems, drawn in the warning colour
	ok    button

	x, y, w, h float64
	wrapped    []noticeLine // lines cut to the dialog's width, for wrappedW
	wrappedW   float64
}

// noticeLine is one drawn line of a notice.
type noticeLine struct {
	text string
	bad  bool
}

// maxNoticeLines bounds the lines drawn; the rest are counted.
const maxNoticeLines = 16

// newNotice is a notice of lines, the first good of them news, the rest
// problems.
func newNotice(title string, good int, lines ...string) *notice {
	return &notice{title: title, lines: lines, good: good, ok: button{Label: "OK", Key: "Enter", Enabled: true}}
}

// problems reports whether the notice lists problems.
func (n *notice) problems() bool { return n.good < len(n.lines) }

func (n *notice) layout(a *App) {
	th := a.Theme
	u := th.U
	n.w = min(900*u, float64(a.W)-40*u)
	if tw := n.w - 60*u; tw != n.wrappedW {
		n.wrappedW, n.wrapped = tw, n.wrapped[:0]
		for i, l := range n.lines {
			for _, w := range wrapText(th, l, th.Body, tw) {
				n.wrapped = append(n.wrapped, noticeLine{th.clip(w, th.Body, tw), i >= n.good})
			}
		}
		if len(n.wrapped) > maxNoticeLines {
			more := len(n.wrapped) - maxNoticeLines + 1
			n.wrapped = append(n.wrapped[:maxNoticeLines-1], noticeLine{fmt.Sprintf("... and %d more lines.", more), true})
		}
	}
	n.h = 130*u + float64(len(n.wrapped))*20*u
	n.x, n.y = float64(a.W)/2-n.w/2, max(10*u, float64(a.H)/2-n.h/2)
	n.ok.place(n.x+n.w-190*u, n.y+n.h-60*u, 160*u, 40*u)
}

// update reports whether the notice stays up; it takes all the input.
func (n *notice) update(a *App) bool {
	n.layout(a)
	in := &a.In
	defer in.consume()
	return !(in.Pressed(KeyConfirm) || in.Pressed(KeyCancel) || n.ok.clicked(in))
}

func (n *notice) draw(a *App, dst *ebiten.Image) {
	n.layout(a)
	th := a.Theme
	u := th.U
	dialogFrame(a, n.x, n.y, n.w, n.h)
	a.ui.flush(dst)
	th.text(dst, th.clip(n.title, th.Head, n.w-60*u), th.Head, n.x+30*u, n.y+22*u, colPaper, alignLeft)
	for i, l := range n.wrapped {
		c := colText
		if l.bad {
			c = colBad
		}
		th.text(dst, l.text, th.Body, n.x+30*u, n.y+62*u+float64(i)*20*u, c, alignLeft)
	}
	drawButtons(a, dst, &n.ok)
}

// maxTypedPath bounds a typed path, in characters (PATH_MAX is 4096 bytes).
const maxTypedPath = 1024
