//go:build unix

package store

import (
	"path/filepath"
	"testing"
)

// Two windows on one campaign: the second lock on the same path is refused
// while the first is held, and granted once it is released.
func TestLockFileOneHolderAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "campaign.lock")
	release, ok, err := LockFile(path)
	if err != nil || !ok {
		t.Fatalf("the first lock: ok %v, %v", ok, err)
	}
	if again, ok, err := LockFile(path); ok || err != nil || again != nil {
		t.Fatalf("a second lock while the first is held: ok %v, %v", ok, err)
	}
	other, ok, err := LockFile(filepath.Join(filepath.Dir(path), "other.lock"))
	if err != nil || !ok {
		t.Fatalf("another file's lock: ok %v, %v", ok, err)
	}
	other()
	release()
	release() // a second release does nothing
	second, ok, err := LockFile(path)
	if err != nil || !ok {
		t.Fatalf("the lock after its release: ok %v, %v", ok, err)
	}
	second()
}

func TestLockFileReportsFailures(t *testing.T) {
	if _, ok, err := LockFile(filepath.Join(t.TempDir(), "missing", "x.lock")); ok || err == nil {
		t.Errorf("a lock in a missing folder: ok %v, %v", ok, err)
	}
}
