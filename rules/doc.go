// Package rules is the rulebook of Cowpoke: Reforged as code: tiers, skills,
// the weapon chart, shooting dice pools with their modifiers, hits, the wound
// chart, Tough, critical injuries, run and throw distances, blasts, brawls,
// parting shots, the campaign survival roll, initiative draws and the exact
// probabilities of all of them.
//
// It knows nothing of geometry, of a match in progress or of the screen:
// callers measure distances and decide who may act; this package says how
// many dice that is worth, rolls them through an injected Source and reads
// the faces. Every roll result keeps its faces so a screen can show them.
//
// Rule and ruling numbers (R14 and so on) refer to rules/RULINGS.md; the
// project's own rulings (P1 and so on) are in this package's README.
package rules
