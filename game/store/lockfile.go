package store

import "sync"

// LockFile takes the exclusive lock on the file at path (created if
// missing), without waiting, for one window at a time: ok is false, and
// nothing is held, while another holder keeps it, whether another running
// copy of the program or another LockFile in this one. release drops the
// lock; calling it more than once does nothing. The lock file is a marker
// and is never removed (removing it would let two holders lock two
// different files under one name); lock the marker, not the data file
// itself, since an atomic write replaces the data file with a new one.
// A killed holder's lock is dropped by the kernel. As with the autosave's
// lock, it is a Unix feature: elsewhere every LockFile is granted.
func LockFile(path string) (release func(), ok bool, err error) {
	f, err := lockExclusive(path)
	if err != nil || f == nil {
		return nil, false, err
	}
	var once sync.Once
	return func() { once.Do(func() { f.Close() }) }, true, nil // closing drops the flock
}
