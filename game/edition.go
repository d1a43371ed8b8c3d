package game

// Editions of the engine's rules. A fix to a rule that changes what
// happens (an outcome, or which decisions arise) takes effect from a new
// edition, so that a save keeps replaying under the rules it was played
// by: a match records the edition it started under, and a save made before
// editions existed (save version 1) replays as edition 1.
const (
	// Edition1 is the rules as first released.
	Edition1 = 1
	// Edition2 (issue 14): an Aim is lost when an activation passes without
	// the shot (R16), and an aimed shot that kills its target uses the Aim
	// up instead of reporting it lost; an Overwatch interrupt is raised only
	// where the watcher has a possible shot (R32). (Branch board's doorway
	// cover fix is edition 2 too.)
	Edition2 = 2
	// CurrentEdition is the edition new matches are played under.
	CurrentEdition = Edition2
)

// Edition is the rules edition the match is played under.
func (m *Match) Edition() int { return m.edition }
