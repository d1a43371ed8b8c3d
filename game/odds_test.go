package game

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"cowpoke/rules"
)

// The odds a screen shows are computed for the very pool the engine then
// rolls: over a grid of situations on the default town (ranges, cover,
// moving, aiming, Blaze Away, tiers, wounded targets), the pool of
// ShotOdds equals the pool in the shot event, and its odds equal the rules
// package's exact odds for that pool against the target as it stood.
func TestShownOddsAreTheRolledPool(t *testing.T) {
	s, town := defaultTown(t)
	rng := rand.New(rand.NewPCG(6, 6))
	checked := 0
	for trial := 0; checked < 150 && trial < 3000; trial++ {
		shooterAt := Point{X: 1 + rng.Float64()*34, Y: 1 + rng.Float64()*34}
		targetAt := Point{X: 1 + rng.Float64()*34, Y: 1 + rng.Float64()*34}
		tiers := []string{"greenhorn", "cowpoke", "legend"}
		weapons := []string{"revolver", "lever-action", "shotgun", "single-shot-rifle", "bow", "derringer", "gatling-gun"}
		w := weapons[rng.IntN(len(weapons))]
		scn := Scenario{Name: "odds grid", Map: s.Map, Initiative: MethodCoin, Posses: []PosseSpec{
			{Name: "A", Models: []ModelSpec{{Name: "Shooter", Tier: tiers[rng.IntN(3)], Weapons: []string{w}, At: &shooterAt, Facing: rng.Float64() * 360}}},
			{Name: "B", Models: []ModelSpec{{Name: "Target", Tier: tiers[rng.IntN(3)], Weapons: []string{"revolver"}, At: &targetAt, Facing: rng.Float64() * 360}}},
		}}
		m, err := newMatch(scn, town, uint64(trial), rules.NewSeeded(uint64(trial)), CurrentEdition)
		if err != nil {
			continue // a spot where no base can stand
		}
		if m.Up.Posse != 0 {
			continue
		}
		do(t, m, activate(0))
		blaze := (w == "revolver" || w == "lever-action") && rng.IntN(3) == 0
		if !blaze && rng.IntN(3) == 0 && m.Validate(Command{Kind: CmdAim, Model: 0, Target: 1}) == nil {
			do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
		}
		if rng.IntN(4) == 0 {
			m.Models[1].Moved = true
		}
		if rng.IntN(4) == 0 {
			m.Models[1].Health.Take(rules.NewWound(4, 1))
		}
		shown, err := m.ShotOdds(0, 0, 1, blaze)
		if err != nil || shown.Pool.Impossible {
			continue
		}
		health := m.Models[1].Health
		kind := CmdShoot
		if blaze {
			kind = CmdBlaze
		}
		evs := do(t, m, Command{Kind: kind, Model: 0, Slot: 0, Target: 1})
		rolled := find(t, evs, EvShot).Pool
		if rolled.Explain != shown.Pool.Explain() || rolled.Dice != shown.Pool.Dice || rolled.EverySix != shown.Pool.EverySix {
			t.Fatalf("shown %q, rolled %q", shown.Pool.Explain(), rolled.Explain)
		}
		exact := rules.OddsOf(&shown.Pool, health)
		if exact.PHit != shown.Odds.PHit || exact.PRemoved != shown.Odds.PRemoved || fmt.Sprint(exact.Hits) != fmt.Sprint(shown.Odds.Hits) {
			t.Fatalf("%s: shown odds %+v differ from the rules' %+v", shown.Pool.Explain(), shown.Odds, exact)
		}
		checked++
	}
	if checked < 150 {
		t.Fatalf("only %d situations could be checked", checked)
	}
}

// watchedMover is Hale (a revolver) on Overwatch facing east and Bart
// (a revolver) beginning his activation south-east of him, in his arc.
func watchedMover(t *testing.T) *Match {
	t.Helper()
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 6, 20, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 14, 23, 270, "revolver")}, 2, 1, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	return m
}

func TestOverwatchPromptOdds(t *testing.T) {
	m := watchedMover(t)
	do(t, m, moveTo(1, 14, 17))
	slot, at, best, ok := m.BestFire()
	if !ok || slot != 0 {
		t.Fatal("the prompt has no suggestion")
	}
	for x := m.Pending.Progress; x <= 6; x += 0.5 {
		if o, err := m.FireOdds(0, x); err == nil && o.Odds.PHit > best.Odds.PHit+1e-12 {
			t.Errorf("firing at %.1f\" has better odds (%.3f) than the suggestion at %.1f\" (%.3f)", x, o.Odds.PHit, at, best.Odds.PHit)
		}
	}
	evs := do(t, m, Command{Kind: CmdFire, Model: 0, At: at})
	if got := find(t, evs, EvShot).Pool.Explain; got != best.Pool.Explain() {
		t.Errorf("suggested %q, rolled %q", best.Pool.Explain(), got)
	}
}

