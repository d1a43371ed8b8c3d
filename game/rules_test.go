package game

import (
	"math"
	"strings"
	"testing"
)

// One scripted test per rule of chapters 3-9 that the engine enforces.
// Model ids: the Lawmen first, in the order given, then the Desperados.

func TestMoveOnlyOnceR9(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Sheriff", "cowpoke", 12, 16, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 12, 14))
	refuse(t, m, moveTo(0, 12, 12), "already moved this activation")
	refuse(t, m, Command{Kind: CmdRun, Model: 0}, "a Run takes both actions")
	if !near(m.Models[0].Pos, 12, 14) || m.AP != 1 {
		t.Errorf("after one Move: at %v with %d AP", m.Models[0].Pos, m.AP)
	}
	refuse(t, m, moveTo(0, 12, 12), "already moved")
}

func TestMoveAllowanceSixInchesR9(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Sheriff", "cowpoke", 12, 16, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 20, 22, 180, "revolver")}, 2)
	do(t, m, activate(0))
	refuse(t, m, moveTo(0, 12, 9.9), "can go 6.0\"")
	do(t, m, moveTo(0, 12, 10.1))
}

func TestRunRollsThenEndsTheActivationR9(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{withSkills(fig("Sheriff", "cowpoke", 12, 22, 0, "revolver"), "fast"), fig("Deputy", "cowpoke", 4, 22, 0, "revolver")},
		[]ModelSpec{fig("Bandit", "cowpoke", 22, 22, 180, "revolver")}, 2, 3, 4)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdRun, Model: 0})
	run := find(t, evs, EvRunRolled)
	if run.Distance != 15 || len(run.Faces) != 2 {
		t.Fatalf("Run rolled %v for %v\", want 3+4+6+2(Fast) = 15\"", run.Faces, run.Distance)
	}
	refuse(t, m, shoot(0, 0, 2), "choose where to run")
	do(t, m, runTo(0, 12, 8.5))
	if m.Active == 0 || !m.Models[0].Activated {
		t.Fatal("a Run must end the activation")
	}
	// The Deputy cannot Run after a Move.
	do(t, m, activate(1))
	do(t, m, moveTo(1, 4, 20))
	refuse(t, m, Command{Kind: CmdRun, Model: 1}, "a Run takes both actions")
}

func TestAimBonusThisOrNextActivationR16(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")},
		2,                   // turn 1: Lawmen first
		2,                   // turn 2: Lawmen first
		1, 1, 1, 1, 1, 1, 1) // the aimed shot: 4 (Medium) + 3 (aim) = 7 dice, all miss
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
	do(t, m, end(0))
	do(t, m, activate(1))
	do(t, m, end(1))
	do(t, m, activate(0))
	pool, err := m.ShotPreview(0, 0, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	if pool.Dice != 7 || pool.Explain() != "Lever-Action Medium 4, aim +3 -> 7 dice" {
		t.Errorf("first action of the next activation: %s, want the aim bonus", pool.Explain())
	}
	evs := do(t, m, shoot(0, 0, 1))
	if got := find(t, evs, EvShot).Pool.Dice; got != 7 {
		t.Errorf("rolled %d dice, want 7", got)
	}
	if m.Models[0].AimAt != -1 {
		t.Error("the aim is used by the shot")
	}
	pool, _ = m.ShotPreview(0, 0, 1, false)
	if pool.Dice != 4 {
		t.Errorf("a second shot: %s, want no aim", pool.Explain())
	}
}

func TestAimLostOnAnotherActionR16(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 12, 12, 90, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 20, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
	evs := do(t, m, moveTo(0, 11, 12))
	if !has(evs, EvAimLost) || m.Models[0].AimAt != -1 {
		t.Errorf("moving after Aim must lose it: %v", kinds(evs))
	}
}

func TestAimLostWhenTheTargetDipsBehindAWallR16(t *testing.T) {
	// Bart walks behind the stone wall and back out in one Move: visible at
	// both ends, out of sight in the middle. The Aim is lost.
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 11, 10, 0, "lever-action")},
		[]ModelSpec{fig("Bart", "cowpoke", 17, 12, 180, "revolver")}, 2)
	if !m.Board.Visible(m.Models[0].Pos, m.Models[1].Pos) || m.Board.Visible(Point{X: 11, Y: 10}, Point{X: 17, Y: 9.2}) {
		t.Fatal("test map changed: Bart must be seen at (17, 12) and hidden at (17, 9.2)")
	}
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdAim, Model: 0, Target: 1})
	do(t, m, end(0))
	do(t, m, activate(1))
	evs := do(t, m, Command{Kind: CmdMove, Model: 1, Path: []Point{{X: 17, Y: 9.2}}, To: &Point{X: 17, Y: 12}})
	lost := find(t, evs, EvAimLost)
	if lost.Model != 0 || m.Models[0].AimAt != -1 {
		t.Errorf("aim lost event %+v; Hale's aim %d", lost, m.Models[0].AimAt)
	}
}

