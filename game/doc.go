// Package game is the match: state, commands, validation, events,
// initiative, turn flow, saves, replays and undo. It drives the rules
// package and the board; it never imports Ebitengine.
package game
