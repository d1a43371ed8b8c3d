package rules

import (
	"math"
	"testing"
)

func TestPAnySixMatchesClosedForm(t *testing.T) {
	for n := 0; n <= MaxDice; n++ {
		want := 1 - math.Pow(5.0/6, float64(n))
		if got := PAnySix(n); math.Abs(got-want) > 1e-12 {
			t.Errorf("PAnySix(%d) = %.15f, closed form %.15f", n, got, want)
		}
		std := HitsDist(n, false)
		blaze := HitsDist(n, true)
		if math.Abs((1-std.P[0])-want) > 1e-12 || math.Abs((1-blaze.P[0])-want) > 1e-12 {
			t.Errorf("n=%d: P(at least one hit) from the hit distributions %v, %v, want %v", n, 1-std.P[0], 1-blaze.P[0], want)
		}
		sum, mean := 0.0, 0.0
		for k, p := range blaze.Slice() {
			sum += p
			mean += float64(k) * p
		}
		if math.Abs(sum-1) > 1e-12 || math.Abs(mean-float64(n)/6) > 1e-12 {
			t.Errorf("n=%d: hits distribution sums to %v with mean %v, want 1 and %v", n, sum, mean, float64(n)/6)
		}
	}
}

// The binomial against a direct count of all 6^n faces for small pools.
func TestSixesDistAgainstEnumeration(t *testing.T) {
	for n := 0; n <= 6; n++ {
		var counts [7]float64
		total := 1
		for i := 0; i < n; i++ {
			total *= 6
		}
		for code := 0; code < total; code++ {
			sixes, c := 0, code
			for i := 0; i < n; i++ {
				if c%6 == 5 {
					sixes++
				}
				c /= 6
			}
			counts[sixes]++
		}
		d := SixesDist(n)
		for k := 0; k <= n; k++ {
			if want := counts[k] / float64(total); math.Abs(d.P[k]-want) > 1e-12 {
				t.Errorf("n=%d: P(%d sixes) = %v, enumeration %v", n, k, d.P[k], want)
			}
		}
	}
}

func TestDamageDistFromTheChart(t *testing.T) {
	d := DamageDist()
	want := [5]float64{0, 20.0 / 36, 11.0 / 36, 0, 5.0 / 36}
	for dmg := range d {
		if math.Abs(d[dmg]-want[dmg]) > 1e-12 {
			t.Errorf("P(%d damage) = %v, want %v", dmg, d[dmg], want[dmg])
		}
	}
}

// removedByEnumeration is the brute-force reference for removal: every one
// of the 36^k location-and-severity outcomes of k hits, marked with the real
// Health.Take.
func removedByEnumeration(k int, h Health) float64 {
	if h.Removed() {
		return 1
	}
	if k == 0 {
		return 0
	}
	p := 0.0
	for loc := 1; loc <= 6; loc++ {
		for sev := 1; sev <= 6; sev++ {
			next := h
			next.Take(NewWound(loc, sev))
			p += removedByEnumeration(k-1, next) / 36
		}
	}
	return p
}

func targets() map[string]Health {
	hurt := NewHealth(Cowpoke, false)
	hurt.Take(NewWound(4, 1))
	toughSpent := NewHealth(Legend, false)
	toughSpent.Take(NewWound(4, 1))
	return map[string]Health{
		"Greenhorn":           NewHealth(Greenhorn, false),
		"Cowpoke":             NewHealth(Cowpoke, false),
		"Tough Cowpoke":       NewHealth(Cowpoke, true),
		"Legend":              NewHealth(Legend, false),
		"Legend, Tough spent": toughSpent,
		"Cowpoke, 1 damage":   hurt,
	}
}

