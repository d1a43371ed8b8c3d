// Package game is a match of Cowpoke: Reforged in progress: state,
// commands, validation, events, initiative, turn flow, saves, replays and
// undo. It drives the rules package (dice, pools, wounds) and the board
// (maps and geometry, package game/board); it never imports Ebitengine, so
// the window, the computer opponent and the bulk simulator drive it alike.
//
// The data flow is one line:
//
//	Command -> Match.Validate (a reason in plain words, or nil) -> Match.Apply -> []Event
//
// A match is f(scenario, seed, commands): NewMatch sets it up, only Apply
// changes it and only Apply rolls the match's own dice. A save holds the
// scenario, the seed and the command list and is checked on load by
// replaying them to the same state hash, on every CPU (gameplay arithmetic
// never lets Go fuse a multiply and an add; see game/detmath).
//
// Where to look:
//   - command.go, event.go: the commands a player gives and the events
//     (with every die face) they produce.
//   - match.go, apply.go, move.go, combat.go, dynamite.go: turn flow and
//     what each action does; Overwatch is a true interrupt (Match.Pending).
//   - initiative*.go, roundeffects.go: the book's initiative methods A, B
//     and C and the seeds' card stacks, character deck, token stack and
//     round effects behind one strategy interface.
//   - refusal.go, legal.go, query.go, preview.go, odds.go: why a command is
//     refused, what is allowed now, and the exact odds a screen shows.
//   - save.go, tape.go, fork.go, edition.go: saves and their checks, the
//     replay tape, forks for the computer's look-ahead, rules editions.
//   - controller.go, players.go: the seats' players (people, the computer,
//     a replay) behind one Controller interface.
//
// Rule numbers in comments and test names (R14 and so on) refer to
// rules/RULINGS.md; game/README.md lists the engine's own calls.
package game
