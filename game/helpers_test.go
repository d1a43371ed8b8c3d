package game

import (
	"encoding/json"
	"math"
	"strings"
	"sync"
	"testing"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// The scripted tests play on a small test map, game/testdata/arena.tmx:
// a shack (walls x 2-8, y 2-8) with a window in its east wall (x 8,
// y 4-5.5) and a door in its south wall (y 8, x 4-5.5); a stone wall at
// x 14 from y 2 to 10; a fence at y 14 from x 2 to 8; mud at x 16-22,
// y 14-20; a crate at x 10-11, y 18-19.
const arenaFile = "testdata/arena.tmx"

var arenaOnce = sync.OnceValues(func() (*board.Board, error) { return board.LoadFile(arenaFile) })

func arena(t testing.TB) *board.Board {
	t.Helper()
	b, err := arenaOnce()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fig is a model for a scripted test: name, tier, where, which way it
// faces (degrees) and what it carries.
func fig(name, tier string, x, y, facing float64, weapons ...string) ModelSpec {
	return ModelSpec{Name: name, Tier: tier, Weapons: weapons, At: &Point{X: x, Y: y}, Facing: facing}
}

func withSkills(s ModelSpec, skills ...string) ModelSpec {
	s.Skills = skills
	return s
}

// scripted starts a match on the arena with the Lawmen (posse 0) against
// the Desperados (posse 1), Method B, rolling exactly the faces given; the
// first face is the coin of game turn 1 (even: the Lawmen go first).
func scripted(t *testing.T, opts Options, lawmen, desperados []ModelSpec, faces ...int) *Match {
	t.Helper()
	s := Scenario{Name: t.Name(), Map: arenaFile, Initiative: MethodCoin, Options: opts,
		Posses: []PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}}
	m, err := newMatch(s, arena(t), 1, rules.Dice(faces...), CurrentEdition)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// do applies a command that must be accepted.
func do(t *testing.T, m *Match, c Command) []Event {
	t.Helper()
	evs, err := m.Apply(c)
	if err != nil {
		t.Fatalf("%s by %d refused: %v", c.Kind, c.Model, err)
	}
	return evs
}

// refuse applies a command that must be refused with a reason containing want.
func refuse(t *testing.T, m *Match, c Command, want string) {
	t.Helper()
	n := len(m.Events())
	_, err := m.Apply(c)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s by %d: error %v, want one saying %q", c.Kind, c.Model, err, want)
	}
	if len(m.Events()) != n {
		t.Fatalf("a refused %s emitted events", c.Kind)
	}
}

func activate(id int) Command { return Command{Kind: CmdActivate, Model: id} }
func end(id int) Command      { return Command{Kind: CmdEnd, Model: id} }
func moveTo(id int, x, y float64) Command {
	return Command{Kind: CmdMove, Model: id, To: &Point{X: x, Y: y}}
}
func runTo(id int, x, y float64) Command {
	return Command{Kind: CmdRunTo, Model: id, To: &Point{X: x, Y: y}}
}
func shoot(id, slot, target int) Command {
	return Command{Kind: CmdShoot, Model: id, Slot: slot, Target: target}
}

// kinds lists the kinds of events, for order checks.
func kinds(evs []Event) []EventKind {
	out := make([]EventKind, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}

// find returns the first event of a kind, failing the test when none.
func find(t *testing.T, evs []Event, k EventKind) Event {
	t.Helper()
	for _, e := range evs {
		if e.Kind == k {
			return e
		}
	}
	t.Fatalf("no %s event among %v", k, kinds(evs))
	return Event{}
}

func has(evs []Event, k EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func near(p Point, x, y float64) bool { return math.Abs(p.X-x) < 0.02 && math.Abs(p.Y-y) < 0.02 }

func logJSON(t *testing.T, m *Match) string {
	t.Helper()
	b, err := json.Marshal(m.Events())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func diceOf(faces []int) *rules.Fixed { return rules.Dice(faces...) }

// defaultTown is the default scenario and its map, loaded once per caller.
func defaultTown(t testing.TB) (Scenario, *board.Board) {
	t.Helper()
	s, err := DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	return s, b
}
