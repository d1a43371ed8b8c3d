package ai

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"cowpoke/game"
	"cowpoke/rules"
)

// Hand-built positions where a good player's choice is clear. They play on
// the engine's test arena (game/testdata/arena.tmx: a shack with a window
// east and a door south, a stone wall at x 14 from y 2 to 10, a fence at
// y 14 from x 2 to 8, mud at x 16-22 y 14-20, a crate at x 10-11 y 18-19)
// or on small maps written here.

const arenaFile = "../testdata/arena.tmx"

func fig(name, tier string, x, y, facing float64, weapons ...string) game.ModelSpec {
	return game.ModelSpec{Name: name, Tier: tier, Weapons: weapons, At: &game.Point{X: x, Y: y}, Facing: facing}
}

func skilled(s game.ModelSpec, skills ...string) game.ModelSpec {
	s.Skills = skills
	return s
}

func watching(s game.ModelSpec, deg float64) game.ModelSpec {
	s.Overwatch = &deg
	return s
}

// position starts a match with the Lawmen (posse 0) up first: the first
// seed whose coin gives them the turn.
func position(t *testing.T, mapFile string, lawmen, desperados []game.ModelSpec) *game.Match {
	t.Helper()
	return lawmenFirst(t, game.Scenario{Name: t.Name(), Map: mapFile, Initiative: game.MethodCoin,
		Posses: []game.PosseSpec{{Name: "Lawmen", Models: lawmen}, {Name: "Desperados", Models: desperados}}})
}

// lawmenFirst starts a match of the scenario on the first seed whose coin
// gives the Lawmen (posse 0) the first turn.
func lawmenFirst(t *testing.T, s game.Scenario) *game.Match {
	t.Helper()
	return upFirst(t, s, 0)
}

// upFirst starts a match of the scenario on the first seed whose coin
// gives posse the first turn.
func upFirst(t *testing.T, s game.Scenario, posse int) *game.Match {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		m, err := game.NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.Up.Posse == posse {
			return m
		}
	}
	t.Fatalf("no seed gives %s the first turn", s.Posses[posse].Name)
	return nil
}

// rock is a LoS-blocking rock for smallMap, in inches.
type rock struct{ x, y, w, h float64 }

// smallMap writes a 24" square map with blocking rocks and two deployment
// strips, and returns its path.
func smallMap(t *testing.T, rocks ...rock) string {
	t.Helper()
	return fieldMap(t, rockPieces(rocks)...)
}

// rockPieces are the rocks as fieldMap's pieces.
func rockPieces(rocks []rock) []fieldPiece {
	pieces := make([]fieldPiece, len(rocks))
	for i, r := range rocks {
		pieces[i] = fieldPiece{"rock", r.x, r.y, r.w, r.h}
	}
	return pieces
}

// fieldPiece is an obstacle of fieldMap, in inches: a rock that blocks
// sight, or a crate that only obscures (wood cover, R7).
type fieldPiece struct {
	kind       string // "rock" or "crate"
	x, y, w, h float64
}

