package ai

import (
	"crypto/sha256"
	"fmt"
	"os"
	"testing"

	"cowpoke/game"
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
			for k := 0; k < maxCommands && !m.Over; k++ {
				d, ok := sides[m.Decider()].Decide(m)
				if !ok {
					t.Fatalf("%s on %s: no decision", pair, name)
				}
				fmt.Fprintf(h, "%s\n%s\n", cmdKey(d.Command), d.Why)
				decisions++
				if _, err := m.ApplyDecision(d); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	got := fmt.Sprintf("%x", h.Sum(nil))
	t.Logf("%d decisions of easy and normal, digest %s", decisions, got)
	if want := os.Getenv("COWPOKE_AI_WANT_HASH"); want != "" && want != got {
		t.Errorf("easy and normal decide otherwise than before: digest %s, want %s", got, want)
	}
}
