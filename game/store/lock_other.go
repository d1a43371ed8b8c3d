//go:build !unix

package store

import "os"

// Without flock every copy believes it runs alone: the lock is a Unix
// feature here (see README).

func lockRunning(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	return f, err == nil, err
}

func lockShared(f *os.File) error { return nil }

func lockExclusive(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}
