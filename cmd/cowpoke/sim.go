package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/sim"
	"cowpoke/game/store"
	"cowpoke/game/words"
	"cowpoke/maps"
)

// `cowpoke sim`: play many full matches headless and say who wins, by how
// much and how sure that is. The playing and the figures are game/sim's;
// this file reads the command line and writes the outputs.

const simUsage = `usage:
  cowpoke sim [--scenario FILE | --map NAME | --from SAVE] [--a-posse FILE] [--b-posse FILE]
       [--a-ai LEVEL] [--b-ai LEVEL] [--initiative draw|coin|standoff|stacks|deck|tokens] [--dead-reckoning]
       [--critical-injuries] [--round-effects] [-n N] [--seed S] [--workers W] [--sprt]
       [--shard I/N] [--mirror] [--json] [--csv FILE] [--report FILE.html] [--save-dir DIR]
  cowpoke sim --balance [--level LEVEL] [--map NAME] [-n N] [--seed S] [--workers W] [--json]
       [--shard I/N --json]
  cowpoke sim --ladder all|SPEC,SPEC,... [--map NAME] [-n N] [--seed S] [--workers W] [--json]
       [--shard I/N --json]
  cowpoke sim merge FILE... [--json] [--csv FILE] [--report FILE.html]

Plays N full matches of posse A against posse B with the real engine, in pairs
with the sides swapped on the same seed, and prints the answer first:
  Posse A wins 58.1% (95% CI 55.0-61.2%) of 1,000 matches: +57 Elo ± 22

  --scenario FILE   a scenario file (two posses); --map NAME plays the default
                    posses on a map (town, ranch, halt, or a .tmx file)
  --from SAVE       every match continues the position in a save file
  --a-posse FILE    posse A (the scenario's first posse otherwise); --b-posse likewise
  --a-ai LEVEL      who plays posse A: random, easy, normal or hard, optionally
                    LEVEL:cautious, LEVEL:reckless or LEVEL:dynamiter (default random)
  -n N              matches to play (default 1000); --seed S the run's seed (default 1):
                    the same seed gives the same matches whatever --workers is
  --workers W       matches played at once (default: every core)
  --sprt            stop as soon as a sequential test settles whether A is at
                    least 20 Elo better or no better (5% error either way)
  --shard I/N       play only the I-th of N slices of the run (of a --ladder or
                    --balance too, with --json); join the --json outputs of
                    every slice with cowpoke sim merge
  --mirror          play each seed also with the posses exchanged between the
                    two players, and report each player's win rate
  --balance         every shipped posse against every other, --level (default
                    normal) on both sides, on every map (or --map): -n matches
                    a pair, shared among the maps
  --ladder SPECS    a round robin of players (LEVEL or LEVEL:PERSONALITY; all:
                    random, every level, normal with every personality), each
                    pair --mirror on every map (or --map): -n matches a pair,
                    shared among the maps; prints an Elo table
  --json            print every figure and every match as JSON instead of text
  --csv FILE        a row per match; --report FILE.html a page with charts
  --save-dir DIR    every match as a save file (cowpoke replay reads them)
Progress goes to stderr; Ctrl+C stops and reports what was played.`

// exitInterrupted is the exit code after Ctrl+C, as shells report it.
const exitInterrupted = 130

// Bounds on a run's numbers: far above any real run, low enough that no
// command line makes the program start a million goroutines or allocate
// for a trillion matches.
const (
	maxWorkers    = 1024
	maxSimMatches = 10_000_000
	maxShards     = 1_000_000
)

// simFlags are `cowpoke sim`'s options.
type simFlags struct {
	scenario, mapName, from string
	aPosse, bPosse          string
	aAI, bAI                string
	initiative              string
	roundEffects            bool
	deadReckoning, critical bool
	n                       int
	seed                    uint64
	workers                 int
	asJSON                  bool
	csv, report, saveDir    string
	sprt                    bool
	shard                   string
	mirror                  bool
	balance                 bool   // balance.go
	ladder                  string // balance.go
	level                   string // the level of --balance
}

