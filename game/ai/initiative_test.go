package ai

import (
	"os"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// methodVariants are the seeds' initiative methods (R35-R37) and round
// effects on each card-based method (R38), as the computer plays them.
// Posse 2 is computer-played in the scenario's options, so the token
// stack gives it one shared colour (a token that may go to a model that
// has acted) and Breaks and Confused fall on the sides as R38 says.
var methodVariants = []struct {
	name   string
	method string
	opts   game.Options
}{
	{"stacks", game.MethodStacks, game.Options{}},
	{"deck", game.MethodDeck, game.Options{}},
	{"tokens", game.MethodTokens, game.Options{Computer: []int{1}}},
	{"draw-round-effects", game.MethodDraw, game.Options{RoundEffects: true, Computer: []int{1}}},
	{"stacks-round-effects", game.MethodStacks, game.Options{RoundEffects: true, Computer: []int{1}}},
	{"deck-round-effects", game.MethodDeck, game.Options{RoundEffects: true, Computer: []int{1}}},
}

// TestPropertyComputerMatchesByMethod plays computer-against-computer
// matches under each variant, on every map, and checks with playChecked
// that no command is refused, every command has a reason, the engine's
// invariants (game.Invariants) hold after every command and every match
// ends. COWPOKE_AI_METHOD_MATCHES sets the matches per variant (the bar:
// 500); a plain run plays 2 per variant (1 under the race detector).
// COWPOKE_AI_METHOD names one variant; COWPOKE_AI_METHOD_SPECS replaces
// the players' specs (comma-separated).
func TestPropertyComputerMatchesByMethod(t *testing.T) {
	n := envInt("COWPOKE_AI_METHOD_MATCHES", 2)
	if racecheck.Enabled && os.Getenv("COWPOKE_AI_METHOD_MATCHES") == "" {
		n = 1
	}
	only := os.Getenv("COWPOKE_AI_METHOD")
	specs := []string{"easy", "normal", "easy:cautious", "normal:reckless", "easy:dynamiter"}
	if s := os.Getenv("COWPOKE_AI_METHOD_SPECS"); s != "" {
		specs = strings.Split(s, ",") // e.g. the cheaper levels alone on a loaded machine
	}
	names := maps.Names()
	for _, v := range methodVariants {
		if only != "" && only != v.name {
			continue
		}
		t.Run(v.name, func(t *testing.T) {
			var setups []setup
			for i := range n {
				setups = append(setups, setup{Map: names[i%len(names)], Initiative: v.method, Options: v.opts, Seed: uint64(i),
					A: specs[i%len(specs)], B: specs[(i/len(specs)+i+1)%len(specs)]})
			}
			commands := 0
			for i, r := range runAll(t, setups) {
				commands += r.commands
				if r.err != nil {
					t.Errorf("match %d %+v: %v", i, setups[i], r.err)
				}
			}
			t.Logf("%s: %d matches, %d commands, 0 refused", v.name, n, commands)
		})
	}
}

// TestComputerRefocusesAndReusesSharedTokens plays whole matches and
// counts the decisions only the seeds' methods offer: under card stacks
// the computer refocuses (with its reason in words), and under the token
// stack a shared token activates a model that has already acted.
func TestComputerRefocusesAndReusesSharedTokens(t *testing.T) {
	count := func(method string, opts game.Options, seeds int, want func(d game.Decision, m *game.Match) bool) (int, string) {
		n, why := 0, ""
		for seed := range uint64(seeds) {
			m := newMatch(t, setup{Map: "town.tmx", Initiative: method, Options: opts, Seed: seed})
			players := []game.Controller{controller(t, "normal", seed), controller(t, "easy", seed+1)}
			for steps := 0; !m.Over && steps < maxCommands; steps++ {
				d, ok := players[m.Decider()].Decide(m)
				if !ok {
					t.Fatal("no decision")
				}
				if want(d, m) {
					n, why = n+1, d.Why
				}
				if _, err := m.ApplyDecision(d); err != nil {
					t.Fatalf("%s seed %d: %v", method, seed, err)
				}
			}
		}
		return n, why
	}
	// A Refocus is rare (none in seeds 0-3 with the posses of issue 26's
	// last rebalancing), so the card stacks get 8 matches.
	const stackMatches = 8
	n, why := count(game.MethodStacks, game.Options{}, stackMatches, func(d game.Decision, m *game.Match) bool { return d.Command.Kind == game.CmdRefocus })
	t.Logf("card stacks: %d Refocus in %d matches; the last: %s", n, stackMatches, why)
	if n == 0 || !strings.Contains(why, "Refocus") {
		t.Errorf("the computer never refocused in %d matches under card stacks", stackMatches)
	}
	n, why = count(game.MethodTokens, game.Options{Computer: []int{0, 1}}, 2, func(d game.Decision, m *game.Match) bool {
		return d.Command.Kind == game.CmdActivate && m.SharedToken() && m.Models[d.Command.Model].Activated
	})
	t.Logf("token stack: %d shared tokens given to a model that had acted in 2 matches; the last: %s", n, why)
	if n == 0 || !strings.Contains(why, "has acted") {
		t.Errorf("no shared token went to a model that had acted in 2 matches")
	}
}