func TestBlazeAwayEmptiesAndReloadRefillsR18R19(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Jack", "cowpoke", 13, 16, 90, "revolver", "lever-action")},
		[]ModelSpec{fig("Tex", "cowpoke", 13, 20, 270, "revolver")},
		2, 1, 1, 1, 1, 1, 1) // Revolver Short 3 + blaze 3 = 6 dice, all miss
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdBlaze, Model: 0, Slot: 0, Target: 1})
	if shot := find(t, evs, EvShot); shot.Pool.Dice != 6 || !shot.Pool.EverySix {
		t.Errorf("blaze pool %+v, want 6 dice, each six a hit", shot.Pool)
	}
	find(t, evs, EvOutOfAmmo)
	if !m.Models[0].Empty[0] || m.Models[0].Empty[1] {
		t.Fatalf("empty slots %v, want only the Revolver empty", m.Models[0].Empty)
	}
	refuse(t, m, shoot(0, 0, 1), "out of ammo")
	refuse(t, m, Command{Kind: CmdBlaze, Model: 0, Slot: 0, Target: 1}, "out of ammo")
}

func TestReloadR19(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Jack", "cowpoke", 10, 16, 90, "single-shot-rifle")},
		[]ModelSpec{fig("Tex", "cowpoke", 10, 20, 270, "revolver")},
		2, 1, 1) // Single-Shot Rifle Short: 2 dice
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdReload, Model: 0, Slot: 0}, "not out of ammo")
	evs := do(t, m, shoot(0, 0, 1))
	find(t, evs, EvOutOfAmmo)
	refuse(t, m, shoot(0, 0, 1), "out of ammo: Reload first")
	evs = do(t, m, Command{Kind: CmdReload, Model: 0, Slot: 0})
	find(t, evs, EvReloaded)
	if m.Models[0].Empty[0] {
		t.Error("still empty after Reload")
	}
}

func TestEngagedCannotShootR12(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Tex", "cowpoke", 10, 16, 0, "revolver", "knife")},
		[]ModelSpec{fig("Dutch", "cowpoke", 11, 16, 180, "revolver"), fig("Slim", "cowpoke", 20, 16, 180, "revolver")}, 2)
	do(t, m, activate(0))
	for _, c := range []Command{shoot(0, 0, 2), {Kind: CmdAim, Model: 0, Target: 2}, {Kind: CmdBlaze, Model: 0, Target: 2},
		{Kind: CmdOverwatch, Model: 0}, {Kind: CmdThrow, Model: 0, To: &Point{X: 15, Y: 16}}} {
		refuse(t, m, c, "engaged in a brawl")
	}
}

func TestOverwatchInterruptsAMoveTargetSurvivesR32(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 6, 20, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 14, 23, 270, "revolver")},
		2, // Lawmen first
		1) // the overwatch shot: Revolver Medium 2, target moved -1: one die, a 1
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	find(t, evs, EvOverwatch)
	do(t, m, activate(1))
	evs = do(t, m, moveTo(1, 14, 17))
	in := find(t, evs, EvInterrupt)
	if in.Model != 0 || in.Target != 1 || m.Pending == nil || m.Decider() != 0 {
		t.Fatalf("interrupt %+v, decider %d: Hale's side must decide", in, m.Decider())
	}
	refuse(t, m, moveTo(1, 14, 16), "must first fire or hold")
	refuse(t, m, Command{Kind: CmdFire, Model: 0, At: 7}, "fire within the marked stretch")
	evs = do(t, m, Command{Kind: CmdFire, Model: 0, At: 2})
	shot := find(t, evs, EvShot)
	if shot.Pool.Dice != 1 || shot.Hits != 0 {
		t.Errorf("overwatch shot %+v, want one die (target moved) and a miss", shot.Pool)
	}
	moved := find(t, evs, EvMoved)
	if !near(m.Models[1].Pos, 14, 17) || moved.Distance < 5.99 {
		t.Errorf("the mover must continue after surviving: at %v", m.Models[1].Pos)
	}
	if m.Models[0].Overwatch {
		t.Error("the Overwatch marker comes off after firing (R31)")
	}
}

