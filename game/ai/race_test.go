//go:build race

package ai

const raceEnabled = true
