//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/campaign"

	"cowpoke/game/racecheck"
	"cowpoke/game/store/storetest"
)

// The command line against hostile input (special files, hostile names,
// numbers without bounds) and two programs at once. Every hostile input is
// made here: FIFOs with Mkfifo, links, device nodes (/dev/null, /dev/zero,
// or one made with mknod when the test runs as root).

// child is the program running in a child process.
type child struct {
	cmd      *exec.Cmd
	out, err bytes.Buffer
	done     chan struct{}
	code     int
}

func startCowpoke(t *testing.T, args ...string) *child {
	t.Helper()
	c := &child{cmd: exec.Command(os.Args[0]), done: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), "COWPOKE_TEST_ARGS="+strings.Join(args, "\n"))
	c.cmd.Stdout, c.cmd.Stderr = &c.out, &c.err
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		err := c.cmd.Wait()
		c.code = 0
		if ee, ok := err.(*exec.ExitError); ok {
			c.code = ee.ExitCode()
		}
		close(c.done)
	}()
	t.Cleanup(func() {
		select {
		case <-c.done:
		default:
			c.cmd.Process.Kill()
			<-c.done
		}
	})
	return c
}

func (c *child) running() bool {
	select {
	case <-c.done:
		return false
	default:
		return true
	}
}

// waitFor polls cond for up to 30 s (a busy machine starts children slowly).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited 30 s for %s", what)
}

// temporaries lists our temporary files (".NAME.*.tmp") under dir.
func temporaries(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".") && strings.HasSuffix(d.Name(), ".tmp") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func newCampaign(t *testing.T, file string) { newCampaignSeed(t, file, 53) }

func newCampaignSeed(t *testing.T, file string, seed int) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"campaign", "new", file, "-seed", strconv.Itoa(seed)}, &out, &errb); code != exitOK {
		t.Fatalf("campaign new: %d %s", code, errb.String())
	}
}

func campaignMatches(t *testing.T, file string) int {
	t.Helper()
	c, err := campaign.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	return len(c.Matches)
}

// Two `campaign play` on one campaign at once, as two real processes: the
// second, through the file's name or through a link to it, is refused at
// once naming the first's pid; every match the first printed is in the
// file. Once the first has ended, the next play is granted.
func TestTwoCampaignPlaysAtOnce(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "dust.json")
	// The campaign must outlast the first play's 6 matches, so that the
	// play after it has a match to add. How long a campaign lasts moves
	// with the computer's play and the rules (seed 67's, chosen on
	// 2026-11-28, was over after 5 matches by that afternoon, seed 71's
	// after rules edition 5), so the seed is the first from 71 on whose
	// campaign, played here in a scratch file, is not over after 6.
	newCampaignSeed(t, file, outlasting(t, 6))
	link := filepath.Join(dir, "alias.json")
	if err := os.Symlink("dust.json", link); err != nil {
		t.Fatal(err)
	}
	first := startCowpoke(t, "campaign", "play", file, "-matches", "6")
	pid := strconv.Itoa(first.cmd.Process.Pid)
	waitFor(t, "the first play to hold the lock", func() bool {
		b, _ := os.ReadFile(filepath.Join(dir, "dust.lock"))
		return strings.TrimSpace(string(b)) == pid
	})
	for _, name := range []string{file, link} {
		t0 := time.Now()
		code, out, stderr := cowpoke(t, nil, "campaign", "play", name, "-matches", "1")
		if !first.running() {
			t.Fatalf("the first play ended before the second was tried: the test saw no overlap")
		}
		if code != exitError || out != "" {
			t.Errorf("the second play through %s: exit %d, stdout %q", filepath.Base(name), code, out)
		}
		oneLine(t, "the second play", stderr, "the campaign is open in another program (pid "+pid+")")
		t.Logf("refused in %v", time.Since(t0))
	}
	<-first.done
	if first.code != exitOK {
		t.Fatalf("the first play: exit %d: %s", first.code, first.err.String())
	}
	printed := printedMatches(first.out.String())
	if n := campaignMatches(t, file); printed == 0 || n != printed {
		t.Errorf("the first play printed %d matches; the file holds %d", printed, n)
	}
	before := campaignMatches(t, file)
	if c, err := campaign.Load(file); err != nil || c.Over() {
		t.Fatalf("the campaign is over (or unreadable: %v) after the first play: the next play has no match to add; choose a seed whose campaign lasts longer", err)
	}
	if code, _, stderr := cowpoke(t, nil, "campaign", "play", link, "-matches", "1"); code != exitOK {
		t.Fatalf("a play after the first ended: exit %d: %s", code, stderr)
	}
	if after := campaignMatches(t, file); after != before+1 {
		t.Errorf("matches %d then %d: a match was lost", before, after)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Error("playing through the link replaced the link")
	}
	if ts := temporaries(dir); len(ts) > 0 {
		t.Errorf("temporary files left: %v", ts)
	}
}

