package table

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// Sighting is a line of sight from where the measured model stands (or
// would stand) to one enemy.
type Sighting struct {
	Model int
	Sight board.Sight
}

// Label is "clear", "wood cover", "stone cover" or "no line of sight".
func (s Sighting) Label() string {
	switch {
	case !s.Sight.Visible:
		return "no line of sight"
	case s.Sight.InCover && s.Sight.Cover == board.Stone:
		return "stone cover"
	case s.Sight.InCover:
		return "wood cover"
	}
	return "clear"
}

// View is what the battle screen draws over the table for the cursor
// where it is: worked out when the cursor or the match changes, never per
// frame.
type View struct {
	Hover      game.Point
	HoverOn    bool // the cursor is over the table
	HoverModel int  // the model under the cursor, or -1
	From       int  // the model measured from, or -1

	Measure   bool // the rangefinder is shown (not under Dead Reckoning)
	Range     float64
	RangeText string // `7.3" Medium`
	RangeLine string // `Range: 7.3" Medium`

	Moving   bool // a move or run is being chosen
	Preview  game.MovePreview
	Dest     game.Point // where the mover would end up
	Blocked  bool       // the move would be refused
	Reach    bool       // out of reach: Preview.Path is the part it could walk
	ReachEnd game.Point // where that part ends
	MoveText string     // length, allowance and stop, or the refusal
	StopAt   game.Point
	HasStop  bool

	LoSFrom game.Point // where the sight lines start
	Sights  []Sighting // to every standing enemy
	Threats []int      // enemy overwatchers covering Dest
	Warn    string     // the overwatch warning, if any

	// The chosen action's preview (Shoot, Aim, Blaze, Throw, Overwatch,
	// Brawl, the Fire/Hold prompt), all from the engine's own previews.
	Tip     string    // a short line for beside the cursor: dice and odds
	Target  int       // the enemy under the aim point, or -1
	HasOdds bool      // Odds is the pool the engine would roll at Target
	Odds    game.Odds // from Match.ShotOdds (or FireOdds on the prompt)
	Info    []Line    // the readout in the panel: pool by modifier, odds, refusals

	Arc    []game.Point // Overwatch: the arc the aim point's direction would cover
	Facing float64

	Throwing  bool // a throw is being chosen
	ThrowTo   game.Point
	ThrowKind board.Throw
	PReach    float64
	ThrowOK   bool
	Blast     []game.Odds // models a stick at ThrowTo would catch (Match.BlastOdds)
	Bouts     []Bout      // Brawl: the bouts in order, with their odds
	Parting   []game.Odds // Move while engaged: the parting shots a disengage draws

	Fire      bool // the Fire/Hold prompt is up
	FireAt    float64
	FirePt    game.Point
	FireSlot  int
	FireOK    bool
	Suggested bool // FireAt is the engine's best-odds suggestion
}

// Bout is one bout of a brawl and its odds (Match.BoutOdds).
type Bout struct {
	Enemy int
	Odds  rules.BrawlOdds
}

// View returns what to draw now.
func (t *Table) View() *View { return &t.view }

// SetHover tells the table where the cursor is in table inches (on false:
// the cursor is off the table). It recomputes the view only when the
// cursor moved by more than a fiftieth of an inch.
func (t *Table) SetHover(p game.Point, on bool) {
	if on == t.mouseOn && (!on || math.Abs(p.X-t.mouse.X)+math.Abs(p.Y-t.mouse.Y) < 0.02) {
		return // the mouse rests: a point Tab chose stays
	}
	t.mouse, t.mouseOn = p, on
	t.hover, t.hoverOn = p, on
	t.refresh()
}

// Gen changes whenever the view is worked out again.
func (t *Table) Gen() int { return t.gen }

// Hover is the point the view is worked out for: the cursor, or the
// point Tab last chose.
func (t *Table) Hover() (game.Point, bool) { return t.hover, t.hoverOn }

