//go:build unix

package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cowpoke/game/store/storetest"
)

// Every kind of file that is not a regular one is refused at once, in one
// line naming it: a FIFO nobody writes to (open(2) would block), /dev/zero
// (endless), a folder; a file over the limit is refused after reading at
// most the limit.
func TestReadRegularRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "posse.json")
	storetest.Mkfifo(t, fifo)
	big := filepath.Join(dir, "big.json")
	os.WriteFile(big, make([]byte, 2000), 0o644)
	for _, c := range []struct{ path, want string }{
		{fifo, "not a regular file (a named pipe)"},
		{"/dev/zero", "not a regular file (a device)"},
		{dir, "not a regular file (a folder)"},
		{big, "larger than 1000 bytes"},
		{filepath.Join(dir, "missing.json"), "no such file"},
	} {
		storetest.Within(t, 2*time.Second, c.path, func() {
			_, err := ReadRegular(c.path, 1000)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("ReadRegular(%s): %v, want one line with %q", c.path, err, c.want)
			}
		})
	}
	ok := filepath.Join(dir, "ok.json")
	os.WriteFile(ok, []byte("{}"), 0o644)
	if data, err := ReadRegular(ok, 1000); err != nil || string(data) != "{}" {
		t.Errorf("a small regular file: %q, %v", data, err)
	}
}

// A name with a newline, an escape sequence or a right-to-left override
// reaches an error message escaped: it cannot forge a line of output.
func TestErrorsQuoteHostileNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"x\nResult: Lawmen win", "\x1b[31mred", "gpj\u202e.json"} {
		_, err := ReadRegular(filepath.Join(dir, name), 100)
		if err == nil {
			t.Fatalf("%q: read a missing file", name)
		}
		if msg := err.Error(); strings.ContainsAny(msg, "\n\x1b\u202e") || !strings.Contains(msg, strconv.Quote(filepath.Join(dir, name))) {
			t.Errorf("the error for %q is %q", name, msg)
		}
	}
}

// An output is written through a symbolic link into the file it names (the
// link stays a link); a device or a FIFO is refused and stays what it was.
func TestWriteFileAtomicFollowsLinksAndRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.csv")
	os.WriteFile(target, []byte("old"), 0o640)
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink("real.csv", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("the link's target holds %q", b)
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o640 {
		t.Errorf("the target's permissions became %v", info.Mode().Perm())
	}
	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "dangling.csv")
	os.Symlink("made.csv", dangling)
	if err := WriteFileAtomic(dangling, []byte("made")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "made.csv")); string(b) != "made" {
		t.Errorf("through a dangling link: %q", b)
	}

	fifo := filepath.Join(dir, "out.fifo")
	storetest.Mkfifo(t, fifo)
	devLink := filepath.Join(dir, "null.csv")
	os.Symlink(os.DevNull, devLink)
	for _, p := range []string{fifo, os.DevNull, devLink, dir} {
		storetest.Within(t, 2*time.Second, p, func() {
			err := WriteFileAtomic(p, []byte("x"))
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("writing %s: %v", p, err)
			}
		})
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", info.Mode())
	}
	if info, err := os.Stat(os.DevNull); err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("%s became %v", os.DevNull, info.Mode())
	}
	if ts := temps(t, dir); len(ts) > 0 {
		t.Errorf("temporary files left: %v", ts)
	}
}

// A device node made by the test (root only: mknod) is refused and stays
// a device.
func TestWriteFileAtomicLeavesADeviceNode(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("making a device node needs root; TestWriteFileAtomicFollowsLinksAndRefusesSpecialFiles covers /dev/null")
	}
	dev := filepath.Join(t.TempDir(), "out.csv")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // /dev/null's numbers
		t.Skipf("mknod: %v", err)
	}
	if err := WriteFileAtomic(dev, []byte("x")); err == nil || !strings.Contains(err.Error(), "a device") {
		t.Errorf("writing a device node: %v", err)
	}
	if info, _ := os.Lstat(dev); info.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("the device node became %v", info.Mode())
	}
}

// Temporary files left by killed writers (no one holds their lock) are
// removed by the next write in their folder, whatever output they were
// for; one a live writer holds, and files not of this package's pattern,
// are kept.
func TestNextWriteRemovesDeadWritersTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "campaign.json")
	dead := filepath.Join(dir, ".campaign.json.12345.tmp")
	deadOther := filepath.Join(dir, ".match-00007.json.4242.tmp") // another output's, killed
	live := filepath.Join(dir, ".campaign.json.67890.tmp")
	liveOther := filepath.Join(dir, ".out.csv.4343.tmp")
	notOurs := []string{filepath.Join(dir, ".notes.txt"), filepath.Join(dir, ".mine.backup.tmp"), filepath.Join(dir, "x.123.tmp")}
	for _, p := range append([]string{dead, deadOther, live, liveOther}, notOurs...) {
		os.WriteFile(p, []byte("x"), 0o644)
	}
	twoDays := time.Now().Add(-48 * time.Hour)
	for _, p := range notOurs {
		os.Chtimes(p, twoDays, twoDays)
	}
	for _, p := range []string{live, liveOther} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if ok, err := tryLock(f, true); !ok || err != nil {
			t.Fatal(ok, err)
		}
	}
	if err := WriteFileAtomic(target, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dead, deadOther} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s, a dead writer's temporary file, survived the next write", filepath.Base(p))
		}
	}
	for _, p := range append([]string{live, liveOther}, notOurs...) {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// A lock records its holder's pid, and the refusal names it; a second
// holder in the same program is refused too.
func TestTryLockNamesTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "campaign.lock")
	l, err := TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = TryLock(path)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != os.Getpid() {
		t.Fatalf("the second lock: %v", err)
	}
	if !strings.Contains(err.Error(), "(pid "+strconv.Itoa(os.Getpid())+")") {
		t.Errorf("the refusal says %q", err)
	}
	l.Release()
	l.Release()
	l2, err := TryLock(path)
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	l2.Release()
	// A link and the file it names share one lock.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "c.json"), []byte("{}"), 0o644)
	os.Symlink("c.json", filepath.Join(dir, "alias.json"))
	a, err := LockData(filepath.Join(dir, "alias.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	if _, err := LockData(filepath.Join(dir, "c.json")); !errors.As(err, &held) {
		t.Errorf("the file behind a locked link: %v", err)
	}
}