// outlasting is the first campaign seed from 71 on whose campaign is not
// over after n matches, found by playing them in a scratch file.
func outlasting(t *testing.T, n int) int {
	t.Helper()
	for seed := 71; seed < 91; seed++ {
		probe := filepath.Join(t.TempDir(), "probe.json")
		newCampaignSeed(t, probe, seed)
		var out, errb bytes.Buffer
		if code := run([]string{"campaign", "play", probe, "-matches", strconv.Itoa(n)}, &out, &errb); code != exitOK {
			t.Fatalf("campaign play of seed %d: %d %s", seed, code, errb.String())
		}
		if c, err := campaign.Load(probe); err == nil && !c.Over() && len(c.Matches) == n {
			t.Logf("campaign seed %d is not over after %d matches", seed, n)
			return seed
		}
	}
	t.Fatalf("no campaign of seeds 71-90 lasts past %d matches", n)
	return 0
}

// The temporary files a killed program left (kill -9 cannot be caught: here
// made by the test, as such a kill leaves them) are removed by the next
// campaign play and the next sim writing the same folder.
func TestKilledWritersLeftoversGoAtTheNextWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "dust.json")
	newCampaign(t, file)
	saves := filepath.Join(dir, "saves")
	os.Mkdir(saves, 0o755)
	left := []string{filepath.Join(dir, ".dust.json.2718281828.tmp"), filepath.Join(saves, ".match-00009.json.31415.tmp")}
	for _, p := range left {
		os.WriteFile(p, []byte("half a file"), 0o600)
	}
	if code, _, stderr := cowpoke(t, nil, "campaign", "play", file); code != exitOK {
		t.Fatalf("campaign play: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runSimCmd("--scenario", shortScenarioFile(t, dir), "-n", "2", "--save-dir", saves); code != exitOK {
		t.Fatalf("sim: exit %d: %s", code, stderr)
	}
	if ts := temporaries(dir); len(ts) > 0 {
		t.Errorf("leftovers survived the next write: %v", ts)
	}
}

// Two sims writing one output at once: the second is refused before it
// plays, naming the first's pid, for a CSV and for a folder of saves.
func TestTwoSimsOnOneOutput(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	csv, saves := filepath.Join(dir, "out.csv"), filepath.Join(dir, "saves")
	first := startCowpoke(t, "sim", "--scenario", scen, "-n", "100000", "--workers", "1", "--csv", csv, "--save-dir", saves)
	pid := strconv.Itoa(first.cmd.Process.Pid)
	waitFor(t, "the first sim to lock its outputs", func() bool {
		a, _ := os.ReadFile(filepath.Join(dir, ".out.csv.lock"))
		b, _ := os.ReadFile(filepath.Join(dir, ".saves.lock"))
		return strings.TrimSpace(string(a)) == pid && strings.TrimSpace(string(b)) == pid
	})
	for _, args := range [][]string{{"--csv", csv}, {"--save-dir", saves}} {
		code, _, stderr := runSimCmd(append([]string{"--scenario", scen, "-n", "2"}, args...)...)
		if !first.running() {
			t.Fatal("the first sim ended before the second was tried")
		}
		if code != exitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
		oneLine(t, strings.Join(args, " "), stderr, "another program is writing it (pid "+pid+")")
	}
}