func TestOverwatchInterruptsARunR32(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 6, 20, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 14, 23, 270, "revolver")},
		2,    // Lawmen first
		2, 2, // Bart's Run: 10"
		6, 3, 1, // the shot hits: Gut, severity 1: a Light Wound
		2, // game turn 2
	)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	do(t, m, Command{Kind: CmdRun, Model: 1})
	evs := do(t, m, runTo(1, 14, 13.5))
	find(t, evs, EvInterrupt)
	evs = do(t, m, Command{Kind: CmdFire, Model: 0, At: 2})
	w := find(t, evs, EvWound)
	if w.Model != 1 || w.Wound.Damage != 1 || m.Models[1].Health.HP() != 3 {
		t.Errorf("wound %+v, Bart at %d HP", w.Wound, m.Models[1].Health.HP())
	}
	if !near(m.Models[1].Pos, 14, 13.5) {
		t.Errorf("the wounded runner continues: at %v", m.Models[1].Pos)
	}
}

func TestTwoOverwatchersResolveInPathOrderR32(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 4, 10.5, 0, "revolver"), fig("Rudd", "cowpoke", 4, 20, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 12, 22.5, 270, "revolver")},
		2,    // Lawmen first
		3, 3, // Bart's Run: 12"
		1, // Hale's shot (path 4"): one die, a miss
		1, // Rudd's shot (path 5"): one die, a miss
		2, // game turn 2: Lawmen first
	)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	do(t, m, Command{Kind: CmdOverwatch, Model: 1, Facing: 0})
	do(t, m, activate(2))
	do(t, m, Command{Kind: CmdRun, Model: 2})
	evs := do(t, m, runTo(2, 12, 11))
	if in := find(t, evs, EvInterrupt); in.Model != 1 || in.Distance > 0.01 {
		t.Fatalf("first asked: %+v, want Rudd at the start of the path", in)
	}
	// Rudd chooses to wait until 5" along; Hale's chance at 4" comes first.
	evs = do(t, m, Command{Kind: CmdFire, Model: 1, At: 5})
	if in := find(t, evs, EvInterrupt); in.Model != 0 || math.Abs(in.Distance-4) > 0.06 {
		t.Fatalf("second asked: %+v, want Hale at about 4\"", in)
	}
	evs = do(t, m, Command{Kind: CmdFire, Model: 0, At: m.Pending.Progress})
	var shooters []int
	for _, e := range evs {
		if e.Kind == EvShot {
			shooters = append(shooters, e.Model)
		}
	}
	if len(shooters) != 2 || shooters[0] != 0 || shooters[1] != 1 {
		t.Errorf("shots by %v, want Hale (0) then Rudd (1): path order", shooters)
	}
	if !near(m.Models[2].Pos, 12, 11) {
		t.Errorf("Bart ends at %v", m.Models[2].Pos)
	}
}

func TestHoldLetsTheMoverPassR32(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Hale", "cowpoke", 6, 20, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 14, 23, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdOverwatch, Model: 0, Facing: 0})
	do(t, m, activate(1))
	do(t, m, moveTo(1, 14, 17))
	evs := do(t, m, Command{Kind: CmdHold, Model: 0})
	find(t, evs, EvHeld)
	if !near(m.Models[1].Pos, 14, 17) || !m.Models[0].Overwatch {
		t.Errorf("after Hold: Bart at %v, Hale on overwatch %v (the marker stays)", m.Models[1].Pos, m.Models[0].Overwatch)
	}
}

