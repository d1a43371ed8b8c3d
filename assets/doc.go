// Package assets embeds the art, sounds and data files the program ships:
// the default posses (posses/*.json) and the ready-made scenarios
// (scenarios/*.json) among them.
package assets

import "embed"

//go:embed posses/*.json scenarios/*.json
var files embed.FS

// Posse returns the JSON of an embedded posse by file name ("lawmen.json").
func Posse(name string) ([]byte, error) { return files.ReadFile("posses/" + name) }

// DefaultPosses names the two posses of a new game, in seating order.
func DefaultPosses() []string { return []string{"lawmen.json", "desperados.json"} }

// ShippedPosses names every shipped posse in seating order: the default
// two, then the posses that join a three- or four-player game.
func ShippedPosses() []string {
	return append(DefaultPosses(), "cattlemen.json", "banditos.json")
}

// Scenario returns the JSON of an embedded scenario by file name ("showcase.json").
func Scenario(name string) ([]byte, error) { return files.ReadFile("scenarios/" + name) }

// Scenarios names every embedded scenario file, sorted.
func Scenarios() ([]string, error) {
	entries, err := files.ReadDir("scenarios")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, nil
}

// Showcase names the scenario that shows a newcomer the game in a minute.
const Showcase = "showcase.json"