// printedMatches counts the matches campaign play printed ("Match 3: ...").
func printedMatches(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Match ") {
			n++
		}
	}
	return n
}

// Ctrl+C and SIGTERM end sim and campaign play within a second, in the
// middle of playing: exit 130 or 143, a line saying how many matches were
// played, outputs whole, no temporary file left.
func TestSignalsEndCommandsWithinASecond(t *testing.T) {
	if testing.Short() {
		t.Skip("plays matches in child processes")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			saves := filepath.Join(dir, "saves")
			csv := filepath.Join(dir, "out.csv")
			sim := startCowpoke(t, "sim", "-n", "100000", "--workers", "2", "--csv", csv, "--save-dir", saves)
			waitFor(t, "the first saved match", func() bool {
				m, _ := filepath.Glob(filepath.Join(saves, "match-*.json"))
				return len(m) >= 2
			})
			checkStops(t, sim, sig, "cowpoke sim: stopped by Ctrl+C or SIGTERM after ")
			if b, err := os.ReadFile(csv); err != nil || !bytes.HasPrefix(b, []byte("match,")) && len(b) == 0 {
				t.Errorf("the CSV after the stop: %v (%d bytes)", err, len(b))
			}
			if ts := temporaries(dir); len(ts) > 0 {
				t.Errorf("temporary files left: %v", ts)
			}

			file := filepath.Join(dir, "dust.json")
			newCampaign(t, file)
			play := startCowpoke(t, "campaign", "play", file, "-matches", "50")
			waitFor(t, "campaign play to save a match", func() bool {
				c, err := campaign.Load(file)
				return err == nil && len(c.Matches) > 0
			})
			checkStops(t, play, sig, "cowpoke campaign play: stopped by ")
			if p, n := printedMatches(play.out.String()), campaignMatches(t, file); p != n {
				t.Errorf("printed %d matches, the file keeps %d", p, n)
			}
			if ts := temporaries(dir); len(ts) > 0 {
				t.Errorf("temporary files left: %v", ts)
			}
		})
	}
}

// A command that does not watch for signals itself (here `map check` of
// the same map a thousand times) is ended within a second anyway, with one
// line on stderr and the signal's exit code.
func TestSignalsEndAnyCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a command in a child process")
	}
	args := []string{"map", "check"}
	for range 1000 {
		args = append(args, "town.tmx")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "COWPOKE_TEST_ARGS="+strings.Join(args, "\n"))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := out.Read(make([]byte, 1)); err != nil { // it is checking maps
			t.Fatal(err)
		}
		go io.Copy(io.Discard, out)
		t0 := time.Now()
		cmd.Process.Signal(sig)
		err = cmd.Wait()
		took := time.Since(t0)
		code := -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		t.Logf("%v: ended in %v, exit %d: %s", sig, took, code, strings.TrimSpace(errb.String()))
		if took > time.Second || code != 128+int(sig) {
			t.Errorf("%v: ended in %v with exit %d", sig, took, code)
		}
		oneLine(t, sig.String(), errb.String(), "cowpoke: stopped by ", "before the command ended")
	}
}

