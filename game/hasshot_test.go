package game

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestHasShotAsEveryWeapon checks hasShot, which decides on sight alone for
// a weapon whose pool cannot fall below a die, against sizing the shot of
// every weapon in turn: random spots for every enemy pair at many moments
// of random matches (weapons emptied and models wounded on the way).
func TestHasShotAsEveryWeapon(t *testing.T) {
	s, b := defaultTown(t)
	rng := rand.New(rand.NewPCG(8, 3))
	reference := func(m *Match, watcher, mover int, p Point, facing float64) bool {
		for slot := range m.Models[watcher].Profile.Weapons {
			if sh, err := m.setupShotFacing(watcher, slot, mover, overwatchShot, p, facing); err == nil && !sh.Pool.Impossible {
				return true
			}
		}
		return false
	}
	yes, no := 0, 0
	for seed := range uint64(4) {
		m, err := NewMatchOn(s, b, seed)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !m.Over; step++ {
			if step%40 == 0 {
				for w := range m.Models {
					for v := range m.Models {
						if m.Models[w].Posse == m.Models[v].Posse || m.Models[w].Removed() || m.Models[v].Removed() {
							continue
						}
						p := Point{X: float64(1 + rng.Float64()*(m.Board.Width-2)), Y: float64(1 + rng.Float64()*(m.Board.Height-2))}
						// Facing every way, as a mover walking any way may.
						facing := rng.Float64() * 2 * math.Pi
						got, want := m.hasShot(w, v, p, facing), reference(m, w, v, p, facing)
						if got != want {
							t.Fatalf("seed %d step %d: %s at %v on %s: hasShot %v, every weapon sized %v", seed, step, m.Models[w].Name, p, m.Models[v].Name, got, want)
						}
						if want {
							yes++
						} else {
							no++
						}
					}
				}
			}
			c, _ := m.RandomCommand(rng)
			if _, err := m.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("%d shots and %d none: the test needs both", yes, no)
	}
	t.Logf("%d spots with a shot and %d without, each as every weapon sized", yes, no)
}
