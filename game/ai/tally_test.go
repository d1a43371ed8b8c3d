package ai

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"cowpoke/game"
	geval "cowpoke/game/eval"
)

// TestLossesTallied plays again the matches a strength run's log says a
// player lost in one map and seat, and tallies what each side did in them
// a match: its commands by kind, its shooting rolls (plain and Blazing
// Away), the models it removed and the turn it lost its first, and the
// estimate's chance for the player at the start. A measurement of where a
// player loses, run by hand:
//
//	COWPOKE_AI_TALLY='LOG;SPEC;MAP;SEAT;N' go test -run TestLossesTallied -v ./game/ai/
//
// (SEAT 1 or 2; the first N of those losses in the log; add ";won" to
// tally the wins instead).
func TestLossesTallied(t *testing.T) {
	args := strings.Split(os.Getenv("COWPOKE_AI_TALLY"), ";")
	if len(args) < 5 {
		t.Skip("a measurement: COWPOKE_AI_TALLY='LOG;SPEC;MAP;SEAT;N[;won]' tallies a player's lost matches")
	}
	seat, _ := strconv.Atoi(args[3])
	n, _ := strconv.Atoi(args[4])
	won := len(args) > 5 && args[5] == "won"
	f, err := os.Open(args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var picked []setup
	for sc := bufio.NewScanner(f); sc.Scan() && len(picked) < n; {
		var l loggedMatch
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v", args[0], err)
		}
		s := l.Setup
		if s.Map == args[2] && []string{s.A, s.B}[seat-1] == args[1] && (l.Winner == seat-1) == won {
			picked = append(picked, s)
		}
	}
	if len(picked) == 0 {
		t.Fatalf("%s holds no such match", args[0])
	}
	var kinds [2]map[string]int
	kinds[0], kinds[1] = map[string]int{}, map[string]int{}
	var firstLoss, losers [2]int // the sum of the turns each side lost its first model; the matches it lost one in
	start := 0.0
	for _, s := range picked {
		m := newMatch(t, s)
		sides := []game.Controller{controller(t, s.A, s.Seed*2+1), controller(t, s.B, s.Seed*2+2)}
		start += geval.WinChances(m)[seat-1]
		lost := [2]bool{}
		playMatch(t, m, sides, nil, func(side int, d game.Decision, evs []game.Event) {
			kinds[side][string(d.Command.Kind)]++
			for _, e := range evs {
				switch {
				case e.Kind == game.EvRemoved:
					p := m.Models[e.Model].Posse
					kinds[1-p]["removed"]++
					if !lost[p] {
						lost[p] = true
						firstLoss[p] += m.Turn
						losers[p]++
					}
				case e.Kind == game.EvShot && e.BlazedAway():
					kinds[side]["rolls blazing"]++
				case e.Kind == game.EvShot:
					kinds[side]["rolls plain"]++
				}
			}
		})
	}
	per := float64(len(picked))
	t.Logf("%d matches %s %s in seat %d on %s; its chance at the start by the estimate %.1f%%", len(picked), args[1], map[bool]string{true: "won", false: "lost"}[won], seat, args[2], 100*start/per)
	for side := range kinds {
		var words []string
		for _, k := range slices.Sorted(maps.Keys(kinds[side])) {
			words = append(words, fmt.Sprintf("%s %.1f", k, float64(kinds[side][k])/per))
		}
		t.Logf("seat %d a match: %s; first model lost in turn %.1f on average (of those that lost one)", side+1, strings.Join(words, ", "), float64(firstLoss[side])/float64(max(losers[side], 1)))
	}
}
