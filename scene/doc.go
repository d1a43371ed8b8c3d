// Package scene holds the Ebitengine scenes: it turns input into game
// commands and game state and events into pixels. It never rolls dice and
// never changes a match except through package game.
package scene
