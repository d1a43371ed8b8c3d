package game

import (
	"math"
	"reflect"
	"testing"

	"cowpoke/rules"
)

// ApplyNotingLuck is the control variate of the playouts (game/analysis's
// estimate, the computer's search): after a shot, the target's posse is
// credited its chance of losing the model less whether it did, so over
// many dice the luck averages 0 (3,000 shots through the engine, within 4
// standard errors), and the events are Apply's own.
func TestApplyNotingLuckHasMeanZero(t *testing.T) {
	for _, kind := range []CommandKind{CmdShoot, CmdBlaze} {
		m := effectsMatch(t, Options{}, nil, 2, fxTests, fxTests, fxTests, fxTests, 3)
		do(t, m, activate(0))
		cmd := Command{Kind: kind, Model: 0, Target: 1}
		shown, err := m.CommandOdds(cmd)
		if err != nil {
			t.Fatal(err)
		}
		p := shown[0].Odds.PRemoved
		if p <= 0.02 || p >= 0.98 {
			t.Fatalf("%v: the shot removes with %.3f: pick a shot of uncertain outcome", kind, p)
		}
		const n = 3000
		sum, removed := 0.0, 0
		for i := range n {
			f := m.Fork(rules.NewSeeded(uint64(500 + i)))
			g := m.Fork(rules.NewSeeded(uint64(500 + i)))
			luck := make([]float64, len(m.Posses))
			evs, err := f.ApplyNotingLuck(cmd, luck)
			if err != nil {
				t.Fatal(err)
			}
			if want := do(t, g, cmd); !reflect.DeepEqual(evs, want) {
				t.Fatalf("%v: events %v, Apply's %v", kind, evs, want)
			}
			want := p
			if f.Models[1].Removed() {
				want, removed = p-1, removed+1
			}
			if luck[1] != want || luck[0] != 0 {
				t.Fatalf("%v: luck %v after the shot (removed: %v), want [0 %v]", kind, luck, f.Models[1].Removed(), want)
			}
			sum += luck[1]
		}
		if removed == 0 || removed == n {
			t.Fatalf("%v: removed %d of %d", kind, removed, n)
		}
		se := math.Sqrt(p * (1 - p) / n)
		if mean := sum / n; math.Abs(mean) > 4*se {
			t.Errorf("%v: mean luck %.4f over %d shots (4 SE %.4f)", kind, mean, n, 4*se)
		}
	}
}
