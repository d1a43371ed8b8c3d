package main

import (
	"flag"

	"cowpoke/rules"
)

// roundFlags are the round effects' modifiers of a shot (seed 002, R38):
// `cowpoke odds shoot ... --up|--down --fatigued N --stymied --luck
// --breaks`. They reach the pool through rules.RoundModifiers, as in the
// engine, so the odds printed are the roll the engine makes (R53).
type roundFlags struct {
	up, down, stymied, luck, breaks *bool
	fatigued                        *int
}

// roundFlagNames are the flags' names, for refusing them where nothing
// modifies the roll (a dynamite blast).
var roundFlagNames = []string{"up", "down", "fatigued", "stymied", "luck", "breaks"}

func addRoundFlags(fs *flag.FlagSet) *roundFlags {
	return &roundFlags{
		up:       fs.Bool("up", false, "round effect Up: roll one extra die and drop the lowest"),
		down:     fs.Bool("down", false, "round effect Down: roll one extra die and drop the highest"),
		fatigued: fs.Int("fatigued", 0, "levels of Fatigue, 0 to 2: -1 die each"),
		stymied:  fs.Bool("stymied", false, "Stymied: -1 die on this roll"),
		luck:     fs.Bool("luck", false, "a Luck token spent on this roll: +1 die"),
		breaks:   fs.Bool("breaks", false, "Breaks (a computer-played Greenhorn): -1 die"),
	}
}

// modifiers turns the flags into the round's modifiers of one roll.
func (r *roundFlags) modifiers() (rules.RoundModifiers, error) {
	m := rules.RoundModifiers{Fatigue: *r.fatigued, Stymied: *r.stymied, Breaks: *r.breaks}
	switch {
	case *r.up && *r.down:
		return m, usagef("--up and --down: a suit has one effect a round")
	case *r.fatigued < 0 || *r.fatigued > 2:
		return m, usagef("--fatigued %d: Fatigue is 0 to 2 levels", *r.fatigued)
	case *r.up:
		m.Keep = rules.DropLowest
	case *r.down:
		m.Keep = rules.DropHighest
	}
	if *r.luck {
		m.Luck = 1
	}
	return m, nil
}

// keepKey names Up or Down for the JSON report.
func keepKey(k rules.Keep) string {
	switch k {
	case rules.DropLowest:
		return "up"
	case rules.DropHighest:
		return "down"
	}
	return ""
}

// keepWords says what Up or Down does to the roll, for the text report.
func keepWords(k rules.Keep) string {
	switch k {
	case rules.DropLowest:
		return " Up: one die more is rolled and the lowest set aside."
	case rules.DropHighest:
		return " Down: one die more is rolled and the highest set aside."
	}
	return ""
}