func (f *simFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.scenario, "scenario", "", "scenario file")
	fs.StringVar(&f.mapName, "map", "", "map name or .tmx file")
	fs.StringVar(&f.from, "from", "", "continue the position of a save file")
	fs.StringVar(&f.aPosse, "a-posse", "", "posse A's file")
	fs.StringVar(&f.bPosse, "b-posse", "", "posse B's file")
	fs.StringVar(&f.aAI, "a-ai", "random", "posse A's player")
	fs.StringVar(&f.bAI, "b-ai", "random", "posse B's player")
	fs.StringVar(&f.initiative, "initiative", "", "initiative method: draw, coin, standoff, stacks, deck or tokens")
	fs.BoolVar(&f.roundEffects, "round-effects", false, "draw a round effect each game turn")
	fs.BoolVar(&f.deadReckoning, "dead-reckoning", false, "optional rule: Dead Reckoning")
	fs.BoolVar(&f.critical, "critical-injuries", false, "optional rule: Critical Injuries")
	fs.IntVar(&f.n, "n", 1000, "matches to play")
	fs.Uint64Var(&f.seed, "seed", 1, "the run's seed")
	fs.IntVar(&f.workers, "workers", 0, "matches at once (0: every core)")
	fs.BoolVar(&f.asJSON, "json", false, "print JSON")
	fs.StringVar(&f.csv, "csv", "", "write a row per match to FILE")
	fs.StringVar(&f.report, "report", "", "write an HTML report to FILE")
	fs.StringVar(&f.saveDir, "save-dir", "", "write every match as a save into DIR")
	fs.BoolVar(&f.sprt, "sprt", false, "stop when a sequential test decides")
	fs.StringVar(&f.shard, "shard", "", "play slice I of N")
	fs.BoolVar(&f.mirror, "mirror", false, "also exchange the posses between the players")
	fs.BoolVar(&f.balance, "balance", false, "every shipped posse against every other")
	fs.StringVar(&f.ladder, "ladder", "", "a round robin of players")
	fs.StringVar(&f.level, "level", "", "the computer's level on both sides for --balance")
}

// runSim is `cowpoke sim ...` and `cowpoke sim merge ...`.
func runSim(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return simExit(simMerge(args[1:], stdout), stdout, stderr)
	}
	ctx, received, stop := signalContext()
	defer stop()
	code := simExit(simRun(ctx, args, stdout, stderr), stdout, stderr)
	if code == exitInterrupted && received() != nil {
		code = exitCodeFor(received()) // 143 after SIGTERM
	}
	return code
}

// errInterrupted: the run was stopped by Ctrl+C or SIGTERM; what was
// played is reported.
var errInterrupted = errors.New("stopped by Ctrl+C or SIGTERM")

func simExit(err error, stdout, stderr io.Writer) int {
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintln(stdout, simUsage)
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "cowpoke sim: %s\n", errText(err))
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cowpoke sim: %s\n", words.Safe(ue.msg))
		return exitUsage
	default:
		fmt.Fprintf(stderr, "cowpoke sim: %s\n", errText(err))
		return exitError
	}
}

func simRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim")
	var f simFlags
	f.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if f.balance || f.ladder != "" || f.level != "" {
		return simTournament(ctx, &f, fs, stdout, stderr) // balance.go
	}
	cfg, err := f.config(fs)
	if err != nil {
		return err
	}
	if err := checkOutputs(f.csv, f.report); err != nil {
		return err
	}
	if err := checkSaveDir(f.saveDir); err != nil {
		return err
	}
	if f.saveDir != "" {
		if err := os.MkdirAll(f.saveDir, 0o755); err != nil {
			return fmt.Errorf("--save-dir: %v", err)
		}
	}
	locks, err := lockOutputs(map[string]string{"--csv": f.csv, "--report": f.report, "--save-dir": f.saveDir})
	if err != nil {
		return err
	}
	defer releaseAll(locks)
	progress := newProgressBar(stderr)
	cfg.Progress = progress.update
	runner, err := sim.New(cfg)
	if err != nil {
		return usageError{err.Error()}
	}
	res, err := runner.Run(ctx)
	progress.finish()
	if err != nil {
		return err
	}
	if res.Interrupted && len(res.Matches) == 0 {
		return fmt.Errorf("%w before any match ended: nothing was written", errInterrupted)
	}
	if err := writeSimOutputs(sim.NewReport(res), f.asJSON, f.csv, f.report, stdout); err != nil {
		return err
	}
	if res.Interrupted {
		return fmt.Errorf("%w after %s of %s matches; the figures are for the matches played",
			errInterrupted, sim.Thousands(len(res.Matches)), sim.Thousands(f.n))
	}
	return nil
}

