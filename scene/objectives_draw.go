package scene

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
)

// A scenario's objectives on the table and their score beside it: the
// loot where it lies (a strongbox) or a ring on its carrier, each zone to
// hold (its ring in the colour of the posse holding it), each escape edge
// (a band along it in the escaping posse's colour) and the bounty's mark
// on its target; the box at the table's top left says the score, the turns
// left and each objective's state in words. The editor draws the same marks.

// objMark is one objective as drawn.
type objMark struct {
	kind    string
	name    string
	at      game.Point  // loot, hold
	radius  float64     // hold
	edge    string      // loot, escape
	colour  rgba        // the posse that scores it (loot, escape), holds it (hold), or gold
	carrier *game.Point // loot: its carrier's base, when carried
	target  *game.Point // bounty: the target's base
	done    bool
}

// drawObjectiveMarks draws the marks on the table.
func drawObjectiveMarks(ui *batch, u, scale float32, w, h float64, xy func(game.Point) (float32, float32), marks []objMark) {
	r := float32(board.BaseRadius) * scale
	for _, o := range marks {
		if o.done {
			continue
		}
		switch o.kind {
		case game.ObjHold:
			x, y := xy(o.at)
			rr := float32(o.radius) * scale
			ui.circle(x, y, rr, o.colour.alpha(0.16))
			ui.ring(x, y, rr, 2.5*u, o.colour.alpha(0.85))
			ui.star(x, y, 7*u, o.colour)
		case game.ObjLoot:
			if o.carrier != nil {
				x, y := xy(*o.carrier)
				ui.ring(x, y, r+8*u, 2.5*u, colGold)
				ui.rect(x+r*0.6, y-r*1.3, r*0.8, r*0.6, hex(0x7a4e22))
				continue
			}
			x, y := xy(o.at)
			s := float32(lootHalfWidth(float64(r), float64(u)))
			ui.rect(x-s+u, y-s*0.7+2*u, 2*s, 1.4*s, colBlack.alpha(0.4))
			ui.rect(x-s, y-s*0.7, 2*s, 1.4*s, hex(0x7a4e22))
			ui.rect(x-s, y-s*0.15, 2*s, s*0.3, colGold)
			ui.ring(x, y, s*1.6, 1.5*u, colGold.alpha(0.8))
			fallthrough
		case game.ObjEscape:
			if o.edge == "" {
				continue
			}
			band := float32(0.6) * scale
			x0, y0 := xy(game.Point{})
			x1, y1 := xy(game.Point{X: w, Y: h})
			c := o.colour.alpha(0.5)
			switch o.edge {
			case "north":
				ui.rect(x0, y0, x1-x0, band, c)
			case "south":
				ui.rect(x0, y1-band, x1-x0, band, c)
			case "west":
				ui.rect(x0, y0, band, y1-y0, c)
			case "east":
				ui.rect(x1-band, y0, band, y1-y0, c)
			}
		case game.ObjBounty:
			if o.target != nil {
				x, y := xy(*o.target)
				ui.ring(x, y, r+7*u, 2*u, oBad)
				ui.line(x-r-10*u, y, x-r-3*u, y, 2*u, oBad)
				ui.line(x+r+3*u, y, x+r+10*u, y, 2*u, oBad)
				ui.line(x, y-r-10*u, x, y-r-3*u, 2*u, oBad)
				ui.line(x, y+r+3*u, x, y+r+10*u, 2*u, oBad)
			}
		}
	}
}

// lootHalfWidth is half the width of the strongbox drawn for loot on the
// ground, for a base of radius r (pixels) at the UI's unit u.
func lootHalfWidth(r, u float64) float64 { return max(r*0.9, 7*u) }

// objectiveMarks are a match's objectives as they stand.
func objectiveMarks(m *game.Match) []objMark {
	var out []objMark
	for _, v := range m.Objectives() {
		o := objMark{kind: v.Spec.Kind, name: v.Spec.Name, at: v.At, radius: v.Radius, edge: v.Spec.Edge, done: v.Done, colour: colGold}
		if p := posseNamed(m, v.Spec.Posse); p >= 0 && v.Spec.Kind != game.ObjBounty {
			o.colour = sideColour(p)
		}
		switch v.Spec.Kind {
		case game.ObjHold:
			o.colour = colPaper
			if v.Holder >= 0 {
				o.colour = sideColour(v.Holder)
			}
		case game.ObjLoot:
			if v.Carrier >= 0 {
				at := m.Models[v.Carrier].Pos
				o.carrier = &at
			}
		case game.ObjBounty:
			for i := range m.Models {
				if md := &m.Models[i]; md.Name == v.Spec.Target && !md.Removed() {
					at := md.Pos
					o.target = &at
				}
			}
		}
		out = append(out, o)
	}
	return out
}

