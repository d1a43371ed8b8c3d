package board

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"cowpoke/maps"
)

// TestMapsLoad: every embedded map loads and has what a game needs.
func TestMapsLoad(t *testing.T) {
	for _, name := range maps.Names() {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		c := b.Counts()
		if c[Interior] < 2 || c[Door] < 2 || c[Deploy] < 2 || c[Window] < 2 {
			t.Errorf("%s: %v", name, c)
		}
	}
	c := loadTown(t).Counts()
	if c[Interior] < 6 || c[Fence] < 1 || c[Trough] < 1 || c[Crate] < 1 || c[Barrel] < 1 || c[Wagon] < 1 || c[Rock] < 1 || c[Difficult] < 3 || c[Opening] < 1 {
		t.Errorf("town: %v", c)
	}
}

// TestTiledRoundTrip exports each map through Tiled (when it is installed)
// and checks the board loaded back is the same.
func TestTiledRoundTrip(t *testing.T) {
	if _, err := exec.LookPath("tiled"); err != nil {
		t.Skip("tiled is not installed")
	}
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	for _, name := range maps.Names() {
		in := filepath.Join("..", "..", "maps", name)
		out := filepath.Join(dir, name)
		cmd := exec.Command("tiled", "--export-map", "tmx", in, out)
		cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "XDG_RUNTIME_DIR="+dir)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, msg)
		}
		a, err := LoadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		b, err := LoadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.Features, b.Features) || !reflect.DeepEqual(a.edges, b.edges) || a.Name != b.Name || a.Width != b.Width {
			t.Errorf("%s: the board changed in Tiled's round trip", name)
		}
	}
}
