// Package store is the player's data folder ($XDG_DATA_HOME/cowpoke or
// ~/.local/share/cowpoke): the autosave and its backup, damaged autosaves set
// aside, named saves that never collide, crash reports, the cleanup of temporary
// files left by interrupted writes, and the lock that keeps a second running
// copy of the program from writing over the first one's autosave.
//
// It deals in bytes and paths; what a save means is package game's business.
// Every write is atomic (WriteFileAtomic): a crash or a kill -9 leaves the old
// file or the new one, never half of one.
package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// File names inside the data folder.
const (
	autosaveName = "autosave.json"
	backupName   = "autosave.backup.json"
	savesDir     = "saves"
	crashDir     = "crashes"
	tmpSuffix    = ".tmp" // the ending of every temporary file this package makes
)

// DefaultDir is the user's data folder for Cowpoke: $XDG_DATA_HOME/cowpoke,
// else ~/.local/share/cowpoke.
func DefaultDir() (string, error) {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("no home directory for the data folder")
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "cowpoke"), nil
}

// Folder is an open data folder. Close it when the program ends, so the next
// copy may own the autosave.
type Folder struct {
	Dir string

	running  *os.File // shared lock held while this copy runs
	autosave *Lock    // exclusive lock on the autosave; nil if another copy owns it
	holder   string   // " (pid N)": the copy that owns the autosave instead
	// Removed lists the temporary files of interrupted writes that Open
	// deleted.
	Removed []string
}

// Open creates the folder if needed, takes the autosave's lock if no other
// running copy holds it, and, when no other copy runs at all, removes the
// temporary files that interrupted writes left behind.
func Open(dir string) (*Folder, error) {
	for _, d := range []string{dir, filepath.Join(dir, savesDir), filepath.Join(dir, crashDir)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("data folder: %v", err)
		}
	}
	f := &Folder{Dir: dir}
	running, alone, err := lockRunning(filepath.Join(dir, ".running.lock"))
	if err != nil {
		return nil, fmt.Errorf("data folder: %v", err)
	}
	f.running = running
	if alone {
		// No other copy is writing: every temporary file is a leftover.
		if err := f.removeLeftovers(); err != nil {
			f.Close()
			return nil, err
		}
	}
	if alone {
		// Others may start now; they wait for nothing but this lock's
		// exclusive hold, which ends here.
		if err := lockShared(f.running); err != nil {
			f.Close()
			return nil, fmt.Errorf("data folder: %v", err)
		}
	}
	f.autosave, err = TryLock(filepath.Join(dir, ".autosave.lock"))
	var held *HeldError
	if errors.As(err, &held) {
		f.holder, err = held.Holder(), nil
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("data folder: %v", err)
	}
	return f, nil
}

// Close releases the locks.
func (f *Folder) Close() error {
	f.autosave.Release()
	var err error
	if f.running != nil {
		err = f.running.Close() // closing drops the lock
	}
	f.autosave, f.running = nil, nil
	return err
}

// OwnsAutosave reports whether this copy may write the autosave: false when
// another running copy of the program holds it.
func (f *Folder) OwnsAutosave() bool { return f.autosave != nil }

// AutosavePath is the autosave's file.
func (f *Folder) AutosavePath() string { return filepath.Join(f.Dir, autosaveName) }

// BackupPath is the previous match's autosave, kept when a new one begins.
func (f *Folder) BackupPath() string { return filepath.Join(f.Dir, backupName) }

// SavesDir is where named saves (Ctrl+S) go.
func (f *Folder) SavesDir() string { return filepath.Join(f.Dir, savesDir) }

// CrashDir is where crash reports go.
func (f *Folder) CrashDir() string { return filepath.Join(f.Dir, crashDir) }

