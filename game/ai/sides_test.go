package ai

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"cowpoke/game"
	estimate "cowpoke/game/eval"
	"cowpoke/rules"
)

// The hand-built positions again as another player may meet them: the
// deciding models in either posse (the Desperados up first as well as the
// Lawmen), and the table mirrored east to west. A player is not told which
// side it plays or which way the map is drawn; whatever it sees it must
// decide alike.

// view is one way of meeting a position: which posse decides, and whether
// the table is mirrored.
type view struct {
	side   int
	mirror bool
}

// eachView runs a check at normal and hard in every view.
// COWPOKE_AI_HARD_SPEC plays another spec in hard's place (a variant of
// withVariant, "hard+playouts=180;luck=1"), to see which settings pass.
func eachView(t *testing.T, check func(t *testing.T, level string, v view)) {
	hard := envStr("COWPOKE_AI_HARD_SPEC", "hard")
	for _, side := range []int{0, 1} {
		for _, mirror := range []bool{false, true} {
			for _, level := range []string{"normal", hard} {
				v := view{side, mirror}
				name := level + "/" + []string{"Lawmen", "Desperados"}[side]
				if mirror {
					name += "/mirrored"
				}
				t.Run(name, func(t *testing.T) { check(t, level, v) })
			}
		}
	}
}

// fig places a figure of the 24" table in the view.
func (v view) fig(s game.ModelSpec) game.ModelSpec {
	if v.mirror {
		at := *s.At
		at.X = 24 - at.X
		s.At = &at
		s.Facing = 180 - s.Facing
	}
	return s
}

// field is smallMap's field in the view.
func (v view) field(t *testing.T, rocks ...rock) string {
	t.Helper()
	return v.fieldOf(t, rockPieces(rocks)...)
}

// fieldOf is fieldMap's field with the pieces placed in the view
// (mirrored east to west when the view is).
func (v view) fieldOf(t *testing.T, pieces ...fieldPiece) string {
	t.Helper()
	placed := make([]fieldPiece, len(pieces))
	for i, p := range pieces {
		if v.mirror {
			p.x = 24 - p.x - p.w
		}
		placed[i] = p
	}
	return fieldMap(t, placed...)
}

