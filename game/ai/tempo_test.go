package ai

import (
	"math"
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// TestTempoCountsInBrawls: the tempo knob counts removing an enemy who has
// still to act with a loaded gun in a brawl a model charges into as in a
// shot (tempoWorth), and one who has acted no more with it than without;
// a model already in base contact weighs no tempo at all, so that fighting
// on and breaking off to shoot are weighed as without it (the brawl
// sweep's cases #11 and #16 broke off to shoot with it).
func TestTempoCountsInBrawls(t *testing.T) {
	value := func(m *game.Match, tempo float64) float64 {
		p := controller(t, "normal", 1).(*Player)
		p.lvl.tempo = tempo
		v, _, _ := newEval(m, p, 0).brawl([]int{1})
		return v
	}
	// Tex 3" from Bart: the value of the brawl a charge would bring.
	m := position(t, smallMap(t),
		[]game.ModelSpec{fig("Tex", "cowpoke", 10, 10, 90, "knife", "revolver")},
		[]game.ModelSpec{fig("Bart", "cowpoke", 10, 13, -90, "revolver"), fig("Dutch", "greenhorn", 18, 4, 180, "revolver")})
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	if m.Engaged(0) {
		t.Fatal("Tex is in base contact with Bart before any charge")
	}
	bout := rules.BoutOdds(m.BrawlDice(0), m.BrawlDice(1), m.Models[0].Health, m.Models[1].Health)
	want := bout.PDefenderRemoved * worth(&m.Models[1]) // the steady personality's offense is 1
	if got := value(m, 1) - value(m, 0); math.Abs(got-want) > 1e-9 || want <= 0 {
		t.Errorf("with tempo 1 a charge at Bart, who has still to act with a loaded revolver, is worth %.4f more; want %.4f (his removal counted once more)", got, want)
	}
	m.Models[1].Activated = true
	if got := value(m, 1) - value(m, 0); got != 0 {
		t.Errorf("with tempo 1 a charge at Bart, who has acted, is worth %.4f more; want nothing", got)
	}

	// Tex in base contact with Bart: no tempo, for the brawl or the shot
	// at Dutch after breaking off.
	m = position(t, smallMap(t),
		[]game.ModelSpec{fig("Tex", "cowpoke", 10, 10, 90, "knife", "revolver")},
		[]game.ModelSpec{fig("Bart", "cowpoke", 10, 11, -90, "revolver"), fig("Dutch", "greenhorn", 18, 4, 180, "revolver")})
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	if !m.Engaged(0) {
		t.Fatal("Tex is not in base contact with Bart")
	}
	if got := value(m, 1) - value(m, 0); got != 0 {
		t.Errorf("with tempo 1 the brawl Tex is already in is worth %.4f more; want nothing", got)
	}
	p := controller(t, "normal", 1).(*Player)
	p.lvl.tempo = 1
	if got := newEval(m, p, 0).tempoWorth(&m.Models[2], 0.5); got != 0 {
		t.Errorf("with tempo 1 Tex in base contact counts %.4f of tempo for a shot at Dutch; want nothing", got)
	}
}
