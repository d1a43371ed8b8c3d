package game

// CommandKind names a player decision.
type CommandKind string

// Every decision a player (or the computer, or a replay) can make.
const (
	CmdActivate  CommandKind = "activate"  // pick the model to activate next (3.3)
	CmdMove      CommandKind = "move"      // Move (1 AP) along a path or to a spot (R9)
	CmdRun       CommandKind = "run"       // declare a Run (2 AP): the 2D6 are rolled at once (R9)
	CmdRunTo     CommandKind = "run-to"    // walk the rolled Run along a path or to a spot
	CmdFace      CommandKind = "face"      // turn to face (free, R8)
	CmdShoot     CommandKind = "shoot"     // Shoot (1 AP), with Spread targets (R20)
	CmdAim       CommandKind = "aim"       // Aim (1 AP) at one target (R16)
	CmdBlaze     CommandKind = "blaze"     // Blaze Away (1 AP) (R18)
	CmdOverwatch CommandKind = "overwatch" // Overwatch (1 AP) facing a direction (R31)
	CmdThrow     CommandKind = "throw"     // Throw Dynamite (1 AP) at a spot (R22, R23)
	CmdReload    CommandKind = "reload"    // Reload (1 AP) one weapon (R19)
	CmdBrawl     CommandKind = "brawl"     // Brawl (1 AP) every enemy in contact, in order (R27)
	CmdInteract  CommandKind = "interact"  // Interact (1 AP): open, close or unlock a door (R11)
	CmdEnd       CommandKind = "end"       // end the activation
	CmdFire      CommandKind = "fire"      // an overwatcher fires at the mover (R32)
	CmdHold      CommandKind = "hold"      // an overwatcher lets the mover pass
	CmdDefend    CommandKind = "defend"    // a brawl's defender holding Luck says whether to spend it (R41)
)

// Command is one decision, as saved in a save file. Only the fields its
// kind uses are set.
type Command struct {
	Kind  CommandKind `json:"kind"`
	Model int         `json:"model"` // the model that acts (for fire/hold: the overwatcher)

	To   *Point  `json:"to,omitempty"`   // Move, Run-to: destination; Throw: the target spot
	Path []Point `json:"path,omitempty"` // Move, Run-to: the path followed, from the model's position

	Target int   `json:"target,omitempty"` // Shoot, Aim, Blaze: the target model
	Extra  []int `json:"extra,omitempty"`  // Shoot: extra Spread targets (R20)
	Slot   int   `json:"slot,omitempty"`   // Shoot, Blaze, Reload: weapon slot (0 or 1)

	Facing float64 `json:"facing,omitempty"` // Face, Overwatch: radians, 0 = +x, pi/2 = +y

	Order []int `json:"order,omitempty"` // Brawl: the enemies in contact, in the order fought
	Door  int   `json:"door,omitempty"`  // Interact: the door's map object id
	Open  bool  `json:"open,omitempty"`  // Interact: true to open, false to close

	At float64 `json:"at,omitempty"` // Fire: inches along the mover's path where the shot is taken

	Objective string `json:"objective,omitempty"` // Interact: the loot to pick up, by name (objective.go); empty: a door
	// Luck (rules edition 3, R41): spend one Luck token for +1 die on one
	// of the action's rolls: Shoot, Blaze, Brawl, Fire, Defend. LuckRoll
	// picks the roll, counted from 0: the primary target then each Spread
	// target in Extra's order; a brawl's bouts in Order's order.
	Luck     bool `json:"luck,omitempty"`
	LuckRoll int  `json:"luck_roll,omitempty"`
}
