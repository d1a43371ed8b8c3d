package board

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"cowpoke/game/racecheck"
)

// TestUnlimitedSearchShortcut checks searchUnlimited against the search it
// stands for: wherever it answers, its path is the unlimited search's, bit
// for bit (points, length, cost, stops). Random moves on the town, with
// and without other bases in the way, some with doors locked, some with
// the goal or the start ringed by six bases (walledOff proves those from
// either end); the test also requires that most of them are answered the
// short way. With the tie test left out of searchUnlimited, this test
// fails.
func TestUnlimitedSearchShortcut(t *testing.T) {
	b := loadTown(t).Clone()
	rng := rand.New(rand.NewPCG(7, 11))
	// Spots on a half-inch grid, as deployment puts models on a grid: equal
	// distances, and so ties in the search's queue, are common there.
	snap := func(v float64) float64 { return math.Round(v*2) / 2 }
	randomSpot := func() Point {
		for {
			p := Pt(snap(float64(rng.Float64()*b.Width)), snap(float64(rng.Float64()*b.Height)))
			if b.CanStand(p, nil) {
				return p
			}
		}
	}
	var doors []int
	for _, f := range b.Features {
		if f.Kind == Door {
			doors = append(doors, f.ID)
		}
	}
	moves := 2000 // the first search a tie would mislead came at move 1939
	if racecheck.Enabled {
		moves = 300
	}
	answered, asked, walled := 0, 0, 0
	ringed := map[string]int{} // searches answered "no path" with a ring round that end
	for i := range moves {
		if i%100 == 50 && len(doors) > 0 {
			if err := b.SetDoor(doors[rng.IntN(len(doors))], false, true); err != nil {
				t.Fatal(err)
			}
		}
		from := randomSpot()
		// Near spots, as a move's are, and some far ones.
		r := float64(12 * rng.Float64())
		if i%5 == 0 {
			r = float64(40 * rng.Float64())
		}
		a := float64(2 * math.Pi * rng.Float64())
		to := Pt(snap(from.X+float64(r*math.Cos(a))), snap(from.Y+float64(r*math.Sin(a))))
		if !b.CanStand(to, nil) {
			continue
		}
		var others []Point
		for range rng.IntN(8) {
			if o := randomSpot(); o.Dist(from) > 1.1 && o.Dist(to) > 1.1 {
				others = append(others, o)
			}
		}
		// Six touching bases round one end: no base can squeeze between.
		ring := ""
		if i%7 == 3 {
			ring = [2]string{"goal", "start"}[i/7%2]
			centre := map[string]Point{"goal": to, "start": from}[ring]
			for k := range 6 {
				a := float64(float64(k)*math.Pi) / 3
				others = append(others, Pt(centre.X+float64(1.02*math.Cos(a)), centre.Y+float64(1.02*math.Sin(a))))
			}
		}
		asked++
		got, gotErr, ok := b.searchUnlimited(from, to, others, 0)
		x := b.explore(from, &to, others, math.Inf(1))
		want, err := b.pathFound(x, from, to, math.Inf(1))
		b.release(x)
		if !ok {
			continue
		}
		answered++
		if fmt.Sprint(gotErr) != fmt.Sprint(err) || !reflect.DeepEqual(got, want) {
			t.Fatalf("move %d from %v to %v with %d others: the shortcut gave %+v (%v), the unlimited search %+v (%v)", i, from, to, len(others), got, gotErr, want, err)
		}
		// PathBeyond gives Path's answer whatever it is told the path costs
		// more than (a hint for its first try).
		for _, atLeast := range []float64{0, from.Dist(to), 6, 30} {
			beyond, beyondErr := b.PathBeyond(from, to, others, atLeast)
			plain, plainErr := b.Path(from, to, others)
			if fmt.Sprint(beyondErr) != fmt.Sprint(plainErr) || !reflect.DeepEqual(beyond, plain) {
				t.Fatalf("move %d from %v to %v: PathBeyond(%g) gave %+v (%v), Path %+v (%v)", i, from, to, atLeast, beyond, beyondErr, plain, plainErr)
			}
		}
		if err != nil {
			walled++
			if ring != "" {
				ringed[ring]++
			}
		}
	}
	if answered < asked*3/4 {
		t.Errorf("the shortcut answered %d of %d searches; want at least three quarters", answered, asked)
	}
	if walled == 0 {
		t.Errorf("no goal was walled off: the test does not try walledOff")
	}
	for _, end := range []string{"goal", "start"} {
		if ringed[end] == 0 {
			t.Errorf("no search with the %s ringed by bases was answered: walledOff does not prove it", end)
		}
	}
	t.Logf("the shortcut answered %d of %d searches (%d with no path; ringed goals %d, ringed starts %d), each as the unlimited search did", answered, asked, walled, ringed["goal"], ringed["start"])
}
