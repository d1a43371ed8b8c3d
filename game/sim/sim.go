// Package sim plays many complete matches of the real engine headless and
// measures who wins and by how much: the engine behind `cowpoke sim`, and
// (started from a position in play) behind a win-probability estimate.
//
// Matches are played in pairs with the sides swapped on the same seed, so
// the luck of the dice and of the first turn falls on both posses alike.
// Each match's seed derives from the run's seed and the match's number
// only, and results are collected by number, so a run gives the same
// figures whatever the number of workers.
package sim

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"cowpoke/game"
	"cowpoke/game/board"
)

// NewPlayer makes the controller for a side from its level ("random",
// "easy", "normal:reckless", ...) and a seed of its own.
type NewPlayer func(spec string, seed uint64) (game.Controller, error)

// ErrNoComputerOpponent is the error for a computer level before the
// computer opponent is plugged in.
var ErrNoComputerOpponent = errors.New("the computer opponent is not built yet")

// Levels and personalities a side's spec may name.
var (
	Levels        = []string{"random", "easy", "normal", "hard"}
	Personalities = []string{"cautious", "reckless", "dynamiter"}
)

// CheckLevel checks the form of a level spec: LEVEL or LEVEL:PERSONALITY
// ("random" takes no personality).
func CheckLevel(spec string) error {
	level, personality, hasP := strings.Cut(spec, ":")
	if !contains(Levels, level) {
		return fmt.Errorf("unknown level %q (want %s, optionally LEVEL:%s)", spec, strings.Join(Levels, ", "), strings.Join(Personalities, "|"))
	}
	if hasP && (level == "random" || !contains(Personalities, personality)) {
		if level == "random" {
			return fmt.Errorf("level %q: the random player has no personality", spec)
		}
		return fmt.Errorf("level %q: unknown personality %q (want %s)", spec, personality, strings.Join(Personalities, ", "))
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// WithRandom returns a player factory with the random-legal player built
// in: "random" gives game.NewRandomPlayer, any other well-formed level goes
// to computer (ErrNoComputerOpponent while computer is nil).
func WithRandom(computer NewPlayer) NewPlayer {
	return func(spec string, seed uint64) (game.Controller, error) {
		if err := CheckLevel(spec); err != nil {
			return nil, err
		}
		if spec == "random" {
			return game.NewRandomPlayer(seed), nil
		}
		if computer == nil {
			return nil, fmt.Errorf("level %q: %w", spec, ErrNoComputerOpponent)
		}
		return computer(spec, seed)
	}
}

// Shard is one of N slices of a run (I from 1 to N): the pairs whose index
// modulo N is I-1. The zero Shard is the whole run.
type Shard struct{ I, N int }

// String writes "I/N", or "" for the whole run.
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// ParseShard reads "I/N" with 1 <= I <= N.
func ParseShard(text string) (Shard, error) {
	var s Shard
	var rest string
	if n, _ := fmt.Sscanf(text, "%d/%d%s", &s.I, &s.N, &rest); n != 2 || s.N < 1 || s.I < 1 || s.I > s.N {
		return Shard{}, fmt.Errorf("shard %q: want I/N with 1 <= I <= N, like 2/4", text)
	}
	return s, nil
}

// check refuses a shard out of range (the zero Shard is the whole run).
func (s Shard) check() error {
	if s.N > 0 && (s.I < 1 || s.I > s.N) {
		return fmt.Errorf("shard %s: want I/N with 1 <= I <= N", s)
	}
	return nil
}

// has reports whether the shard plays match number (from 1).
func (s Shard) has(number int) bool { return s.hasGroup((number - 1) / 2) }

// hasGroup reports whether the shard plays group g (from 0): the groups
// are dealt to the slices in turn.
func (s Shard) hasGroup(g int) bool { return s.N == 0 || g%s.N == s.I-1 }

// Config is a run: what is played, by whom, how many times.
type Config struct {
	// Scenario has exactly two posses: posse A first, posse B second.
	Scenario game.Scenario
	// Board is the scenario's map, loaded; nil loads it.
	Board *board.Board
	// Position, when set, is a match in play: every match continues from
	// it (Scenario and Board are then ignored, and sides are not swapped:
	// posse A is the position's first posse).
	Position *game.Match

	A, B      string    // the sides' levels ("random", "normal:cautious", ...)
	NewPlayer NewPlayer // nil: WithRandom(nil)

	Matches int    // how many matches (a pair is two)
	Seed    uint64 // the run's seed
	// Mirror plays each seed four times: the sides swapped, and the posses
	// exchanged between the players (A's level plays posse B), so that a
	// comparison of players is never a comparison of posses.
	Mirror  bool
	Workers int   // matches played at once; 0: every core
	Shard   Shard // the zero Shard plays them all

	// SPRT, when set, stops the run as soon as the test decides, looking
	// at the matches in order of number (so the stop is the same whatever
	// Workers is).
	SPRT *SPRT
	// SaveDir, when set, receives every match as a save file.
	SaveDir string
	// CommandLimit ends a match unfinished after this many commands (0:
	// DefaultCommandLimit): a safeguard against a player that never ends.
	CommandLimit int
	// Progress, when set, is told after each match (from one goroutine).
	Progress func(Progress)
	// plays, when set, further narrows the matches played to those it
	// accepts: a round robin's slice (RoundRobinConfig.Shard) takes its
	// own groups of each pair's run.
	plays func(number int) bool
}

// DefaultCommandLimit is far above a full random match (about 1,200
// commands on Dry Gulch).
const DefaultCommandLimit = 50000

// Progress is how far a run has got.
type Progress struct {
	Done, Total int
	Elapsed     time.Duration
	// Left, when not zero, is the run's own estimate of the time left (a
	// round robin's, from each pair's pace: runClock); when zero, the pace
	// so far is the estimate. NotYet names the players who have matches
	// to play and have not played one, whose pace Left cannot know.
	Left   time.Duration
	NotYet []string
}

// Result is a finished (or stopped) run.
type Result struct {
	Settings Settings
	Matches  []MatchResult // by number
	Elapsed  time.Duration
	Workers  int
	// Interrupted is true when the context was cancelled before the end:
	// Matches then holds what was played.
	Interrupted bool
	// SPRTVerdict is "H0" or "H1" when the SPRT stopped the run early.
	SPRTVerdict string
}

// Runner is a checked configuration, ready to play; its state is
// read-only once playing starts, shared by the workers.
type Runner struct {
	cfg       Config
	scenarios [2]game.Scenario // [0] A seated first, [1] B seated first
	board     *board.Board
	position  []game.Command // the position's commands, when forking
	posSeed   uint64
	limit     int
}

// Run checks the configuration and plays it (New, then Runner.Run).
func Run(ctx context.Context, cfg Config) (*Result, error) {
	r, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return r.Run(ctx)
}

// Run plays the configured matches. A failure while playing (a save that
// cannot be written) stops the run with an error. When ctx is cancelled
// the run stops and returns what was played, Interrupted set.
func (r *Runner) Run(ctx context.Context) (*Result, error) {
	cfg := r.cfg
	var numbers []int
	for n := 1; n <= cfg.Matches; n++ {
		if cfg.Shard.has(n) && (cfg.plays == nil || cfg.plays(n)) {
			numbers = append(numbers, n)
		}
	}
	res := &Result{Settings: r.settings(), Workers: cfg.Workers}
	start := time.Now()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	type done struct {
		mr  MatchResult
		err error
	}
	results := make(chan done)
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				mr, err := r.play(ctx, n)
				if errors.Is(err, context.Canceled) {
					continue // stopped mid-match: not counted
				}
				results <- done{mr, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, n := range numbers {
			select {
			case jobs <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	byNumber := map[int]MatchResult{}
	next := 0 // numbers[:next] are all in byNumber
	var score Score
	var firstErr error
	for d := range results {
		if d.err != nil {
			if firstErr == nil {
				firstErr = d.err
				cancel()
			}
			continue
		}
		if ctx.Err() != nil && (res.SPRTVerdict != "" || firstErr != nil) {
			continue // played after the run was decided
		}
		byNumber[d.mr.Number] = d.mr
		for next < len(numbers) && res.SPRTVerdict == "" {
			mr, ok := byNumber[numbers[next]]
			if !ok {
				break
			}
			next++
			if cfg.SPRT != nil {
				score.add(playerOutcome(mr)) // under --mirror the test is about the players
				if v := cfg.SPRT.Verdict(score); v != "" {
					res.SPRTVerdict = v
					cancel()
				}
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: len(byNumber), Total: len(numbers), Elapsed: time.Since(start)})
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	for n, mr := range byNumber {
		if res.SPRTVerdict != "" && n > numbers[next-1] {
			continue // past the match that decided the test
		}
		res.Matches = append(res.Matches, mr)
	}
	sort.Slice(res.Matches, func(i, j int) bool { return res.Matches[i].Number < res.Matches[j].Number })
	res.Elapsed = time.Since(start)
	res.Interrupted = res.SPRTVerdict == "" && len(res.Matches) < len(numbers)
	return res, nil
}

// New checks a configuration: the scenario, the levels, the shard; it loads
// the map and deploys both seatings once. Its errors are the user's input
// to correct; nothing has been played.
func New(cfg Config) (*Runner, error) {
	if cfg.Matches < 1 {
		return nil, fmt.Errorf("the number of matches must be at least 1, not %d", cfg.Matches)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.NewPlayer == nil {
		cfg.NewPlayer = WithRandom(nil)
	}
	if cfg.CommandLimit <= 0 {
		cfg.CommandLimit = DefaultCommandLimit
	}
	if err := cfg.Shard.check(); err != nil {
		return nil, err
	}
	if cfg.Mirror && cfg.Position != nil {
		return nil, errors.New("a position fixes who plays which posse: it cannot be mirrored")
	}
	if cfg.Shard.N > 0 && cfg.SPRT != nil {
		return nil, errors.New("a sequential test (SPRT) cannot be split into shards: it must see the matches in order")
	}
	for side, spec := range map[string]string{"A": cfg.A, "B": cfg.B} {
		if _, err := cfg.NewPlayer(spec, 0); err != nil {
			return nil, fmt.Errorf("posse %s: %w", side, err)
		}
	}
	r := &Runner{cfg: cfg, limit: cfg.CommandLimit}
	s := cfg.Scenario
	if cfg.Position != nil {
		p := cfg.Position.Save()
		s, r.posSeed = p.Scenario, p.Seed
		r.position = append([]game.Command(nil), p.Commands...)
		cfg.Board = nil // the position's map as loaded, not as the doors now stand
	}
	if len(s.Posses) != 2 {
		return nil, fmt.Errorf("scenario %q: a simulation is between two posses, it has %d", s.Name, len(s.Posses))
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	r.scenarios[0] = s
	swapped := s
	swapped.Posses = []game.PosseSpec{s.Posses[1], s.Posses[0]}
	r.scenarios[1] = swapped
	r.board = cfg.Board
	if r.board == nil {
		b, err := s.LoadMap()
		if err != nil {
			return nil, fmt.Errorf("scenario %q: %w", s.Name, err)
		}
		r.board = b
	}
	r.board.Prepare()
	// Both seatings must deploy: a posse too big for its zone is refused now.
	for _, sc := range r.scenarios {
		if _, err := game.NewMatchOn(sc, r.board, 0); err != nil {
			return nil, err
		}
	}
	if cfg.SaveDir != "" {
		if err := os.MkdirAll(cfg.SaveDir, 0o755); err != nil {
			return nil, fmt.Errorf("save folder: %w", err)
		}
	}
	return r, nil
}

// Seeds. A pair's seed mixes the run's seed with the pair's index: both
// matches of a pair roll the same dice. A player's seed mixes the match's
// with its player (--a-ai's or --b-ai's level), not its seat nor its
// posse: were it the seat, a posse playing itself would play the second
// match of each pair as the mirror of the first, and an A/A run would come
// out at exactly 50% whatever the truth (and likewise for the posse under
// --mirror).

func mix(x uint64) uint64 { return game.Mix64(x + 0x9e3779b97f4a7c15) } // SplitMix64's step

// MatchSeed is the dice seed of match number n (from 1) of a run: both
// matches of a pair share it.
func MatchSeed(runSeed uint64, n int) uint64 { return groupSeed(runSeed, (n-1)/2) }

// MirrorSeed is the dice seed of match n of a mirrored run: the four
// matches of a group (two seatings, then the same two with the posses
// exchanged between the players) share it. A group's first pair plays
// the same dice as the same pair of a run without --mirror.
func MirrorSeed(runSeed uint64, n int) uint64 { return groupSeed(runSeed, (n-1)/4) }

func groupSeed(runSeed uint64, group int) uint64 { return mix(runSeed ^ mix(uint64(group))) }

// seedOf is match n's dice seed in this run.
func (r *Runner) seedOf(n int) uint64 {
	if r.cfg.Mirror {
		return MirrorSeed(r.cfg.Seed, n)
	}
	return MatchSeed(r.cfg.Seed, n)
}

// swapped reports whether match n has the posses exchanged between the
// players: the third and fourth match of each group of a mirrored run.
func (r *Runner) swapped(n int) bool { return r.cfg.Mirror && (n-1)/2%2 == 1 }

func playerSeed(matchSeed uint64, side int) uint64 { return mix(matchSeed ^ mix(uint64(side)+0x5eed)) }

// Outcomes of a match from posse A's view.
const (
	AWins      = "a"
	BWins      = "b"
	Draw       = "draw"
	Unfinished = "unfinished" // the command limit was reached: scored as a draw
)

// MatchResult is one match's figures. Per-model slices list posse A's
// models then posse B's, in the order of their posse files.
type MatchResult struct {
	Number int    `json:"number"`
	Seed   uint64 `json:"seed"`
	ASeat  int    `json:"a_seat"` // 0: posse A was seated first
	// Swapped: the posses were exchanged between the players (--mirror):
	// posse A was played by posse B's level (--b-ai) and posse B by A's.
	Swapped  bool   `json:"posses_swapped,omitempty"`
	Outcome  string `json:"outcome"` // AWins, BWins, Draw or Unfinished
	First    string `json:"first"`   // "a" or "b": who acted first in game turn 1
	Turns    int    `json:"turns"`
	Commands int    `json:"commands"`
	Illegal  int    `json:"illegal_commands"`
	Survived []bool `json:"survived"`
	Damage   []int  `json:"damage"`     // wounds marked on enemies
	Removals []int  `json:"removals"`   // enemies taken out of play
	Luck     []int  `json:"luck_spent"` // Luck tokens spent (round effects, rules edition 3: R41)
	// Points are posse A's and B's victory points when the scenario has
	// objectives (game/objective.go); nil without.
	Points []int `json:"points,omitempty"`
	// Style is how each player played: [0] the level of --a-ai, [1] of
	// --b-ai, whichever posse it had.
	Style [2]PlayStyle `json:"style"`
}

// start sets up match number n's first position.
func (r *Runner) start(n int) (*game.Match, int, error) {
	seed := r.seedOf(n)
	if r.position != nil {
		// Until the engine can fork a position with fresh dice, every match
		// continues the position's own dice; only the players' choices vary.
		m, err := game.NewMatchOn(r.scenarios[0], r.board, r.posSeed)
		if err != nil {
			return nil, 0, err
		}
		for i, c := range r.position {
			if _, err := m.Apply(c); err != nil {
				return nil, 0, fmt.Errorf("the position's command %d cannot be replayed: %v", i+1, err)
			}
		}
		return m, 0, nil
	}
	aSeat := (n - 1) % 2
	m, err := game.NewMatchOn(r.scenarios[aSeat], r.board, seed)
	return m, aSeat, err
}

// play plays match number n to its end.
func (r *Runner) play(ctx context.Context, n int) (MatchResult, error) {
	m, aSeat, err := r.start(n)
	if err != nil {
		return MatchResult{}, err
	}
	seed := r.seedOf(n)
	mr := MatchResult{Number: n, Seed: seed, ASeat: aSeat, Swapped: r.swapped(n)}
	specs := [2]string{r.cfg.A, r.cfg.B}
	sides := make([]game.Controller, 2)
	var seatPlayer [2]int // the player (0: --a-ai's level) in each seat
	for seat := range sides {
		posse := seat ^ aSeat // seat 0 holds posse A unless the seats are swapped
		player := posse
		if mr.Swapped {
			player ^= 1
		}
		seatPlayer[seat] = player
		if sides[seat], err = r.cfg.NewPlayer(specs[player], playerSeed(seed, player)); err != nil {
			return mr, err
		}
	}
	style := styleWatcher{seatPlayer: seatPlayer, seen: len(m.Events())}
	// A refused command is counted and replaced by a random legal one, so
	// one bad decision does not void the match.
	fallback := game.NewRandomPlayer(playerSeed(seed, 99))
	played := 0
	for !m.Over && played < r.limit {
		if ctx.Err() != nil {
			return mr, ctx.Err()
		}
		// One command at a time: the style figures read the position as
		// each activation ends.
		k, err := game.PlayOut(m, sides, 1)
		played += k
		style.after(m, &mr.Style)
		if err == nil {
			continue
		}
		if errors.Is(err, game.ErrStalled) {
			return mr, fmt.Errorf("match %d: %v", n, err)
		}
		mr.Illegal++
		d, _ := fallback.Decide(m)
		if _, err := m.ApplyDecision(d); err != nil {
			return mr, fmt.Errorf("match %d: %v", n, err)
		}
		played++
		style.after(m, &mr.Style)
	}
	mr.Turns = m.Turn
	mr.Commands = len(m.Commands())
	switch {
	case !m.Over:
		mr.Outcome = Unfinished
	case m.Winner < 0:
		mr.Outcome = Draw
	case m.Winner == aSeat:
		mr.Outcome = AWins
	default:
		mr.Outcome = BWins
	}
	tallyModels(m, aSeat, &mr)
	if sc := m.Score(); sc != nil {
		mr.Points = []int{sc[aSeat], sc[1-aSeat]}
	}
	if r.cfg.SaveDir != "" {
		path := filepath.Join(r.cfg.SaveDir, SaveName(n))
		if err := m.SaveFile(path); err != nil {
			return mr, fmt.Errorf("match %d: %v", n, err)
		}
	}
	return mr, nil
}

// SaveName is the file name of match n's save in a save folder.
func SaveName(n int) string { return fmt.Sprintf("match-%05d.json", n) }

// tallyModels fills the per-model figures from the match's events. The
// engine's wound events name the victim; the attacker is the model of the
// shot, parting shot, brawl bout or explosion that the wound follows.
func tallyModels(m *game.Match, aSeat int, mr *MatchResult) {
	// index maps a model ID to its place in A's models then B's.
	index := make([]int, len(m.Models))
	counts := [2]int{len(m.Posses[0].Models), len(m.Posses[1].Models)}
	nA := counts[aSeat]
	for _, md := range m.Models {
		place := md.ID - m.Posses[md.Posse].Models[0]
		if md.Posse != aSeat {
			place += nA
		}
		index[md.ID] = place
	}
	total := len(m.Models)
	mr.Survived = make([]bool, total)
	mr.Damage = make([]int, total)
	mr.Removals = make([]int, total)
	mr.Luck = make([]int, total)
	for _, md := range m.Models {
		mr.Survived[index[md.ID]] = !md.Removed()
	}
	attacker, brawlA, brawlB := -1, -1, -1
	lastBy := -1
	for _, e := range m.Events() {
		switch e.Kind {
		case game.EvTurnStarted, game.EvActivated:
			attacker, brawlA, brawlB = -1, -1, -1
		case game.EvShot, game.EvPartingShot, game.EvExploded:
			attacker, brawlA, brawlB = e.Model, -1, -1
		case game.EvBrawl:
			attacker, brawlA, brawlB = -1, e.Model, e.Target
		case game.EvWound:
			by := attacker
			if brawlA >= 0 {
				by = brawlA
				if e.Model == brawlA {
					by = brawlB
				}
			}
			lastBy = -1
			if by >= 0 && m.Models[by].Posse != m.Models[e.Model].Posse {
				mr.Damage[index[by]] += e.Wound.Marked
				lastBy = by
			}
		case game.EvLuck:
			mr.Luck[index[e.Model]]++
		case game.EvRemoved:
			if lastBy >= 0 {
				mr.Removals[index[lastBy]]++
			}
			lastBy = -1
		}
	}
	for _, e := range m.Events() {
		// The book's methods order posses (the initiative event); the
		// seeds' methods name models, so the first to act is the first
		// activation's posse.
		first := -1
		switch {
		case e.Kind == game.EvInitiative && len(e.Order) > 0:
			first = e.Order[0]
		case e.Kind == game.EvActivated && e.Model >= 0:
			first = m.Models[e.Model].Posse
		}
		if first >= 0 {
			mr.First = AWins
			if first != aSeat {
				mr.First = BWins
			}
			break
		}
	}
}
