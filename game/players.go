package game

import (
	"fmt"

	"cowpoke/assets"
	"cowpoke/maps"
)

// Two to four players. The engine seats any number of posses from 2 to 4
// (maxPosses): posse i deploys in the map's zones of side i+1 (every
// built-in map has four, maps/README.md), the Draw (Method A) and the
// Standoff (Method C) order any number of posses, the coin toss (Method B)
// only two (Scenario.Validate refuses it otherwise), and the last posse
// standing wins (R34, checkVictory).

// ShippedPosses reads every posse shipped with the program, in seating
// order (assets.ShippedPosses).
func ShippedPosses() ([]PosseSpec, error) { return readShippedPosses(assets.ShippedPosses()) }

// readShippedPosses reads the named posses shipped with the program, in
// that order.
func readShippedPosses(names []string) ([]PosseSpec, error) {
	var out []PosseSpec
	for _, name := range names {
		data, err := assets.Posse(name)
		if err != nil {
			return nil, err
		}
		p, err := ParsePosse("assets/posses/"+name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// PlayersScenario is a match of the given posses, seated in that order, on
// a map (empty: the default town) under an initiative method; it is
// checked as a scenario file would be.
func PlayersScenario(posses []PosseSpec, mapName, method string) (Scenario, error) {
	if mapName == "" {
		mapName = maps.Default
	}
	s := Scenario{Name: fmt.Sprintf("A %d-player showdown", len(posses)), Map: mapName, Posses: posses, Initiative: method}
	return s, s.Validate()
}
