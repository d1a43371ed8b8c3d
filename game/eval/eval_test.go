package eval_test

import (
	"math"
	"testing"

	"cowpoke/game"
	"cowpoke/game/ai"
	"cowpoke/game/board"
	"cowpoke/game/eval"
	"cowpoke/rules"
)

// midMatch plays a normal-against-normal match on a map for n commands.
func midMatch(tb testing.TB, mapName string, seed uint64, n int) *game.Match {
	sc, err := game.DefaultScenario()
	if err != nil {
		tb.Fatal(err)
	}
	sc.Map = mapName
	bs, err := boards()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := game.NewMatchOn(sc, bs[mapName], seed)
	if err != nil {
		tb.Fatal(err)
	}
	c, _ := ai.New("normal", seed)
	for i := 0; i < n && !m.Over; i++ {
		d, _ := c.Decide(m)
		if _, err := m.ApplyDecision(d); err != nil {
			tb.Fatal(err)
		}
	}
	return m
}

// The chances are one per posse, sum to 1, and depend on the table only:
// the same on a fork with other dice.
func TestWinChancesSumToOne(t *testing.T) {
	for _, n := range []int{0, 40, 120} {
		m := midMatch(t, "town.tmx", 3, n)
		ps := eval.WinChances(m)
		if len(ps) != len(m.Posses) {
			t.Fatalf("%d chances for %d posses", len(ps), len(m.Posses))
		}
		sum := 0.0
		for _, p := range ps {
			if p < 0 || p > 1 {
				t.Fatalf("chance %v out of [0, 1]", p)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("chances %v sum to %v", ps, sum)
		}
		f := eval.WinChances(m.Fork(rules.NewSeeded(99)))
		for i := range ps {
			if f[i] != ps[i] {
				t.Fatalf("after %d commands: %v on the match, %v on a fork with other dice", n, ps, f)
			}
		}
	}
}

// A posse that has lost models is given less chance than one that has
// not, and a match that is over gives the winner 1.
func TestWinChancesFollowMaterial(t *testing.T) {
	m := midMatch(t, "halt.tmx", 5, 0)
	even := eval.WinChances(m)
	f := m.Fork(rules.NewSeeded(1))
	for _, id := range f.Posses[1].Models[:3] {
		f.Models[id].Health.Damage = f.Models[id].Health.MaxHP
	}
	down := eval.WinChances(f)
	if !(down[0] > even[0] && down[0] > 0.7) {
		t.Fatalf("with three of the second posse's six removed the first has %.2f (at the start %.2f)", down[0], even[0])
	}
	f.Over, f.Winner = true, 1
	if over := eval.WinChances(f); over[1] != 1 || over[0] != 0 {
		t.Fatalf("a match won by the second posse: %v", over)
	}
}

// A lead of one model counts for more at the end of a match than at its
// start: two against one is nearer a win than six against five, though
// the sides differ by as much in models, hit points, tiers and loaded guns
// (the share of the models standing; the plain differences alone weigh the
// two alike, and gave six against five more).
func TestALeadCountsMoreLate(t *testing.T) {
	m := midMatch(t, "halt.tmx", 5, 0)
	remove := func(ids ...int) *game.Match {
		f := m.Fork(rules.NewSeeded(1))
		for _, id := range ids {
			f.Models[id].Health.Damage = f.Models[id].Health.MaxHP
		}
		return f
	}
	// The Lawmen are ids 0-5, the Desperados 6-11; 0 and 6 are the
	// legends, 4, 5, 10 and 11 the greenhorns.
	early := remove(11)                         // six against five
	late := remove(1, 2, 3, 5, 7, 8, 9, 10, 11) // the Sheriff and a greenhorn against One-Eyed Jack
	fe, fl := eval.Features(early), eval.Features(late)
	for _, k := range []int{eval.FModels, eval.FHealth, eval.FTier, eval.FLoaded} {
		de, dl := fe[0][k]-fe[1][k], fl[0][k]-fl[1][k]
		if de != dl {
			t.Fatalf("%s: the lead is %v early and %v late, want the same", eval.FeatureNames[k], de, dl)
		}
	}
	pe, pl := eval.WinChances(early)[0], eval.WinChances(late)[0]
	t.Logf("six against five: %.3f; two against one: %.3f", pe, pl)
	if pl <= pe+0.05 {
		t.Errorf("two against one is given %.3f, six against five %.3f: want the late lead worth more", pl, pe)
	}
}

// With four posses the chances still sum to 1, and posses that mirror
// each other get the same.
func TestChancesOfFourPosses(t *testing.T) {
	w := eval.Fitted()
	var f [eval.NumFeatures]float64
	f[eval.FModels], f[eval.FHealth], f[eval.FLoaded] = 6, 6, 6
	g := f
	g[eval.FModels], g[eval.FHealth] = 4, 4
	ps := w.Chances([][eval.NumFeatures]float64{f, f, g, f})
	sum := 0.0
	for _, p := range ps {
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 || ps[0] != ps[1] || ps[1] != ps[3] || ps[2] >= ps[0] {
		t.Fatalf("four posses, the third two models down: %v", ps)
	}
}

// The fit recovers weights from samples drawn from a known logistic model
// (checking Fit itself, apart from the game).
func TestFitRecoversWeights(t *testing.T) {
	var want eval.Weights
	want.W[eval.FModels], want.W[eval.FExpLoss], want.W[eval.FUp] = 0.8, -1.5, 0.3
	src := rules.NewSeeded(7)
	u := func() float64 { return float64(src.Intn(1<<30)) / (1 << 30) }
	var samples []eval.Sample
	for range 20000 {
		var a, b [eval.NumFeatures]float64
		for k := range a {
			a[k], b[k] = 4*u(), 4*u()
		}
		p := want.Chances([][eval.NumFeatures]float64{a, b})[0]
		r := []float64{0, 1}
		if u() < p {
			r = []float64{1, 0}
		}
		samples = append(samples, eval.Sample{Features: [][eval.NumFeatures]float64{a, b}, Result: r})
	}
	got, err := eval.Fit(samples, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	for k := range got.W {
		if math.Abs(got.W[k]-want.W[k]) > 0.06 {
			t.Errorf("%s: fitted %.3f, want %.3f", eval.FeatureNames[k], got.W[k], want.W[k])
		}
	}
}

// BenchmarkWinChances: the static estimate of a mid-match position (the
// bar: under 1 ms).
func BenchmarkWinChances(b *testing.B) {
	var ms []*game.Match
	for i, name := range []string{"halt.tmx", "ranch.tmx", "town.tmx"} {
		ms = append(ms, midMatch(b, name, uint64(i+1), 60))
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		eval.WinChances(ms[i%len(ms)])
	}
}

// The kit features count what the models standing carry, so they fade as
// models fall: the default Lawmen have one Marksman (Deputy Hale, with his
// lever-action), two long guns (his and Sheriff Miller's lever-actions)
// and one melee weapon (Ranger Tex's knife); with Hale down, no Marksman
// and one long gun.
func TestKitCountsModelsStanding(t *testing.T) {
	m := midMatch(t, "halt.tmx", 5, 0)
	lawmen := -1
	for p := range m.Posses {
		if m.Posses[p].Name == "Lawmen" {
			lawmen = p
		}
	}
	if lawmen < 0 {
		t.Fatal("the default scenario has no Lawmen")
	}
	kit := func(m *game.Match) [3]float64 {
		f := eval.Features(m)[lawmen]
		return [3]float64{f[eval.FMarksmen], f[eval.FLongGuns], f[eval.FMelee]}
	}
	if got, want := kit(m), [3]float64{1, 2, 1}; got != want {
		t.Fatalf("the Lawmen at the start: marksmen, long guns, melee weapons %v, want %v", got, want)
	}
	f := m.Fork(rules.NewSeeded(1))
	for _, id := range f.Posses[lawmen].Models {
		if md := &f.Models[id]; md.Profile.Name == "Deputy Hale" {
			md.Health.Damage = md.Health.MaxHP
		}
	}
	if got, want := kit(f), [3]float64{0, 1, 1}; got != want {
		t.Fatalf("with Deputy Hale down: marksmen, long guns, melee weapons %v, want %v", got, want)
	}
}

// The zone feature gives the first seat the shipped map's measured worth
// of its deployment zone and the second seat the opposite, fading as hit
// points are lost; a match the measure does not apply to (a map without a
// measured worth, three posses, models placed by hand, objectives) gets
// none.
func TestZoneFollowsTheMapAndFades(t *testing.T) {
	zones := eval.Fitted().Zones
	if len(zones) != 3 {
		t.Fatalf("the shipped weights measure the zones of %d maps, want the 3 shipped maps: %v", len(zones), zones)
	}
	for _, name := range []string{"halt.tmx", "ranch.tmx", "town.tmx"} {
		m := midMatch(t, name, 5, 0)
		fs := eval.Features(m)
		if got, want := fs[0][eval.FZone], zones[name]/2; got != want || fs[1][eval.FZone] != -want {
			t.Errorf("%s at the start: zone %v and %v, want %v and %v", name, got, fs[1][eval.FZone], want, -want)
		}
		f := m.Fork(rules.NewSeeded(1))
		md := &f.Models[f.Posses[1].Models[0]]
		md.Health.Damage = md.Health.MaxHP
		if got, start := eval.Features(f)[0][eval.FZone], fs[0][eval.FZone]; math.Abs(got) >= math.Abs(start) || got*start <= 0 {
			t.Errorf("%s with a model down: zone %v, want nearer 0 than %v and of its sign", name, got, start)
		}
	}
	none := func(what string, edit func(*game.Scenario)) {
		t.Helper()
		sc, err := game.DefaultScenario()
		if err != nil {
			t.Fatal(err)
		}
		sc.Map = "town.tmx"
		edit(&sc)
		m, err := game.NewMatch(sc, 5)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		for p, f := range eval.Features(m) {
			if f[eval.FZone] != 0 {
				t.Errorf("%s: posse %d has zone %v, want 0", what, p, f[eval.FZone])
			}
		}
	}
	none("three posses", func(sc *game.Scenario) { sc.Posses = append(sc.Posses, sc.Posses[0]); sc.Posses[2].Name = "Lawmen II" })
	none("a model placed by hand", func(sc *game.Scenario) { sc.Posses[0].Models[0].At = &game.Point{X: 20, Y: 20} })
	none("an objective", func(sc *game.Scenario) {
		sc.Objectives = []game.ObjectiveSpec{{Kind: "escape", Name: "the getaway", Edge: "north", Posse: sc.Posses[0].Name}}
	})
}

// threatOn is the exp_loss feature of the Lawmen's one model, Hale, 8"
// from Bart in the open of the test arena, the two set up as given.
func threatOn(t *testing.T, hale, bart game.ModelSpec) float64 {
	t.Helper()
	b, err := board.LoadFile("../testdata/arena.tmx")
	if err != nil {
		t.Fatal(err)
	}
	hale.At, bart.At = &game.Point{X: 4, Y: 21}, &game.Point{X: 12, Y: 21}
	sc := game.Scenario{Name: t.Name(), Map: "../testdata/arena.tmx", Initiative: game.MethodCoin,
		Posses: []game.PosseSpec{{Name: "Lawmen", Models: []game.ModelSpec{hale}}, {Name: "Desperados", Models: []game.ModelSpec{bart}}}}
	m, err := game.NewMatchOn(sc, b, 1)
	if err != nil {
		t.Fatal(err)
	}
	return eval.Features(m)[0][eval.FExpLoss]
}

// An enemy's empty gun threatens a model he may act before: a Reload and
// the shot fit in one activation. It does not when the model acts first,
// where a loaded gun threatens only from Overwatch.
func TestThreatCountsAnEmptyGunReloadedFirst(t *testing.T) {
	hale := game.ModelSpec{Name: "Hale", Tier: "cowpoke", Weapons: []string{"revolver"}}
	bart := game.ModelSpec{Name: "Bart", Tier: "cowpoke", Weapons: []string{"revolver"}}
	empty := bart
	empty.OutOfAmmo = []string{"revolver"}

	acted := hale
	acted.Activated = true // Bart surely acts before Hale again
	loaded, reloads := threatOn(t, acted, bart), threatOn(t, acted, empty)
	if !(loaded > 0.02) || math.Abs(reloads-loaded) > 1e-12 {
		t.Errorf("Hale has acted, Bart has not: the threat of Bart's loaded revolver %.4f, of his empty one %.4f; want the same (he reloads and shoots)", loaded, reloads)
	}

	west := 180.0
	done, watching, doneEmpty := bart, bart, empty
	done.Activated, watching.Activated, doneEmpty.Activated = true, true, true
	watching.Overwatch = &west
	if idle, arc, none := threatOn(t, hale, done), threatOn(t, hale, watching), threatOn(t, hale, doneEmpty); idle != 0 || !(arc > 0.02) || none != 0 {
		t.Errorf("Bart has acted, Hale has not: the threat of Bart's loaded revolver %.4f, on Overwatch over Hale %.4f, of his empty one %.4f; want none, some, none", idle, arc, none)
	}
}