// checkStops signals c and checks it ends within a second with the exit
// code of the signal and one line starting with says.
func checkStops(t *testing.T, c *child, sig syscall.Signal, says string) {
	t.Helper()
	if !c.running() {
		t.Fatalf("the command ended before the signal: %s", c.err.String())
	}
	t0 := time.Now()
	c.cmd.Process.Signal(sig)
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatalf("still running 10 s after %v", sig)
	}
	took := time.Since(t0)
	t.Logf("%v: ended in %v: %s", sig, took, strings.TrimSpace(c.err.String()))
	if took > time.Second {
		t.Errorf("%v: the command took %v to end, more than a second", sig, took)
	}
	if c.code != 128+int(sig) {
		t.Errorf("%v: exit %d", sig, c.code)
	}
	lines := strings.Split(strings.TrimSpace(c.err.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, says) {
		t.Errorf("%v: the last line on stderr is %q, want %q...", sig, last, says)
	}
}

// Every command that reads a file a user names refuses a FIFO (which would
// block for ever), /dev/zero (which never ends) and a folder at once, in
// one line naming the file, and reads nothing from it.
func TestSpecialFilesAreRefusedAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	storetest.Mkfifo(t, fifo)
	scen := shortScenarioFile(t, dir)
	for _, special := range []struct{ path, says string }{
		{fifo, "a named pipe"}, {"/dev/zero", "a device"}, {dir, "a folder"},
	} {
		for _, args := range [][]string{
			{"sim", "-n", "2", "--scenario", special.path},
			{"sim", "-n", "2", "--scenario", scen, "--a-posse", special.path},
			{"sim", "-n", "2", "--scenario", scen, "--b-posse", special.path},
			{"sim", "-n", "2", "--from", special.path},
			{"sim", "-n", "2", "--map", special.path},
			{"sim", "merge", special.path},
			{"posse", "check", special.path},
			{"campaign", "show", special.path},
			{"campaign", "play", special.path},
			{"campaign", "new", filepath.Join(dir, "new.json"), "-posses", "lawmen," + special.path},
			{"replay", special.path, "--headless"},
			{"map", "check", special.path},
			{"map", "los", special.path, "--from", "1,1", "--to", "2,2"},
		} {
			if special.path == dir && (args[1] == "--map" || args[len(args)-1] == "--map") {
				continue
			}
			what := strings.Join(args, " ")
			storetest.Within(t, 3*time.Second, what, func() {
				var out, errb bytes.Buffer
				code := run(args, &out, &errb)
				msg := errb.String() + out.String()
				if code == exitOK || !strings.Contains(msg, special.path) || !strings.Contains(msg, special.says) {
					t.Errorf("%s: exit %d, said %q", what, code, msg)
				}
				if strings.Count(strings.TrimSpace(msg), "\n") > 0 {
					t.Errorf("%s: not one line: %q", what, msg)
				}
			})
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "new.json")); err == nil {
		t.Error("a campaign was made from a refused posse")
	}
}

// A scenario's map is a built-in map or a file inside the scenario's
// folder: an absolute path, a path out of the folder, or a link out of
// it is refused before anything is opened (a FIFO outside, which would
// block if opened, shows it), naming the scenario.
func TestScenarioMapStaysInItsFolder(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	trap := filepath.Join(outside, "trap.tmx")
	storetest.Mkfifo(t, trap)
	os.Symlink(trap, filepath.Join(dir, "link.tmx"))
	town, err := os.ReadFile("../../maps/town.tmx")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mine.tmx"), town, 0o644)
	inner := filepath.Join(dir, "pipe.tmx")
	storetest.Mkfifo(t, inner)
	scenario := func(name, mapPath string) string {
		s, err := game.DefaultScenario()
		if err != nil {
			t.Fatal(err)
		}
		s.Map, s.TurnLimit = mapPath, 2
		data, _ := json.Marshal(s)
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		return p
	}
	for _, c := range []struct{ mapPath, says string }{
		{trap, "inside the scenario's folder"},
		{"../" + filepath.Base(outside) + "/trap.tmx", "inside the scenario's folder"},
		{"link.tmx", "inside the scenario's folder"},
		{"pipe.tmx", "not a regular file (a named pipe)"},
		{"/dev/zero", "inside the scenario's folder"},
	} {
		file := scenario("s.json", c.mapPath)
		storetest.Within(t, 3*time.Second, c.mapPath, func() {
			code, _, stderr := runSimCmd("-n", "2", "--scenario", file)
			if code != exitUsage {
				t.Errorf("map %s: exit %d", c.mapPath, code)
			}
			oneLine(t, c.mapPath, stderr, "s.json", c.says)
		})
	}
	// A map beside the scenario, and a built-in one, are played.
	for _, m := range []string{"mine.tmx", "town.tmx"} {
		code, out, stderr := runSimCmd("-n", "2", "--scenario", scenario("ok.json", m))
		if code != exitOK || !strings.Contains(out, "2 matches") {
			t.Errorf("map %s: exit %d: %s %s", m, code, out, stderr)
		}
	}
}

