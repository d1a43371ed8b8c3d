package game

import "errors"

// Replay checks a save document that is already decoded (a campaign file
// keeps one for each of its matches) and replays it exactly as Load does:
// its bounds, its rules edition, the check after every command and the
// final state hash. Only a save of version 2 or later is taken: its map is
// pinned, so the replay reads no file (a map neither built in nor carried
// by the save is refused).
func (s *Save) Replay() (*Match, error) {
	if s.Version < 2 {
		return nil, errors.New("a save of version 1 names its map by path and is not replayed here")
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return s.replay(folderMaps(""))
}
