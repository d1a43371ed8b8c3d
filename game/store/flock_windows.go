//go:build windows

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockingWorks: LockFileEx is the lock on Windows. It locks one byte far
// beyond the end of the file, so the holder's pid written at its start
// stays readable to the program that is refused.
const lockingWorks = true

const lockOffset = 1 << 30

func lockFileEx(f *os.File, flags uint32) error {
	ol := windows.Overlapped{Offset: lockOffset}
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, &ol)
}

func tryLock(f *os.File, exclusive bool) (ok bool, err error) {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	err = lockFileEx(f, flags)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return false, nil
	}
	return err == nil, err
}

// waitLock takes f's lock, waiting for it. Windows cannot turn an
// exclusive lock into a shared one in place: the exclusive lock is
// dropped first (a moment when another copy may take it exclusively,
// which only lets it clean leftovers, as this copy just did).
func waitLock(f *os.File, exclusive bool) error {
	ol := windows.Overlapped{Offset: lockOffset}
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol) // not held: an error, ignored
	var flags uint32
	if exclusive {
		flags = windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	return lockFileEx(f, flags)
}
