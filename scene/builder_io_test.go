package scene

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"cowpoke/game"
)

// gangFile is a legal posse file, as a player might write it by hand (not
// in the canonical layout).
const gangFile = `{"name": "Gang", "models": [
  {"name": "Slim", "tier": "legend", "skills": ["holster"], "weapons": ["revolver", "derringer"]},
  {"name": "Kid", "tier": "greenhorn", "weapons": ["shotgun"]}]}`

// badFile breaks two posse rules: a second pistol without Holster, and a
// name twice.
const badFile = `{"name": "Bad Company", "models": [
  {"name": "Ace", "tier": "cowpoke", "weapons": ["revolver", "derringer"]},
  {"name": "ace", "tier": "cowpoke", "weapons": ["knife"]}]}`

// ownPosseFiles lists the posse files in the data folder's posses/.
func ownPosseFiles(t *testing.T) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(h.app.Cfg.Data.Dir, "posses", "*.json"))
	return m
}

// posseNames is the builder's list by name.
func posseNames(b *builder) (names []string) {
	onLoop(func() {
		for _, p := range b.posses {
			names = append(names, p.spec.Name)
		}
	})
	return names
}

// noticeOf is the builder's notice, or nil.
func noticeOf(b *builder) (n *notice) { onLoop(func() { n = b.notice }); return n }

// TestPosseExport: Export writes the shown posse into the export folder as
// its canonical file, byte for byte what FormatPosse gives, which the
// posse check accepts and a round trip keeps; the notice gives the full
// path. A second export of the same posse writes nothing new; an export of
// a changed posse never overwrites the first file.
func TestPosseExport(t *testing.T) {
	b := openBuilder(t)
	dir := t.TempDir()
	onLoop(func() { b.exportDir = dir; clickOn(&b.renameP) })
	waitFed()
	retype("Dust Devils", len("New Posse"))
	pressKey(KeyConfirm)
	onLoop(func() { clickOn(&b.exportP) })
	waitFed()
	want := filepath.Join(dir, "Dust Devils.json")
	n := noticeOf(b)
	if n == nil || n.title != "Exported Dust Devils" || !strings.Contains(strings.Join(n.lines, " "), "The file is "+want+".") {
		t.Fatalf("the export's notice: %+v", n)
	}
	keepShot(t, capture(t), "builder-export")
	var spec game.PosseSpec
	onLoop(func() { spec = b.current().spec })
	canonical, _ := game.FormatPosse(spec)
	data, err := game.ReadPlayerFile(want, game.MaxPosseFileBytes)
	if err != nil || !bytes.Equal(data, canonical) {
		t.Fatalf("the exported file is not the canonical posse: %v\n%s\nwant\n%s", err, data, canonical)
	}
	if info, err := os.Stat(want); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("the exported file is not readable by others: %v %v", info.Mode(), err)
	}
	if lines := game.CheckPosseFile(want, data); lines != nil {
		t.Fatalf("the exported file fails the posse check: %q", lines)
	}
	if p, err := game.ParsePosse(want, data); err != nil {
		t.Fatal(err)
	} else if again, _ := game.FormatPosse(p); !bytes.Equal(again, data) {
		t.Fatal("the exported file does not round-trip byte for byte")
	}
	pressKey(KeyConfirm)
	if noticeOf(b) != nil {
		t.Fatal("Enter did not close the notice")
	}

	// The same posse again: nothing new written, and said.
	onLoop(func() { clickOn(&b.exportP) })
	waitFed()
	if n := noticeOf(b); n == nil || !strings.Contains(n.title, "already exported") {
		t.Fatalf("a second export: %+v", n)
	}
	pressKey(KeyCancel)
	// Changed, then exported: a new file beside the first, which is kept.
	onLoop(func() { clickOn(&b.addM) })
	waitFed()
	onLoop(func() { clickOn(&b.exportP) })
	waitFed()
	n = noticeOf(b)
	second := filepath.Join(dir, "Dust Devils-2.json")
	if n == nil || !strings.Contains(strings.Join(n.lines, " "), second) || !strings.Contains(strings.Join(n.lines, " "), "was there already") {
		t.Fatalf("an export beside an older file: %+v", n)
	}
	if first, _ := os.ReadFile(want); !bytes.Equal(first, canonical) {
		t.Fatal("the first export was overwritten")
	}
	pressKey(KeyConfirm)
}

