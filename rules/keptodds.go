package rules

// The odds of a pool rolled under Up or Down (R38, R52): one more die is
// rolled and the lowest or the highest set aside before the sixes are
// counted. With S sixes among the n+1 dice rolled, Up sets a six aside
// only when every die shows one, so n dice keep min(S, n) sixes; Down sets
// a six aside whenever there is one, so they keep max(S-1, 0).

// KeptSixesDist is the distribution of sixes among the n dice kept of a
// pool rolled as k says (SixesDist when k is KeepAll).
func KeptSixesDist(n int, k Keep) Dist {
	if n <= 0 || k == KeepAll {
		if n <= 0 {
			var d Dist
			d.P[0] = 1
			return d
		}
		return SixesDist(n)
	}
	all := SixesDist(n + 1)
	var d Dist
	d.N = n
	for s := 0; s <= n+1; s++ {
		kept := min(s, n)
		if k == DropHighest {
			kept = max(s-1, 0)
		}
		d.P[kept] += all.P[s]
	}
	return d
}

// PoolHitsDist is the distribution of hits of a pool as the engine rolls
// it: its dice, Up or Down (Keep), one hit for any six or a hit per six
// (R17). An impossible pool rolls nothing.
func PoolHitsDist(p *Pool) Dist {
	if p.Keep == KeepAll {
		return HitsDist(p.Dice, p.EverySix)
	}
	sixes := KeptSixesDist(p.Dice, p.Keep)
	if p.EverySix || p.Dice <= 0 {
		return sixes
	}
	var d Dist
	d.N = 1
	d.P[0] = sixes.P[0]
	d.P[1] = 1 - sixes.P[0]
	return d
}
