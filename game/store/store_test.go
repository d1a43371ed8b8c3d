package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func open(t *testing.T, dir string) *Folder {
	t.Helper()
	f, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// temps lists the temporary files left in the folder and its subfolders.
func temps(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isTemp(d.Name()) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "save.json")
	for _, s := range []string{"one", "two"} {
		if err := WriteFileAtomic(path, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Errorf("file holds %q", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestWriteFileAtomicReportsFailures(t *testing.T) {
	dir := t.TempDir()
	// A folder in the way of the file: the rename fails and says so, and
	// no temporary file stays.
	path := filepath.Join(dir, "save.json")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("x")); err == nil {
		t.Error("writing over a folder succeeded")
	}
	if ts := temps(t, dir); len(ts) > 0 {
		t.Errorf("temporary files left behind: %v", ts)
	}
	// The folder sync's failure is an error, not ignored.
	if err := syncDir(filepath.Join(dir, "gone")); err == nil || !strings.Contains(err.Error(), "folder could not be synced") {
		t.Errorf("syncing a missing folder: %v", err)
	}
}

// Saves made in the same millisecond, even at once from several
// goroutines, get names of their own and keep their contents.
func TestWriteSaveNeverCollides(t *testing.T) {
	f := open(t, t.TempDir())
	now := time.Date(2026, 11, 22, 7, 30, 12, 345e6, time.UTC)
	const n = 20
	paths := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := f.WriteSave([]byte{byte('a' + i)}, now)
			if err != nil {
				t.Error(err)
			}
			paths[i] = p
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, p := range paths {
		if seen[p] {
			t.Fatalf("two saves went to %s", p)
		}
		seen[p] = true
		if b, _ := os.ReadFile(p); !bytes.Equal(b, []byte{byte('a' + i)}) {
			t.Errorf("%s holds %q", p, b)
		}
		if !strings.HasPrefix(filepath.Base(p), "cowpoke-20261122-073012.345") {
			t.Errorf("save name %s does not carry the time", filepath.Base(p))
		}
	}
	if ts := temps(t, f.Dir); len(ts) > 0 {
		t.Errorf("temporary files left behind: %v", ts)
	}
}

func TestOpenRemovesLeftovers(t *testing.T) {
	dir := t.TempDir()
	f := open(t, dir)
	f.Close()
	left := []string{
		filepath.Join(dir, ".autosave.json.123456.tmp"),
		filepath.Join(dir, "saves", ".cowpoke-20261122-073012.345.json.99.tmp"),
		filepath.Join(dir, "crashes", ".crash-20261122-073012.txt.7.tmp"),
	}
	kept := []string{filepath.Join(dir, "autosave.json"), filepath.Join(dir, "saves", "mine.tmp"), filepath.Join(dir, "saves", "a.json")}
	for _, p := range append(left, kept...) {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f = open(t, dir)
	if ts := temps(t, dir); len(ts) > 0 {
		t.Errorf("leftover temporary files survive Open: %v", ts)
	}
	if len(f.Removed) != len(left) {
		t.Errorf("Removed lists %v", f.Removed)
	}
	for _, p := range kept {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("Open removed %s, which is not a temporary file", p)
		}
	}
}

// A second copy of the program does not own the autosave and cannot write
// it, nor remove the first copy's temporary files; once the first closes,
// the next copy owns it.
func TestSecondCopyCannotClobberTheAutosave(t *testing.T) {
	dir := t.TempDir()
	first := open(t, dir)
	if !first.OwnsAutosave() {
		t.Fatal("the first copy does not own the autosave")
	}
	// A write in progress: a temporary file its writer holds locked.
	inFlight := filepath.Join(dir, ".autosave.json.1.tmp")
	os.WriteFile(inFlight, []byte("being written"), 0o644)
	writing, err := os.Open(inFlight)
	if err != nil {
		t.Fatal(err)
	}
	tryLock(writing, true)
	if err := first.Autosaver(nil, false).Write([]byte("first")); err != nil {
		t.Fatal(err)
	}
	second := open(t, dir)
	if second.OwnsAutosave() {
		t.Fatal("two copies own the autosave")
	}
	if _, err := os.Stat(inFlight); err != nil {
		t.Error("the second copy removed a temporary file while the first runs")
	}
	err = second.Autosaver(nil, false).Write([]byte("second"))
	if err == nil || !strings.Contains(err.Error(), "another copy") {
		t.Errorf("the second copy's autosave: %v", err)
	}
	if b, _ := os.ReadFile(first.AutosavePath()); string(b) != "first" {
		t.Errorf("the autosave holds %q", b)
	}
	// Named saves still work for the second copy.
	if _, err := second.WriteSave([]byte("mine"), time.Now()); err != nil {
		t.Error(err)
	}
	first.Close()
	second.Close()
	writing.Close() // the writer dies
	third := open(t, dir)
	if !third.OwnsAutosave() {
		t.Error("after both closed, the next copy does not own the autosave")
	}
	if _, err := os.Stat(inFlight); err == nil {
		t.Error("the next lone copy kept a leftover temporary file")
	}
}

func TestNewMatchKeepsThePreviousAutosaveAsBackup(t *testing.T) {
	f := open(t, t.TempDir())
	whole := func(string) error { return nil }
	write := func(s *Autosaver, data string) {
		t.Helper()
		if err := s.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string) string { b, _ := os.ReadFile(p); return string(b) }
	a := f.Autosaver(whole, false)
	write(a, "A1")
	write(a, "A2")
	if _, err := os.Stat(f.BackupPath()); err == nil {
		t.Error("a backup exists before any earlier match")
	}
	b := f.Autosaver(whole, false)
	write(b, "B1")
	write(b, "B2")
	if read(f.AutosavePath()) != "B2" || read(f.BackupPath()) != "A2" {
		t.Errorf("autosave %q, backup %q; want B2, A2", read(f.AutosavePath()), read(f.BackupPath()))
	}
	// Continuing the autosave's own match keeps the backup as it was.
	c := f.Autosaver(whole, true)
	write(c, "B3")
	if read(f.AutosavePath()) != "B3" || read(f.BackupPath()) != "A2" {
		t.Errorf("after Continue: autosave %q, backup %q; want B3, A2", read(f.AutosavePath()), read(f.BackupPath()))
	}
}

// A damaged autosave is set aside under a new name and never overwritten;
// the backup stays as it was.
func TestDamagedAutosaveIsSetAside(t *testing.T) {
	f := open(t, t.TempDir())
	os.WriteFile(f.BackupPath(), []byte("good backup"), 0o644)
	damaged := func(string) error { return errors.New("damaged") }
	var asides []string
	for i := range 3 { // three in the same second get three names
		os.WriteFile(f.AutosavePath(), []byte{'d', byte('0' + i)}, 0o644)
		if err := f.Autosaver(damaged, false).Write([]byte("new")); err != nil {
			t.Fatal(err)
		}
		ms, _ := filepath.Glob(filepath.Join(f.Dir, "autosave.damaged-*.json"))
		asides = ms
	}
	if len(asides) != 3 {
		t.Fatalf("set aside: %v", asides)
	}
	got := map[string]bool{}
	for _, p := range asides {
		b, _ := os.ReadFile(p)
		got[string(b)] = true
	}
	if !got["d0"] || !got["d1"] || !got["d2"] {
		t.Errorf("the damaged files' contents were not all kept: %v", got)
	}
	if b, _ := os.ReadFile(f.BackupPath()); string(b) != "good backup" {
		t.Errorf("the backup became %q", b)
	}
	p, err := f.SetAside(filepath.Join(f.Dir, "missing.json"))
	if err == nil {
		t.Errorf("setting aside a missing file gave %s", p)
	}
}

func TestCrashReport(t *testing.T) {
	f := open(t, t.TempDir())
	when := time.Date(2026, 11, 22, 7, 30, 12, 0, time.UTC)
	c := Crash{Panic: "boom", Stack: []byte("goroutine 1 [running]:\nmain.main()"), Save: []byte(`{"version":1}`), When: when}
	p1, err := f.WriteCrash(c)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := f.WriteCrash(c)
	if err != nil {
		t.Fatal(err)
	}
	if p1 == p2 || filepath.Dir(p1) != f.CrashDir() {
		t.Fatalf("crash reports at %s and %s", p1, p2)
	}
	b, _ := os.ReadFile(p1)
	for _, want := range []string{"panic: boom", "version: ", "main.main()", `{"version":1}`, "2026-11-22T07:30:12Z"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("the report lacks %q:\n%s", want, b)
		}
	}
}