// refresh works the view out again.
func (t *Table) refresh() {
	t.gen++
	m := t.M
	v := &t.view
	sights, info, arc, blast, bouts := v.Sights[:0], v.Info[:0], v.Arc[:0], v.Blast[:0], v.Bouts[:0]
	origin := t.Selected
	if m.Active >= 0 {
		// During an activation everything measures from the active model,
		// whichever card the player is reading.
		origin = m.Active
	}
	*v = View{Hover: t.hover, HoverOn: t.hoverOn, HoverModel: -1, From: origin, Sights: sights,
		Info: info, Arc: arc, Blast: blast, Bouts: bouts, Target: -1}
	if m.Pending != nil {
		t.previewFire(v)
		return // the prompt alone: no rangefinder, no sight lines
	}
	dr := m.Scenario.Options.DeadReckoning
	if t.hoverOn {
		v.HoverModel = t.ModelAt(t.hover)
	}
	if v.From >= 0 && m.Models[v.From].Removed() {
		v.From = -1
	}
	if v.From < 0 {
		return
	}
	from := m.Models[v.From].Pos
	v.LoSFrom = from
	if t.hoverOn && !dr && v.HoverModel != v.From {
		to := t.hover
		if v.HoverModel >= 0 {
			to = m.Models[v.HoverModel].Pos
		}
		v.Measure = true
		v.Range = board.Distance(from, to)
		band, _ := rules.BandFor(v.Range)
		v.RangeText = fmt.Sprintf("%.1f\" %s", v.Range, band)
		v.RangeLine = "Range: " + v.RangeText
	}
	if (t.Mode == ModeMove || t.Mode == ModeRunTo) && m.Active == v.From && t.hoverOn && v.HoverModel != v.From {
		t.previewMove(v, dr)
		v.LoSFrom = v.Dest
	}
	if m.Active == v.From && m.Pending == nil {
		t.previewAction(v)
	}
	if m.Active == v.From && (t.Mode == ModeThrow || t.Mode == ModeOverwatch || t.Mode == ModeBrawl) {
		return // the preview speaks for itself: no sight lines over it
	}
	me := m.Models[v.From].Posse
	for i := range m.Models {
		o := &m.Models[i]
		if o.Posse == me || o.Removed() {
			continue
		}
		v.Sights = append(v.Sights, Sighting{Model: i, Sight: m.LineOfSight(v.LoSFrom, o.Pos)})
	}
}

// previewMove fills in the move preview for the cursor.
func (t *Table) previewMove(v *View, dr bool) {
	m := t.M
	kind := game.CmdMove
	if t.Mode == ModeRunTo {
		kind = game.CmdRunTo
	}
	to := t.destination(t.hover, v.HoverModel)
	c := game.Command{Kind: kind, Model: m.Active, To: &to}
	pv := m.PreviewMove(c)
	v.Moving, v.Preview, v.Dest = true, pv, to
	if pv.Err != nil {
		v.Blocked = true
		v.MoveText = Plain(pv.Err.Error())
		if dr {
			// Under Dead Reckoning a refusal about distance would measure.
			v.MoveText = "Not there: " + firstClause(pv.Err.Error())
		} else if n := len(pv.Within); n > 1 {
			// Out of reach: show the part of the way it could walk and
			// where that ends, as a path to click instead.
			v.Preview.Path = pv.Within
			v.Reach, v.ReachEnd = true, pv.Within[n-1]
			v.MoveText = fmt.Sprintf("Out of reach: a click walks %.1f\" to the ghost.", pv.Allowance)
		}
		return
	}
	if len(pv.Path) > 0 && !dr {
		// Under Dead Reckoning the ghost stays on the cursor: the end of
		// the walk (the allowance run out) would measure the distance.
		v.Dest = pv.Path[len(pv.Path)-1]
	}
	if !dr {
		var b strings.Builder
		fmt.Fprintf(&b, "%.1f\" of %.1f\"", pv.Length, pv.Allowance)
		if pv.Needed > pv.Length+0.05 && pv.Stop == nil {
			fmt.Fprintf(&b, " (costs %.1f\": difficult ground counts double)", pv.Needed)
		}
		opens := m.DoorsOpenedBy(pv) // a shut door opens as it is walked through
		if s := pv.Stop; s != nil {
			v.HasStop, v.StopAt = true, s.At
			f := m.Board.Features[s.Feature]
			switch {
			case slices.Contains(opens, s.Feature):
				fmt.Fprintf(&b, ": opens the %s and stops just inside", f.Label())
				opens = slices.DeleteFunc(opens, func(d int) bool { return d == s.Feature })
			case s.Enter:
				fmt.Fprintf(&b, ": stops at the %s, entering", f.Label())
			default:
				fmt.Fprintf(&b, ": stops at the %s, climbing out", f.Label())
			}
		}
		for _, d := range opens {
			fmt.Fprintf(&b, "; opens the %s", m.Board.Features[d].Label())
		}
		v.MoveText = b.String()
		v.Threats = m.OverwatchThreatsAfter(m.Active, pv) // at v.Dest, the doors it opens open
	} else {
		v.MoveText = "Dead Reckoning: the distance shows once you commit."
		v.Threats = t.arcsOver(v.Dest)
	}
	if len(v.Threats) > 0 {
		names := make([]string, len(v.Threats))
		for i, w := range v.Threats {
			names[i] = m.Models[w].Name
		}
		v.Warn = "Inside the Overwatch arc of " + strings.Join(names, ", ") + "!"
	}
}

// arcsOver lists enemy overwatchers whose arc and sight cover p, without
// asking about range (Dead Reckoning forbids measuring).
func (t *Table) arcsOver(p game.Point) []int {
	m := t.M
	var out []int
	me := m.Models[m.Active].Posse
	for i := range m.Models {
		w := &m.Models[i]
		if w.Overwatch && !w.Removed() && w.Posse != me && board.InArc(w.Pos, p, w.WatchDir) && m.Board.Visible(w.Pos, p) {
			out = append(out, i)
		}
	}
	return out
}

// firstClause keeps an engine reason up to its first colon, dropping
// measurements that follow it.
func firstClause(s string) string {
	if i := strings.IndexByte(s, ':'); i > 0 {
		return s[:i]
	}
	return s
}
