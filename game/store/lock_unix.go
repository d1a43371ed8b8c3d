//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// lockRunning opens the running-copies lock file and takes it exclusively
// if no other copy runs (alone), else shared.
func lockRunning(path string) (f *os.File, alone bool, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		return f, true, nil
	}
	if !errors.Is(err, syscall.EWOULDBLOCK) {
		f.Close()
		return nil, false, err
	}
	// Another copy runs; it holds the lock exclusively only while it
	// removes leftovers, so this waits at most that long.
	if err := lockShared(f); err != nil {
		f.Close()
		return nil, false, err
	}
	return f, false, nil
}

// lockShared takes (or turns an exclusive lock into) a shared lock.
func lockShared(f *os.File) error { return flockRetry(f, syscall.LOCK_SH) }

// lockExclusive takes an exclusive lock without waiting; it returns nil,
// nil when another process holds it.
func lockExclusive(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		f.Close()
		return nil, nil
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func flockRetry(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
