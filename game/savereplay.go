package game

import (
	"errors"
	"sync"

	"cowpoke/game/board"
	"cowpoke/maps"
)

// Replay checks a save document that is already decoded (a campaign file
// keeps one for each of its matches) and replays it exactly as Load does:
// its bounds, its rules edition, the check after every command and the
// final state hash. Only a save of version 2 or later is taken: its map is
// pinned, so the replay reads no file (a map neither built in nor carried
// by the save is refused). maps, when not nil, keeps the built-in maps it
// loads for the next replay.
func (s *Save) Replay(maps *MapCache) (*Match, error) {
	if s.Version < 2 {
		return nil, errors.New("a save of version 1 names its map by path and is not replayed here")
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	load := folderMaps("")
	if maps != nil {
		load = maps.load
	}
	return s.replay(load)
}

// MapCache keeps the built-in maps a run of replays loads (a campaign's
// matches are all played on one), each parsed once and its path graph
// built once: a match clones the board it is set up on and never changes
// it. Safe for use by several replays at once.
type MapCache struct {
	mu     sync.Mutex
	boards map[mapRef]cachedMap
}

type cachedMap struct {
	b   *board.Board
	pin MapPin
}

func (c *MapCache) load(ref mapRef) (*board.Board, MapPin, error) {
	if ref.TMX != "" { // carried by the save: its own
		return folderMaps("")(ref)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if m, ok := c.boards[ref]; ok {
		return m.b, m.pin, nil
	}
	b, pin, err := folderMaps("")(ref)
	if err != nil {
		return nil, MapPin{}, err
	}
	if c.boards == nil {
		c.boards = map[mapRef]cachedMap{}
	}
	c.boards[ref] = cachedMap{b, pin}
	return b, pin, nil
}

// BuiltinBoards loads every built-in map, prepared for play, by file name:
// what a run over the three maps (a strength run, a fit, a calibration)
// loads once.
func BuiltinBoards() (map[string]*board.Board, error) {
	out := map[string]*board.Board{}
	for _, name := range maps.Names() {
		b, err := board.LoadFS(maps.FS, name)
		if err != nil {
			return nil, err
		}
		b.Prepare()
		out[name] = b
	}
	return out, nil
}