// TestPosseImport: Import a file, by its typed path. A legal file becomes
// one of the player's posses (in the list, saved, picked by a click); one
// named like a posse of the list comes in as "Name (2)"; an illegal file
// shows every problem naming the file and adds nothing; a path to no file
// keeps the entry open with why; huge, binary and mis-nested files are
// refused in words.
func TestPosseImport(t *testing.T) {
	b := openBuilder(t)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	importPath := func(path string) {
		t.Helper()
		onLoop(func() { clickOn(&b.importP) })
		waitFed()
		if e := entryOf(b); e == nil || e.title != "Import a posse file" {
			t.Fatal("Import a file did not open an entry")
		}
		paste(path)
		pressKey(KeyConfirm)
	}
	before := len(ownPosseFiles(t))

	importPath(write("gang.json", []byte(gangFile)))
	var status string
	onLoop(func() { status = b.status })
	names := posseNames(b)
	if entryOf(b) != nil || noticeOf(b) != nil || !slices.Contains(names, "Gang") || status != "Imported Gang, from gang.json." {
		t.Fatalf("a legal file: posses %q, status %q, notice %+v", names, status, noticeOf(b))
	}
	if got := len(ownPosseFiles(t)); got != before+1 {
		t.Fatalf("the imported posse was not saved: %d files, %d before", got, before)
	}
	gang := slices.Index(names, "Gang")
	onLoop(func() { clickOn(&b.posseBtns[0]) })
	waitFed()
	onLoop(func() { clickOn(&b.posseBtns[gang]) })
	waitFed()
	var shown game.PosseSpec
	onLoop(func() { shown = b.current().spec })
	if shown.Name != "Gang" || len(shown.Models) != 2 || shown.Models[0].Name != "Slim" {
		t.Fatalf("the imported posse, picked from the list: %+v", shown)
	}
	img := capture(t)
	var bx, by int
	onLoop(func() { bx, by = int(b.posseBtns[gang].X+4), int(b.posseBtns[gang].Y+b.posseBtns[gang].H/2) })
	if !near(img, bx, by, hex(0x7a4e22), 6) {
		t.Errorf("the picked posse is not drawn chosen at (%d, %d)", bx, by)
	}

	// A name the list has: imported under a name of its own.
	importPath(write("gang-again.json", []byte(gangFile)))
	onLoop(func() { status = b.status })
	if names = posseNames(b); !slices.Contains(names, "Gang (2)") || !strings.Contains(status, `as "Gang (2)"`) {
		t.Fatalf("a name clash: posses %q, status %q", names, status)
	}

	// An illegal file: every problem, naming the file; nothing added.
	count, files := len(posseNames(b)), len(ownPosseFiles(t))
	importPath(write("bad.json", []byte(badFile)))
	n := noticeOf(b)
	if n == nil || !n.problems() || n.title != "Nothing was imported" {
		t.Fatalf("an illegal file: notice %+v", n)
	}
	all := strings.Join(n.lines, "\n")
	for _, want := range []string{`bad.json: model 1 "Ace": Holster: Ace carries 2 pistols; a second pistol needs the Holster skill`, `bad.json: model 2 "ace": unique names`} {
		if !strings.Contains(all, want) {
			t.Errorf("the notice does not say %q:\n%s", want, all)
		}
	}
	img = capture(t)
	keepShot(t, img, "builder-import-refused")
	var x0, y0 int
	onLoop(func() { x0, y0 = int(n.x+30*h.app.Theme.U), int(n.y+62*h.app.Theme.U) })
	if c := countNear(img, rectAt(x0, y0, 500, 40), colBad); c < 60 {
		t.Errorf("the problems are not drawn in the warning colour: %d pixels", c)
	}
	pressKey(KeyConfirm)
	if len(posseNames(b)) != count || len(ownPosseFiles(t)) != files {
		t.Fatal("an illegal file added a posse")
	}

	// No such file: the entry stays open and says so.
	importPath(filepath.Join(dir, "nowhere.json"))
	var refusal string
	if e := entryOf(b); e != nil {
		onLoop(func() { refusal = e.refusal })
	}
	if !strings.Contains(refusal, "There is no file at "+filepath.Join(dir, "nowhere.json")) {
		t.Fatalf("a path to no file: refusal %q", refusal)
	}
	pressKey(KeyCancel)

	// Hostile files: refused in words, bounded (the loader's limit).
	huge := append([]byte(`{"name": "`), bytes.Repeat([]byte("A"), game.MaxPosseFileBytes)...)
	nested := []byte(`{"name": "Deep", "models": [` + strings.Repeat("[", 10000) + `]}`)
	for _, c := range []struct {
		file string
		data []byte
		want string
	}{
		{"huge.json", huge, "huge.json is not a posse file: it is larger than 1024 KB"},
		{"binary.json", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), "binary.json is not a posse file: it is not text"},
		{"nested.json", nested, "nested.json: models[0]: a list where an object was expected"},
	} {
		importPath(write(c.file, c.data))
		n := noticeOf(b)
		if n == nil || !strings.Contains(strings.Join(n.lines, "\n"), c.want) {
			t.Errorf("%s: notice %+v, want %q", c.file, n, c.want)
		}
		pressKey(KeyConfirm)
	}
	if len(posseNames(b)) != count || len(ownPosseFiles(t)) != files {
		t.Fatal("a hostile file added a posse")
	}
}

