package game

import "cowpoke/rules"

// EventKind names what happened.
type EventKind string

// The events a match reports. Every die rolled is in some event's Faces.
const (
	EvTurnStarted       EventKind = "turn-started"       // a new game turn
	EvInitiative        EventKind = "initiative"         // the order of play, with what was drawn or rolled
	EvPosseTurn         EventKind = "posse-turn"         // a posse's player turn begins
	EvActivated         EventKind = "activated"          // a model begins its activation
	EvActivationEnded   EventKind = "activation-ended"   // a model's activation is over
	EvMoved             EventKind = "moved"              // a model walked a path
	EvRunRolled         EventKind = "run-rolled"         // the 2D6 of a Run
	EvFaced             EventKind = "faced"              // a model turned
	EvEngaged           EventKind = "engaged"            // base contact with an enemy (R12)
	EvShot              EventKind = "shot"               // a shooting roll (and its hits)
	EvShotWasted        EventKind = "shot-wasted"        // Dead Reckoning: the target was out of reach (9.1)
	EvWound             EventKind = "wound"              // a hit on the wound chart, marked
	EvRemoved           EventKind = "removed"            // a model is out of play (R29)
	EvAimed             EventKind = "aimed"              // an Aim marker placed
	EvAimLost           EventKind = "aim-lost"           // an Aim marker removed (R16)
	EvOutOfAmmo         EventKind = "out-of-ammo"        // a weapon is empty (R19)
	EvReloaded          EventKind = "reloaded"           // a weapon refilled
	EvOverwatch         EventKind = "overwatch"          // a model goes on Overwatch (R31)
	EvOverwatchEnded    EventKind = "overwatch-ended"    // an Overwatch marker removed
	EvInterrupt         EventKind = "interrupt"          // a mover pauses in an overwatch arc (R32)
	EvHeld              EventKind = "held"               // an overwatcher let the mover pass
	EvThrown            EventKind = "thrown"             // a stick of dynamite lands, fuse lit
	EvExploded          EventKind = "exploded"           // a stick goes off (R24, R25)
	EvBlast             EventKind = "blast"              // a blast's roll against one model
	EvShielded          EventKind = "shielded"           // a wall shields a model from a blast
	EvBrawl             EventKind = "brawl"              // one bout of a brawl
	EvPartingShot       EventKind = "parting-shot"       // a free attack on a disengaging model (R13)
	EvDoor              EventKind = "door"               // a door opened, closed or unlocked
	EvActivationForfeit EventKind = "activation-forfeit" // a model could not activate
	EvGameOver          EventKind = "game-over"          // the match has a result (R34)
)

// Event is one thing that happened, in words and in numbers. Only the
// fields its kind uses are set.
type Event struct {
	Kind EventKind `json:"kind"`
	Turn int       `json:"turn"`
	Text string    `json:"text"` // what a combat log prints

	Model  int `json:"model"`            // the subject (-1 for none)
	Target int `json:"target,omitempty"` // the object, when there is one
	Posse  int `json:"posse,omitempty"`

	Path     []Point `json:"path,omitempty"`
	To       *Point  `json:"to,omitempty"`
	Distance float64 `json:"distance,omitempty"`

	Pool    *PoolInfo  `json:"pool,omitempty"`
	Faces   []int      `json:"faces,omitempty"`
	Dropped []int      `json:"dropped,omitempty"` // a die rolled and set aside (round effects Up, Down: R38)
	Hits    int        `json:"hits,omitempty"`
	Wound   *WoundInfo `json:"wound,omitempty"`

	Order []int `json:"order,omitempty"` // initiative order of posses; brawl order

	Cards []rules.Card `json:"cards,omitempty"` // the seeds' methods: the cards dealt, drawn or turned

	// Typed facts a screen reads instead of the Text's words. They are
	// left out of JSON: the event log of a save (and its golden digest)
	// stays byte for byte what it was.
	Bout rules.BoutOutcome `json:"-"` // EvBrawl: how the bout ended
	Deck DeckStep          `json:"-"` // EvCard: the deck shuffled, or a card drawn or turned to act
}

// DeckStep is what an EvCard did to the initiative deck, for a screen that
// shows it (a shuffle, a card turned over).
type DeckStep int

// The deck's steps a screen animates; the others are DeckNone.
const (
	DeckNone     DeckStep = iota
	DeckShuffled          // the deck was shuffled (a new deck, the red joker)
	DeckDrawn             // a card was drawn or turned to act (a joker included)
)

// BlazedAway reports whether a shot was Blaze Away (every six a hit, R17):
// the only shot whose pool counts every six.
func (e *Event) BlazedAway() bool { return e.Kind == EvShot && e.Pool != nil && e.Pool.EverySix }

// PoolInfo is a dice pool as a screen shows it.
type PoolInfo struct {
	Explain   string           `json:"explain"`
	Base      int              `json:"base"`
	Modifiers []rules.Modifier `json:"modifiers,omitempty"`
	Dice      int              `json:"dice"`
	HailMary  bool             `json:"hail_mary,omitempty"`
	EverySix  bool             `json:"every_six,omitempty"`
}

func poolInfo(p *rules.Pool) *PoolInfo {
	return &PoolInfo{Explain: p.Explain(), Base: p.Base, Modifiers: append([]rules.Modifier(nil), p.Modifiers()...),
		Dice: p.Dice, HailMary: p.HailMary, EverySix: p.EverySix}
}

// WoundInfo is one marked wound.
type WoundInfo struct {
	LocationDie int    `json:"location_die"`
	SeverityDie int    `json:"severity_die"`
	Location    string `json:"location"`
	Damage      int    `json:"damage"`
	Marked      int    `json:"marked"`
	ToughSave   bool   `json:"tough_save,omitempty"`
	HPLeft      int    `json:"hp_left"`
	Removed     bool   `json:"removed,omitempty"`
}

func woundInfo(m rules.Marking) *WoundInfo {
	return &WoundInfo{LocationDie: m.Wound.LocationDie, SeverityDie: m.Wound.SeverityDie, Location: m.Wound.Location.String(),
		Damage: m.Wound.Damage, Marked: m.Marked, ToughSave: m.ToughSave, HPLeft: m.HPLeft, Removed: m.Removed}
}