func TestDynamiteExplodesAtTheThrowersNextActivationR24R25(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Pike", "cowpoke", 13, 16, 90, "revolver", "dynamite")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 21, 270, "revolver")},
		2,       // Lawmen first
		2,       // game turn 2: Lawmen first
		1, 1, 1, // the blast catches Pike too, 4" away: 3 dice
		1, 1, 1, 1, 1, 6, // 6 dice at Bart (0.5" away), one six
		2, 3, // Chest, severity 3: 2 damage
	)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 13, Y: 20.5}})
	if thrown := find(t, evs, EvThrown); len(thrown.Faces) != 0 || len(m.Fuses) != 1 {
		t.Fatalf("a Sure Throw rolls nothing and lights one fuse: %+v", thrown)
	}
	if m.Models[0].Sticks != 0 {
		t.Errorf("sticks left %d, want 0 (R26)", m.Models[0].Sticks)
	}
	do(t, m, end(0))
	evs = do(t, m, activate(1))
	if has(evs, EvExploded) {
		t.Fatal("the stick went off on the enemy's activation")
	}
	do(t, m, end(1))
	evs = do(t, m, activate(0))
	want := []EventKind{EvActivated, EvExploded, EvBlast, EvBlast, EvWound}
	got := kinds(evs)
	if len(got) < len(want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("events %v, want %v first", got, want)
		}
	}
	if evs[2].Model != 0 || evs[2].Pool.Dice != 3 || evs[3].Model != 1 || evs[3].Pool.Dice != 6 || evs[3].Hits != 1 {
		t.Errorf("blasts %+v and %+v: want the thrower 3 dice (either side is caught), Bart 6 dice and a hit", evs[2], evs[3])
	}
	if m.Models[1].Health.HP() != 2 || len(m.Fuses) != 0 {
		t.Errorf("Bart at %d HP, %d fuses left", m.Models[1].Health.HP(), len(m.Fuses))
	}
}

func TestDynamiteOfAFallenThrowerGoesOffAtHisSidesNextTurnR24(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Pike", "greenhorn", 13, 16, 90, "revolver", "dynamite"), fig("Sheriff", "cowpoke", 2, 23, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 21, 270, "revolver")},
		2,       // Lawmen first
		6, 1, 1, // Bart shoots Pike: Revolver Short 3 dice, a hit
		1, 5, // Head, severity 5: Pike is dead
		1,                // game turn 2: Desperados first
		1, 1, 1, 1, 1, 1, // the blast at the start of the Lawmen's turn: no sixes
	)
	do(t, m, activate(0))
	do(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 13, Y: 20.5}})
	do(t, m, end(0))
	do(t, m, activate(1))
	do(t, m, end(1))
	do(t, m, activate(2))
	evs := do(t, m, shoot(2, 0, 0))
	find(t, evs, EvRemoved)
	evs = do(t, m, end(2)) // the game turn ends; turn 2: Desperados first
	if has(evs, EvExploded) {
		t.Fatal("the stick went off before the thrower's side's turn")
	}
	do(t, m, activate(2))
	evs = do(t, m, end(2))
	turn := find(t, evs, EvPosseTurn)
	if turn.Posse != 0 {
		t.Fatalf("expected the Lawmen's turn, got %+v", turn)
	}
	find(t, evs, EvExploded)
	if len(m.Fuses) != 0 {
		t.Error("the fuse is still lit")
	}
}

func TestHailMaryFallsShortR23(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Pike", "cowpoke", 4, 16, 0, "revolver", "dynamite")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 12, 180, "revolver")},
		2, // Lawmen first
		1, // Hail Mary: 1 + 6 = 7"
	)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 16, Y: 16}})
	thrown := find(t, evs, EvThrown)
	if len(thrown.Faces) != 1 || !near(*thrown.To, 11.5, 16) || !near(m.Fuses[0].At, 11.5, 16) {
		t.Errorf("the stick lands at %v (faces %v), want 7\" from the base edge: (11.5, 16)", *thrown.To, thrown.Faces)
	}
}

func TestThrowPathsR23(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{withSkills(fig("Pike", "cowpoke", 3, 12.5, 90, "dynamite"), "holster")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 12, 180, "revolver")}, 2)
	m.Models[0].Sticks = 2
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 3, Y: 20.5}}, "Hail Mary cannot pass fence")
	do(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 3, Y: 17}}) // a Sure Throw over the fence
	refuse(t, m, Command{Kind: CmdThrow, Model: 0, To: &Point{X: 3, Y: 4}}, "cannot pass wall")
}

