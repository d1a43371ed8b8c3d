package store

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// payload is generation g of a large save: 2 to 6 MB of text that follows
// from g alone (a header, then a 4 KiB block of g's repeated), so a reader
// can tell a whole file from a torn one or a mix of two.
func payload(g uint64) []byte {
	block, n := generation(g)
	head := fmt.Sprintf("generation %d size %d\n", g, n)
	return append([]byte(head), bytes.Repeat(block, n/len(block)+1)[:n-len(head)]...)
}

// generation is g's block and size. The block is repeated: the writes,
// not making the data, take the child's time.
func generation(g uint64) (block []byte, n int) {
	rng := rand.New(rand.NewPCG(g, 17))
	n = 2<<20 + rng.IntN(4<<20)
	const digits = "0123456789abcdef"
	block = make([]byte, 4096)
	for i := range block {
		block[i] = digits[rng.IntN(16)]
	}
	return block, n
}

// whole reports whether data is one complete generation, comparing it
// block by block with what that generation holds.
func whole(data []byte) (uint64, error) {
	line, rest, ok := bytes.Cut(data, []byte("\n"))
	var g uint64
	var n int
	if !ok {
		return 0, fmt.Errorf("no header in %d bytes", len(data))
	}
	if _, err := fmt.Sscanf(string(line), "generation %d size %d", &g, &n); err != nil {
		return 0, fmt.Errorf("header %q: %v", line, err)
	}
	block, size := generation(g)
	if size != n || len(data) != n {
		return g, fmt.Errorf("generation %d is torn (%d bytes of %d)", g, len(data), size)
	}
	for len(rest) > 0 {
		k := min(len(block), len(rest))
		if !bytes.Equal(rest[:k], block[:k]) {
			return g, fmt.Errorf("generation %d holds foreign bytes", g)
		}
		rest = rest[k:]
	}
	return g, nil
}

// TestKillDuringLargeWrites SIGKILLs, many times, a child process that
// writes multi-megabyte autosaves in a loop. After every kill the autosave
// and its backup are whole (an old generation or a new one, never a mix),
// the dead copy's lock is gone, and the next Open leaves no temporary file.
func TestKillDuringLargeWrites(t *testing.T) {
	if dir := os.Getenv("COWPOKE_STORE_KILL_CHILD"); dir != "" {
		killChild(dir)
		return
	}
	if testing.Short() {
		t.Skip("spawns and kills 30 processes")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	const kills = 30
	interrupted, last := 0, uint64(0)
	for k := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringLargeWrites$")
		cmd.Env = append(os.Environ(), "COWPOKE_STORE_KILL_CHILD="+dir, "COWPOKE_STORE_KILL_FROM="+strconv.FormatUint(last+1, 10))
		ready, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the child's first write to end (a slow start under
		// the race detector or a busy disk must not eat the delay), then
		// kill it at a random moment of its loop.
		if _, err := ready.Read(make([]byte, 1)); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("kill %d: the child never finished its first write: %v", k+1, err)
		}
		if k%2 == 0 {
			// Every other kill aims at a write in progress: once a
			// temporary file shows, within 30 ms.
			for deadline := time.Now().Add(20 * time.Second); len(temps(t, dir)) == 0 && time.Now().Before(deadline); {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
		} else {
			time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		}
		cmd.Process.Kill() // SIGKILL: no chance to tidy up
		cmd.Wait()
		if len(temps(t, dir)) > 0 {
			interrupted++
		}
		for _, p := range []string{"autosave.json", "autosave.backup.json"} {
			data, err := os.ReadFile(dir + "/" + p)
			if os.IsNotExist(err) {
				continue // the first child may die before its first write
			}
			g, err := whole(data)
			if err != nil {
				t.Fatalf("kill %d: %s: %v", k+1, p, err)
			}
			if p == "autosave.json" && g > last {
				last = g
			}
		}
		f, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !f.OwnsAutosave() {
			t.Fatalf("kill %d: the killed copy's lock outlived it", k+1)
		}
		if ts := temps(t, dir); len(ts) > 0 {
			t.Fatalf("kill %d: temporary files remain after the next Open: %v", k+1, ts)
		}
		f.Close()
	}
	if interrupted == 0 {
		t.Fatalf("none of %d kills landed during a write (%d generations written): the test tested nothing", kills, last)
	}
	if last == 0 {
		t.Fatal("no child ever finished a write")
	}
	t.Logf("%d kills, %d during a write; %d generations written", kills, interrupted, last)
}

// killChild writes generation after generation until it is killed.
func killChild(dir string) {
	f, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	check := func(p string) error {
		data, err := os.ReadFile(p)
		if err == nil {
			_, err = whole(data)
		}
		return err
	}
	s := f.Autosaver(check, false)
	g, _ := strconv.ParseUint(os.Getenv("COWPOKE_STORE_KILL_FROM"), 10, 64)
	for first := true; ; g++ {
		if err := s.Write(payload(g)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if first { // the backup is made: from now on it only writes
			os.Stdout.Write([]byte("w"))
			first = false
		}
	}
}
