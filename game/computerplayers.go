package game

import (
	"fmt"
	"strings"
)

// The computer players a scenario may name for a posse (PosseSpec.Computer):
// a level, optionally a personality after a colon. game/ai plays them; the
// lists are here so that a scenario file is checked where it is read, and
// a test beside the window (cmd/cowpoke) checks they agree with ai.Levels
// and ai.Personalities.
var (
	computerLevels        = []string{"easy", "normal", "hard"}
	computerPersonalities = []string{"cautious", "reckless", "dynamiter"}
)

// ComputerLevels lists the computer's levels, weakest first.
func ComputerLevels() []string { return append([]string(nil), computerLevels...) }

// ComputerPersonalities lists the computer's personalities (none is steady).
func ComputerPersonalities() []string { return append([]string(nil), computerPersonalities...) }

// CheckComputer checks a computer player's name ("" is a person): one line
// naming the unknown value and the known ones.
func CheckComputer(spec string) error {
	if spec == "" {
		return nil
	}
	if err := checkText("the computer player", spec, maxNameRunes); err != nil {
		return err
	}
	level, pers, hasPers := strings.Cut(spec, ":")
	if !namedIn(computerLevels, level) {
		return fmt.Errorf("unknown computer level %q (want %s)", level, strings.Join(computerLevels, ", "))
	}
	if hasPers && !namedIn(computerPersonalities, pers) {
		return fmt.Errorf("unknown computer personality %q (want %s)", pers, strings.Join(computerPersonalities, ", "))
	}
	return nil
}

// namedIn reports whether list holds s, ignoring case as game/ai does.
func namedIn(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
