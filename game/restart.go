package game

import "cowpoke/rules"

// Restart returns the match as it stood before its first command: the same
// scenario, seed, map and rules edition, with no commands. Applying the
// match's commands to it in order (with their reasons, ApplyDecision) gives
// the events of each command: `cowpoke replay` prints each computer
// decision's reason before what it did.
func (m *Match) Restart() (*Match, error) {
	u, err := newMatch(m.Scenario, m.base, m.Seed, rules.NewSeeded(m.Seed), m.edition)
	if err != nil {
		return nil, err
	}
	u.pin = m.pin
	return u, nil
}
