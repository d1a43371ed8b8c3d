package board

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestReusedSearchForgetsAnotherBoardsGoal: the search buffers are shared
// by a board and its clones (a match and its forks, the matches of a
// simulation on one map), and remember the edges to a goal between
// searches. A search on one board towards a goal, then one on a clone with
// other locked doors and no goal, then one on the clone towards the same
// goal must answer as a board that never shared its buffers: before the
// buffers forgot the goal whenever they changed boards, the third search
// read the first board's edges (a wrong path, or, the clone's graph being
// larger, an index out of range: a strength run's match panicked so).
func TestReusedSearchForgetsAnotherBoardsGoal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	town := loadTown(t)
	var doors []int
	for _, f := range town.Features {
		if f.Kind == Door && !f.Locked {
			doors = append(doors, f.ID)
		}
	}
	if len(doors) == 0 {
		t.Fatal("the town has no unlocked door")
	}
	spot := func(b *Board) Point {
		for {
			if p := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height)); b.CanStand(p, nil) {
				return p
			}
		}
	}
	family := loadTown(t) // its buffers shared by its clones
	alone := loadTown(t)  // never shares its buffers
	for i := range 60 {
		locked := family.Clone()
		for _, id := range doors {
			if err := locked.SetDoor(id, false, true); err != nil {
				t.Fatal(err)
			}
		}
		open := family.Clone()
		from, goal, elsewhere := spot(open), spot(open), spot(open)
		if i%2 == 1 {
			// The same graph, a door shut on one and open on the other.
			locked = family.Clone()
			if err := locked.SetDoor(doors[i%len(doors)], i%4 == 1, false); err != nil {
				t.Fatal(err)
			}
		}
		_, _ = locked.Path(from, goal, nil)
		locked.ReachField(elsewhere, nil, 10)
		open.ReachField(elsewhere, nil, 10)
		got, gotErr := open.Path(from, goal, nil)
		want, wantErr := alone.Path(from, goal, nil)
		if (gotErr == nil) != (wantErr == nil) || !reflect.DeepEqual(got, want) {
			t.Fatalf("search %d from %v to %v: after a clone's search, %v (%v); alone, %v (%v)", i, from, goal, got, gotErr, want, wantErr)
		}
	}
}
