package game

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"cowpoke/game/store"
	"cowpoke/game/words"
	"cowpoke/maps"
)

// LoadScenarioFile reads a scenario file a player named: a regular file of
// at most store.MaxScenarioBytes, parsed strictly. The map it names must be
// a built-in map or a file inside the scenario's own folder: an absolute
// path, a ".." or a symbolic link leading out of the folder is refused
// before anything is opened, so a scenario cannot make the program open
// (and wait on, or read) an arbitrary file. The scenario returned names its
// map by a path the program can open (the folder joined to the name).
func LoadScenarioFile(path string) (Scenario, error) {
	data, err := store.ReadRegular(path, store.MaxScenarioBytes)
	if err != nil {
		return Scenario{}, err
	}
	s, err := ParseScenario(path, data)
	if err != nil {
		return s, err
	}
	if slices.Contains(maps.Names(), s.Map) {
		return s, checkOnMap(path, s)
	}
	dir := filepath.Dir(path)
	if !filepath.IsLocal(s.Map) {
		return s, fmt.Errorf("%s: the map %s is neither a built-in map (%s) nor a file inside the scenario's folder",
			words.Safe(path), words.Safe(s.Map), words.List(maps.Names()))
	}
	// os.Root refuses a link that leads out of the folder; the file
	// itself is only looked at (Lstat through the root), not opened.
	root, err := os.OpenRoot(dir)
	if err != nil {
		return s, fmt.Errorf("%s: its folder cannot be read: %v", words.Safe(path), err)
	}
	defer root.Close()
	info, err := root.Stat(s.Map)
	if err != nil {
		return s, fmt.Errorf("%s: the map %s is neither a built-in map nor a readable file inside the scenario's folder",
			words.Safe(path), words.Safe(s.Map))
	}
	if !info.Mode().IsRegular() {
		return s, fmt.Errorf("%s: the map %s is not a regular file (%s)", words.Safe(path), words.Safe(s.Map), store.DescribeMode(info.Mode()))
	}
	s.Map = filepath.Join(dir, s.Map)
	return s, checkOnMap(path, s)
}
