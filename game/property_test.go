package game

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"cowpoke/game/board"
	"cowpoke/game/racecheck"
)

// propertyMatches is how many complete random matches the property test
// plays: a few hundred in an ordinary run (make test runs it under -race,
// which slows the engine about fivefold); `make soak` plays 2,000 under
// -race. COWPOKE_PROPERTY_MATCHES overrides both.
func propertyMatches() int {
	if explicitPropertyCount() {
		s := os.Getenv("COWPOKE_PROPERTY_MATCHES")
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	if racecheck.Enabled {
		return 120
	}
	return 300
}

// explicitPropertyCount reports whether COWPOKE_PROPERTY_MATCHES sets the count.
func explicitPropertyCount() bool { return os.Getenv("COWPOKE_PROPERTY_MATCHES") != "" }

// maxCommands bounds a match: a random match that has not ended by then
// fails "every match ends".
const maxCommands = 50_000

// TestPropertyRandomMatches plays complete matches of random legal commands
// on the default town, several at once on separate boards, and checks the
// invariants after every command.
func TestPropertyRandomMatches(t *testing.T) {
	s, town := defaultTown(t)
	playMany(t, s, town, propertyMatches())
}

// playMany plays n random matches of a scenario, several at once, and
// reports every broken invariant.
func playMany(t *testing.T, s Scenario, town *board.Board, n int) {
	jobs := make(chan int)
	var mu sync.Mutex
	var failures []string
	commands := 0
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				played, err := playChecked(s, town, uint64(i))
				mu.Lock()
				commands += played
				if err != nil {
					failures = append(failures, fmt.Sprintf("match %d: %v", i, err))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d matches, %d commands, %d failures", n, commands, len(failures))
}

// playChecked plays one random match to its end, checking every invariant
// after every command.
func playChecked(s Scenario, town *board.Board, seed uint64) (int, error) {
	m, err := NewMatchOn(s, town, seed)
	if err != nil {
		return 0, err
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	inv := NewInvariants()
	for i := 0; ; i++ {
		if err := inv.Check(m); err != nil {
			return i, fmt.Errorf("after command %d: %v", i, err)
		}
		if m.Over {
			return i, nil
		}
		if i == maxCommands {
			return i, fmt.Errorf("no end after %d commands", maxCommands)
		}
		c, _ := m.RandomCommand(rng)
		if _, err := m.Apply(c); err != nil {
			return i, fmt.Errorf("command %d %+v was offered as legal and refused: %v", i, c, err)
		}
	}
}

// TestPropertyMultiplayerMatches plays random matches of three and four
// posses under the Draw (Method A) and the Standoff (Method C), checking
// every invariant after every command: a few of each in an ordinary run,
// a tenth of COWPOKE_PROPERTY_MATCHES each when that is set.
func TestPropertyMultiplayerMatches(t *testing.T) {
	n := 6
	if racecheck.Enabled {
		n = 2
	}
	if explicitPropertyCount() {
		n = max(1, propertyMatches()/10)
	}
	all, err := ShippedPosses()
	if err != nil {
		t.Fatal(err)
	}
	for _, players := range []int{3, 4} {
		for _, method := range []string{MethodDraw, MethodStandoff} {
			t.Run(fmt.Sprintf("%d-%s", players, method), func(t *testing.T) {
				s, err := PlayersScenario(all[:players], "", method)
				if err != nil {
					t.Fatal(err)
				}
				b, err := s.LoadMap()
				if err != nil {
					t.Fatal(err)
				}
				playMany(t, s, b, n)
			})
		}
	}
}
