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
	if raceEnabled {
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
	acted := map[[2]int]int{}
	seen := 0
	for i := 0; ; i++ {
		if err := checkInvariants(m, acted, &seen); err != nil {
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

// checkInvariants checks the match after a command. acted counts
// activations by game turn and model; under the token stack the bag as
// filled each round (its event) says how often each model may act.
func checkInvariants(m *Match, acted map[[2]int]int, seen *int) error {
	for _, e := range m.events[*seen:] {
		if e.Kind == EvToken && e.Model < 0 && e.Posse < 0 && e.Order != nil {
			for i, n := range e.Order { // the bag as filled: remember its counts
				acted[[2]int{-e.Turn, i}] = n
			}
		}
		if e.Kind == EvActivated {
			key := [2]int{e.Turn, e.Model}
			acted[key]++
			limit := m.maxActivations(e.Model)
			if m.Scenario.Initiative == MethodTokens {
				limit = acted[[2]int{-e.Turn, e.Model}]
				if m.computerPlayed(m.Models[e.Model].Posse) {
					limit = acted[[2]int{-e.Turn, len(m.Models) + m.Models[e.Model].Posse}]
				}
			}
			if acted[key] > limit {
				return fmt.Errorf("%s activated %d times in game turn %d (at most %d)", m.Models[e.Model].Name, acted[key], e.Turn, limit)
			}
		}
		if e.Pool != nil && e.Kind != EvBrawl && len(e.Faces) != e.Pool.Dice {
			return fmt.Errorf("%q rolled %d dice for a pool of %d", e.Text, len(e.Faces), e.Pool.Dice)
		}
	}
	*seen = len(m.events)
	maxAP := 2
	if m.effects != nil {
		maxAP = 3 // Flurry (R38)
	}
	if m.AP < 0 || m.AP > maxAP {
		return fmt.Errorf("AP %d", m.AP)
	}
	if err := checkMethodInvariants(m); err != nil {
		return err
	}
	if m.Active >= 0 && m.Models[m.Active].Removed() && m.Pending == nil {
		return fmt.Errorf("%s is activating though out of play", m.Models[m.Active].Name)
	}
	for i := range m.Models {
		a := &m.Models[i]
		if a.Health.HP() > a.Health.MaxHP || a.Health.Damage < 0 {
			return fmt.Errorf("%s has %d HP of %d", a.Name, a.Health.HP(), a.Health.MaxHP)
		}
		if a.Removed() {
			continue
		}
		if a.Pos.X < 0.5-1e-6 || a.Pos.Y < 0.5-1e-6 || a.Pos.X > m.Board.Width-0.5+1e-6 || a.Pos.Y > m.Board.Height-0.5+1e-6 {
			return fmt.Errorf("%s stands off the table at %v", a.Name, a.Pos)
		}
		if a.Sticks < 0 {
			return fmt.Errorf("%s has %d sticks", a.Name, a.Sticks)
		}
		for j := i + 1; j < len(m.Models); j++ {
			b := &m.Models[j]
			if !b.Removed() && a.Pos.Dist(b.Pos) < 2*board.BaseRadius-1e-6 {
				return fmt.Errorf("%s and %s overlap: centres %.4f\" apart", a.Name, b.Name, a.Pos.Dist(b.Pos))
			}
		}
	}
	if m.Over && m.Winner >= 0 && m.standing(m.Winner) == 0 {
		return fmt.Errorf("the winner %s has nobody standing", m.Posses[m.Winner].Name)
	}
	return nil
}
