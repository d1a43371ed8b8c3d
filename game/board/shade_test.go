package board

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"cowpoke/game/racecheck"
	"cowpoke/maps"
)

// TestHiddenBasesAreBlocked checks hidesBase against the line-of-sight test
// it stands in for: whenever it says an edge hides a base from an eye, the
// grid walk of every one of the base's Samples lines meets that edge, and
// each line is blocked. Random eyes and bases on every shipped map, each
// tried against every blocking edge; the test also requires that the
// shortcut is taken often enough to matter.
func TestHiddenBasesAreBlocked(t *testing.T) {
	names := maps.Names()
	tries := 4000
	if racecheck.Enabled {
		tries = 500
	}
	hidden := 0
	for _, name := range names {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 5))
		for range tries {
			w := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			c := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			var pts [Samples]Point
			samplePoints(w, c, &pts)
			for i := range b.edges {
				e := &b.edges[i]
				if e.flags&fLoS == 0 || !hidesBase(w, c, e) {
					continue
				}
				hidden++
				for _, p := range pts {
					if !segmentsCross(w, p, e.a, e.b) {
						t.Fatalf("%s: edge %d said to hide the base at %v from %v, but the line to %v does not cross it", name, i, c, w, p)
					}
					met := false
					b.los.walk(w, p, func(cx, cy int) bool {
						for _, ei := range b.los.cell(cx, cy) {
							met = met || ei == int32(i)
						}
						return !met
					})
					if !met {
						t.Fatalf("%s: edge %d hides the base at %v from %v, but the walk to %v never meets it", name, i, c, w, p)
					}
				}
				for _, p := range pts {
					if !b.Blocked(w, p) {
						t.Fatalf("%s: edge %d hides the base at %v from %v, yet the line to %v is not blocked", name, i, c, w, p)
					}
				}
			}
		}
	}
	if hidden < tries/10 {
		t.Errorf("only %d hidden bases found in %d tries: the test hardly tries hidesBase", hidden, tries)
	}
	t.Logf("%d edge-base pairs hidden, every line blocked", hidden)
}

// TestExposureAsSampled checks Exposure, which passes over positions clearly
// out of range or arc and tries first the wall that hid the last position,
// against the definition: every position exposureStep apart (and the end)
// tested in full. Random overwatchers and paths on the town.
func TestExposureAsSampled(t *testing.T) {
	b := loadTown(t)
	rng := rand.New(rand.NewPCG(9, 1))
	// The definition: every sampled position tested in full.
	reference := func(w Point, facing, rng float64, path []Point) []Span {
		return exposedSpans(path, func(p Point) bool {
			return Distance(w, p) < rng && InArc(w, p, facing) && b.Visible(w, p)
		})
	}
	tries := 300
	if racecheck.Enabled {
		tries = 40
	}
	exposed := 0
	for range tries {
		spot := func() Point {
			return Pt(float64(1+rng.Float64()*(b.Width-2)), float64(1+rng.Float64()*(b.Height-2)))
		}
		w := spot()
		facing := float64(2 * math.Pi * rng.Float64())
		path := []Point{spot()}
		for range 1 + rng.IntN(3) {
			path = append(path, spot())
		}
		got, want := b.Exposure(w, facing, 24, path), reference(w, facing, 24, path)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("overwatcher at %v facing %.3f, path %v: Exposure gave %v, the sampled definition %v", w, facing, path, got, want)
		}
		if len(got) > 0 {
			exposed++
		}
	}
	if exposed == 0 {
		t.Error("no path was exposed: the test compares nothing")
	}
	// Positions on the arc's edges and the range's end, and a hair either
	// side, where a shortcut's margin too thin would show.
	for range 200 {
		w := Pt(float64(8+rng.Float64()*(b.Width-16)), float64(8+rng.Float64()*(b.Height-16)))
		facing := float64(2 * math.Pi * rng.Float64())
		for _, edge := range []float64{-math.Pi / 4, math.Pi / 4, 0} {
			for _, tilt := range []float64{-1e-9, -1e-12, 0, 1e-12, 1e-9} {
				for _, r := range []float64{3, 6 + 2*BaseRadius - 1e-12, 6 + 2*BaseRadius, 6 + 2*BaseRadius + 1e-12} {
					a := float64(facing + edge + tilt)
					path := []Point{Pt(w.X+float64(r*math.Cos(a)), w.Y+float64(r*math.Sin(a)))}
					if got, want := b.Exposure(w, facing, 6, path), reference(w, facing, 6, path); !reflect.DeepEqual(got, want) {
						t.Fatalf("overwatcher at %v facing %v, position %v: Exposure gave %v, the sampled definition %v", w, facing, path[0], got, want)
					}
				}
			}
		}
	}
}

