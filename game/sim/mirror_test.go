package sim

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/board"
)

// signingPlayer plays random legal commands and signs each decision with
// its spec and the posse it decided for, so a save shows who played whom.
type signingPlayer struct {
	spec string
	r    *game.RandomPlayer
}

func (p signingPlayer) Decide(m *game.Match) (game.Decision, bool) {
	d, ok := p.r.Decide(m)
	d.Why = p.spec + " plays " + m.Posses[m.Decider()].Name
	return d, ok
}

func signingFactory(spec string, seed uint64) (game.Controller, error) {
	return signingPlayer{spec, game.NewRandomPlayer(seed)}, nil
}

// Under --mirror each seed is played four times: posse A seated first,
// then second, then the same two with the posses exchanged between the
// players. The saves show it: the same seed, the seats, and in every
// decision the player that made it and the posse it played.
func TestMirrorExchangesPosses(t *testing.T) {
	dir := t.TempDir()
	s := shortScenario(t, 2)
	res := mustRun(t, Config{Scenario: s, A: "first", B: "second", NewPlayer: signingFactory, Matches: 6, Seed: 3, Workers: 2,
		Mirror: true, SaveDir: dir})
	m := res.Matches
	if len(m) != 6 {
		t.Fatalf("%d matches, want 6", len(m))
	}
	if m[0].Seed != m[1].Seed || m[0].Seed != m[2].Seed || m[0].Seed != m[3].Seed || m[4].Seed != m[5].Seed || m[4].Seed == m[0].Seed {
		t.Fatalf("seeds %d %d %d %d %d %d: want groups of four sharing one", m[0].Seed, m[1].Seed, m[2].Seed, m[3].Seed, m[4].Seed, m[5].Seed)
	}
	if m[0].Seed != MatchSeed(3, 1) {
		t.Error("a mirrored run's first pair does not roll the dice of the same pair without --mirror")
	}
	lawmen, desperados := s.Posses[0].Name, s.Posses[1].Name
	for i, mr := range m {
		swapped := i%4 >= 2
		if mr.ASeat != i%2 || mr.Swapped != swapped {
			t.Errorf("match %d: posse A seated %d, swapped %v; want %d, %v", mr.Number, mr.ASeat, mr.Swapped, i%2, swapped)
		}
		saved, err := game.LoadFile(filepath.Join(dir, SaveName(mr.Number)))
		if err != nil {
			t.Fatalf("match %d: %v", mr.Number, err)
		}
		if saved.Seed != mr.Seed {
			t.Errorf("match %d: saved with seed %d, reported %d", mr.Number, saved.Seed, mr.Seed)
		}
		if first := saved.Posses[0].Name; first != []string{lawmen, desperados}[i%2] {
			t.Errorf("match %d: %s seated first", mr.Number, first)
		}
		// Who played posse A: the first player, or the second when swapped.
		want := map[string]bool{"first plays " + lawmen: true, "second plays " + desperados: true}
		if swapped {
			want = map[string]bool{"second plays " + lawmen: true, "first plays " + desperados: true}
		}
		got := map[string]bool{}
		for _, why := range saved.Whys() {
			got[why] = true
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("match %d: the decisions were signed %v, want %v", mr.Number, got, want)
		}
	}

	// Without --mirror nothing is exchanged.
	plain := mustRun(t, Config{Scenario: s, A: "first", B: "second", NewPlayer: signingFactory, Matches: 4, Seed: 3, Workers: 2})
	for _, mr := range plain.Matches {
		if mr.Swapped {
			t.Errorf("match %d exchanged the posses without --mirror", mr.Number)
		}
	}
	if !reflect.DeepEqual(plain.Matches[:2], m[:2]) {
		t.Error("a mirrored run's first pair differs from the same pair without --mirror")
	}
}

