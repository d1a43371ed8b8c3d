package game

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"

	"cowpoke/game/board"
)

// cachedMaps wraps a map loader so that each map is parsed once (the
// fuzzer's and the hostile-save tests' time goes to the save loader).
// Maps a save carries are keyed by their text's hash.
func cachedMaps(load mapLoader) mapLoader {
	type entry struct {
		b   *board.Board
		pin MapPin
	}
	var cache sync.Map
	return func(ref mapRef) (*board.Board, MapPin, error) {
		key := ref.Name + "\x00" + ref.SHA256 + "\x00" + fmt.Sprint(len(ref.TMX), ref.Pinned)
		if ref.TMX != "" {
			sum := sha256.Sum256([]byte(ref.TMX))
			key += hex.EncodeToString(sum[:])
		}
		if e, ok := cache.Load(key); ok {
			return e.(entry).b, e.(entry).pin, nil
		}
		b, pin, err := load(ref)
		if err == nil {
			cache.Store(key, entry{b, pin})
		}
		return b, pin, err
	}
}