func posseNamed(m *game.Match, name string) int {
	for i, p := range m.Posses {
		if p.Name == name && name != "" {
			return i
		}
	}
	return -1
}

// objectiveLines are the box's lines: the score and the turns left, then
// one line per objective as it stands.
func objectiveLines(m *game.Match) []string {
	score := m.Score()
	if score == nil {
		return nil
	}
	parts := make([]string, len(score))
	for i, p := range m.Posses {
		parts[i] = fmt.Sprintf("%s %d", p.Name, score[i])
	}
	head := "Points: " + strings.Join(parts, ", ")
	if lim := m.Scenario.TurnLimit; lim > 0 {
		left := lim - m.Turn + 1
		switch {
		case m.Over:
		case left <= 1:
			head += " · last turn"
		default:
			head += " · " + words.Count(left, "turn", "turns") + " left"
		}
	}
	lines := []string{head}
	for _, v := range m.Objectives() {
		lines = append(lines, objectiveState(m, v))
	}
	return lines
}

// objectiveState is one objective's line: "The strongbox: carried by
// Black Bart, to the west edge (4 points)".
func objectiveState(m *game.Match, v game.ObjectiveView) string {
	o := v.Spec
	name := upperFirst(o.Name)
	pts := words.Count(max(o.Points, 1), "point", "points")
	if v.Done {
		return name + ": scored"
	}
	switch o.Kind {
	case game.ObjLoot:
		if v.Carrier >= 0 {
			return fmt.Sprintf("%s: carried by %s, to the %s edge (%s)", name, m.Models[v.Carrier].Name, o.Edge, pts)
		}
		how := "pick it up"
		if o.Roll > 1 {
			how = fmt.Sprintf("%d+ to %s", o.Roll, verbOr(o.Verb, "pick up"))
		}
		return fmt.Sprintf("%s: on the ground, %s, off the %s edge (%s)", name, how, o.Edge, pts)
	case game.ObjHold:
		who := "nobody holds it"
		if v.Holder >= 0 {
			who = "the " + m.Posses[v.Holder].Name + " hold it"
		}
		return fmt.Sprintf("%s: %s (%s a round)", name, who, pts)
	case game.ObjEscape:
		n := max(o.Count, 1)
		return fmt.Sprintf("%s: %d of %d off the %s edge (%s)", name, v.Count, n, o.Edge, pts)
	case game.ObjBounty:
		return fmt.Sprintf("%s: take out %s (%s)", name, o.Target, pts)
	}
	return name
}

func verbOr(v, d string) string {
	if v == "" {
		return d
	}
	return v
}

// drawObjectivesBox writes the score and the objectives in a box at the
// table's top left.
func drawObjectivesBox(a *App, dst *ebiten.Image, x, y, maxW float64, lines []string) {
	if len(lines) == 0 {
		return
	}
	th := a.Theme
	u := th.U
	w := 0.0
	for i, l := range lines {
		face := th.Small
		if i == 0 {
			face = th.Bold
		}
		w = max(w, th.width(l, face))
	}
	w = min(w+16*u, maxW)
	lh := objLineHeight * u
	h := float64(len(lines))*lh + 10*u
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel.alpha(0.86))
	a.ui.flush(dst)
	for i, l := range lines {
		face, c := th.Small, colText
		if i == 0 {
			face, c = th.Bold, colGold
		}
		th.text(dst, th.clipped(l, face, w-16*u), face, x+8*u, y+5*u+float64(i)*lh, c, alignLeft)
	}
}

// drawObjectives draws a match's objectives on the battle's table and the
// box of the score.
func (b *battle) drawObjectives(a *App, ui *batch) {
	m := b.t.M
	if m.Score() == nil {
		return
	}
	xy := func(p game.Point) (float32, float32) { return b.xy(p) }
	drawObjectiveMarks(ui, float32(a.Theme.U), float32(b.cam.Scale), m.Board.Width, m.Board.Height, xy, objectiveMarks(m))
}

// objectiveBand is the height of the band above the table the objectives'
// box takes (0 without objectives), logical pixels times the UI scale.
func (b *battle) objectiveBand(a *App) float64 {
	n := len(b.t.M.Scenario.Objectives)
	if n == 0 || b.t.M.Score() == nil {
		return 0
	}
	return float64(n+1)*objLineHeight*a.Theme.U + 14*a.Theme.U
}

// objLineHeight is a line of the objectives' box, logical pixels.
const objLineHeight = 17

// drawObjectivesText draws the score box in its band above the table.
func (b *battle) drawObjectivesText(a *App, dst *ebiten.Image) {
	lines := objectiveLines(b.t.M)
	if lines == nil {
		return
	}
	x, y, w, _ := b.viewport(a)
	band := b.objectiveBand(a)
	drawObjectivesBox(a, dst, x+4*a.Theme.U, y-band+2*a.Theme.U, w-8*a.Theme.U, lines)
}