// arena is the test arena in the view: mirrored, every object's x
// reflected across its 480 pixels (24") and its polylines' points turned.
func (v view) arena(t *testing.T) string {
	t.Helper()
	if !v.mirror {
		return arenaFile
	}
	b, err := os.ReadFile(arenaFile)
	if err != nil {
		t.Fatal(err)
	}
	num := func(s string) float64 {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	obj := regexp.MustCompile(`<object ([^>]*?)x="([0-9.]+)" y="([0-9.]+)"( width="([0-9.]+)")?`)
	out := obj.ReplaceAllStringFunc(string(b), func(s string) string {
		g := obj.FindStringSubmatch(s)
		x := 480 - num(g[2])
		if g[5] != "" {
			x -= num(g[5])
		}
		return "<object " + g[1] + `x="` + strconv.FormatFloat(x, 'f', -1, 64) + `" y="` + g[3] + `"` + g[4]
	})
	pt := regexp.MustCompile(`(-?[0-9.]+),(-?[0-9.]+)`)
	line := regexp.MustCompile(`points="[^"]*"`)
	out = line.ReplaceAllStringFunc(out, func(s string) string {
		return pt.ReplaceAllStringFunc(s, func(p string) string {
			g := pt.FindStringSubmatch(p)
			return strconv.FormatFloat(-num(g[1]), 'f', -1, 64) + "," + g[2]
		})
	})
	path := filepath.Join(t.TempDir(), "arena-mirrored.tmx")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sided is a position met in a view: the match, and the models' indices
// in the order they were given (mine, then theirs).
type sided struct {
	m            *game.Match
	mine, theirs []int
}

// position builds a position in the view: the deciding models mine in
// the view's posse (up first), the enemies theirs in the other.
func (v view) position(t *testing.T, mapFile string, mine, theirs []game.ModelSpec) sided {
	t.Helper()
	return v.positionIn(t, game.Scenario{Name: "A position in a view", Map: mapFile, Initiative: game.MethodCoin}, mine, theirs)
}

// positionIn builds a position of the scenario s (its map, method and
// anything else but the posses) in the view, as position does.
func (v view) positionIn(t *testing.T, s game.Scenario, mine, theirs []game.ModelSpec) sided {
	t.Helper()
	place := func(ss []game.ModelSpec) []game.ModelSpec {
		out := make([]game.ModelSpec, len(ss))
		for i, s := range ss {
			out[i] = v.fig(s)
		}
		return out
	}
	s.Posses = []game.PosseSpec{{Name: "Lawmen", Models: place(mine)}, {Name: "Desperados", Models: place(theirs)}}
	if v.side == 1 {
		s.Posses[0].Models, s.Posses[1].Models = s.Posses[1].Models, s.Posses[0].Models
	}
	m := upFirst(t, s, v.side)
	got := sided{m: m, mine: m.Posses[v.side].Models, theirs: m.Posses[1-v.side].Models}
	if len(got.mine) != len(mine) || len(got.theirs) != len(theirs) {
		t.Fatalf("posses of %d and %d models, want %d and %d", len(got.mine), len(got.theirs), len(mine), len(theirs))
	}
	return got
}

// activate begins the activation of the first of the deciding models.
func (s sided) activate(t *testing.T) {
	t.Helper()
	apply(t, s.m, game.Command{Kind: game.CmdActivate, Model: s.mine[0]})
}

// shootBestChance is position 1 in a view: a lever-action with a shot at
// a healthy cowpoke (a single-shot rifle) and at a greenhorn (a derringer),
// the greenhorn the likelier to fall; it takes the shot at the greenhorn.
func (v view) shootBestChance(t *testing.T) sided {
	t.Helper()
	s := v.position(t, v.arena(t),
		[]game.ModelSpec{fig("Hale", "cowpoke", 12, 20, -90, "lever-action")},
		[]game.ModelSpec{fig("Bart", "cowpoke", 16, 15, 90, "single-shot-rifle"), fig("Slim", "greenhorn", 8, 16, 90, "derringer")})
	s.activate(t)
	return s
}

// Position 1. Until 2026-11-27 hard's search departed here on the mirrored
// table from the 19% shot at Slim to the 6% one at Bart (its 20 playouts a
// candidate rated Bart's 6 or 7 points the better), where whole matches
// say the shot at Slim is the better by 3 to 5 points (TestViewsShootTruth;
// game/ai's README); its sharper search keeps Slim in every view.
func TestViewsShootBestChanceToRemove(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.shootBestChance(t)
		d := decide(t, s.m, level)
		if k := d.Command.Kind; (k != game.CmdShoot && k != game.CmdBlaze) || d.Command.Target != s.theirs[1] {
			t.Fatalf("chose %s at %d, want a shot at Slim: %s", k, d.Command.Target, d.Why)
		}
	})
}

// TestViewsShootTruth measures position 1 in whole matches: from each view,
// the shot at Slim and the shot at Bart are each played on to the end of
// the match by normal on both sides, COWPOKE_AI_VIEWTRUTH times each with
// the same dice for both, and the chance to win after each is reported,
// with hard's choice in that view; and game/eval's estimate before the
// shot, with Slim removed and with Bart wounded (the first dice that do
// each).
//
//	COWPOKE_AI_VIEWTRUTH=2000 go test -run TestViewsShootTruth -v ./game/ai/
func TestViewsShootTruth(t *testing.T) {
	runs := envInt("COWPOKE_AI_VIEWTRUTH", 0)
	if runs == 0 {
		t.Skip("set COWPOKE_AI_VIEWTRUTH to the matches played after each shot")
	}
	for _, side := range []int{0, 1} {
		for _, mirror := range []bool{false, true} {
			v := view{side, mirror}
			s := v.shootBestChance(t)
			est := func(target int, done func(md *game.Model) bool) float64 {
				for seed := uint64(1); seed < 1000; seed++ {
					f := s.m.Fork(rules.NewSeeded(seed))
					if _, err := f.Apply(game.Command{Kind: game.CmdShoot, Model: s.mine[0], Target: target}); err != nil {
						t.Fatal(err)
					}
					if done(&f.Models[target]) {
						return estimate.WinChances(f)[side]
					}
				}
				t.Fatal("no dice give the outcome")
				return 0
			}
			t.Logf("%+v: game/eval gives %.1f%% before the shot, %.1f%% with Slim removed, %.1f%% with Bart wounded", v,
				100*estimate.WinChances(s.m)[side],
				100*est(s.theirs[1], func(md *game.Model) bool { return md.Removed() }),
				100*est(s.theirs[0], func(md *game.Model) bool { return !md.Removed() && md.Health.Damage > 0 }))
			var diffs []float64
			slim, bart := 0.0, 0.0
			for r := range runs {
				shoot := func(target int) game.Command {
					return game.Command{Kind: game.CmdShoot, Model: s.mine[0], Target: target}
				}
				a, b := scoreAfter(t, s.m, shoot(s.theirs[1]), side, uint64(r+1)), scoreAfter(t, s.m, shoot(s.theirs[0]), side, uint64(r+1))
				slim, bart = slim+a, bart+b
				diffs = append(diffs, a-b)
			}
			mean, se := meanSE(diffs)
			d := decide(t, s.m.Fork(rules.NewSeeded(1)), "hard")
			t.Logf("%+v: after the shot at Slim %.1f%%, at Bart %.1f%% (difference %+.1f points, SE %.1f, %d matches each); hard shoots at %s",
				v, 100*slim/float64(runs), 100*bart/float64(runs), 100*mean, 100*se, runs, s.m.Models[d.Command.Target].Name)
		}
	}
}