// A mirrored run's players' figures are the players', not the posses':
// worked by hand from five matches.
func TestMirrorReportByHand(t *testing.T) {
	set := Settings{A: "hard", B: "normal", Mirror: true}
	set.Scenario.Posses = []game.PosseSpec{{Name: "Lawmen"}, {Name: "Desperados"}}
	matches := []MatchResult{
		{Outcome: AWins},                // player A (Lawmen) wins
		{Outcome: BWins},                // player A (Lawmen) loses
		{Outcome: AWins, Swapped: true}, // the Lawmen win, played by B: A loses with the Desperados
		{Outcome: BWins, Swapped: true}, // the Desperados win, played by A
		{Outcome: Draw, Swapped: true},
	}
	rep := Report{Settings: set, Summary: Summarize(set, matches)}
	a, b := rep.Players[0], rep.Players[1]
	if a.Wins != 2 || a.Draws != 1 || a.Losses != 2 || b.Wins != 2 || b.Draws != 1 || b.Losses != 2 {
		t.Errorf("player A %d/%d/%d, player B %d/%d/%d; want 2/1/2 each", a.Wins, a.Draws, a.Losses, b.Wins, b.Draws, b.Losses)
	}
	if a.WithPosse[0] != (PosseRecord{Posse: "Lawmen", Matches: 2, Wins: 1, WinRate: 0.5, WinRateCI95: wilson(1, 2)}) ||
		a.WithPosse[1] != (PosseRecord{Posse: "Desperados", Matches: 3, Wins: 1, WinRate: 1.0 / 3, WinRateCI95: wilson(1, 3)}) {
		t.Errorf("player A with each posse: %+v", a.WithPosse)
	}
	if b.WithPosse[0] != (PosseRecord{Posse: "Lawmen", Matches: 3, Wins: 1, WinRate: 1.0 / 3, WinRateCI95: wilson(1, 3)}) ||
		b.WithPosse[1] != (PosseRecord{Posse: "Desperados", Matches: 2, Wins: 1, WinRate: 0.5, WinRateCI95: wilson(1, 2)}) {
		t.Errorf("player B with each posse: %+v", b.WithPosse)
	}
	// The posses' figures are still the posses': the Lawmen won 2 of 5.
	if rep.AWins != 2 || rep.BWins != 2 || rep.Draws != 1 {
		t.Errorf("posse A won %d, lost %d, drew %d; want 2, 2, 1", rep.AWins, rep.BWins, rep.Draws)
	}
	// The headline is the player's: 2 of 5 is 40.0%, Wilson 11.8-76.9%.
	if h := rep.Headline(); !strings.HasPrefix(h, "Player A (hard) wins 40.0% (95% CI 11.8-76.9%) of 5 matches: +0 Elo") {
		t.Errorf("headline %q", h)
	}
	var text strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Posse A wins 40.0%", "with Lawmen", "with Desperados",
		"Player A is hard and player B normal, each with posse A (Lawmen) and posse B (Desperados) in turn",
		"A  hard    40.0% (11.8-76.9%)      50.0% (9.5-90.5%)         33.3% (6.1-79.2%)",
		"B  normal  40.0% (11.8-76.9%)      33.3% (6.1-79.2%)         50.0% (9.5-90.5%)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, text.String())
		}
	}
}

func wilson(k, n int) [2]float64 {
	lo, hi := Wilson(k, n)
	return [2]float64{lo, hi}
}

// Shards of a mirrored run merge to the whole run, and a mirrored run
// does not merge with one that is not.
func TestMirrorShardsMerge(t *testing.T) {
	cfg := Config{Scenario: shortScenario(t, 3), A: "random", B: "random", Matches: 10, Seed: 5, Workers: 2, Mirror: true}
	whole := NewReport(mustRun(t, cfg))
	var parts []Report
	for i := 1; i <= 2; i++ {
		cfg.Shard = Shard{I: i, N: 2}
		parts = append(parts, NewReport(mustRun(t, cfg)))
	}
	merged, err := Merge([]string{"1", "2"}, parts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Summary, whole.Summary) || !reflect.DeepEqual(merged.MatchResults, whole.MatchResults) {
		t.Error("the merged shards of a mirrored run differ from the whole run")
	}
	cfg.Mirror = false
	plain := NewReport(mustRun(t, cfg))
	if _, err := Merge([]string{"mirrored", "plain"}, []Report{parts[0], plain}); err == nil || !strings.Contains(err.Error(), "--mirror") {
		t.Errorf("merging a mirrored shard with a plain one: %v", err)
	}
	if _, err := New(Config{Position: &game.Match{}, A: "random", B: "random", Matches: 1, Mirror: true}); err == nil {
		t.Error("a mirrored run from a position was accepted")
	}
}

