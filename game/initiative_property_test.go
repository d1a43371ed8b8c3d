package game

import (
	"bytes"
	"cowpoke/game/board"
	"math/rand/v2"
	"strings"
	"testing"
)

// The property test per initiative method: complete random-legal matches
// under each of the seeds' methods (R35-R37) and with round effects on
// each card-based method (R38), with the invariants of property_test.go.
// A plain run plays a twelfth of TestPropertyRandomMatches' count per
// method (10 each under -race, as make test runs it); `make soak`
// (COWPOKE_PROPERTY_MATCHES=2000) plays 2,000 each.

// methodScenarios are the default town under each method and option.
func methodScenarios(t testing.TB) map[string]Scenario {
	s, _ := defaultTown(t)
	with := func(method string, o Options) Scenario {
		c := s
		c.Initiative, c.Options = method, o
		c.Name = s.Name + " (" + method + ")"
		return c
	}
	return map[string]Scenario{
		"stacks":               with(MethodStacks, Options{}),
		"deck":                 with(MethodDeck, Options{}),
		"tokens":               with(MethodTokens, Options{}),
		"tokens-computer":      with(MethodTokens, Options{Computer: []int{1}}),
		"tokens-limit":         with(MethodTokens, Options{Computer: []int{1}, EnemyLimit: true}),
		"draw-round-effects":   with(MethodDraw, Options{RoundEffects: true, Computer: []int{1}}),
		"stacks-round-effects": with(MethodStacks, Options{RoundEffects: true, Computer: []int{0}}),
		"deck-round-effects":   with(MethodDeck, Options{RoundEffects: true, Computer: []int{1}}),
	}
}

// onEveryMethod runs check on the default town under the book's draw and
// under every method and option of methodScenarios, each as a subtest.
func onEveryMethod(t *testing.T, check func(t *testing.T, sc Scenario, town *board.Board)) {
	s, town := defaultTown(t)
	scenarios := methodScenarios(t)
	scenarios["draw"] = s
	for name, sc := range scenarios {
		t.Run(name, func(t *testing.T) { check(t, sc, town) })
	}
}

func TestPropertyRandomMatchesByMethod(t *testing.T) {
	_, town := defaultTown(t)
	n := propertyMatches()
	if !explicitPropertyCount() {
		n = max(n/12, 10)
	}
	for name, s := range methodScenarios(t) {
		t.Run(name, func(t *testing.T) { playMany(t, s, town, n) })
	}
}

// A match under each of the seeds' methods saves and loads back to the
// same state and the same event log: every card, token and effect comes
// from the match's dice and its commands (R35-R38).
func TestSeedMethodsSaveAndReplay(t *testing.T) {
	for name, s := range methodScenarios(t) {
		t.Run(name, func(t *testing.T) {
			m, err := NewMatch(s, 7)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 1))
			for range 400 {
				c, ok := m.RandomCommand(rng)
				if !ok {
					break
				}
				do(t, m, c)
			}
			data, err := m.MarshalSave()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Load(name+".json", bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if m.initState() == nil && m.effects == nil {
				t.Fatal("the method's cards or tokens are not in the state hash")
			}
			if back.StateHash() != m.StateHash() || logJSON(t, back) != logJSON(t, m) {
				t.Error("the replay differs from the match")
			}
			if !strings.Contains(string(data), `"initiative": "`+s.Initiative+`"`) {
				t.Error("the save names the method")
			}
		})
	}
}

// Random play makes every decision the seeds' methods add, so the
// property test covers them: act now and wait (deck), Refocus and
// restacking (stacks), a shared token's pick of a model that has acted.
func TestRandomPlayMakesEveryNewDecision(t *testing.T) {
	scenarios := methodScenarios(t)
	want := map[string][]CommandKind{
		"deck":            {CmdActNow, CmdWait},
		"stacks":          {CmdRefocus, CmdRestack},
		"tokens-computer": {CmdActivate},
	}
	for name, kinds := range want {
		counts := map[CommandKind]int{}
		for seed := range 3 {
			m, err := NewMatch(scenarios[name], uint64(seed))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(seed), 3))
			for !m.Over {
				c, _ := m.RandomCommand(rng)
				if c.Kind != CmdActivate || m.Models[c.Model].Activated { // count only picks of a model that has acted
					counts[c.Kind]++
				}
				do(t, m, c)
			}
		}
		for _, k := range kinds {
			if counts[k] == 0 {
				t.Errorf("%s: random play never made a %s decision in three matches", name, k)
			}
		}
	}
}