// config turns the flags into a run, reading every file named.
func (f *simFlags) config(fs *flag.FlagSet) (sim.Config, error) {
	cfg := sim.Config{A: f.aAI, B: f.bAI, Matches: f.n, Seed: f.seed, Workers: f.workers, SaveDir: f.saveDir, Mirror: f.mirror,
		NewPlayer: sim.WithRandom(ai.New)} // random, or the computer opponent's levels
	switch {
	case f.n < 1:
		return cfg, usagef("-n %d: play at least one match", f.n)
	case f.n > maxSimMatches:
		return cfg, usagef("-n %d: at most %s matches in one run (split a larger one with --shard)", f.n, sim.Thousands(maxSimMatches))
	case f.workers < 0:
		return cfg, usagef("--workers %d: want 1 or more (0 or nothing: every core)", f.workers)
	case f.workers > maxWorkers:
		return cfg, usagef("--workers %d: at most %s (this computer has %d cores)", f.workers, sim.Thousands(maxWorkers), runtime.NumCPU())
	case f.from != "" && (f.scenario != "" || f.mapName != "" || f.aPosse != "" || f.bPosse != "" || f.initiative != "" || f.deadReckoning || f.critical || f.roundEffects):
		return cfg, usagef("--from continues a saved match as it stands: it takes no --scenario, --map, posses, initiative or optional rules")
	case f.scenario != "" && f.mapName != "":
		return cfg, usagef("give --scenario or --map, not both")
	}
	for _, side := range []struct{ flag, spec string }{{"--a-ai", f.aAI}, {"--b-ai", f.bAI}} {
		if err := sim.CheckLevel(side.spec); err != nil {
			return cfg, usagef("%s: %v", side.flag, err)
		}
		if _, err := cfg.NewPlayer(side.spec, 0); err != nil {
			return cfg, usagef("%s %s: %v", side.flag, side.spec, errors.Unwrap(err))
		}
	}
	if f.shard != "" {
		sh, err := f.parseShard()
		if err != nil {
			return cfg, err
		}
		if most := min(f.n, maxShards); sh.N > most {
			return cfg, usagef("--shard %s: a run of %s %s is cut into at most %s %s",
				words.Safe(f.shard), sim.Thousands(f.n), words.Plural(f.n, "match", "matches"), sim.Thousands(most), words.Plural(most, "slice", "slices"))
		}
		cfg.Shard = sh
	}
	if f.sprt {
		t := sim.DefaultSPRT
		cfg.SPRT = &t
	}
	if f.from != "" {
		m, err := game.LoadFile(f.from)
		if err != nil {
			return cfg, usagef("--from: %v", err)
		}
		if m.Over {
			return cfg, usagef("--from %s: that match is already over", f.from)
		}
		cfg.Position = m
		return cfg, nil
	}
	s, err := game.DefaultScenario()
	if err != nil {
		return cfg, err
	}
	if f.scenario != "" {
		if s, err = game.LoadScenarioFile(f.scenario); err != nil {
			return cfg, usagef("--scenario: %v", err)
		}
	}
	if f.mapName != "" {
		if s.Map, err = resolveMap(f.mapName); err != nil {
			return cfg, usagef("--map: %v", err)
		}
	}
	for i, file := range []string{f.aPosse, f.bPosse} {
		if file == "" {
			continue
		}
		name := []string{"--a-posse", "--b-posse"}[i]
		data, err := store.ReadRegular(file, store.MaxPosseBytes)
		if err != nil {
			return cfg, usagef("%s: %v", name, err)
		}
		p, err := game.ParsePosse(file, data)
		if err != nil {
			return cfg, usagef("%s: %v", name, err)
		}
		if i >= len(s.Posses) {
			return cfg, usagef("%s: the scenario has no posse %c", name, 'A'+i)
		}
		s.Posses[i] = p
	}
	if f.initiative != "" {
		s.Initiative = f.initiative
	}
	if isSet(fs, "dead-reckoning") {
		s.Options.DeadReckoning = f.deadReckoning
	}
	if isSet(fs, "critical-injuries") {
		s.Options.CriticalInjuries = f.critical
	}
	if isSet(fs, "round-effects") {
		s.Options.RoundEffects = f.roundEffects
	}
	if err := s.Validate(); err != nil {
		return cfg, usageError{err.Error()}
	}
	cfg.Scenario = s
	return cfg, nil
}