func TestBlastAndThrowPreviews(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Pike", "cowpoke", 4, 16, 0, "revolver", "dynamite")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 16, 180, "revolver"), fig("Dutch", "greenhorn", 16, 6, 180, "revolver")}, 2)
	do(t, m, activate(0))
	kind, p, err := m.ThrowPreview(Point{X: 12.5, Y: 16})
	if err != nil || p != 5.0/6 || kind.String() != "Hail Mary" {
		t.Errorf("a Hail Mary to a spot 8\" from the base edge reaches on 2+: %v %v %v", kind, p, err)
	}
	odds := m.BlastOdds(Point{X: 13, Y: 14.6})
	if len(odds) != 1 || odds[0].Target != 1 || odds[0].Pool.Dice != 6 {
		t.Fatalf("blast preview %+v, want Bart alone at point blank", odds)
	}
	// Dutch behind the stone wall (x 14, y 2-10) is shielded from a stick at (13, 6).
	shielded := false
	for _, o := range m.BlastOdds(Point{X: 13, Y: 6}) {
		shielded = shielded || o.Target == 2 && o.Pool.Impossible && o.Odds.PHit == 0
	}
	if !shielded {
		t.Error("Dutch, 2.5\" away behind the stone wall, should be listed as shielded")
	}
}

func TestSpreadOddsNeverCarryTheAim(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Rudd", "cowpoke", 13, 12, 90, "shotgun")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 16, 270, "revolver"), fig("Dutch", "cowpoke", 14.9, 16, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 2})
	aimed, _ := m.ShotOdds(0, 0, 2, false)
	extra, err := m.SpreadOdds(0, 0, 2)
	if err != nil || aimed.Pool.Dice != extra.Pool.Dice+2 {
		t.Errorf("aimed %s; as a Spread target %s (%v): want the Aim's 2 dice dropped", aimed.Pool.Explain(), extra.Pool.Explain(), err)
	}
}

func TestOverwatchRangeIsFinite(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Slim", "greenhorn", 4, 4, 0, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}, 2)
	if r := m.OverwatchRange(0); math.IsInf(r, 0) || r < 24 || r > 34 {
		t.Errorf("a Lever-Action's overwatch reach %v, want the table's diagonal (33.9\")", r)
	}
	if got := m.DoorsInReach(0); len(got) != 0 {
		t.Errorf("doors in reach from open ground: %v", got)
	}
}

// TestFireOddsTurnTheMover: along a bent path the overwatcher's odds are
// those of the shot the engine rolls there, the mover turned the way he
// walks at that point: on the leg where he walks away from the watcher
// the shot has the back-shot die (R8), though he stood facing him when
// the interrupt stopped him.
func TestFireOddsTurnTheMover(t *testing.T) {
	m := watchedMover(t)
	do(t, m, Command{Kind: CmdMove, Model: 1, Path: []Point{{X: 14, Y: 23}, {X: 13, Y: 21}, {X: 15.5, Y: 20}}})
	if m.Pending == nil {
		t.Fatal("Bart's move did not stop for Hale's Overwatch")
	}
	away, toward := 0, 0
	for _, s := range m.Pending.Chances() {
		for x := math.Max(s.From, m.Pending.Progress); x <= s.To; x += 0.25 {
			shown, err := m.FireOdds(0, x)
			if err != nil || shown.Pool.Impossible {
				continue
			}
			f := m.Fork(rules.NewSeeded(1))
			evs := do(t, f, Command{Kind: CmdFire, Model: 0, At: x})
			rolled := find(t, evs, EvShot).Pool
			if rolled.Dice != shown.Pool.Dice || rolled.Explain != shown.Pool.Explain() {
				t.Errorf("at %.2f\": shown %q, rolled %q", x, shown.Pool.Explain(), rolled.Explain)
			}
			if x > 2.3 {
				away++
			} else {
				toward++
			}
		}
	}
	if away == 0 || toward == 0 {
		t.Fatalf("checked %d points on the leg towards Hale and %d on the leg away: want some of each", toward, away)
	}
}