// Position 3: it throws dynamite to catch two enemies rather than one.
func TestViewsDynamiteCatchesTwo(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.arena(t),
			[]game.ModelSpec{fig("Pike", "greenhorn", 12, 12, 0, "dynamite", "knife")},
			[]game.ModelSpec{fig("Jack", "cowpoke", 16, 8, 90, "revolver"), fig("Red", "cowpoke", 8, 17, 90, "revolver"), fig("Dutch", "greenhorn", 9, 18, 90, "revolver")})
		for _, id := range s.theirs {
			s.m.Models[id].Activated = true
		}
		s.activate(t)
		d := decide(t, s.m, level)
		if d.Command.Kind != game.CmdThrow {
			t.Fatalf("chose %s, want a throw: %s", d.Command.Kind, d.Why)
		}
		caught := 0
		for _, o := range s.m.BlastOdds(*d.Command.To) {
			if s.m.Models[o.Target].Posse != v.side && !o.Pool.Impossible {
				caught++
			}
		}
		if caught < 2 {
			t.Fatalf("the stick would catch %d enemies, want 2: %s", caught, d.Why)
		}
	})
}

// Position 5: it reloads its only, empty weapon out of sight, and stays
// out of sight.
func TestViewsReloadOutOfSight(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.arena(t),
			[]game.ModelSpec{fig("Bart", "cowpoke", 12.5, 6, 0, "single-shot-rifle")},
			[]game.ModelSpec{fig("Jack", "cowpoke", 20, 6, 180, "lever-action")})
		s.m.Models[s.mine[0]].Empty[0] = true
		s.activate(t)
		cmds := playActivation(t, s.m, level)
		reloaded := false
		for _, c := range cmds {
			reloaded = reloaded || c.Kind == game.CmdReload
		}
		if !reloaded {
			t.Fatalf("no reload in %v", cmds)
		}
		if s.m.Board.Visible(s.m.Models[s.theirs[0]].Pos, s.m.Models[s.mine[0]].Pos) {
			t.Fatalf("ends in Jack's sight after %v", cmds)
		}
	})
}

// Positions 6 and 7: it leaves a brawl it is losing (a greenhorn's one die
// against a brawler with a club), and stays in one it is winning.
func TestViewsBrawlOrBreakOff(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.arena(t),
			[]game.ModelSpec{fig("Rudd", "greenhorn", 12, 20, 0, "revolver")},
			[]game.ModelSpec{skilled(fig("Knuckles", "cowpoke", 13.02, 20, 180, "club", "revolver"), "brawler")})
		s.activate(t)
		if d := decide(t, s.m, level); d.Command.Kind != game.CmdMove && d.Command.Kind != game.CmdRun {
			t.Fatalf("losing: chose %s, want to break off: %s", d.Command.Kind, d.Why)
		}
		s = v.position(t, v.arena(t),
			[]game.ModelSpec{skilled(fig("Tex", "legend", 12, 20, 0, "knife", "revolver"), "brawler")},
			[]game.ModelSpec{fig("Dutch", "greenhorn", 13.02, 20, 180, "derringer")})
		s.activate(t)
		if d := decide(t, s.m, level); d.Command.Kind != game.CmdBrawl {
			t.Fatalf("winning: chose %s, want to brawl: %s", d.Command.Kind, d.Why)
		}
	})
}

