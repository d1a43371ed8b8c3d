package game

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"strings"
	"testing"

	"cowpoke/maps"
)

func shippedPosses(t testing.TB, n int) []PosseSpec {
	t.Helper()
	all, err := ShippedPosses()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < n {
		t.Fatalf("only %d shipped posses", len(all))
	}
	return all[:n]
}

// TestEveryMapSeatsFourPosses: four posses of six deploy in their own
// zones on every built-in map, each side on its own edge.
func TestEveryMapSeatsFourPosses(t *testing.T) {
	for _, name := range maps.Names() {
		s, err := PlayersScenario(shippedPosses(t, 4), name, MethodDraw)
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMatch(s, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for pi, p := range m.Posses {
			zones := m.Board.DeploymentZones(pi + 1)
			if len(zones) == 0 {
				t.Fatalf("%s: no zone for side %d", name, pi+1)
			}
			for _, id := range p.Models {
				in := false
				for _, z := range zones {
					in = in || z.Contains(m.Models[id].Pos)
				}
				if !in {
					t.Errorf("%s: %s stands outside side %d's zones", name, m.Models[id].Name, pi+1)
				}
			}
		}
	}
}

// TestCoinTossOnlyForTwoR33: Method B is refused for three or four posses
// with a message in words; the Draw and the Standoff take any number.
func TestCoinTossOnlyForTwoR33(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for _, method := range []string{MethodDraw, MethodStandoff, MethodCoin} {
			_, err := PlayersScenario(shippedPosses(t, n), "", method)
			switch {
			case method == MethodCoin && n > 2:
				if err == nil || !strings.Contains(err.Error(), "coin toss (Method B) is for exactly two players, not "+string(rune('0'+n))) {
					t.Errorf("%d players, coin: %v", n, err)
				}
				if err != nil && strings.Contains(err.Error(), "R33") {
					t.Errorf("a rule code in a player's message: %v", err)
				}
			case err != nil:
				t.Errorf("%d players, %s: %v", n, method, err)
			}
		}
	}
}

// TestLastPosseStandingWinsR34: with three posses, the match goes on while
// two stand and ends when one does, that one the winner.
func TestLastPosseStandingWinsR34(t *testing.T) {
	s, err := PlayersScenario(shippedPosses(t, 3), "", MethodStandoff)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatch(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	fell := func(posse int) {
		for _, id := range m.Posses[posse].Models {
			m.Models[id].Health.Damage = 99
		}
	}
	fell(0)
	if m.checkVictory() || m.Over {
		t.Fatal("the match ended with two posses standing")
	}
	fell(2)
	if !m.checkVictory() || !m.Over || m.Winner != 1 {
		t.Fatalf("over %v, winner %d; want the Desperados (1)", m.Over, m.Winner)
	}
}

// TestSavesOnTheFirstMapsReplayOnThem: a save pinning a built-in map's
// first published text (before the zones of sides 3 and 4) loads on that
// text, kept in maps/previous, and keeps its pin; a save of today pins
// today's map, which seats four.
func TestSavesOnTheFirstMapsReplayOnThem(t *testing.T) {
	good := goodSave(t)
	old, err := fs.ReadFile(maps.PreviousFS(), "previous/town.v1.tmx")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(old)
	v1 := hex.EncodeToString(sum[:])
	pinned := editSave(t, good, func(d map[string]any) { d["map_pin"].(map[string]any)["sha256"] = v1 })
	m, err := Load("v1.json", bytes.NewReader(pinned))
	if err != nil {
		t.Fatalf("a save on the first town no longer loads: %v", err)
	}
	if m.pin.SHA256 != v1 || len(m.Board.DeploymentZones(3)) != 0 {
		t.Fatalf("replayed on the wrong map: pin %s, %d zones for side 3", m.pin.SHA256, len(m.Board.DeploymentZones(3)))
	}
	again, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(again, []byte(v1)) {
		t.Fatal("saved again, the save no longer pins the map it was played on")
	}
	now, err := Load("now.json", bytes.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if now.pin.SHA256 == v1 || len(now.Board.DeploymentZones(4)) == 0 {
		t.Fatal("a new save is not on today's map")
	}
}

// TestScarsAreCriticalInjuriesFromEarlierMatches: a campaign's scar
// cripples its location from the first turn when Critical Injuries are on
// (9.2's note), and does nothing when they are off; bad scars are refused.
func TestScarsAreCriticalInjuriesFromEarlierMatches(t *testing.T) {
	posses := shippedPosses(t, 2)
	posses[0].Models = append([]ModelSpec(nil), posses[0].Models...)
	posses[0].Models[0].Scars = []string{"arms", "legs"}
	for _, on := range []bool{false, true} {
		s, err := PlayersScenario(posses, "", MethodDraw)
		if err != nil {
			t.Fatal(err)
		}
		s.Options.CriticalInjuries = on
		m, err := NewMatch(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		in := m.injuries(0)
		if on && (in.Dice != -1 || in.MoveCut != 2 || m.Models[0].Health.Damage != 0) {
			t.Errorf("scars with the option on: %+v, damage %d", in, m.Models[0].Health.Damage)
		}
		if !on && in.Dice != 0 {
			t.Errorf("scars count with the option off: %+v", in)
		}
	}
	posses[0].Models[0].Scars = []string{"tail"}
	if _, err := PlayersScenario(posses, "", MethodDraw); err == nil || !strings.Contains(err.Error(), `unknown location "tail"`) {
		t.Errorf("a bad scar: %v", err)
	}
}
