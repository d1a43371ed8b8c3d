package game

// ApplyNotingLuck applies c like Apply and adds to luck, for each posse,
// the models of it that the command's shots were expected to remove less
// those they removed. Each difference has mean 0 whatever the players do
// (the odds are the engine's own for the roll it makes: CommandOdds), so
// a playout's summed luck is a control variate for its outcome: much of a
// playout's spread is whether its shots went home. luck has one entry per
// posse; nil notes nothing.
func (m *Match) ApplyNotingLuck(c Command, luck []float64) ([]Event, error) {
	var odds []Odds
	if luck != nil {
		switch c.Kind {
		case CmdShoot, CmdBlaze, CmdFire:
			odds, _ = m.CommandOdds(c)
		}
	}
	evs, err := m.Apply(c)
	if err != nil {
		return nil, err
	}
	for _, o := range odds {
		t := &m.Models[o.Target]
		removed := 0.0
		if t.Removed() {
			removed = 1
		}
		luck[t.Posse] += o.Odds.PRemoved - removed
	}
	return evs, nil
}

// LuckAgainst is posse p's luck less the mean of the other posses': how
// much better the dice went for p than for its enemies.
func LuckAgainst(luck []float64, p int) float64 {
	others := 0.0
	for q, x := range luck {
		if q != p {
			others += x
		}
	}
	return luck[p] - others/float64(max(1, len(luck)-1))
}