// parseShard reads --shard I/N (a run's, or a round robin's).
func (f *simFlags) parseShard() (sim.Shard, error) {
	sh, err := sim.ParseShard(f.shard)
	if err != nil {
		return sh, usagef("--shard: %v", err)
	}
	return sh, nil
}

// resolveMap accepts an embedded map by name ("town" or "town.tmx") or a
// .tmx file.
func resolveMap(name string) (string, error) {
	for _, m := range maps.Names() {
		if name == m || name+".tmx" == m {
			return m, nil
		}
	}
	if _, err := os.Stat(name); err != nil {
		var names []string
		for _, m := range maps.Names() {
			names = append(names, strings.TrimSuffix(m, ".tmx"))
		}
		return "", fmt.Errorf("%s is neither a map of the game (%s) nor a file you can read", strconv.Quote(name), strings.Join(names, ", "))
	}
	f, err := store.OpenRegular(name) // a FIFO or a device is refused here, before the run is built
	if err != nil {
		return "", err
	}
	f.Close()
	return name, nil
}

// checkOutputs refuses, before anything is played, outputs that could not
// be written: a folder that does not exist, or something that is not a
// regular file (a folder, a device, a FIFO: never replaced).
func checkOutputs(paths ...string) error {
	for _, p := range paths {
		if p == "" {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return usagef("%s is a folder, not a file", words.Safe(p))
		}
		if err := store.CheckOutput(p); err != nil {
			return usageError{err.Error()}
		}
		dir := filepath.Dir(p)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return usagef("%s: the folder %s does not exist", words.Safe(p), words.Safe(dir))
		}
	}
	return nil
}

// lockOutputs takes the lock of every output named (flag to path), so two
// runs never write one file or folder at once: the second is refused
// before it plays, naming the first's pid.
func lockOutputs(outputs map[string]string) ([]*store.Lock, error) {
	var locks []*store.Lock
	for flag, path := range outputs {
		if path == "" {
			continue
		}
		l, err := store.LockOutput(path)
		var held *store.HeldError
		if errors.As(err, &held) {
			err = usagef("%s %s: another program is writing it%s", flag, words.Safe(path), held.Holder())
		}
		if err != nil {
			releaseAll(locks)
			return nil, err
		}
		locks = append(locks, l)
	}
	return locks, nil
}

func releaseAll(locks []*store.Lock) {
	for _, l := range locks {
		l.Release()
	}
}

// checkSaveDir refuses a --save-dir that is there but is not a folder.
func checkSaveDir(dir string) error {
	if dir == "" {
		return nil
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return usagef("--save-dir %s: not a folder (%s)", words.Safe(dir), store.DescribeMode(fi.Mode()))
	}
	return nil
}

// writeFileForReading writes a file atomically (a crash leaves the old
// file or the new one) and lets others read it, as an output file should.
func writeFileForReading(path string, data []byte) error {
	return store.WriteFileAtomicPerm(path, data, 0o644)
}

// writeSimOutputs prints the report and writes the files asked for.
func writeSimOutputs(rep sim.Report, asJSON bool, csvPath, htmlPath string, stdout io.Writer) error {
	if csvPath != "" {
		var b bytes.Buffer
		if err := rep.WriteCSV(&b); err != nil {
			return err
		}
		if err := writeFileForReading(csvPath, b.Bytes()); err != nil {
			return fmt.Errorf("--csv: %v", err)
		}
	}
	if htmlPath != "" {
		var b bytes.Buffer
		if err := rep.WriteHTML(&b); err != nil {
			return err
		}
		if err := writeFileForReading(htmlPath, b.Bytes()); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", " ")
		return enc.Encode(rep)
	}
	return rep.WriteText(stdout)
}