// Outputs are written only to regular files: a device or a FIFO named by
// --csv or --report is refused before anything is played and stays what it
// was; a link is followed and the file it names replaced, the link kept.
func TestOutputsNeverReplaceSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	fifo := filepath.Join(dir, "out.fifo")
	storetest.Mkfifo(t, fifo)
	nullLink := filepath.Join(dir, "null.csv")
	os.Symlink(os.DevNull, nullLink)
	targets := []string{os.DevNull, fifo, nullLink}
	if os.Geteuid() == 0 {
		dev := filepath.Join(dir, "dev.csv")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err == nil { // /dev/null's numbers
			targets = append(targets, dev)
		}
	} else {
		t.Log("not root: no device node of the test's own (mknod); /dev/null stands for one")
	}
	for _, target := range targets {
		for _, flag := range []string{"--csv", "--report"} {
			storetest.Within(t, 3*time.Second, target, func() {
				code, _, stderr := runSimCmd("-n", "2", "--scenario", scen, flag, target)
				if code != exitUsage {
					t.Errorf("%s %s: exit %d", flag, target, code)
				}
				oneLine(t, flag+" "+target, stderr, target, "not a regular file")
			})
			if info, err := os.Stat(target); err != nil || info.Mode().IsRegular() {
				t.Errorf("%s became a regular file", target)
			}
		}
	}
	// The window's -screenshot too, before any window opens.
	for _, target := range targets {
		var out, errb bytes.Buffer
		storetest.Within(t, 3*time.Second, "-screenshot "+target, func() {
			if code := run([]string{"play", "-screenshot", target}, &out, &errb); code != exitError {
				t.Errorf("-screenshot %s: exit %d", target, code)
			}
		})
		oneLine(t, "-screenshot "+target, errb.String(), target, "not a regular file")
	}
	real := filepath.Join(dir, "real.csv")
	os.WriteFile(real, []byte("stale"), 0o644)
	link := filepath.Join(dir, "link.csv")
	os.Symlink("real.csv", link)
	if code, _, stderr := runSimCmd("-n", "2", "--scenario", scen, "--csv", link); code != exitOK {
		t.Fatalf("--csv through a link: exit %d: %s", code, stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if b, _ := os.ReadFile(real); !bytes.HasPrefix(b, []byte("match")) {
		t.Errorf("the link's target holds %q", b)
	}
	if ts := temporaries(dir); len(ts) > 0 {
		t.Errorf("temporary files left: %v", ts)
	}
}

// Numbers beyond what a table or a machine can hold are refused in one
// line: a billion workers, a trillion slices, a distance of 1e308 inches.
func TestNumbersOutOfRangeAreRefused(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"sim", "--scenario", scen, "-n", "2", "--workers", "1000000000"}, "at most 1,024"},
		{[]string{"sim", "--scenario", scen, "-n", "2", "--workers", "1025"}, "at most 1,024"},
		{[]string{"sim", "--scenario", scen, "--shard", "3/1000000000000"}, "at most 1,000 slices"},
		{[]string{"sim", "--scenario", scen, "-n", "2", "--shard", "1/3"}, "at most 2 slices"},
		{[]string{"sim", "--scenario", scen, "-n", "1000000000000"}, "at most 10,000,000 matches"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "1e308"}, "at most 1000 inches"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "1000.5"}, "at most 1000 inches"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "NaN"}, "not a distance"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "-Inf"}, "not a distance"},
		{[]string{"odds", "shoot", "--weapon", "revolver", "--range", "-3"}, "cannot be negative"},
		{[]string{"odds", "blast", "--distance", "1e9"}, "at most 1000 inches"},
		{[]string{"odds", "brawl", "--attacker-dice", "1000000", "--defender-dice", "2"}, "1 to"},
		{[]string{"map", "los", "town.tmx", "--from", "1e308,1", "--to", "2,2"}, "off the"},
		{[]string{"map", "los", "town.tmx", "--from", "NaN,1", "--to", "2,2"}, "not two numbers"},
		{[]string{"campaign", "play", filepath.Join(dir, "c.json"), "-matches", "100000"}, "-matches must be 1 to"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb)
		if code != exitUsage {
			t.Errorf("%q: exit %d (%s)", c.args, code, errb.String())
		}
		oneLine(t, strings.Join(c.args, " "), errb.String(), c.says)
	}
}