func TestDisengageTakesPartingShotsR13(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Tex", "cowpoke", 12, 16, 0, "revolver", "knife"), fig("Hale", "cowpoke", 12, 15, 0, "revolver")},
		[]ModelSpec{fig("Dutch", "cowpoke", 12.87, 15.5, 180, "revolver")},
		1,    // Desperados first
		6, 1, // Tex's parting shot: armed, 2 dice, a six
		4, 1, // Arms, severity 1: a Light Wound
		1, // Hale's parting shot: unarmed, 1 die, a miss
	)
	if !m.Engaged(2) || len(m.engagedWith(2)) != 2 {
		t.Fatalf("Dutch must start engaged with both: %v", m.engagedWith(2))
	}
	do(t, m, activate(2))
	refuse(t, m, moveTo(2, 12.9, 15.5), "must leave base contact")
	evs := do(t, m, moveTo(2, 17, 15.5))
	var parting []Event
	for _, e := range evs {
		if e.Kind == EvPartingShot {
			parting = append(parting, e)
		}
	}
	if len(parting) != 2 || parting[0].Pool.Dice != 2 || parting[1].Pool.Dice != 1 {
		t.Fatalf("parting shots %+v, want Tex 2 dice (knife) and Hale 1 die", parting)
	}
	if m.Models[2].Health.HP() != 3 || !near(m.Models[2].Pos, 17, 15.5) || m.Engaged(2) {
		t.Errorf("Dutch: %d HP at %v; want 3 HP, away and free", m.Models[2].Health.HP(), m.Models[2].Pos)
	}
}

func TestBrawlTwoEnemiesActiveFallsMidwayR27(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Kid", "greenhorn", 12, 16, 0, "revolver")},
		[]ModelSpec{fig("Dutch", "cowpoke", 13, 16, 180, "revolver"), fig("Slim", "cowpoke", 11, 16, 0, "revolver")},
		2,    // Lawmen first
		1,    // bout 1, the Kid (1 die): no six
		6, 2, // Slim (2 dice): a six
		1, 5, // Head, severity 5: the Kid is dead
	)
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdBrawl, Model: 0, Order: []int{2}}, "must fight all 2 enemies")
	evs := do(t, m, Command{Kind: CmdBrawl, Model: 0, Order: []int{2, 1}})
	var bouts []Event
	for _, e := range evs {
		if e.Kind == EvBrawl {
			bouts = append(bouts, e)
		}
	}
	if len(bouts) != 1 || bouts[0].Target != 2 {
		t.Fatalf("bouts %+v, want one, against Slim, then the Kid falls", bouts)
	}
	find(t, evs, EvRemoved)
	over := find(t, evs, EvGameOver)
	if !m.Over || m.Winner != 1 || over.Posse != 1 {
		t.Errorf("the Desperados win when the last Lawman falls (R34): over %v winner %d", m.Over, m.Winner)
	}
	refuse(t, m, end(0), "the match is over")
}

func TestBrawlBothOpponentsInOrderR27(t *testing.T) {
	// Ranger Tex (2 + Brawler 2 + knife 2 = 6 dice) against two Greenhorns
	// (1 die each), in the order the active player chose: Slim, then Dutch.
	m := scripted(t, Options{},
		[]ModelSpec{withSkills(fig("Tex", "cowpoke", 12, 16, 0, "revolver", "knife"), "brawler")},
		[]ModelSpec{fig("Dutch", "greenhorn", 13, 16, 180, "revolver"), fig("Slim", "greenhorn", 11, 16, 0, "revolver")},
		2,                // Lawmen first
		6, 1, 1, 1, 1, 1, // bout 1: Tex one six
		2,    // Slim: none
		3, 3, // Tex's blow: Gut, severity 3: 1 damage
		1, 1, 1, 1, 1, 1, // bout 2: Tex no six
		6,    // Dutch: a six
		4, 2, // Dutch's blow: Arms, severity 2: 1 damage
	)
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdBrawl, Model: 0, Order: []int{2, 1}})
	var targets []int
	for _, e := range evs {
		if e.Kind == EvBrawl {
			targets = append(targets, e.Target)
		}
	}
	if len(targets) != 2 || targets[0] != 2 || targets[1] != 1 {
		t.Fatalf("bouts against %v, want Slim (2) then Dutch (1)", targets)
	}
	if m.Models[0].Health.HP() != 3 || m.Models[2].Health.HP() != 1 || m.Models[1].Health.HP() != 2 {
		t.Errorf("HP: Tex %d, Dutch %d, Slim %d; want 3, 2, 1", m.Models[0].Health.HP(), m.Models[1].Health.HP(), m.Models[2].Health.HP())
	}
}

