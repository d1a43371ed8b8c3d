package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"cowpoke/game/words"
)

// WriteFileAtomic writes data so that a crash leaves either the old file or
// the new one, never half of one: a temporary file beside it (".NAME.*.tmp",
// removed on every error and by the next write if the program was killed),
// fsync, rename, then fsync of the folder, whose error is reported like any
// other.
//
// It replaces only what is a regular file (or nothing yet): a device, a
// FIFO, a socket or a folder at path is refused, never replaced by a file.
// A symbolic link is followed: the file it names is replaced and the link
// stays a link. An existing file keeps its permissions; a new one is
// readable by its owner only (0600).
func WriteFileAtomic(path string, data []byte) error {
	return WriteFileAtomicPerm(path, data, 0o600)
}

// WriteFileAtomicPerm is WriteFileAtomic giving a new file the permissions
// perm (0644 for an output others may read); an existing file keeps its
// own.
func WriteFileAtomicPerm(path string, data []byte, perm fs.FileMode) error {
	target, mode, err := outputTarget(path, perm)
	if err != nil {
		return err
	}
	tmp, err := writeTemp(target, data, mode)
	if err != nil {
		return err
	}
	defer tmp.Close() // after the rename: the lock marks a write in progress
	if err := os.Rename(tmp.Name(), target); err != nil {
		os.Remove(tmp.Name())
		return pathError(path, err)
	}
	return syncDir(filepath.Dir(target))
}

// WriteFileNew writes data to a new file in dir named prefix+suffix, or
// prefix+"-2"+suffix, "-3"... if that name is taken: it never replaces a
// file, even one another process writes at the same moment. It is atomic
// like WriteFileAtomic and returns the path written.
func WriteFileNew(dir, prefix, suffix string, data []byte) (string, error) {
	return writeNew(dir, prefix, suffix, data, 1000)
}

// WriteFileExclusive writes data to path atomically only if nothing is
// there: an existing file, even one another process writes at the same
// moment, is never replaced (the error is then fs.ErrExist).
func WriteFileExclusive(path string, data []byte) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists already: %w", words.Safe(path), fs.ErrExist)
	}
	ext := filepath.Ext(path)
	_, err := writeNew(filepath.Dir(path), strings.TrimSuffix(filepath.Base(path), ext), ext, data, 1)
	return err
}

func writeNew(dir, prefix, suffix string, data []byte, tries int) (string, error) {
	tmp, err := writeTemp(filepath.Join(dir, prefix+suffix), data, 0o600)
	if err != nil {
		return "", err
	}
	defer tmp.Close()
	defer os.Remove(tmp.Name())
	for n := 1; n <= tries; n++ {
		path := filepath.Join(dir, prefix+suffix)
		if n > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", prefix, n, suffix))
		}
		// link(2) refuses an existing name, where rename would replace it.
		err := os.Link(tmp.Name(), path)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", pathError(path, err)
		}
		return path, syncDir(dir)
	}
	if tries == 1 {
		return "", fmt.Errorf("%s exists already: %w", words.Safe(filepath.Join(dir, prefix+suffix)), fs.ErrExist)
	}
	return "", fmt.Errorf("%s: a thousand files already have this name", words.Safe(filepath.Join(dir, prefix+suffix)))
}

// CheckOutput says, before any work is done, whether an output can be
// written at path: nil when it is a regular file or a link to one, or
// nothing yet in a folder that exists (WriteFileAtomic would make a
// missing folder; an output named in a folder that is not there is more
// likely a mistake).
func CheckOutput(path string) error {
	target, _, err := outputTarget(path, 0)
	if err != nil {
		return err
	}
	if info, err := os.Stat(filepath.Dir(target)); err != nil || !info.IsDir() {
		return fmt.Errorf("%s: the folder %s does not exist", words.Safe(path), words.Safe(filepath.Dir(target)))
	}
	return nil
}

