// Package maps holds the Tiled maps of the game, embedded. The .tmx files
// are the source of truth; their schema is in README.md and the loader is
// cowpoke/game/board.
package maps

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.tmx
var files embed.FS

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
