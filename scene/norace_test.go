//go:build !race

package scene

const raceOn = false
