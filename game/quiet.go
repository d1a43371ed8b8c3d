package game

// QuietTurns is how many game turns have begun since a model was last
// wounded or removed (since the start, if none has been): the computer
// opponent's measure of a stand-off, which it breaks by closing in.
// A fork keeps it.
func (m *Match) QuietTurns() int { return m.Turn - m.lastHarm }

// Habit is how a posse has played so far: its activations begun, its
// Overwatches declared, and the shooting rolls of its own actions (not
// fire from Overwatch), plain and Blazing Away. The computer opponent
// reads its enemies' habits to expect of them what they have shown (a
// posse that never watches, or never Blazes Away, will not in its
// look-ahead either).
type Habit struct {
	Activations, Overwatches int
	Shots, Blazes            int
}

// Habits is a posse's habit so far (zero for a posse the match has not).
// A fork keeps it.
func (m *Match) Habits(posse int) Habit {
	if posse < 0 || posse >= len(m.habits) {
		return Habit{}
	}
	return m.habits[posse]
}

// noteHabit counts an event into its posse's habit.
func (m *Match) noteHabit(e *Event) {
	if e.Model < 0 || e.Model >= len(m.Models) {
		return
	}
	p := m.Models[e.Model].Posse
	if p < 0 || p >= len(m.habits) {
		return
	}
	h := &m.habits[p]
	switch e.Kind {
	case EvActivated:
		h.Activations++
	case EvOverwatch:
		h.Overwatches++
	case EvShot:
		// The active model's roll is its own Shoot or Blaze Away (one
		// roll per Spread target); another's is fire from Overwatch.
		switch {
		case e.Model != m.Active:
		case e.BlazedAway():
			h.Blazes++
		default:
			h.Shots++
		}
	}
}

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