// outputTarget is the file a write to path replaces (path, or the file a
// symbolic link at path names) and the permissions the new file gets: the
// existing file's, else perm. It refuses what is not a regular file.
func outputTarget(path string, perm fs.FileMode) (string, fs.FileMode, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return "", 0, err
	}
	info, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, perm, nil
	case err != nil:
		return "", 0, pathError(path, err)
	case !info.Mode().IsRegular():
		return "", 0, fmt.Errorf("%s: not a regular file (%s): it is never replaced, only a regular file is written", words.Safe(path), DescribeMode(info.Mode()))
	}
	return target, info.Mode().Perm(), nil
}

// writeTemp writes data to a synced temporary file beside path, with the
// permissions perm, and returns it open and locked: the caller closes it
// once it is renamed or linked into place. The lock marks a write in
// progress, so that removeStaleTemps beside it, in this or any other
// program, never takes it for a leftover.
func writeTemp(path string, data []byte, perm fs.FileMode) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, pathError(dir, err)
	}
	removeStaleTemps(dir)
	tmp, err := lockedTemp(dir, filepath.Base(path))
	if err != nil {
		return nil, pathError(path, err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, pathError(path, err)
	}
	return tmp, nil
}

// lockedTemp creates a temporary file for base in dir and locks it. Another
// program's removeStaleTemps may remove it in the instant between the two;
// then it is made again.
func lockedTemp(dir, base string) (*os.File, error) {
	for {
		tmp, err := os.CreateTemp(dir, "."+base+".*"+tmpSuffix)
		if err != nil {
			return nil, err
		}
		tryLock(tmp, true) // a fresh file: nobody else holds it
		a, errA := tmp.Stat()
		b, errB := os.Lstat(tmp.Name())
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return tmp, nil
		}
		tmp.Close()
	}
}

// staleAge is how old a temporary file must be to be taken for a leftover
// where no lock tells a live write from a dead one.
const staleAge = 24 * time.Hour

// removeStaleTemps removes, from dir, the temporary files of this package
// (".NAME.DIGITS.tmp") that no program is writing any more: every writer
// holds its temporary file's lock until the file is in place, so one
// nobody holds was left by a killed writer (kill -9, a power cut). Where
// the platform has no lock, only those over a day old go.
func removeStaleTemps(dir string) {
	if !cleanedLately.due(dir) {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !isOurTemp(name) {
			continue
		}
		if !lockingWorks {
			if info, err := e.Info(); err != nil || time.Since(info.ModTime()) <= staleAge {
				continue
			}
		}
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			continue
		}
		if ok, _ := tryLock(f, true); ok {
			os.Remove(p)
		}
		f.Close()
	}
}

// cleanedLately remembers when this program last looked for leftovers in
// each folder, so that writing many files into one folder (sim --save-dir:
// thousands of saves) lists it once a minute rather than once a file, which
// would cost time growing with the square of the files. It is a cache of
// an idempotent cleanup: whatever it holds, every write is correct.
var cleanedLately = cleanupCache{at: map[string]time.Time{}}

type cleanupCache struct {
	mu sync.Mutex
	at map[string]time.Time
}

const cleanupInterval = time.Minute

// due reports whether dir is to be cleaned now, and if so notes it.
func (c *cleanupCache) due(dir string) bool {
	key, err := filepath.Abs(dir)
	if err != nil {
		key = dir
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.at[key]; ok && time.Since(t) < cleanupInterval {
		return false
	}
	c.at[key] = time.Now()
	return true
}

// isOurTemp reports whether name is one of this package's temporary files:
// ".NAME.DIGITS.tmp", as os.CreateTemp names them here.
func isOurTemp(name string) bool {
	if !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, tmpSuffix) {
		return false
	}
	rest := strings.TrimSuffix(name, tmpSuffix)
	i := strings.LastIndexByte(rest, '.')
	if i <= 0 || i == len(rest)-1 {
		return false
	}
	for _, c := range rest[i+1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// syncDir makes a rename in dir durable. File systems that cannot sync a
// folder at all (EINVAL, ENOTSUP) are not an error; any other failure is.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("the file was written but its folder could not be synced: %v", err)
	}
	err = d.Sync()
	d.Close()
	if err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("the file was written but its folder could not be synced: %v", err)
	}
	return nil
}