func TestToughIgnoresTheFirstLightWoundR28(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "legend", 13, 16, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 20, 270, "revolver")},
		1,       // Desperados first
		6, 1, 1, // Bart's shot: Revolver Short 3 dice: a hit
		5, 1, // Legs, severity 1: a Light Wound, ignored
		6, 1, 1, // the second shot: a hit
		5, 2, // Legs, severity 2: a Light Wound, marked
	)
	do(t, m, activate(1))
	evs := do(t, m, shoot(1, 0, 0))
	w := find(t, evs, EvWound)
	if !w.Wound.ToughSave || w.Wound.Marked != 0 || m.Models[0].Health.HP() != 4 {
		t.Fatalf("first Light Wound on a Legend: %+v, want it not marked", w.Wound)
	}
	evs = do(t, m, shoot(1, 0, 0))
	w = find(t, evs, EvWound)
	if w.Wound.ToughSave || m.Models[0].Health.HP() != 3 {
		t.Errorf("second Light Wound: %+v, want it marked", w.Wound)
	}
}

func TestCriticalInjuriesCutMovesAndDiceR30(t *testing.T) {
	opts := Options{CriticalInjuries: true}
	lawmen := []ModelSpec{fig("Hale", "cowpoke", 13, 16, 90, "revolver")}
	desperados := []ModelSpec{fig("Bart", "cowpoke", 13, 20, 270, "revolver")}
	// A Serious Wound to the legs: -2" Move.
	m := scripted(t, opts, lawmen, desperados, 1, 6, 1, 1, 5, 5)
	do(t, m, activate(1))
	do(t, m, shoot(1, 0, 0))
	do(t, m, end(1))
	do(t, m, activate(0))
	refuse(t, m, moveTo(0, 13, 11.9), "can go 4.0\"")
	do(t, m, moveTo(0, 13, 12.1))
	// A Serious Wound to the arms: -1 die shooting.
	m = scripted(t, opts, lawmen, desperados, 1, 6, 1, 1, 4, 5)
	do(t, m, activate(1))
	do(t, m, shoot(1, 0, 0))
	do(t, m, end(1))
	do(t, m, activate(0))
	pool, err := m.ShotPreview(0, 0, 1, false)
	if err != nil || pool.Explain() != "Revolver Short 3, injured -1 -> 2 dice" {
		t.Errorf("Hale's pool with a crippled arm: %s (%v)", pool.Explain(), err)
	}
	// Without the option the same wound costs nothing.
	m = scripted(t, Options{}, lawmen, desperados, 1, 6, 1, 1, 4, 5)
	do(t, m, activate(1))
	do(t, m, shoot(1, 0, 0))
	do(t, m, end(1))
	do(t, m, activate(0))
	if pool, _ := m.ShotPreview(0, 0, 1, false); pool.Dice != 3 {
		t.Errorf("without Critical Injuries: %s, want 3 dice", pool.Explain())
	}
}

func TestEnteringThroughAWindowStopsTheMoveR11(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 10, 4.75, 180, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}, 2)
	do(t, m, activate(0))
	evs := do(t, m, moveTo(0, 5, 4.75))
	if x := m.Models[0].Pos.X; math.Abs(x-7.45) > 0.05 {
		t.Errorf("Miller stops at x = %.2f, want just inside the window (7.45)", x)
	}
	if in, ok := m.Board.InsideBuilding(m.Models[0].Pos); !ok || in.Building != "Shack" {
		t.Error("Miller should be inside the shack")
	}
	found := false
	for _, e := range evs {
		found = found || e.Kind == EvMoved && e.Path == nil
	}
	if !found || m.AP != 1 {
		t.Errorf("the stop must be reported and leave the second action (Scenario A): AP %d, events %v", m.AP, kinds(evs))
	}
}

func TestLeavingThroughADoorDoesNotStopR11(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 4.75, 6, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 4.75, 11))
	if !near(m.Models[0].Pos, 4.75, 11) {
		t.Errorf("leaving by the door costs nothing: Miller at %v", m.Models[0].Pos)
	}
}

func TestLeavingThroughAWindowStopsR11(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 6, 4.75, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 11, 4.75))
	if x := m.Models[0].Pos.X; math.Abs(x-8.55) > 0.05 {
		t.Errorf("Miller stops at x = %.2f, want just outside the window (8.55)", x)
	}
}

