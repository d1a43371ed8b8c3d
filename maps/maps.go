// Package maps holds the Tiled maps of the game, embedded. The .tmx files
// are the source of truth; their schema is in README.md and the loader is
// cowpoke/game/board.
package maps

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.tmx
var files embed.FS

// previous holds the earlier published text of the built-in maps,
// previous/NAME.vN.tmx, so that a save pinning one replays on it.
//
//go:embed previous/*.tmx
var previous embed.FS

// FS is the embedded maps, one .tmx file per map at the root.
var FS fs.FS = files

// Default is the file name of the default map.
const Default = "town.tmx"

// Names lists the embedded map files, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Previous returns an earlier published text of the built-in map name
// whose SHA-256 (hex) is sum: a save pins its map by that hash, and a map
// edited since (version 2 added deployment zones for sides 3 and 4) would
// otherwise refuse it. ok is false when no earlier version has that hash.
func Previous(name, sum string) (data []byte, ok bool) {
	entries, _ := fs.ReadDir(previous, "previous")
	stem := strings.TrimSuffix(name, ".tmx") + ".v"
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), stem) {
			continue
		}
		data, err := fs.ReadFile(previous, "previous/"+e.Name())
		if err != nil {
			continue
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) == sum {
			return data, true
		}
	}
	return nil, false
}

// PreviousFS is the earlier published map texts, previous/NAME.vN.tmx.
func PreviousFS() fs.FS { return previous }
