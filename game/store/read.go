package store

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"

	"cowpoke/game/words"
)

// Size limits of the files a player names, by kind: far above any real
// file of that kind, low enough that no file can exhaust memory.
const (
	MaxPosseBytes    = 1 << 20   // a posse: a few kilobytes
	MaxScenarioBytes = 4 << 20   // up to four posses and a few settings
	MaxMapBytes      = 8 << 20   // a Tiled map; the built-in ones are under 100 KB
	MaxCampaignBytes = 16 << 20  // a campaign's posses and match history
	MaxSaveBytes     = 24 << 20  // 50,000 commands with their checks and reasons
	MaxReportBytes   = 256 << 20 // a sim's --json output: about 200 bytes a match
)

// OpenRegular opens a file a user named, for reading, only if it is a
// regular file: a FIFO, a device (/dev/zero, a terminal), a socket or a
// folder is refused at once with one line naming it. The file is opened
// without blocking (a FIFO with no writer would hang open(2)) and checked
// on the open descriptor, so a file swapped after a first look is caught.
// Every error names the file through words.Safe.
func OpenRegular(path string) (*os.File, error) {
	if info, err := os.Stat(path); err != nil {
		return nil, pathError(path, err)
	} else if !info.Mode().IsRegular() {
		return nil, NotRegular(path, info.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, pathError(path, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, pathError(path, err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, NotRegular(path, info.Mode())
	}
	return f, nil
}

// ReadRegular reads a file a user named: a regular file only
// (OpenRegular), at most max bytes (one of the Max...Bytes above), never
// more into memory.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadBounded(f, path, max)
}

// ReadBounded reads r to its end, at most max bytes and never more into
// memory; name (the file's) starts the errors.
func ReadBounded(r io.Reader, name string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, pathError(name, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: larger than %s: not a file of this kind", words.Safe(name), sizeWords(max))
	}
	return data, nil
}

// NotRegular is the error for a path that is not a regular file.
func NotRegular(path string, mode fs.FileMode) error {
	return fmt.Errorf("%s: not a regular file (%s)", words.Safe(path), DescribeMode(mode))
}

// DescribeMode names a kind of file that is not a regular one.
func DescribeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a plain file"
}

// pathError says err in one line that names path safely: an os error's
// own text would print the name raw ("open x\nResult: ...: no such file").
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no such file (%w)", words.Safe(path), fs.ErrNotExist)
	}
	return fmt.Errorf("%s: %w", words.Safe(path), err)
}

// sizeWords is a byte limit as a person says it: "16 MiB", "900 bytes".
func sizeWords(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
