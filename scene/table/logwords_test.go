package table

import (
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/game/ai"
)

// A match the computer plays on the showcase (shots, blazes, brawls, runs,
// throws, wounds): every combat log line is the engine's event in plain
// words, with none of its notation: no "->" or signed modifiers of a
// pool, no location and severity dice, no "1 dice", no rule codes, and a
// Run's roll says the 6" and the 2D6.
func TestLogTextHasNoEngineNotation(t *testing.T) {
	s, err := game.ShowcaseScenario()
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	var ctrls []game.Controller
	for i := range m.Posses {
		c, err := ai.New("easy", uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		ctrls = append(ctrls, c)
	}
	for n := 0; n < 400 && !m.Over; n++ {
		d, ok := ctrls[m.Decider()].Decide(m)
		if !ok {
			break
		}
		if _, err := m.Apply(d.Command); err != nil {
			t.Fatalf("the computer's %+v: %v", d.Command, err)
		}
	}
	seen := map[game.EventKind]int{}
	for i := range m.Events() {
		e := &m.Events()[i]
		seen[e.Kind]++
		line := LogText(m, e)
		for _, bad := range []string{"->", " +1", " -1", "(location", "severity", "1 dice", "(R"} {
			if strings.Contains(line, bad) {
				t.Errorf("%s event reads %q (%q)", e.Kind, line, bad)
			}
		}
		if e.Kind == game.EvRunRolled && !strings.Contains(line, "plus 2D6") {
			t.Errorf("a Run's roll reads %q", line)
		}
	}
	// A Run, which the computer did not take here, on a fresh match.
	r, _ := game.NewMatch(s, 3)
	for id := range r.Models {
		if r.CanActivate(id) {
			if _, err := r.Apply(game.Command{Kind: game.CmdActivate, Model: id}); err != nil {
				t.Fatal(err)
			}
			evs, err := r.Apply(game.Command{Kind: game.CmdRun, Model: id})
			if err != nil {
				t.Fatal(err)
			}
			for i := range evs {
				if e := &evs[i]; e.Kind == game.EvRunRolled {
					seen[e.Kind]++
					want := "plus 2D6 (" // 6" plus 2D6 (5 and 2), 13" in all
					if line := LogText(r, e); !strings.Contains(line, want) || !strings.HasSuffix(line, Inches(e.Distance)+" in all.") {
						t.Errorf("a Run's roll reads %q", line)
					}
				}
			}
			break
		}
	}
	for _, k := range []game.EventKind{game.EvShot, game.EvWound, game.EvRunRolled, game.EvBrawl} {
		if seen[k] == 0 {
			t.Errorf("the match had no %s event to check (%v)", k, seen)
		}
	}
}
