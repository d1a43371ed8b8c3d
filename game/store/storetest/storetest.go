// Package storetest holds helpers for the tests of code that reads the files
// a user names (saves, scenarios, posses, maps, campaigns): hostile files
// such as named pipes that would block a read for ever.
package storetest

import (
	"testing"
	"time"
)

// Within fails the test if f has not returned after d: a read that blocks on
// a named pipe would otherwise hang the test for ever.
func Within(t testing.TB, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still blocked after %v", what, d)
	}
}