// fieldMap writes a 24" square map with the pieces and two deployment
// strips, and returns its path.
func fieldMap(t *testing.T, pieces ...fieldPiece) string {
	t.Helper()
	var objs strings.Builder
	for i, p := range pieces {
		props := ""
		if p.kind == "rock" {
			props = `<properties><property name="blocks" type="bool" value="true"/></properties>`
		}
		fmt.Fprintf(&objs, `  <object id="%d" name="%s %d" type="%s" x="%g" y="%g" width="%g" height="%g">%s</object>
`, 10+i, p.kind, i+1, p.kind, p.x*10, p.y*10, p.w*10, p.h*10, props)
	}
	tmx := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="24" height="24" tilewidth="10" tileheight="10" infinite="0" nextlayerid="4" nextobjectid="99">
 <properties><property name="name" value="Test field"/></properties>
 <objectgroup id="1" name="walls"></objectgroup>
 <objectgroup id="2" name="obstacles">
` + objs.String() + ` </objectgroup>
 <objectgroup id="3" name="areas">
  <object id="1" name="north" type="deployment" x="0" y="0" width="240" height="20"><properties><property name="side" type="int" value="1"/></properties></object>
  <object id="2" name="south" type="deployment" x="0" y="220" width="240" height="20"><properties><property name="side" type="int" value="2"/></properties></object>
 </objectgroup>
</map>
`
	path := filepath.Join(t.TempDir(), "field.tmx")
	if err := os.WriteFile(path, []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func decide(t *testing.T, m *game.Match, spec string) game.Decision {
	t.Helper()
	d, ok := controller(t, spec, 1).Decide(m)
	if !ok {
		t.Fatal("no decision")
	}
	if err := m.Validate(d.Command); err != nil {
		t.Fatalf("decided %+v, which is refused: %v", d.Command, err)
	}
	t.Logf("%s", d.Why)
	return d
}

func apply(t *testing.T, m *game.Match, c game.Command) {
	t.Helper()
	if _, err := m.Apply(c); err != nil {
		t.Fatalf("%s refused: %v", c.Kind, err)
	}
}

// playActivation lets the computer play the active model's activation to
// its end and returns the commands it gave.
func playActivation(t *testing.T, m *game.Match, spec string) []game.Command {
	t.Helper()
	id := m.Active
	var out []game.Command
	for m.Active == id && !m.Over && m.Pending == nil {
		d := decide(t, m, spec)
		out = append(out, d.Command)
		apply(t, m, d.Command)
	}
	return out
}

// forLevels runs a position's check at normal and at hard, each on a
// position built afresh.
func forLevels(t *testing.T, check func(t *testing.T, level string)) {
	for _, level := range []string{"normal", "hard"} {
		t.Run(level, func(t *testing.T) { check(t, level) })
	}
}

// It does not walk through an armed Overwatch arc when a covered route of
// the same length exists: two rocks hide it from the rifleman to the
// south; the way to the west one crosses the overwatcher's arc, the way to
// the east one does not.
func TestAvoidsOverwatchArc(t *testing.T) {
	f := smallMap(t, rock{7.5, 15, 2, 1.5}, rock{14.5, 15, 2, 1.5})
	m := position(t, f,
		[]game.ModelSpec{fig("Tex", "cowpoke", 12, 9, 90, "derringer")},
		[]game.ModelSpec{fig("Bart", "cowpoke", 12, 22, -90, "single-shot-rifle"), watching(fig("Slim", "cowpoke", 4, 2, 90, "lever-action"), 90)})
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	watcher := &m.Models[2]
	for _, spec := range []string{"normal", "hard"} {
		d := decide(t, m, spec)
		if d.Command.Kind != game.CmdMove && d.Command.Kind != game.CmdRun {
			t.Fatalf("%s: chose %s, want a move out of the rifleman's sight: %s", spec, d.Command.Kind, d.Why)
		}
		if d.Command.Kind == game.CmdMove {
			pv := m.PreviewMove(d.Command)
			if spans := m.Board.Exposure(watcher.Pos, watcher.WatchDir, m.OverwatchRange(2), pv.Path); len(spans) > 0 {
				t.Errorf("%s: the move crosses Slim's arc: %s", spec, d.Why)
			}
		}
	}
}

// It does not throw where its own model would be caught at point blank.
func TestNoThrowOnOwnModel(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		m := position(t, arenaFile,
			[]game.ModelSpec{fig("Pike", "greenhorn", 12, 12, 0, "dynamite", "knife"), fig("Miller", "legend", 9.5, 15.2, 0, "revolver")},
			[]game.ModelSpec{fig("Red", "cowpoke", 8, 17, 90, "revolver"), fig("Dutch", "greenhorn", 9, 18, 90, "revolver")})
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		d := decide(t, m, level+":dynamiter")
		if d.Command.Kind != game.CmdThrow {
			return
		}
		for _, o := range m.BlastOdds(*d.Command.To) {
			if m.Models[o.Target].Posse == 0 && o.Pool.Dice == 6 {
				t.Fatalf("throws with %s at point blank: %s", m.Models[o.Target].Name, d.Why)
			}
		}
	})
}

// interrupt walks a Lawman across the overwatcher's arc and returns the
// match waiting for the overwatcher's answer.
func interrupt(t *testing.T, m *game.Match, mover int, to game.Point) {
	t.Helper()
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: mover})
	apply(t, m, game.Command{Kind: game.CmdMove, Model: mover, To: &to})
	if m.Pending == nil {
		t.Fatal("the move drew no Overwatch interrupt")
	}
}

// As the overwatcher it fires at the point of the path with the best odds.
func TestOverwatchFiresAtBestPoint(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t)
		m := position(t, f,
			[]game.ModelSpec{fig("Hale", "cowpoke", 4, 12, 0, "revolver")},
			[]game.ModelSpec{watching(fig("Bart", "cowpoke", 12, 20, -90, "shotgun"), -90)})
		interrupt(t, m, 0, game.Point{X: 10, Y: 12})
		d := decide(t, m, level)
		if d.Command.Kind != game.CmdFire {
			t.Fatalf("chose %s, want to fire: %s", d.Command.Kind, d.Why)
		}
		got, err := m.FireOdds(d.Command.Slot, d.Command.At)
		if err != nil {
			t.Fatal(err)
		}
		best := 0.0
		for _, s := range m.Pending.Chances() {
			for x := s.From; x <= s.To; x += 0.05 {
				if o, err := m.FireOdds(0, x); err == nil {
					best = max(best, o.Odds.PRemoved)
				}
			}
		}
		if got.Odds.PRemoved < best-0.005 {
			t.Fatalf("fires where the chance to remove is %.3f; the best point gives %.3f", got.Odds.PRemoved, best)
		}
	})
}

// As the overwatcher it holds when a better target is still to move: a
// legend slipping past at long range while a greenhorn stands in the arc
// at short range, in the open.
func TestOverwatchHoldsForBetterTarget(t *testing.T) {
	forLevels(t, func(t *testing.T, level string) {
		f := smallMap(t)
		lawmen := []game.ModelSpec{fig("Miller", "legend", 2, 4, 0, "revolver"), fig("Rudd", "greenhorn", 12, 14, 0, "shotgun")}
		desperados := []game.ModelSpec{watching(fig("Bart", "cowpoke", 12, 20, -90, "lever-action"), -90)}
		m := position(t, f, lawmen, desperados)
		interrupt(t, m, 0, game.Point{X: 7, Y: 4})
		d := decide(t, m, level)
		if d.Command.Kind != game.CmdHold {
			t.Fatalf("chose %s, want to hold for Rudd: %s", d.Command.Kind, d.Why)
		}
		// Without Rudd the legend is the only target: it fires.
		m = position(t, f, lawmen[:1], desperados)
		interrupt(t, m, 0, game.Point{X: 7, Y: 4})
		if d := decide(t, m, level); d.Command.Kind != game.CmdFire {
			t.Fatalf("with nobody else to come, chose %s: %s", d.Command.Kind, d.Why)
		}
	})
}

// The same position gives the same decision whatever the match's dice: a
// fork with other dice, and a match of another seed; and whatever the
// player remembers from earlier decisions: a fresh player.
func TestDecisionIgnoresMatchDice(t *testing.T) {
	m := newMatch(t, setup{Map: "town.tmx", Initiative: game.MethodCoin, Seed: 3})
	c := controller(t, "hard/quick", 5)
	for i := 0; i < 120 && !m.Over; i++ {
		d, _ := c.Decide(m)
		if i%4 != 0 {
			apply(t, m, d.Command)
			continue // every fourth position is checked (a hard decision searches)
		}
		// A fresh player (nothing remembered: sightCache, walkCache)
		// decides alike.
		if g, _ := controller(t, "hard/quick", 5).Decide(m); cmdText(g.Command) != cmdText(d.Command) || g.Why != d.Why {
			t.Fatalf("command %d: %+v (%s) by a player with its caches, %+v (%s) by a fresh one", i, d.Command, d.Why, g.Command, g.Why)
		}
		for _, seed := range []uint64{1, 99} {
			f := m.Fork(rules.NewSeeded(seed))
			g, _ := c.Decide(f)
			if cmdText(g.Command) != cmdText(d.Command) || g.Why != d.Why {
				t.Fatalf("command %d: %+v (%s) on the match, %+v (%s) with other dice", i, d.Command, d.Why, g.Command, g.Why)
			}
		}
		apply(t, m, d.Command)
	}
	// Two matches of different seeds with the same position decide alike.
	specs := []game.ModelSpec{fig("Hale", "cowpoke", 12, 20, -90, "lever-action")}
	foes := []game.ModelSpec{fig("Bart", "cowpoke", 16, 15, 90, "single-shot-rifle"), fig("Slim", "greenhorn", 8, 16, 90, "derringer")}
	var seen []string
	for seed := uint64(1); seed < 40 && len(seen) < 2; seed++ {
		s := game.Scenario{Name: "same", Map: arenaFile, Initiative: game.MethodCoin,
			Posses: []game.PosseSpec{{Name: "Lawmen", Models: specs}, {Name: "Desperados", Models: foes}}}
		m, err := game.NewMatch(s, seed)
		if err != nil {
			t.Fatal(err)
		}
		if m.Up.Posse != 0 {
			continue
		}
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		d, _ := c.Decide(m)
		seen = append(seen, cmdText(d.Command)+d.Why)
	}
	if len(seen) != 2 || seen[0] != seen[1] {
		t.Fatalf("decisions differ across seeds: %q", seen)
	}
}

// New refuses an unknown level or personality, naming it and the valid ones.
func TestNewBadInput(t *testing.T) {
	for spec, want := range map[string][]string{
		"expert":        {`"expert"`, "easy, normal, hard"},
		"normal:sneaky": {`"sneaky"`, "cautious, reckless, dynamiter"},
		"":              {`""`},
	} {
		_, err := New(spec, 1)
		if err == nil {
			t.Fatalf("New(%q) accepted", spec)
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("New(%q): %v, want it to name %s", spec, err, w)
			}
		}
	}
	for _, spec := range []string{"easy", "Normal", "hard:cautious", "normal:reckless", "easy:dynamiter"} {
		if _, err := New(spec, 1); err != nil {
			t.Errorf("New(%q): %v", spec, err)
		}
	}
}

// Reasons are plain words: no rule codes, no coordinates, no "1 enemies".
func TestReasonsArePlainWords(t *testing.T) {
	m := newMatch(t, setup{Map: "town.tmx", Initiative: game.MethodDraw, Seed: 11})
	c := controller(t, "normal", 1)
	code := regexp.MustCompile(`\(R\d+\)|\bR\d+\b|\(\d+\.\d+, \d+\.\d+\)|\b1 (enemies|hits|models|dice)\b`)
	for i := 0; i < 400 && !m.Over; i++ {
		d, _ := c.Decide(m)
		for _, s := range append([]string{d.Why}, whys(d.Alternatives)...) {
			if s == "" || code.MatchString(s) {
				t.Fatalf("reason %q", s)
			}
		}
		apply(t, m, d.Command)
	}
}

func whys(as []game.Alternative) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Why)
	}
	return out
}

// cmdText is a command as its save writes it, for comparing.
func cmdText(c game.Command) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// A stand-off breaks, whatever the map: after game turns without a wound,
// a model out of every enemy's sight, with an enemy on Overwatch behind a
// rock, closes in along the way round the rock rather than wait on
// Overwatch or stay put (the stall of two posses watching each other out
// of sight forever). In the first game turn the same model, after the same
// move, goes on Overwatch facing him.
func TestStandOffCloses(t *testing.T) {
	field := smallMap(t, rock{2, 9, 20, 4})
	start := func() *game.Match {
		return position(t, field,
			[]game.ModelSpec{fig("Hale", "cowpoke", 12, 20, -90, "lever-action")},
			[]game.ModelSpec{watching(fig("Bart", "cowpoke", 12, 3, 90, "lever-action"), 90)})
	}
	fresh := start()
	apply(t, fresh, game.Command{Kind: game.CmdActivate, Model: 0})
	if cmds := playActivation(t, fresh, "normal"); cmds[len(cmds)-1].Kind != game.CmdOverwatch {
		t.Fatalf("in the first game turn, want the activation to end on Overwatch (the contrast this test rests on): %v", cmds)
	}
	m := start()
	if m.LineOfSight(m.Models[0].Pos, m.Models[1].Pos).Visible {
		t.Fatal("the rock must hide the two from each other")
	}
	m.Turn = 12 // twelve game turns and nobody hurt
	if q := m.QuietTurns(); q < 6 {
		t.Fatalf("QuietTurns = %d, want a long stand-off", q)
	}
	from := m.Models[0].Pos
	apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
	cmds := playActivation(t, m, "normal")
	for _, c := range cmds {
		if c.Kind == game.CmdOverwatch {
			t.Errorf("went on Overwatch facing an enemy out of sight in a stand-off: %v", cmds)
		}
	}
	if end := m.Models[0].Pos; end.Dist(from) < 3 {
		t.Errorf("moved %.1f\" in a stand-off, want a move round the rock: %v", end.Dist(from), cmds)
	}
}

// Dynamite is a real option: two enemies 5" apart in the open, the
// dynamiter 8" from the point between them, a lone third enemy within a
// walk: it throws a stick that catches both rather than walk over to
// brawl the lone one, and the throw is among even easy's top choices.
func TestDynamiteOverBrawl(t *testing.T) {
	field := smallMap(t)
	start := func(t *testing.T) *game.Match {
		m := position(t, field,
			[]game.ModelSpec{fig("Pike", "cowpoke", 12, 4, 90, "dynamite", "knife")},
			[]game.ModelSpec{fig("Red", "greenhorn", 9.5, 12, -90, "revolver"), fig("Dutch", "greenhorn", 14.5, 12, -90, "revolver"), fig("Jack", "cowpoke", 18, 6, 180, "revolver")})
		apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
		return m
	}
	// Both enemies caught, the first time the stick is thrown this
	// activation (now, or after a step closer).
	catchesBoth := func(t *testing.T, m *game.Match, cmds []game.Command) bool {
		for _, c := range cmds {
			if c.Kind != game.CmdThrow {
				continue
			}
			caught := 0
			for _, o := range m.BlastOdds(*c.To) {
				if (o.Target == 1 || o.Target == 2) && !o.Pool.Impossible {
					caught++
				}
			}
			return caught == 2
		}
		return false
	}
	forLevels(t, func(t *testing.T, level string) {
		m := start(t)
		before := m.Fork(rules.NewSeeded(1))
		cmds := playActivation(t, m, level)
		if !catchesBoth(t, before, cmds) {
			t.Fatalf("%s: no stick catching Red and Dutch in %v", level, cmds)
		}
	})
	m := start(t)
	d := decide(t, m, "easy")
	ok := d.Command.Kind == game.CmdThrow
	for _, a := range d.Alternatives {
		ok = ok || a.Command.Kind == game.CmdThrow
	}
	if !ok {
		t.Fatalf("easy has no throw among its choices: %s", d.Why)
	}
}

// Shoot or Blaze Away: when Blaze Away's exact odds to remove beat a
// standard shot's clearly, the activation blazes (a revolver at a legend a
// few inches off: each six a hit; a lever-action at a greenhorn at long
// range); a standard shot may come first, as the gun is loaded until the
// Blaze empties it.
func TestShootOrBlaze(t *testing.T) {
	field := smallMap(t)
	cases := []struct {
		name    string
		shooter game.ModelSpec
		target  game.ModelSpec
	}{
		{"revolver at a legend", fig("Hale", "cowpoke", 12, 8, 90, "revolver"), fig("Bart", "legend", 12, 11, -90, "knife")},
		{"lever-action at long range", fig("Hale", "cowpoke", 4, 3, 90, "lever-action"), fig("Dutch", "greenhorn", 20, 20, -90, "derringer")},
	}
	for _, c := range cases {
		forLevels(t, func(t *testing.T, level string) {
			m := position(t, field, []game.ModelSpec{c.shooter}, []game.ModelSpec{c.target})
			apply(t, m, game.Command{Kind: game.CmdActivate, Model: 0})
			sight := m.LineOfSight(m.Models[0].Pos, m.Models[1].Pos)
			var odds [2]float64 // standard shot, Blaze Away
			for k, blaze := range []bool{false, true} {
				q := game.ShotQuery{Shooter: 0, Slot: 0, Target: 1, From: m.Models[0].Pos, At: m.Models[1].Pos, TargetFacing: m.Models[1].Facing, Blaze: blaze}
				pool, err := m.QueryShot(q, &sight)
				if err != nil {
					t.Fatal(err)
				}
				odds[k] = rules.OddsOf(&pool, m.Models[1].Health).PRemoved
			}
			if odds[1] < odds[0]+0.08 {
				t.Fatalf("%s: Blaze Away must be clearly better for this check: %v", c.name, odds)
			}
			cmds := playActivation(t, m, level)
			for _, cmd := range cmds {
				if cmd.Kind == game.CmdBlaze {
					return
				}
			}
			t.Errorf("%s: no Blaze Away in %v (to remove: shot %.0f%%, Blaze Away %.0f%%)", c.name, cmds, 100*odds[0], 100*odds[1])
		})
	}
}
