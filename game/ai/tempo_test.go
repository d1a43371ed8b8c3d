package ai

import (
	"math"
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// TestTempoCountsInBrawls: the tempo knob counts removing an enemy who has
// still to act with a loaded gun in a brawl as in a shot (tempoWorth), so
// that it does not tip a fight in base contact toward breaking off to
// shoot; one who has acted counts no more with it than without.
func TestTempoCountsInBrawls(t *testing.T) {
	m := position(t, smallMap(t),
		[]game.ModelSpec{fig("Tex", "cowpoke", 10, 10, 90, "knife", "revolver")},
		[]game.ModelSpec{fig("Bart", "cowpoke", 10, 11, -90, "revolver"), fig("Dutch", "greenhorn", 18, 4, 180, "revolver")})
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	if !m.Engaged(0) {
		t.Fatal("Tex is not in base contact with Bart")
	}
	value := func(tempo float64) float64 {
		p := controller(t, "normal", 1).(*Player)
		p.lvl.tempo = tempo
		v, _, _ := newEval(m, p, 0).brawl([]int{1})
		return v
	}
	bout := rules.BoutOdds(m.BrawlDice(0), m.BrawlDice(1), m.Models[0].Health, m.Models[1].Health)
	want := bout.PDefenderRemoved * worth(&m.Models[1]) // the steady personality's offense is 1
	if got := value(1) - value(0); math.Abs(got-want) > 1e-9 || want <= 0 {
		t.Errorf("with tempo 1 the brawl with Bart, who has still to act with a loaded revolver, is worth %.4f more; want %.4f (his removal counted once more)", got, want)
	}
	m.Models[1].Activated = true
	if got := value(1) - value(0); got != 0 {
		t.Errorf("with tempo 1 the brawl with Bart, who has acted, is worth %.4f more; want nothing", got)
	}
}
