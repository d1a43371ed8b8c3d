package game

// Editions of the engine's rules. A fix to a rule that changes what
// happens (an outcome, or which decisions arise) takes effect from a new
// edition, so that a save keeps replaying under the rules it was played
// by: a match records the edition it started under, and a save made before
// editions existed (save version 1) replays as edition 1.
const (
	// Edition1 is the rules as first released.
	Edition1 = 1
	// CurrentEdition is the edition new matches are played under.
	CurrentEdition = Edition1
)

// Edition is the rules edition the match is played under.
func (m *Match) Edition() int { return m.edition }