func TestDeadReckoningFallsShort91(t *testing.T) {
	lawmen := []ModelSpec{fig("Miller", "cowpoke", 12, 14, 90, "derringer")}
	desperados := []ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}
	m := scripted(t, Options{}, lawmen, desperados, 2)
	do(t, m, activate(0))
	refuse(t, m, moveTo(0, 12, 21), "can go 6.0\"")
	m = scripted(t, Options{DeadReckoning: true}, lawmen, desperados, 2)
	do(t, m, activate(0))
	evs := do(t, m, moveTo(0, 12, 21))
	if !near(m.Models[0].Pos, 12, 20) {
		t.Errorf("Miller should stop at the full 6\": at %v", m.Models[0].Pos)
	}
	if !has(evs, EvMoved) || m.AP != 1 {
		t.Errorf("the short move spends the action: AP %d", m.AP)
	}
	// A Derringer at Medium range: declared, then found wanting; the action is spent.
	evs = do(t, m, shoot(0, 0, 1))
	if !has(evs, EvShotWasted) || has(evs, EvShot) {
		t.Errorf("events %v, want a wasted shot and no roll", kinds(evs))
	}
}

func TestDoorsR11(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 4.75, 9, 90, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 4.75, 5, 90, "revolver")}, 2)
	if m.Board.Visible(m.Models[0].Pos, m.Models[1].Pos) {
		t.Fatal("the shack door starts closed: no line of sight")
	}
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdInteract, Model: 0, Door: 3, Open: false}, "already closed")
	evs := do(t, m, Command{Kind: CmdInteract, Model: 0, Door: 3, Open: true})
	find(t, evs, EvDoor)
	if !m.Board.Visible(m.Models[0].Pos, m.Models[1].Pos) {
		t.Error("through the open door Miller sees Bart")
	}
}

func TestSpreadTargetsR20(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Rudd", "cowpoke", 13, 12, 90, "shotgun")},
		[]ModelSpec{fig("Bart", "cowpoke", 13, 16, 270, "revolver"), fig("Dutch", "cowpoke", 14.9, 16, 270, "revolver"),
			fig("Slim", "cowpoke", 20, 12, 180, "revolver")},
		2,
		1, 1, 1, 1, 1, // Bart: Shotgun Short 5 dice
		1, 1, 1, 1, 1, // Dutch: his own full roll
	)
	do(t, m, activate(0))
	refuse(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{2, 3}}, "at most 1 extra")
	refuse(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{3}}, "Spread reaches 1\"")
	evs := do(t, m, Command{Kind: CmdShoot, Model: 0, Target: 1, Extra: []int{2}})
	var targets []int
	for _, e := range evs {
		if e.Kind == EvShot {
			targets = append(targets, e.Target)
		}
	}
	if len(targets) != 2 || targets[0] != 1 || targets[1] != 2 {
		t.Errorf("shots at %v, want Bart then Dutch, each a full roll", targets)
	}
}

func TestEveryModelActsOnceAGameTurn33(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("A", "cowpoke", 4, 22, 0, "revolver"), fig("B", "cowpoke", 6, 22, 0, "revolver")},
		[]ModelSpec{fig("C", "cowpoke", 20, 22, 0, "revolver")},
		2, // Lawmen first
		1, // turn 2: Desperados first
	)
	refuse(t, m, activate(2), "it is Lawmen's turn, not Desperados'")
	do(t, m, activate(0))
	refuse(t, m, activate(1), "still activating")
	do(t, m, end(0))
	refuse(t, m, activate(0), "already acted this game turn")
	do(t, m, activate(1))
	evs := do(t, m, end(1))
	if turn := find(t, evs, EvPosseTurn); turn.Posse != 1 {
		t.Fatalf("after the Lawmen, the Desperados: %+v", turn)
	}
	do(t, m, activate(2))
	evs = do(t, m, end(2))
	find(t, evs, EvTurnStarted)
	if m.Turn != 2 || m.Up.Posse != 1 {
		t.Errorf("game turn %d, up %d: want turn 2 with the Desperados first (odd die)", m.Turn, m.Up.Posse)
	}
}

func TestTurnLimitMostStandingWinsG1(t *testing.T) {
	s := Scenario{Name: t.Name(), Map: arenaFile, Initiative: MethodCoin, TurnLimit: 1,
		Posses: []PosseSpec{
			{Name: "Lawmen", Models: []ModelSpec{fig("A", "cowpoke", 4, 22, 0, "revolver"), fig("B", "cowpoke", 6, 22, 0, "revolver")}},
			{Name: "Desperados", Models: []ModelSpec{fig("C", "cowpoke", 20, 22, 0, "revolver")}}}}
	m, err := newMatch(s, arena(t), 1, diceOf([]int{2}), CurrentEdition)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{0, 1, 2} {
		do(t, m, activate(id))
		do(t, m, end(id))
	}
	if !m.Over || m.Winner != 0 {
		t.Errorf("after the one game turn of the limit: over %v, winner %d; want the Lawmen (2 standing to 1)", m.Over, m.Winner)
	}
}

