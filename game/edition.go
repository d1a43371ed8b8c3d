package game

// Editions of the engine's rules. A fix to a rule that changes what
// happens (an outcome, or which decisions arise) takes effect from a new
// edition, so that a save keeps replaying under the rules it was played
// by: a match records the edition it started under, and a save made before
// editions existed (save version 1) replays as edition 1.
const (
	// Edition1 is the rules as first released.
	Edition1 = 1
	// Edition2 reads R7 whole: terrain that blocks a line of fire within 1"
	// of the shooter's base gives the target no cover (a model standing in
	// its own doorway no longer gives its targets stone cover from the door
	// frame); the line stays blocked for R6 (board.SightRules).
	// It also loses an Aim when an activation passes without the shot (R16),
	// uses the Aim up when an aimed shot kills its target (instead of
	// reporting it lost), and raises an Overwatch interrupt only where the
	// watcher has a possible shot (R32).
	Edition2 = 2
	// CurrentEdition is the edition new matches are played under.
	CurrentEdition = Edition2
)

// Edition is the rules edition the match is played under.
func (m *Match) Edition() int { return m.edition }