// TestSeesAnyIsTheSightsVisibility checks SeesAny against the whole sight
// it stands in for, on every map, under both readings of the rules, asked
// before and after the sight is remembered.
func TestSeesAnyIsTheSightsVisibility(t *testing.T) {
	seen, hidden := 0, 0
	for _, name := range maps.Names() {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 8))
		for range 500 {
			s := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			c := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			for _, r := range []SightRules{{}, {NearBlockersNoCover: true}} {
				before := b.SeesAny(s, c, r)
				want := b.traceSight(s, c, r).Visible
				b.LineOfSightRules(s, c, r) // now remembered
				if before != want || b.SeesAny(s, c, r) != want {
					t.Fatalf("%s: from %v to %v under %+v: SeesAny %v, the sight says %v", name, s, c, r, before, want)
				}
				if want {
					seen++
				} else {
					hidden++
				}
			}
		}
	}
	if seen == 0 || hidden == 0 {
		t.Errorf("%d seen and %d hidden: the test needs both", seen, hidden)
	}
}

// TestVisibleAsEveryLine checks Visible, which gives up on a base whose
// centre line's blocker hides it all, against the definition: some one of
// the Samples lines is not blocked. Random pairs on every map.
func TestVisibleAsEveryLine(t *testing.T) {
	for _, name := range maps.Names() {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(6, 2))
		seen, hidden := 0, 0
		for range 2000 {
			s := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			c := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			var pts [Samples]Point
			samplePoints(s, c, &pts)
			want := false
			for _, p := range pts {
				want = want || !b.Blocked(s, p)
			}
			if got := b.Visible(s, c); got != want {
				t.Fatalf("%s: from %v to %v Visible says %v, the lines %v", name, s, c, got, want)
			}
			if want {
				seen++
			} else {
				hidden++
			}
		}
		if seen == 0 || hidden == 0 {
			t.Errorf("%s: %d seen and %d hidden: the test needs both", name, seen, hidden)
		}
	}
}

// TestOpenSightsAsTraced checks the sight of a target with no terrain near
// the line to it, which traces nothing, against tracing every line: random
// pairs on every map, under both readings of the rules; the test requires
// both open and closed sights among them.
func TestOpenSightsAsTraced(t *testing.T) {
	for _, name := range maps.Names() {
		b, err := LoadFS(maps.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(2, 7))
		open, closed := 0, 0
		for i := range 3000 {
			s := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
			// Short lines too, as most shots are.
			r, a := float64(1+rng.Float64()*[2]float64{6, 40}[i%2]), float64(2*math.Pi*rng.Float64())
			c := Pt(s.X+float64(r*math.Cos(a)), s.Y+float64(r*math.Sin(a)))
			if c.X < 0 || c.Y < 0 || c.X > b.Width || c.Y > b.Height {
				continue
			}
			var pts [Samples]Point
			samplePoints(s, c, &pts)
			for _, rules := range []SightRules{{}, {NearBlockersNoCover: true}} {
				got, want := b.traceSight(s, c, rules), b.traceLines(s, c, rules, &pts)
				if got != want {
					t.Fatalf("%s: from %v to %v under %+v: the sight is %+v, traced line by line %+v", name, s, c, rules, got, want)
				}
			}
			if b.openAround(s, c) {
				open++
			} else {
				closed++
			}
		}
		// Targets whose base just grazes a corner of terrain, or just
		// misses it, where a margin too thin would show.
		for i := range b.edges {
			e := &b.edges[i]
			if e.flags&(fLoS|fObscure) == 0 {
				continue
			}
			for _, gap := range []float64{-1e-4, -1e-9, 0, 1e-9, 1e-7, 1e-5} {
				s := Pt(float64(rng.Float64()*b.Width), float64(rng.Float64()*b.Height))
				d := e.a.Sub(s)
				if d.Len() < 2 {
					continue
				}
				c := e.a.Add(d.Unit().Perp().Scale(BaseRadius + gap))
				if c.X < 0 || c.Y < 0 || c.X > b.Width || c.Y > b.Height {
					continue
				}
				var pts [Samples]Point
				samplePoints(s, c, &pts)
				if got, want := b.traceSight(s, c, SightRules{}), b.traceLines(s, c, SightRules{}, &pts); got != want {
					t.Fatalf("%s: from %v to %v, grazing edge %d by %g: the sight is %+v, traced line by line %+v", name, s, c, i, gap, got, want)
				}
			}
		}
		if open == 0 || closed == 0 {
			t.Errorf("%s: %d open and %d closed sights: the test needs both", name, open, closed)
		}
		t.Logf("%s: %d open and %d closed sights, each as traced", name, open, closed)
	}
}