func TestPRemovedAgainstEnumerationOfTheWoundCode(t *testing.T) {
	for name, h := range targets() {
		for k := 0; k <= 4; k++ {
			got := PRemovedByHits(k, h)
			want := removedByEnumeration(k, h)
			if math.Abs(got-want) > 1e-12 {
				t.Errorf("%s, %d hits: P(removed) = %.15f, enumeration %.15f", name, k, got, want)
			}
		}
	}
	// Closed forms a player can check: one hit removes a Greenhorn on 2+
	// damage (16/36) and an unhurt Cowpoke only on a Mortal Wound (5/36).
	if got := PRemovedByHits(1, NewHealth(Greenhorn, false)); math.Abs(got-16.0/36) > 1e-15 {
		t.Errorf("one hit on a Greenhorn: %v, want 16/36", got)
	}
	if got := PRemovedByHits(1, NewHealth(Legend, false)); math.Abs(got-5.0/36) > 1e-15 {
		t.Errorf("one hit on a Legend: %v, want 5/36", got)
	}
	shot, _ := ShotPool(Shot{Weapon: Revolver, Band: Short, TargetMoved: true})
	o := OddsOf(&shot, NewHealth(Greenhorn, false))
	if want := (1 - 25.0/36) * 16 / 36; math.Abs(o.PRemoved-want) > 1e-12 {
		t.Errorf("2-dice shot at a Greenhorn removes %v, want %v", o.PRemoved, want)
	}
}

func TestBoutOddsAgainstEnumeration(t *testing.T) {
	for a := 1; a <= 5; a++ {
		for d := 1; d <= 4; d++ {
			var win, lose, draw, scuffle float64
			da, dd := SixesDist(a), SixesDist(d)
			for i := 0; i <= a; i++ {
				for j := 0; j <= d; j++ {
					p := da.P[i] * dd.P[j]
					switch JudgeBout(i, j) {
					case AttackerWins:
						win += p
					case DefenderWins:
						lose += p
					case BloodyDraw:
						draw += p
					default:
						scuffle += p
					}
				}
			}
			o := BoutOdds(a, d, NewHealth(Cowpoke, false), NewHealth(Greenhorn, false))
			for _, c := range []struct {
				name      string
				got, want float64
			}{{"win", o.PAttackerWins, win}, {"lose", o.PDefenderWins, lose}, {"draw", o.PBloodyDraw, draw}, {"scuffle", o.PScuffle, scuffle},
				{"scuffle closed form", o.PScuffle, math.Pow(5.0/6, float64(a+d))}} {
				if math.Abs(c.got-c.want) > 1e-12 {
					t.Errorf("%dv%d %s: %v, want %v", a, d, c.name, c.got, c.want)
				}
			}
			if want := (win + draw) * 16 / 36; math.Abs(o.PDefenderRemoved-want) > 1e-12 {
				t.Errorf("%dv%d: Greenhorn defender removed %v, want %v", a, d, o.PDefenderRemoved, want)
			}
		}
	}
}

// ---- Monte Carlo of the real resolution code, 10^6 trials each, 4 sigma.

const mcTrials = 1_000_000

func TestMonteCarloShot(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		shot   Shot
		target Health
	}{
		{"aimed rifle at a Legend", Shot{Weapon: SingleShotRifle, Band: Medium, Aimed: true}, NewHealth(Legend, false)},
		{"Hail Mary at a Greenhorn", Shot{Weapon: Revolver, Band: Short, TargetMoved: true, Cover: WoodCover}, NewHealth(Greenhorn, false)},
		{"Blaze Away at a Cowpoke", Shot{Weapon: Revolver, Band: PointBlank, Blaze: true, Tier: Legend}, NewHealth(Cowpoke, false)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			pool, err := ShotPool(c.shot)
			if err != nil {
				t.Fatal(err)
			}
			exact := OddsOf(&pool, c.target)
			src := NewSeeded(2024)
			var hitShots, removed int
			hits := make([]int, pool.Dice+1)
			for i := 0; i < mcTrials; i++ {
				res := Shoot(src, &pool)
				hits[res.Hits]++
				if res.Hits > 0 {
					hitShots++
				}
				h := c.target
				for j := 0; j < res.Hits; j++ {
					h.Take(RollWound(src))
				}
				if h.Removed() {
					removed++
				}
			}
			checkWithinSigmas(t, "P(hit)", float64(hitShots)/mcTrials, exact.PHit, mcTrials)
			checkWithinSigmas(t, "P(removed)", float64(removed)/mcTrials, exact.PRemoved, mcTrials)
			for k := range hits {
				checkWithinSigmas(t, "P(hits = k)", float64(hits[k])/mcTrials, exact.Hits.P[k], mcTrials)
			}
		})
	}
}

