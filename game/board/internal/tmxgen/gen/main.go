// Command gen writes the maps of maps/ from tmxgen's definitions:
//
//	go run ./game/board/internal/tmxgen/gen -out maps
//
// It overwrites the .tmx files; edit those in Tiled afterwards, not this.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"cowpoke/game/board/internal/tmxgen"
)

func main() {
	out := flag.String("out", "maps", "directory to write the .tmx files to")
	flag.Parse()
	for name, m := range tmxgen.All() {
		if err := os.WriteFile(filepath.Join(*out, name), m.XML(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
