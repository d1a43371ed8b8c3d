//go:build !unix

package storetest

import "testing"

// Mkfifo skips the test: named pipes of this kind exist only on Unix.
func Mkfifo(t testing.TB, path string) {
	t.Helper()
	t.Skip("named pipes are a Unix thing")
}
