package store

import (
	"bytes"
	"fmt"
	"runtime"
	"runtime/debug"
	"time"
)

// Crash is what a crash report holds.
type Crash struct {
	Panic any       // the value the program panicked with
	Stack []byte    // the goroutine's stack at the panic
	Save  []byte    // the match in progress as a save file, or nil
	When  time.Time // when it happened
}

// Version names this build: the module version and the VCS revision Go
// recorded, with "+dirty" for uncommitted changes.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " " + rev + dirty
	}
	return v + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}

// Report is the text of a crash report: what went wrong, the version, the
// stack, and the match's save (which `cowpoke replay` reads once cut out).
func (c Crash) Report() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Cowpoke crash report\n")
	fmt.Fprintf(&b, "time: %s\n", c.When.Format(time.RFC3339))
	fmt.Fprintf(&b, "version: %s\n", Version())
	fmt.Fprintf(&b, "panic: %v\n\n", c.Panic)
	fmt.Fprintf(&b, "stack:\n%s\n", c.Stack)
	if c.Save != nil {
		fmt.Fprintf(&b, "save (the match in progress, as a save file):\n%s\n", c.Save)
	} else {
		fmt.Fprintf(&b, "save: no match was in progress\n")
	}
	return b.Bytes()
}

// WriteCrash writes a crash report into the crashes folder under a new name
// ("crash-20261122-073012.txt") and returns its path.
func (f *Folder) WriteCrash(c Crash) (string, error) {
	return WriteFileNew(f.CrashDir(), "crash-"+c.When.Format("20060102-150405"), ".txt", c.Report())
}