// The style figures agree with the match: replaying each save command by
// command, the figures written here from the engine's events and queries
// (every "thrown" event; at every activation's end, the nearest enemy in
// play and the enemies' lines of sight) add up to what the run reported
// for each player, whichever posse and seat it had.
func TestStyleAgreesWithTheMatch(t *testing.T) {
	dir := t.TempDir()
	s := shortScenario(t, 12) // long enough to throw, to hide and to fight
	res := mustRun(t, Config{Scenario: s, A: "random", B: "random", Matches: 4, Seed: 9, Workers: 2, Mirror: true, SaveDir: dir})
	var total PlayStyle
	for _, mr := range res.Matches {
		saved, err := game.LoadFile(filepath.Join(dir, SaveName(mr.Number)))
		if err != nil {
			t.Fatal(err)
		}
		p := saved.Save()
		m, err := game.NewMatch(p.Scenario, p.Seed)
		if err != nil {
			t.Fatal(err)
		}
		// The player of seat s: posse A's seat is ASeat, its player 0
		// unless swapped.
		playerOf := func(seat int) int {
			posse := 0
			if seat != mr.ASeat {
				posse = 1
			}
			if mr.Swapped {
				return 1 - posse
			}
			return posse
		}
		var want [2]PlayStyle
		seen := 0
		for _, c := range p.Commands {
			if _, err := m.Apply(c); err != nil {
				t.Fatal(err)
			}
			for _, e := range m.Events()[seen:] {
				switch e.Kind {
				case game.EvThrown:
					want[playerOf(m.Models[e.Model].Posse)].Thrown++
				case game.EvActivationEnded:
					me := m.Models[e.Model]
					if me.Removed() {
						continue
					}
					st := &want[playerOf(me.Posse)]
					nearest, foes, visible, open := 1e9, 0, 0, 0
					for _, f := range m.Models {
						if f.Posse == me.Posse || f.Removed() {
							continue
						}
						foes++
						nearest = min(nearest, me.Pos.Dist(f.Pos)-2*board.BaseRadius)
						if sight := m.LineOfSight(f.Pos, me.Pos); sight.Visible {
							visible++
							if !sight.InCover {
								open++
							}
						}
					}
					if foes == 0 {
						continue
					}
					st.Activations++
					st.NearestSum += max(0, nearest)
					if visible == 0 {
						st.OutOfSight++
					} else if open == 0 {
						st.InCover++
					}
				}
			}
			seen = len(m.Events())
		}
		for player := range 2 {
			got, w := mr.Style[player], want[player]
			if got.Thrown != w.Thrown || got.Activations != w.Activations || got.InCover != w.InCover || got.OutOfSight != w.OutOfSight ||
				!closeTo(got.NearestSum, w.NearestSum) {
				t.Errorf("match %d, player %d: reported %+v, the replay gives %+v", mr.Number, player, got, w)
			}
			total.add(got)
		}
	}
	// Random play throws, ends in cover, in the open and out of sight.
	if total.Thrown == 0 || total.InCover == 0 || total.OutOfSight == 0 || total.InCover+total.OutOfSight == total.Activations {
		t.Errorf("four random matches gave %+v: a figure that never varies measures nothing", total)
	}
	sum := Summarize(res.Settings, res.Matches)
	for player, ps := range sum.Players {
		var st PlayStyle
		for _, mr := range res.Matches {
			st.add(mr.Style[player])
		}
		if ps.DynamitePerMatch != float64(st.Thrown)/4 || ps.CoverShare != float64(st.InCover)/float64(st.Activations) ||
			ps.MeanNearestEnemy != st.NearestSum/float64(st.Activations) {
			t.Errorf("player %d: summary %+v from %+v", player, ps, st)
		}
	}
}

func closeTo(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// Under --mirror the sequential test is about the players: a lopsided
// pair of posses, played by two random players that each have both, does
// not make player A look better (without --mirror the same posses stop
// the test at H1 within a few matches: TestSPRTStopsEarlyTheSameWay).
func TestMirrorSPRTIsAboutThePlayers(t *testing.T) {
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	res := mustRun(t, Config{Scenario: strays(s), A: "random", B: "random", Matches: 40, Seed: 2, SPRT: &DefaultSPRT, Mirror: true, Workers: 2})
	if res.SPRTVerdict == "H1" {
		t.Errorf("the test found player A better after %d matches", len(res.Matches))
	}
	sum := Summarize(res.Settings, res.Matches)
	if sum.AWins < len(res.Matches)*3/4 {
		t.Errorf("the full posse won %d of %d against one greenhorn: the posses are not lopsided", sum.AWins, len(res.Matches))
	}
	if sum.SPRT == nil || sum.SPRT.Verdict == "H1" || sum.SPRT.LLR > 0.5 {
		t.Errorf("the summary's test %+v is about the posses", sum.SPRT)
	}
}
