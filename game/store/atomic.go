package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// WriteFileAtomic writes data so that a crash leaves either the old file or
// the new one, never half of one: a temporary file beside it (".NAME.*.tmp",
// removed by the next Open if the write is interrupted), fsync, rename, then
// fsync of the folder, whose error is reported like any other.
func WriteFileAtomic(path string, data []byte) error {
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(path))
}

// WriteFileNew writes data to a new file in dir named prefix+suffix, or
// prefix+"-2"+suffix, "-3"... if that name is taken: it never replaces a
// file, even one another process writes at the same moment. It is atomic
// like WriteFileAtomic and returns the path written.
func WriteFileNew(dir, prefix, suffix string, data []byte) (string, error) {
	tmp, err := writeTemp(filepath.Join(dir, prefix+suffix), data)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp)
	for n := 1; n <= 1000; n++ {
		path := filepath.Join(dir, prefix+suffix)
		if n > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", prefix, n, suffix))
		}
		// link(2) refuses an existing name, where rename would replace it.
		err := os.Link(tmp, path)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		return path, syncDir(dir)
	}
	return "", fmt.Errorf("%s: a thousand files already have this name", filepath.Join(dir, prefix+suffix))
}

// writeTemp writes data to a synced temporary file beside path and returns
// its name.
func writeTemp(path string, data []byte) (string, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*"+tmpSuffix)
	if err != nil {
		return "", err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// syncDir makes a rename in dir durable. File systems that cannot sync a
// folder at all (EINVAL, ENOTSUP) are not an error; any other failure is.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("the file was written but its folder could not be synced: %v", err)
	}
	err = d.Sync()
	d.Close()
	if err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("the file was written but its folder could not be synced: %v", err)
	}
	return nil
}
