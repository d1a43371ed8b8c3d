package ai

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"testing"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// TestEasyNormalDecisionHash plays whole matches between easy, normal and
// two personalities on every map and digests every decision they take
// (command and reason), so that a change meant for hard alone can be shown
// to leave easy and normal playing exactly as before: run it on the
// commit before and after and compare, or give the hash to expect in
// COWPOKE_AI_WANT_HASH.
//
//	go test -run TestEasyNormalDecisionHash -v ./game/ai/
func TestEasyNormalDecisionHash(t *testing.T) {
	pairs := [][2]string{{"normal", "easy"}, {"easy", "normal"}, {"normal:reckless", "easy:dynamiter"}}
	h := sha256.New()
	decisions := 0
	for i, name := range maps.Names() {
		for j, pair := range pairs {
			seed := uint64(100*i + j + 1)
			m := newMatch(t, setup{Map: name, Initiative: methods[(i+j)%len(methods)], Seed: seed})
			sides := []game.Controller{controller(t, pair[0], seed), controller(t, pair[1], seed+1)}
			decisions += digestPlay(t, h, m, sides, maxCommands)
		}
	}
	got := fmt.Sprintf("%x", h.Sum(nil))
	t.Logf("%d decisions of easy and normal, digest %s", decisions, got)
	if want := os.Getenv("COWPOKE_AI_WANT_HASH"); want != "" && want != got {
		t.Errorf("easy and normal decide otherwise than before: digest %s, want %s", got, want)
	}
}

// TestHardDecisionHash digests hard's decisions (command and reason, the
// search's words included) so that a change meant only to make hard
// faster can be shown to leave every decision as it was: every sixth of
// the positions of the decision benchmarks, each decided by a fresh
// player, then hard against normal on the halt for 160 decisions with one
// player each (what hard remembers between decisions is used). Run it on
// the commit before and after and compare, or give the digest to expect
// in COWPOKE_AI_WANT_HARD_HASH. About 20 s of CPU, so not under the race
// detector unless that variable is set.
//
//	go test -run TestHardDecisionHash -v ./game/ai/
func TestHardDecisionHash(t *testing.T) {
	want := os.Getenv("COWPOKE_AI_WANT_HARD_HASH")
	if racecheck.Enabled && want == "" {
		t.Skip("hard's search is slow under the race detector; set COWPOKE_AI_WANT_HARD_HASH to run it")
	}
	h := sha256.New()
	decisions := 0
	ps := positions(t, 7)
	for i := 0; i < len(ps); i += 6 {
		d, ok := controller(t, "hard", uint64(i+1)).Decide(ps[i])
		if !ok {
			t.Fatalf("position %d: no decision", i)
		}
		fmt.Fprintf(h, "%s\n%s\n", cmdKey(d.Command), d.Why)
		decisions++
	}
	m := newMatch(t, setup{Map: "halt.tmx", Initiative: game.MethodCoin, Seed: 11})
	sides := []game.Controller{controller(t, "hard", 23), controller(t, "normal", 24)}
	decisions += digestPlay(t, h, m, sides, 160)
	got := fmt.Sprintf("%x", h.Sum(nil))
	t.Logf("%d decisions (hard and its opponent), digest %s", decisions, got)
	if want != "" && want != got {
		t.Errorf("hard decides otherwise than before: digest %s, want %s", got, want)
	}
}

// digestPlay plays m by sides for at most limit decisions or to its end,
// writing each decision's command and reason to h, and returns how many it
// made.
func digestPlay(t *testing.T, h io.Writer, m *game.Match, sides []game.Controller, limit int) int {
	t.Helper()
	n := 0
	for ; n < limit && !m.Over; n++ {
		d, ok := sides[m.Decider()].Decide(m)
		if !ok {
			t.Fatalf("%s, decision %d: no decision", m.Board.Name, n)
		}
		fmt.Fprintf(h, "%s\n%s\n", cmdKey(d.Command), d.Why)
		if _, err := m.ApplyDecision(d); err != nil {
			t.Fatal(err)
		}
	}
	return n
}