// TestPosseDrop: files dropped on the builder (fed as Input.Dropped, which
// the window fills from ebiten.DroppedFiles): the posse files among them
// are imported, a folder's included; each problem names its file.
func TestPosseDrop(t *testing.T) {
	b := openBuilder(t)
	rangers := strings.Replace(gangFile, `"Gang"`, `"Rangers"`, 1)
	drop := fstest.MapFS{
		"Drifters.json":      {Data: []byte(strings.Replace(gangFile, `"Gang"`, `"Drifters"`, 1))},
		"notes.txt":          {Data: []byte("not a posse")},
		"broken.json":        {Data: []byte(badFile)},
		"more/Rangers.json":  {Data: []byte(rangers)},
		"more/enormous.json": {Data: bytes.Repeat([]byte(" "), game.MaxPosseFileBytes+1)},
	}
	// Dropped while the Import entry is open, as its hint says.
	onLoop(func() { clickOn(&b.importP) })
	waitFed()
	if entryOf(b) == nil {
		t.Fatal("Import a file did not open an entry")
	}
	onLoop(func() { h.app.Feed(Input{Dropped: drop}) })
	waitFed()
	if entryOf(b) != nil {
		t.Fatal("the entry stayed open over the drop's notice")
	}
	names := posseNames(b)
	if !slices.Contains(names, "Drifters") || !slices.Contains(names, "Rangers") {
		t.Fatalf("the dropped posses are not in the list: %q", names)
	}
	n := noticeOf(b)
	if n == nil || n.title != "Some files were not imported" {
		t.Fatalf("a drop with bad files: notice %+v", n)
	}
	all := strings.Join(n.lines, "\n")
	for _, want := range []string{"Imported: Drifters, from Drifters.json; Rangers, from Rangers.json.",
		`broken.json: model 1 "Ace": Holster: Ace carries 2 pistols`, "enormous.json is not a posse file: it is larger than 1024 KB"} {
		if !strings.Contains(all, want) {
			t.Errorf("the notice does not say %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "notes.txt") {
		t.Errorf("a file that is no posse file was looked at:\n%s", all)
	}
	keepShot(t, capture(t), "builder-drop")
	pressKey(KeyConfirm)

	// Nothing importable: said.
	onLoop(func() { h.app.Feed(Input{Dropped: fstest.MapFS{"photo.png": {Data: []byte("x")}}}) })
	waitFed()
	if n := noticeOf(b); n == nil || !strings.Contains(strings.Join(n.lines, " "), "No posse file in the drop (1 other file)") {
		t.Fatalf("a drop without posse files: %+v", n)
	}
	pressKey(KeyConfirm)

	// A drop of a huge folder: looked at only so far.
	huge := fstest.MapFS{}
	for i := range maxDropEntries + 500 {
		huge[fmt.Sprintf("photos/%05d.jpg", i)] = &fstest.MapFile{Data: []byte("x")}
	}
	onLoop(func() { h.app.Feed(Input{Dropped: huge}) })
	waitFed()
	if n := noticeOf(b); n == nil || !strings.Contains(strings.Join(n.lines, " "), "only the first 2000 were looked at") {
		t.Fatalf("a drop of a huge folder: %+v", n)
	}
	pressKey(KeyConfirm)

	// A dozen posses more: the list scrolls, the last one imported in
	// sight, the buttons under the list clear of the Back button.
	many := fstest.MapFS{}
	for i := range 12 {
		many[fmt.Sprintf("p%02d.json", i)] = &fstest.MapFile{Data: []byte(strings.Replace(gangFile, `"Gang"`, fmt.Sprintf(`"Outfit %02d"`, i), 1))}
	}
	onLoop(func() { h.app.Feed(Input{Dropped: many}) })
	waitFed()
	var last, lawmen, imp, back button
	onLoop(func() {
		last, lawmen, imp, back = b.posseBtns[len(b.posseBtns)-1], b.posseBtns[0], b.importP, b.back
	})
	if last.W == 0 || lawmen.W != 0 || imp.Y+imp.H >= back.Y || last.Y >= imp.Y {
		t.Fatalf("a long list: the last posse at %v (width %v), the first's width %v, Import at %v, Back at %v", last.Y, last.W, lawmen.W, imp.Y, back.Y)
	}
	keepShot(t, capture(t), "builder-long-list")
	onLoop(func() {
		x, y := lawmen.X+10, float64(h.app.Theme.U*200)
		var ins []Input
		for range 20 {
			ins = append(ins, Input{X: x, Y: y, Wheel: 1})
		}
		h.app.Feed(ins...)
	})
	waitFed()
	onLoop(func() { lawmen = b.posseBtns[0] })
	if lawmen.W == 0 {
		t.Fatal("the wheel did not scroll the list back to its top")
	}
}

// TestPosseExportFolder: Export writes to "Cowpoke posses" in the home
// folder, and to the data folder's exports/ without a home.
func TestPosseExportFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	if got := posseExportDir(h.app); got != filepath.Join(home, "Cowpoke posses") {
		t.Errorf("with a home: %q", got)
	}
	t.Setenv("HOME", "")
	if got := posseExportDir(h.app); got != filepath.Join(h.app.Cfg.Data.Dir, "exports") {
		t.Errorf("without a home: %q", got)
	}
}

// TestPosseDropOnTitle: posse files dropped on the title screen open the
// builder with them imported.
func TestPosseDropOnTitle(t *testing.T) {
	os.RemoveAll(filepath.Join(h.app.Cfg.Data.Dir, "posses"))
	onLoop(func() { noMatchInProgress(); h.app.Goto(newTitle(h.app)) })
	waitFed()
	onLoop(func() { h.app.Feed(Input{Dropped: fstest.MapFS{"gang.json": {Data: []byte(gangFile)}}}) })
	waitFed()
	var b *builder
	onLoop(func() { b, _ = h.app.Scene().(*builder) })
	if b == nil {
		t.Fatal("a drop on the title did not open the builder")
	}
	var cur string
	onLoop(func() { cur = b.current().spec.Name })
	if cur != "Gang" || len(ownPosseFiles(t)) != 1 {
		t.Fatalf("the dropped posse: shown %q, %d files", cur, len(ownPosseFiles(t)))
	}
}
