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
	// Edition3 reads the seed modules as rulings R39-R53 do (edition3.go):
	// a lost turn under card stacks ranks below every card, ties by a
	// fresh flip (R39); a Luck token is declared on one roll of the
	// owner's choice (the command's Luck field; defenders and overwatchers
	// are asked), never spent by itself (R41); Maneuver and Interact
	// succeed when done, not declared, and Attack (with Breaks' "causes
	// damage") counts wounds on enemies from every attack of the model,
	// parting shots and its own dynamite included (R42, R49); Stymied
	// lapses at the round's end and takes a die from an action's first
	// roll only (R43); Flurry's third action point does not let a model
	// Run after shooting, aiming or brawling (R46); Flurry, Setback and
	// Confused touch only a model's first activation of a round (R48); a
	// fleeing Greenhorn held in base contact stays, -1 die (R50).
	Edition3 = 3
	// Edition4 sizes an overwatcher's possible shot, where the stretches
	// of a path he may fire on are marked and where Fire is checked, with
	// the mover facing the way he walks at that point, as the shot is then
	// rolled (R8's back shot, R32): before, the mover's facing as he stood
	// decided, so a watcher could be asked where his shot rolls nothing and
	// not asked where only the back-shot die gives him one.
	Edition4 = 4
	// Edition5 opens a closed, unlocked door as a model walks through it
	// (R5; doors.go): before, the door stayed shut behind him, so nobody
	// outside could see in through it. An overwatcher's stretches of the
	// walk count each such door open from where the mover crosses it.
	Edition5 = 5
	// CurrentEdition is the edition new matches are played under.
	CurrentEdition = Edition5
)

// Edition is the rules edition the match is played under.
func (m *Match) Edition() int { return m.edition }