// removeLeftovers deletes the temporary files of interrupted writes in the
// folder and its subfolders.
func (f *Folder) removeLeftovers() error {
	for _, d := range []string{f.Dir, f.SavesDir(), f.CrashDir()} {
		entries, err := os.ReadDir(d)
		if err != nil {
			return fmt.Errorf("data folder: %v", err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !isTemp(e.Name()) {
				continue
			}
			p := filepath.Join(d, e.Name())
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("data folder: removing a leftover temporary file: %v", err)
			}
			f.Removed = append(f.Removed, p)
		}
	}
	return nil
}

// isTemp reports whether a name is one of this package's temporary files
// (".NAME.RANDOM.tmp").
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, tmpSuffix)
}

// Autosaver writes one match's autosave. The first write of a new match
// keeps the previous autosave as the backup (or sets it aside if it is
// damaged), so starting a match never destroys the last one.
type Autosaver struct {
	f       *Folder
	check   func(path string) error
	started bool
}

// Autosaver begins the autosave of a match. check tells a whole save from a
// damaged one (it loads the file); the previous autosave becomes the backup
// only if check passes, else it is set aside under its own name.
// continuing says the match is the autosave's own (Continue): its first
// write then replaces it without touching the backup.
func (f *Folder) Autosaver(check func(path string) error, continuing bool) *Autosaver {
	return &Autosaver{f: f, check: check, started: continuing}
}

// Write replaces the autosave with data. It refuses when another running
// copy owns the autosave.
func (s *Autosaver) Write(data []byte) error {
	f := s.f
	if !f.OwnsAutosave() {
		return errors.New("another copy of Cowpoke is running and keeps the autosave" + f.holder)
	}
	if !s.started {
		if _, err := f.KeepPrevious(s.check); err != nil {
			return err
		}
		s.started = true
	}
	return WriteFileAtomic(f.AutosavePath(), data)
}

// KeepPrevious moves the autosave out of the way before a new match writes
// it: a whole one becomes the backup (replacing the older backup); a damaged
// one is set aside under a new name, which it returns.
func (f *Folder) KeepPrevious(check func(path string) error) (damaged string, err error) {
	path := f.AutosavePath()
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if check != nil {
		if cerr := check(path); cerr != nil {
			return f.SetAside(path)
		}
	}
	if err := os.Rename(path, f.BackupPath()); err != nil {
		return "", fmt.Errorf("keeping the previous autosave as the backup: %v", err)
	}
	return "", syncDir(f.Dir)
}

// SetAside renames a damaged save to a name nothing writes over
// ("autosave.damaged-20261122-073012.json", then "-2", "-3"...) and
// returns the new path.
func (f *Folder) SetAside(path string) (string, error) {
	base := strings.TrimSuffix(filepath.Base(path), ".json")
	stamp := time.Now().Format("20060102-150405")
	for n := 1; n < 1000; n++ {
		name := fmt.Sprintf("%s.damaged-%s.json", base, stamp)
		if n > 1 {
			name = fmt.Sprintf("%s.damaged-%s-%d.json", base, stamp, n)
		}
		to := filepath.Join(filepath.Dir(path), name)
		// A hard link fails if the name exists: nothing is overwritten.
		if err := os.Link(path, to); err != nil {
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return "", fmt.Errorf("setting the damaged %s aside: %v", filepath.Base(path), err)
		}
		if err := os.Remove(path); err != nil {
			return "", fmt.Errorf("setting the damaged %s aside: %v", filepath.Base(path), err)
		}
		return to, syncDir(filepath.Dir(path))
	}
	return "", fmt.Errorf("setting the damaged %s aside: too many damaged files already", filepath.Base(path))
}

// WriteSave writes a named save into the saves folder under a name no other
// save has: "cowpoke-20261122-073012.345.json", with "-2", "-3"... if two
// saves fall in the same millisecond. It returns the path.
func (f *Folder) WriteSave(data []byte, now time.Time) (string, error) {
	return WriteFileNew(f.SavesDir(), "cowpoke-"+now.Format("20060102-150405.000"), ".json", data)
}