// A file name or a string with a newline, an escape sequence or a
// right-to-left override reaches the terminal escaped, through one quoting
// function: no line of output can be forged ("Result: Lawmen win"), no
// escape reaches the terminal. Plain names print as they are.
func TestHostileNamesArePrintedSafely(t *testing.T) {
	dir := t.TempDir()
	scen := shortScenarioFile(t, dir)
	names := []string{"x\nResult: Lawmen win", "\x1b[2J\x1b[31mred", "gpj.\u202eexe", "tab\tand\rreturn"}
	posse, err := os.ReadFile("../../assets/posses/lawmen.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		name, _ := strconv.Unquote(`"` + n + `"`)
		existing := filepath.Join(dir, name+".json")
		os.WriteFile(existing, posse, 0o644)
		missing := filepath.Join(dir, "missing "+name)
		for _, args := range [][]string{
			{"posse", "check", existing},
			{"posse", "check", missing},
			{"campaign", "show", missing},
			{"campaign", "play", missing},
			{"campaign", "new", filepath.Join(dir, "c "+name+".json")},
			{"replay", missing, "--headless"},
			{"replay", missing},
			{"map", "check", missing},
			{"sim", "-n", "2", "--scenario", missing},
			{"sim", "-n", "2", "--scenario", scen, "--a-posse", missing},
			{"sim", "-n", "2", "--scenario", scen, "--csv", filepath.Join(missing, "out.csv")},
			{"sim", "merge", missing},
			{"sim", "-n", "2", "--map", missing},
			{"odds", name},
			{name},
		} {
			var out, errb bytes.Buffer
			run(args, &out, &errb)
			for _, text := range []string{out.String(), errb.String()} {
				for _, l := range strings.Split(text, "\n") {
					if strings.HasPrefix(l, "Result") || strings.ContainsAny(l, "\x1b\r\t\u202e") {
						t.Errorf("%q printed %q", args, l)
					}
				}
			}
			escaped := strings.Trim(strconv.Quote(name), `"`)
			if !strings.Contains(out.String()+errb.String(), escaped) && args[0] != "odds" && len(args) > 1 {
				t.Errorf("%q: the name is not shown quoted: %q %q", args, out.String(), errb.String())
			}
		}
	}
	// A plain name stays readable.
	plain := filepath.Join(dir, "Dry Gulch posse.json")
	os.WriteFile(plain, posse, 0o644)
	var out, errb bytes.Buffer
	run([]string{"posse", "check", plain}, &out, &errb)
	if out.String() != plain+": ok\n" {
		t.Errorf("a plain name printed as %q", out.String())
	}
}
