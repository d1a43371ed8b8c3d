package game

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"

	"cowpoke/game/board"
	"cowpoke/maps"
)

// mapRef is a map as a scenario or a save names it.
type mapRef struct {
	Name   string // an embedded map ("town.tmx") or a path
	Pinned bool   // a version-2 save's map: SHA256 must match
	SHA256 string
	TMX    string // the map's text carried by the save, for a map not built in
}

// mapLoader reads the map a reference names and pins it (tests substitute
// a cache).
type mapLoader func(mapRef) (*board.Board, MapPin, error)

// loadMapRef reads a map for a new match: built in by name, else the file
// at the path as given.
func loadMapRef(ref mapRef) (*board.Board, MapPin, error) { return folderMaps("")(ref) }

// folderMaps returns the loader of a save in folder dir: a map file that a
// version-1 save names is looked for inside dir and nowhere else (a path
// leading out of it, even by a symbolic link, is refused). dir "" takes a
// path as given, for scenarios the player chose.
func folderMaps(dir string) mapLoader {
	return func(ref mapRef) (*board.Board, MapPin, error) {
		data, builtIn, err := mapText(ref, dir)
		if err != nil {
			return nil, MapPin{}, err
		}
		pin := pinOf(ref.Name, data, builtIn)
		if ref.Pinned && pin.SHA256 != ref.SHA256 {
			if ref.TMX != "" {
				return nil, MapPin{}, fmt.Errorf("the copy of the map %s in the save is damaged", printable(ref.Name))
			}
			return nil, MapPin{}, fmt.Errorf("the map %s has changed since this save was made", plain(ref.Name))
		}
		b, err := board.Parse(ref.Name, data)
		if err != nil {
			return nil, MapPin{}, err
		}
		return b, pin, nil
	}
}

// pinOf pins a map's text; a map not built in carries its text.
func pinOf(name string, data []byte, builtIn bool) MapPin {
	sum := sha256.Sum256(data)
	pin := MapPin{Name: name, SHA256: hex.EncodeToString(sum[:])}
	if !builtIn {
		pin.TMX = string(data)
	}
	return pin
}

// pinFor pins the map a scenario names, for a match set up on a board
// loaded elsewhere (NewMatchOn); a map that cannot be read is pinned by
// name only, which no later load will accept as unchanged.
func pinFor(name string) MapPin {
	data, builtIn, err := mapText(mapRef{Name: name}, "")
	if err != nil {
		return MapPin{Name: name}
	}
	return pinOf(name, data, builtIn)
}

// mapText returns a map's TMX text and whether it is built in.
func mapText(ref mapRef, dir string) ([]byte, bool, error) {
	if ref.TMX != "" {
		if len(ref.TMX) > board.MaxFileBytes {
			return nil, false, fmt.Errorf("the map %s in the save is larger than %d bytes", printable(ref.Name), board.MaxFileBytes)
		}
		return []byte(ref.TMX), false, nil
	}
	if slices.Contains(maps.Names(), ref.Name) {
		data, err := fs.ReadFile(maps.FS, ref.Name)
		if ref.Pinned && err == nil { // a save made on an earlier version of the map replays on it
			if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != ref.SHA256 {
				if old, ok := maps.Previous(ref.Name, ref.SHA256); ok {
					return old, true, nil
				}
			}
		}
		return data, true, err
	}
	if ref.Pinned {
		return nil, false, fmt.Errorf("the map %s is not built into this program and the save does not carry it", printable(ref.Name))
	}
	var f *os.File
	var err error
	if dir == "" {
		f, err = openRegular(ref.Name)
	} else {
		if !filepath.IsLocal(ref.Name) {
			return nil, false, fmt.Errorf("the map %s is neither built in nor inside the save's folder", printable(ref.Name))
		}
		f, err = openInFolder(dir, ref.Name)
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, board.MaxFileBytes+1))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", printable(ref.Name), err)
	}
	if len(data) > board.MaxFileBytes {
		return nil, false, fmt.Errorf("the map %s is larger than %d bytes", printable(ref.Name), board.MaxFileBytes)
	}
	return data, false, nil
}

// openInFolder opens name inside dir, never following a link out of it,
// and only if it is a regular file.
func openInFolder(dir, name string) (*os.File, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	if info, err := root.Stat(name); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("the map %s is neither built in nor in the save's folder", printable(name))
		}
		return nil, fmt.Errorf("the map %s cannot be read inside the save's folder (%v)", printable(name), err)
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("the map %s is not a regular file (%s)", printable(name), describeMode(info.Mode()))
	}
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("the map %s: %v", printable(name), err)
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("the map %s is not a regular file", printable(name))
	}
	return f, nil
}