func TestAWalkerFacesTheWayItWalksG4(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 12, 16, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 20, 22, 270, "revolver")}, 2)
	do(t, m, activate(0))
	do(t, m, moveTo(0, 12, 12))
	if f := m.Models[0].Facing; math.Abs(f+math.Pi/2) > 1e-9 {
		t.Errorf("facing %v after walking north, want -pi/2", f)
	}
	do(t, m, Command{Kind: CmdFace, Model: 0, Facing: math.Pi})
	if m.Models[0].Facing != math.Pi || m.AP != 1 {
		t.Errorf("turning is free: facing %v, AP %d", m.Models[0].Facing, m.AP)
	}
}

func TestMoveRangeMatchesWhatMoveAccepts(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Miller", "cowpoke", 12, 16, 0, "revolver")},
		[]ModelSpec{fig("Bart", "cowpoke", 14, 16, 180, "revolver")}, 2)
	do(t, m, activate(0))
	f, ok := m.MoveRange()
	if !ok {
		t.Fatal("an activated model has a move range")
	}
	for _, q := range []Point{{X: 12, Y: 10.2}, {X: 16, Y: 16}, {X: 12, Y: 9.5}, {X: 9, Y: 20}, {X: 18, Y: 19}} {
		inRange := f.Cost(q) <= 6
		err := m.Validate(moveTo(0, q.X, q.Y))
		if inRange != (err == nil) {
			t.Errorf("%v: range cost %.2f but Move says %v", q, f.Cost(q), err)
		}
	}
}

func TestOptionsExplainRefusals(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{fig("Tex", "cowpoke", 12, 16, 0, "revolver", "knife")},
		[]ModelSpec{fig("Dutch", "cowpoke", 13, 16, 180, "revolver")},
		2, // Lawmen first
		1, // Dutch's parting shot misses
	)
	do(t, m, activate(0))
	opts := map[CommandKind]Option{}
	for _, o := range m.Options() {
		opts[o.Kind] = o
	}
	if !opts[CmdMove].Allowed || !opts[CmdBrawl].Allowed || !opts[CmdEnd].Allowed {
		t.Errorf("an engaged model may Move (disengaging), Brawl and End: %+v", opts)
	}
	if o := opts[CmdShoot]; o.Allowed || !strings.Contains(o.Reason, "engaged in a brawl") {
		t.Errorf("Shoot while engaged: %+v", o)
	}
	if o := opts[CmdReload]; o.Allowed || !strings.Contains(o.Reason, "not out of ammo") {
		t.Errorf("Reload with loaded guns: %+v", o)
	}
	if o := opts[CmdThrow]; o.Allowed || o.Reason == "" {
		t.Errorf("Throw without dynamite: %+v", o)
	}
	do(t, m, moveTo(0, 12, 19))
	for _, o := range m.Options() {
		if o.Kind == CmdMove && (o.Allowed || !strings.Contains(o.Reason, "already moved")) {
			t.Errorf("after a Move: %+v", o)
		}
	}
}

func TestBrawlLogNamesEachSidesPool(t *testing.T) {
	m := scripted(t, Options{},
		[]ModelSpec{withSkills(fig("Tex", "cowpoke", 12, 16, 0, "revolver", "knife"), "brawler")},
		[]ModelSpec{fig("Dutch", "greenhorn", 13, 16, 180, "revolver")},
		2, 1, 1, 1, 1, 1, 1, 1) // Tex 6 dice, Dutch 1: no sixes
	do(t, m, activate(0))
	evs := do(t, m, Command{Kind: CmdBrawl, Model: 0})
	want := "Tex brawls Dutch: Brawl 2, brawler +2, melee weapon +2 -> 6 dice against Brawl 2, Greenhorn -1 -> 1 die;"
	if got := find(t, evs, EvBrawl).Text; !strings.HasPrefix(got, want) {
		t.Errorf("log %q, want it to start %q", got, want)
	}
}
