package board

import (
	"math"
	"sync"
	"testing"
)

func TestPathAcrossTown(t *testing.T) {
	b := loadTown(t)
	p, err := b.Path(Pt(2, 1.5), Pt(34, 34.5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Length < Pt(2, 1.5).Dist(Pt(34, 34.5)) || p.Cost < p.Length {
		t.Errorf("path length %.2f cost %.2f", p.Length, p.Cost)
	}
	for i := 0; i+1 < len(p.Points); i++ {
		if !b.segClear(p.Points[i], p.Points[i+1], nil) {
			t.Errorf("leg %d of the path is not clear", i)
		}
	}
}

func TestPathRules(t *testing.T) {
	b := loadTown(t)
	tests := []struct {
		name     string
		from, to Point
		others   []Point
		minLen   float64 // the path must go around something
		stops    int
		enter    bool
	}{
		{"open street", Pt(16, 22), Pt(16, 27.5), nil, 5.5, 0, false},
		{"into the saloon by its door", Pt(15.5, 7), Pt(10, 7), nil, 5.5, 1, true},
		{"around a base in the way", Pt(16, 22), Pt(16, 27.5), []Point{Pt(16, 24.5)}, 5.6, 0, false},
		{"around the wagon", Pt(18, 14), Pt(18.2, 23), nil, 9.1, 0, false},
	}
	for _, tc := range tests {
		p, err := b.Path(tc.from, tc.to, tc.others)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.Length < tc.minLen-1e-9 || len(p.Stops) != tc.stops {
			t.Errorf("%s: length %.2f stops %+v", tc.name, p.Length, p.Stops)
		}
		if tc.stops > 0 && p.Stops[0].Enter != tc.enter {
			t.Errorf("%s: stop %+v", tc.name, p.Stops[0])
		}
	}
	if _, err := b.Path(Pt(16, 22), Pt(3.2, 3.2), nil); err == nil {
		t.Error("a base cannot stand in a wall corner")
	}
}

func TestReach(t *testing.T) {
	b := loadTown(t)
	// Into the saloon: the move ends just inside the door (R11).
	p, _ := b.Path(Pt(15.5, 7), Pt(10, 7), nil)
	r := b.Reach(p, 6)
	if r.Stopped == nil || math.Abs(r.At.X-(13-stopPast)) > 1e-6 {
		t.Errorf("into the saloon: %+v", r)
	}
	// Across the creek: every inch in the water costs two (R10).
	mud, _ := b.Path(Pt(34.5, 9.5), Pt(34.5, 13.5), nil)
	if mud.Cost <= mud.Length+1.5 {
		t.Errorf("mud path %.2f\" costs %.2f", mud.Length, mud.Cost)
	}
	r = b.Reach(mud, 3)
	if r.Along >= 3 || math.Abs(r.Used-3) > 1e-9 {
		t.Errorf("reach in mud: %+v", r)
	}
}

func TestDynamite(t *testing.T) {
	b := loadTown(t)
	tests := []struct {
		name     string
		from, to Point
		kind     Throw
		legal    bool
	}{
		{"sure throw down the street", Pt(16, 20), Pt(16, 25), SureThrow, true},
		{"sure throw through the saloon window", Pt(15, 4.6), Pt(11, 4.6), SureThrow, true},
		{"sure throw through a stone wall", Pt(15, 10.5), Pt(11, 10.5), SureThrow, false},
		{"hail mary down the street", Pt(18, 1.5), Pt(16, 30), HailMary, true},
		{"hail mary over the yard fence", Pt(7, 11), Pt(10, 20), HailMary, false},
	}
	for _, tc := range tests {
		kind, err := b.CheckThrow(tc.from, tc.to)
		if kind != tc.kind || (err == nil) != tc.legal {
			t.Errorf("%s: %v, %v", tc.name, kind, err)
		}
	}
	if got := Landing(Pt(0.5, 10), Pt(20.5, 10), 9); got != Pt(10, 10) {
		t.Errorf("hail mary short: lands at %v", got)
	}
	// R25: 6 dice inside 2", 3 inside 6", walls shield.
	hits := b.Blast(Pt(15, 8), []Point{Pt(16, 8), Pt(18, 8), Pt(25, 8), Pt(10, 8)})
	if len(hits) != 3 || hits[0].Dice != 6 || hits[1].Dice != 3 || !hits[2].Shielded {
		t.Errorf("blast: %+v", hits)
	}
}

func TestArcs(t *testing.T) {
	if !InArc(Pt(0, 0), Pt(10, 9.9), 0) || InArc(Pt(0, 0), Pt(10, 10.1), 0) {
		t.Error("InArc edge")
	}
	if !BackShot(Pt(0, 0), Pt(5, 0), 0) || BackShot(Pt(10, 0), Pt(5, 0), 0) || BackShot(Pt(5, 5), Pt(5, 0), 0) {
		t.Error("BackShot (R8)")
	}
	if !InContact(Pt(0, 0), Pt(1.04, 0)) || InContact(Pt(0, 0), Pt(1.06, 0)) {
		t.Error("InContact (R3)")
	}
	b := loadTown(t)
	// An overwatcher in the street facing south sees a mover cross the street.
	spans := b.Exposure(Pt(18, 3), math.Pi/2, 12, []Point{Pt(14.5, 10), Pt(21, 10)})
	if len(spans) == 0 {
		t.Fatal("no exposure")
	}
	poly := b.ArcPolygon(Pt(18, 3), math.Pi/2, 24, nil)
	if len(poly) < 4 || poly[0] != Pt(18, 3) {
		t.Fatalf("polygon %v", poly)
	}
	for _, p := range poly[1:] {
		if Pt(18, 3).Dist(p) > 24+1e-9 {
			t.Errorf("polygon point %v beyond 24\"", p)
		}
	}
}

// TestConcurrentBoards runs LoS, paths and blasts from several goroutines
// on separate boards (and shared ones); go test -race checks it.
func TestConcurrentBoards(t *testing.T) {
	var wg sync.WaitGroup
	shared := loadTown(t)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := loadTown(t)
			if g%2 == 0 {
				b = shared
			}
			for i := range 20 {
				x := 14.5 + float64(i%7)
				b.LineOfSight(Pt(x, 2), Pt(20-float64(i%5), 30))
				if _, err := b.Path(Pt(x, 1.5), Pt(16, 34), nil); err != nil {
					t.Error(err)
				}
				b.Blast(Pt(x, 20), []Point{Pt(16, 21), Pt(22, 18)})
				b.ArcPolygon(Pt(x, 3), math.Pi/2, 24, nil)
			}
		}()
	}
	wg.Wait()
}