func TestMonteCarloDamage(t *testing.T) {
	t.Parallel()
	src := NewSeeded(77)
	var count [5]int
	for i := 0; i < mcTrials; i++ {
		count[RollWound(src).Damage]++
	}
	exact := DamageDist()
	for _, dmg := range []int{1, 2, 4} {
		checkWithinSigmas(t, "P(damage)", float64(count[dmg])/mcTrials, exact[dmg], mcTrials)
	}
}

func TestMonteCarloBrawl(t *testing.T) {
	t.Parallel()
	attacker := BrawlPool(BrawlStats{Tier: Legend, Brawler: true})
	defender := BrawlPool(BrawlStats{Tier: Cowpoke, Melee: true})
	aHealth, dHealth := NewHealth(Legend, false), NewHealth(Greenhorn, false)
	exact := BoutOdds(attacker.Dice, defender.Dice, aHealth, dHealth)
	src := NewSeeded(5)
	var outcomes [4]int
	var aRemoved, dRemoved int
	for i := 0; i < mcTrials; i++ {
		a, d := aHealth, dHealth
		b := Brawl(src, Fighter{Pool: attacker, Health: &a}, []Fighter{{Pool: defender, Health: &d}})
		outcomes[b[0].Outcome]++
		if a.Removed() {
			aRemoved++
		}
		if d.Removed() {
			dRemoved++
		}
	}
	checkWithinSigmas(t, "P(attacker wins)", float64(outcomes[AttackerWins])/mcTrials, exact.PAttackerWins, mcTrials)
	checkWithinSigmas(t, "P(defender wins)", float64(outcomes[DefenderWins])/mcTrials, exact.PDefenderWins, mcTrials)
	checkWithinSigmas(t, "P(bloody draw)", float64(outcomes[BloodyDraw])/mcTrials, exact.PBloodyDraw, mcTrials)
	checkWithinSigmas(t, "P(scuffle)", float64(outcomes[Scuffle])/mcTrials, exact.PScuffle, mcTrials)
	checkWithinSigmas(t, "P(attacker removed)", float64(aRemoved)/mcTrials, exact.PAttackerRemoved, mcTrials)
	checkWithinSigmas(t, "P(defender removed)", float64(dRemoved)/mcTrials, exact.PDefenderRemoved, mcTrials)
}

func TestMonteCarloBlastAndSurvival(t *testing.T) {
	t.Parallel()
	blast, _ := BlastPool(1.5)
	victim := NewHealth(Cowpoke, true)
	exact := OddsOf(&blast, victim)
	survival := SurvivalPool(Legend, false)
	pSurvive := PSurvive(survival.Dice)
	src := NewSeeded(8)
	var removed, survived int
	for i := 0; i < mcTrials; i++ {
		res := Shoot(src, &blast)
		h := victim
		for j := 0; j < res.Hits; j++ {
			h.Take(RollWound(src))
		}
		if h.Removed() {
			removed++
		}
		if RollSurvival(src, survival).Survived {
			survived++
		}
	}
	checkWithinSigmas(t, "blast P(removed)", float64(removed)/mcTrials, exact.PRemoved, mcTrials)
	checkWithinSigmas(t, "P(survive)", float64(survived)/mcTrials, pSurvive, mcTrials)
}

func TestPHailMaryReachesMonteCarlo(t *testing.T) {
	src := NewSeeded(12)
	const n = 200000
	reached := 0
	for i := 0; i < n; i++ {
		if ThrowLanding(10, HailMaryReach(D6(src))) == 10 {
			reached++
		}
	}
	checkWithinSigmas(t, "Hail Mary reaches 10\"", float64(reached)/n, PHailMaryReaches(10), n)
}
