package store

import (
	"bufio"
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
// from g alone (a block of it repeated), so a reader can tell a whole file from a torn one.
func payload(g uint64) []byte {
	rng := rand.New(rand.NewPCG(g, 17))
	n := 2<<20 + rng.IntN(4<<20)
	var b bytes.Buffer
	b.Grow(n + 64)
	fmt.Fprintf(&b, "generation %d size %d\n", g, n)
	const digits = "0123456789abcdef"
	block := make([]byte, 4096) // repeated: the writes, not making the data, take the time
	for i := range block {
		block[i] = digits[rng.IntN(16)]
	}
	for b.Len() < n {
		b.Write(block[:min(len(block), n-b.Len())])
	}
	return b.Bytes()
}

// whole reports whether data is one complete generation.
func whole(data []byte) (uint64, error) {
	line, _, ok := bytes.Cut(data, []byte("\n"))
	var g uint64
	var n int
	if !ok {
		return 0, fmt.Errorf("no header in %d bytes", len(data))
	}
	if _, err := fmt.Sscanf(string(line), "generation %d size %d", &g, &n); err != nil {
		return 0, fmt.Errorf("header %q: %v", line, err)
	}
	if !bytes.Equal(data, payload(g)) {
		return g, fmt.Errorf("generation %d is torn (%d bytes)", g, len(data))
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
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until the child is writing (its start-up takes long on a
		// loaded machine), then kill it at a random moment of its writes.
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("kill %d: the child never started writing: %v", k+1, err)
		}
		time.Sleep(time.Duration(rng.IntN(200)) * time.Millisecond)
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
		t.Fatalf("none of %d kills landed during a write: the test tested nothing", kills)
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
	fmt.Println("writing") // the parent's signal to start its clock
	for ; ; g++ {
		if err := s.Write(payload(g)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
}
