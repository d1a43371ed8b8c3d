package game

import "testing"

// TestPlayOutRandomAgainstScriptReplay plays a match out with two random
// players, then replays its record through a Script: the same state.
func TestPlayOutRandomAgainstScriptReplay(t *testing.T) {
	m := defaultMatch(t, 5)
	n, err := PlayOut(m, []Controller{NewRandomPlayer(1), NewRandomPlayer(2)}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Over || n != len(m.Commands()) {
		t.Fatalf("PlayOut applied %d commands, match over %v, %d recorded", n, m.Over, len(m.Commands()))
	}
	r := defaultMatch(t, 5)
	if _, err := PlayOut(r, Sides(2, &Script{Commands: m.Commands()}), 0); err != nil {
		t.Fatal(err)
	}
	if r.StateHash() != m.StateHash() {
		t.Fatal("a replay through Script differs from the match")
	}
}

// TestReasonsKeptBesideCommands: reasons ride beside the commands, survive
// an undo, and never touch the state hash.
func TestReasonsKeptBesideCommands(t *testing.T) {
	m := defaultMatch(t, 3)
	plain := defaultMatch(t, 3)
	first := m.Posses[m.Up.Posse].Models[0]
	cmds := []Command{activate(first), {Kind: CmdFace, Model: first, Facing: 0.5}, {Kind: CmdFace, Model: first, Facing: 1}}
	for i, c := range cmds {
		if _, err := m.ApplyDecision(Decision{Command: c, Why: "reason " + string(rune('a'+i))}); err != nil {
			t.Fatal(err)
		}
		if _, err := plain.Apply(c); err != nil {
			t.Fatal(err)
		}
	}
	if m.StateHash() != plain.StateHash() {
		t.Fatal("a reason changed the state hash")
	}
	if got := m.Whys(); len(got) != 3 || got[2] != "reason c" || m.Why(0) != "reason a" {
		t.Fatalf("reasons %q", got)
	}
	u, err := m.Undo() // turning rolls no dice: it can be undone
	if err != nil {
		t.Fatal(err)
	}
	if u.Why(1) != "reason b" || u.Why(2) != "" {
		t.Fatalf("after undo: %q", u.Whys())
	}
}
