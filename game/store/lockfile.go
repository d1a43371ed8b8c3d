package store

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"cowpoke/game/words"
)

// One locking mechanism serves every file the program rewrites: a lock on
// a marker file (flock on Unix, LockFileEx on Windows), taken or refused at
// once, never waited for, and recording its holder's pid so the refusal
// can name it. The marker is locked, not the data file, because an atomic
// write replaces the data file with a new one; the marker is never removed
// (removing it would let two holders lock two different files under one
// name). The kernel drops a killed holder's lock; the pid it leaves in the
// marker is only read while the lock is held by someone.

// Lock is a held exclusive lock.
type Lock struct {
	f    *os.File
	once sync.Once
}

// Release drops the lock; calling it more than once does nothing.
func (l *Lock) Release() {
	if l == nil {
		return
	}
	l.once.Do(func() { l.f.Close() }) // closing drops the lock
}

// HeldError is the refusal of a lock another holder keeps: another
// running program, or another holder in this one (PID is then this
// program's). PID is 0 when the holder's pid could not be read.
type HeldError struct {
	Path string // the marker file
	PID  int
}

func (e *HeldError) Error() string {
	return fmt.Sprintf("%s is open in another program%s", words.Safe(e.Path), e.Holder())
}

// Holder is " (pid N)", or "" when the pid is unknown.
func (e *HeldError) Holder() string {
	if e.PID <= 0 {
		return ""
	}
	return fmt.Sprintf(" (pid %d)", e.PID)
}

// TryLock takes the exclusive lock on the marker file at path (created if
// missing) without waiting, and writes this program's pid into it. While
// another holder keeps it, the error is a *HeldError naming that holder's
// pid.
func TryLock(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, pathError(path, err)
	}
	ok, err := tryLock(f, true)
	if err != nil {
		f.Close()
		return nil, pathError(path, err)
	}
	if !ok {
		pid := readPID(f)
		f.Close()
		return nil, &HeldError{Path: path, PID: pid}
	}
	// Record the holder. A failure here leaves the lock good, only
	// anonymous to whoever is refused.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// readPID reads the pid a holder wrote into a marker.
func readPID(f *os.File) int {
	buf := make([]byte, 32)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

// LockPath is the marker file of a data file the program rewrites: its
// name with ".lock" in place of ".json" ("campaign.json" is locked by
// "campaign.lock"), or ".lock" added.
func LockPath(path string) string { return strings.TrimSuffix(path, ".json") + ".lock" }

// LockPathOf is the marker that LockData locks for the data file at path:
// LockPath of the file a symbolic link at path names (of path itself when
// the link cannot be read: LockData then refuses).
func LockPathOf(path string) string {
	if target, err := resolveLinks(path); err == nil {
		path = target
	}
	return LockPath(path)
}

// LockData takes the exclusive lock of the data file at path (LockPath's
// marker). A symbolic link is followed first, so a link and the file it
// names share one lock.
func LockData(path string) (*Lock, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return nil, err
	}
	return TryLock(LockPath(target))
}

// LockOutput takes the exclusive lock of an output the program writes
// whole (a CSV, a report, a folder of saves): a hidden marker beside it,
// ".NAME.lock", beside the file a symbolic link names. While another
// holder keeps it the error is a *HeldError.
func LockOutput(path string) (*Lock, error) {
	target, err := resolveLinks(filepath.Clean(path))
	if err != nil {
		return nil, err
	}
	return TryLock(filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".lock"))
}

// LockFile is TryLock for the window: ok is false, and nothing is held,
// while another holder keeps it. release drops the lock; calling it more
// than once does nothing.
func LockFile(path string) (release func(), ok bool, err error) {
	l, err := TryLock(path)
	var held *HeldError
	if errors.As(err, &held) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return l.Release, true, nil
}

// lockRunning opens the running-copies lock file and takes it exclusively
// if no other copy runs (alone), else shared.
func lockRunning(path string) (f *os.File, alone bool, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	ok, err := tryLock(f, true)
	if err != nil {
		f.Close()
		return nil, false, err
	}
	if ok {
		return f, true, nil
	}
	// Another copy runs; it holds the lock exclusively only while it
	// removes leftovers, so this waits at most that long.
	if err := waitLock(f, false); err != nil {
		f.Close()
		return nil, false, err
	}
	return f, false, nil
}

// lockShared turns the running lock into a shared one.
func lockShared(f *os.File) error { return waitLock(f, false) }

// resolveLinks follows symbolic links from path to the file they name (a
// file that need not exist yet), at most 40 deep as the kernel does.
func resolveLinks(path string) (string, error) {
	p := path
	for range 40 {
		info, err := os.Lstat(p)
		if errors.Is(err, os.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", pathError(path, err)
		}
		if info.Mode()&os.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", pathError(path, err)
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", fmt.Errorf("%s: too many symbolic links", words.Safe(path))
}