// Position 11: a shotgun takes the Spread target standing next to the
// primary one.
func TestViewsShotgunSpreads(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.arena(t),
			[]game.ModelSpec{fig("Rudd", "greenhorn", 12, 20, -90, "shotgun")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 12, 16, 90, "derringer"), fig("Dutch", "greenhorn", 13.5, 16, 90, "derringer")})
		s.activate(t)
		d := decide(t, s.m, level)
		if d.Command.Kind != game.CmdShoot || len(d.Command.Extra) != 1 {
			t.Fatalf("chose %s with %d extra targets, want a shot with one Spread target: %s", d.Command.Kind, len(d.Command.Extra), d.Why)
		}
	})
}

// Position 12: inside the shack with the door shut, it opens the door to
// shoot the enemy standing outside it.
func TestViewsOpenDoorToShoot(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.arena(t),
			[]game.ModelSpec{fig("Hale", "cowpoke", 4.75, 7.2, 90, "lever-action")},
			[]game.ModelSpec{fig("Slim", "greenhorn", 4.75, 13, -90, "derringer")})
		s.activate(t)
		if s.m.Board.Visible(s.m.Models[s.mine[0]].Pos, s.m.Models[s.theirs[0]].Pos) {
			t.Fatal("the closed door should hide Slim")
		}
		d := decide(t, s.m, level)
		if d.Command.Kind != game.CmdInteract || !d.Command.Open {
			t.Fatalf("chose %s, want to open the door: %s", d.Command.Kind, d.Why)
		}
	})
}

// Position 10: it aims with a rifle at long range when nothing threatens
// it, then takes the aimed shot.
func TestViewsAimRifleAtLongRange(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.field(t),
			[]game.ModelSpec{fig("Bart", "cowpoke", 4, 4, 0, "single-shot-rifle")},
			[]game.ModelSpec{fig("Dutch", "greenhorn", 4, 20, 0, "derringer")})
		s.activate(t)
		d := decide(t, s.m, level)
		if d.Command.Kind != game.CmdAim || d.Command.Target != s.theirs[0] {
			t.Fatalf("chose %s, want Aim at Dutch: %s", d.Command.Kind, d.Why)
		}
		apply(t, s.m, d.Command)
		if d := decide(t, s.m, level); d.Command.Kind != game.CmdShoot || d.Command.Target != s.theirs[0] {
			t.Fatalf("after aiming chose %s, want the aimed shot: %s", d.Command.Kind, d.Why)
		}
	})
}

// Position 18: it does not end its activation in sight of two shotguns when
// a rock a move away hides it from one of them (its only gun emptied by a
// Blaze Away first: reloading in their sight is not worth the risk).
func TestViewsLeaveTwoShotgunsSight(t *testing.T) {
	eachView(t, func(t *testing.T, level string, v view) {
		s := v.position(t, v.field(t, rock{13, 10, 3, 3}),
			[]game.ModelSpec{fig("Hale", "cowpoke", 12, 12.5, -90, "revolver"), fig("Rudd", "cowpoke", 4, 2, 90, "lever-action")},
			[]game.ModelSpec{fig("Bart", "cowpoke", 18, 18.5, 180, "shotgun"), fig("Slim", "cowpoke", 14, 19.5, -90, "shotgun")})
		s.activate(t)
		cmds := playActivation(t, s.m, level)
		at := s.m.Models[s.mine[0]].Pos
		if s.m.Board.Visible(s.m.Models[s.theirs[0]].Pos, at) && s.m.Board.Visible(s.m.Models[s.theirs[1]].Pos, at) {
			t.Errorf("ends where both shotguns can see him, after %v", cmds)
		}
	})
}

// meanSE is the mean of xs and its standard error.
func meanSE(xs []float64) (mean, se float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(max(1, len(xs)-1)) / float64(len(xs)))
}
