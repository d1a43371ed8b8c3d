package game

// QuietTurns is how many game turns have begun since a model was last
// wounded or removed (since the start, if none has been): the computer
// opponent's measure of a stand-off, which it breaks by closing in.
// A fork keeps it.
func (m *Match) QuietTurns() int { return m.Turn - m.lastHarm }

// activationEvents is the events of the active model's activation so far
// (none when no model is active): what a fork keeps of the match's
// history so that rules looking back through the activation (R16's Aim,
// aimedThisActivation) judge the fork as they judge the match.
func (m *Match) activationEvents() []Event {
	if m.Active < 0 {
		return nil
	}
	for i := len(m.events) - 1; i >= 0; i-- {
		if e := &m.events[i]; e.Kind == EvActivated && e.Model == m.Active {
			return append([]Event(nil), m.events[i:]...)
		}
	}
	return nil
}
