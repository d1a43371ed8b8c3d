//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// lockingWorks: flock(2) is the lock on Unix (Linux, macOS, the BSDs). It
// belongs to the open file, so two opens in one program exclude each other
// as two programs do, and the kernel drops it when its holder dies.
const lockingWorks = true

// tryLock takes f's lock without waiting: ok is false while another
// holder has it.
func tryLock(f *os.File, exclusive bool) (ok bool, err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	err = flockRetry(f, how|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// waitLock takes f's lock, waiting for it (or turns an exclusive lock
// into a shared one).
func waitLock(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	return flockRetry(f, how)
}

func flockRetry(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
