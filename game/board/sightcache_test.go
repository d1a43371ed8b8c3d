package board

import (
	"math/rand/v2"
	"testing"
)

// TestSightCacheAnswersAsTracing asks the same lines of sight again and
// again, under both rules readings, with doors opened and closed between:
// every answer, remembered or not, equals a fresh trace on the board as it
// stands, and repeats are answered from memory.
func TestSightCacheAnswersAsTracing(t *testing.T) {
	b := loadTown(t).Clone()
	rng := rand.New(rand.NewPCG(3, 5))
	doors, pairs := doorsAndPointPairs(t, b, rng)
	remembered := 0
	for round := range 6 {
		if round%2 == 1 {
			id := doors[rng.IntN(len(doors))]
			f, _ := b.FeatureByID(id)
			if err := b.SetDoor(id, !f.Open, false); err != nil {
				t.Fatal(err)
			}
		}
		for _, pr := range pairs {
			for _, r := range []SightRules{{}, {NearBlockersNoCover: true}} {
				_, hit := b.sights.get(b, pr[0], pr[1], r)
				if hit {
					remembered++
				}
				if got, want := b.LineOfSightRules(pr[0], pr[1], r), b.traceSight(pr[0], pr[1], r); got != want {
					t.Fatalf("round %d, %v to %v, rules %+v: answered %+v, a fresh trace gives %+v", round, pr[0], pr[1], r, got, want)
				}
			}
		}
	}
	// Rounds 2 and 4 repeat rounds 1 and 3 on the same doors (80 questions
	// each); a few of the 80 answers may share a slot and push each other out.
	if remembered < 140 {
		t.Errorf("%d answers came from memory; want at least 140 of the 160 repeats", remembered)
	}
}

// TestSharedSightsAnswerAsTracing: boards made by CloneSharingSights share
// one memory of lines of sight while each opens and shuts its own doors;
// every answer on each equals a fresh trace on that board as it stands,
// and one board's answers serve another of the same doors.
func TestSharedSightsAnswerAsTracing(t *testing.T) {
	base := loadTown(t).Clone()
	boards := []*Board{base, base.CloneSharingSights(), base.CloneSharingSights()}
	rng := rand.New(rand.NewPCG(7, 9))
	doors, pairs := doorsAndPointPairs(t, base, rng)
	shared := 0
	for round := range 8 {
		b := boards[round%len(boards)]
		if round%3 == 2 {
			id := doors[rng.IntN(len(doors))]
			f, _ := b.FeatureByID(id)
			if err := b.SetDoor(id, !f.Open, false); err != nil {
				t.Fatal(err)
			}
		}
		for _, pr := range pairs {
			r := SightRules{NearBlockersNoCover: round%2 == 0}
			if _, hit := b.sights.get(b, pr[0], pr[1], r); hit {
				shared++
			}
			if got, want := b.LineOfSightRules(pr[0], pr[1], r), b.traceSight(pr[0], pr[1], r); got != want {
				t.Fatalf("round %d on board %d, %v to %v: answered %+v, a fresh trace gives %+v", round, round%len(boards), pr[0], pr[1], got, want)
			}
		}
	}
	if shared == 0 {
		t.Error("no board was answered from the memory another filled")
	}
	if c := base.Clone(); c.sights == base.sights {
		t.Error("Clone shares the memory of lines of sight; only CloneSharingSights should")
	}
}

// TestCloneDoorsAreTheirOwn: a clone shares its original's edges until it
// changes a door, and a door changed on either never changes the other's
// lines of sight.
func TestCloneDoorsAreTheirOwn(t *testing.T) {
	base := loadTown(t).Clone()
	var door *Feature
	for i := range base.Features {
		if f := &base.Features[i]; f.Kind == Door && !f.Open && !f.Locked {
			door = f
			break
		}
	}
	if door == nil {
		t.Fatal("the town has no shut door")
	}
	c := base.Clone()
	if err := c.SetDoor(door.ID, true, false); err != nil {
		t.Fatal(err)
	}
	for i := door.edges[0]; i < door.edges[1]; i++ {
		if base.edges[i].flags != flagsFor(door) {
			t.Fatalf("opening the door on a clone changed the original's edge %d", i)
		}
		cf, _ := c.FeatureByID(door.ID)
		if c.edges[i].flags != flagsFor(cf) {
			t.Fatalf("the clone's edge %d does not follow its open door", i)
		}
	}
	d := base.Clone()
	if err := base.SetDoor(door.ID, true, false); err != nil {
		t.Fatal(err)
	}
	df, _ := d.FeatureByID(door.ID)
	for i := door.edges[0]; i < door.edges[1]; i++ {
		if d.edges[i].flags != flagsFor(df) {
			t.Fatalf("opening the door on the original changed a clone's edge %d", i)
		}
	}
}

// doorsAndPointPairs lists b's doors (failing if it has none) and draws 40
// pairs of points anywhere on it.
func doorsAndPointPairs(t *testing.T, b *Board, rng *rand.Rand) (doors []int, pairs [][2]Point) {
	t.Helper()
	for _, f := range b.Features {
		if f.Kind == Door {
			doors = append(doors, f.ID)
		}
	}
	if len(doors) == 0 {
		t.Fatalf("%s has no doors", b.Name)
	}
	for range 40 {
		pairs = append(pairs, [2]Point{
			Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height)),
			Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height)),
		})
	}
	return doors, pairs
}