// simMerge is `cowpoke sim merge FILE... [--json] [--csv FILE] [--report FILE]`.
func simMerge(args []string, stdout io.Writer) error {
	fs := newFlags("sim merge")
	asJSON := fs.Bool("json", false, "print JSON")
	csvPath := fs.String("csv", "", "write a row per match to FILE")
	htmlPath := fs.String("report", "", "write an HTML report to FILE")
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) > 0 {
			files = append(files, args[0])
			args = args[1:]
		}
	}
	if len(files) == 0 {
		return usagef("merge: name the --json outputs to join (cowpoke sim merge a.json b.json)")
	}
	if err := checkOutputs(*csvPath, *htmlPath); err != nil {
		return err
	}
	locks, err := lockOutputs(map[string]string{"--csv": *csvPath, "--report": *htmlPath})
	if err != nil {
		return err
	}
	defer releaseAll(locks)
	contents := make([][]byte, len(files))
	kinds := make([]string, len(files))
	for i, file := range files {
		if contents[i], err = store.ReadRegular(file, store.MaxReportBytes); err != nil {
			return usagef("merge: %v", err)
		}
		if kinds[i], err = sim.ReportKind(file, contents[i]); err != nil {
			return usagef("merge: %v", err)
		}
		if (kinds[i] == "") != (kinds[0] == "") {
			return usagef("merge: %s is %s and %s %s: they cannot be merged", files[0], kindName(kinds[0]), file, kindName(kinds[i]))
		}
	}
	if kinds[0] != "" {
		if *csvPath != "" || *htmlPath != "" {
			return usagef("merge: %s is %s: it has no --csv or --report, only its text and --json", files[0], kindName(kinds[0]))
		}
		return mergeRoundRobins(files, contents, *asJSON, stdout) // balance.go
	}
	merged, err := parseAndMerge(files, contents, sim.ParseReport, sim.Merge)
	if err != nil {
		return err
	}
	return writeSimOutputs(merged, *asJSON, *csvPath, *htmlPath, stdout)
}

// parseAndMerge reads each file's report with parse and joins them with
// merge: a run's shards (sim.ParseReport, sim.Merge) or a round robin's
// slices. An error is one line naming the file.
func parseAndMerge[R any](files []string, contents [][]byte, parse func(string, []byte) (R, error), merge func([]string, []R) (R, error)) (R, error) {
	var reports []R
	for i, file := range files {
		rep, err := parse(file, contents[i])
		if err != nil {
			return rep, usagef("merge: %v", err)
		}
		reports = append(reports, rep)
	}
	merged, err := merge(files, reports)
	if err != nil {
		return merged, usagef("merge: %v", err)
	}
	return merged, nil
}

// progressBar shows a run's progress on stderr: a bar redrawn in place on
// a terminal; otherwise a plain line after the first match, then every
// tenth of the run (at most every few seconds) and at least once a minute,
// so that a long stretch of slow matches still shows the run alive.
type progressBar struct {
	w         io.Writer
	terminal  bool
	lastLine  time.Time
	lastTenth int
	drawn     bool
}

func newProgressBar(w io.Writer) *progressBar {
	p := &progressBar{w: w}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

func (p *progressBar) update(pr sim.Progress) {
	rate := float64(pr.Done) / pr.Elapsed.Seconds()
	left := timeLeft(pr)
	if p.terminal {
		const width = 30
		filled := width * pr.Done / pr.Total
		fmt.Fprintf(p.w, "\r[%s%s] %s/%s matches  %.1f/s  %s ", strings.Repeat("#", filled), strings.Repeat(".", width-filled),
			sim.Thousands(pr.Done), sim.Thousands(pr.Total), rate, left)
		p.drawn = true
		return
	}
	tenth := 10 * pr.Done / pr.Total
	since := time.Since(p.lastLine)
	if (tenth > p.lastTenth && since > 2*time.Second) || since > time.Minute || pr.Done == pr.Total {
		p.lastTenth, p.lastLine = tenth, time.Now()
		fmt.Fprintf(p.w, "cowpoke sim: %s of %s matches, %.1f per second, %s\n",
			sim.Thousands(pr.Done), sim.Thousands(pr.Total), rate, left)
	}
}

// timeLeft says how long the run has left: the run's own estimate where
// it has one (a round robin costs each pair at its own pace), else the
// matches left at the pace so far; and who has not played yet, whose
// pace the estimate cannot know.
func timeLeft(pr sim.Progress) string {
	left := pr.Left
	if left == 0 && pr.Done > 0 {
		left = time.Duration(float64(pr.Elapsed) * float64(pr.Total-pr.Done) / float64(pr.Done))
	}
	switch {
	case pr.Done == 0:
		return "time left not yet known"
	case pr.Done >= pr.Total:
		return "done"
	}
	s := "about " + left.Round(time.Second).String() + " left"
	if left < time.Second {
		s = "under a second left"
	}
	if len(pr.NotYet) > 0 {
		s += fmt.Sprintf(" (more if %s, who %s not played yet, %s slower)", words.List(pr.NotYet),
			words.Plural(len(pr.NotYet), "has", "have"), words.Plural(len(pr.NotYet), "is", "are"))
	}
	return s
}

func (p *progressBar) finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
