package ai

import (
	"fmt"
	"math"
	"strings"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// Scenario objectives (game/objective.go): loot to carry off an edge,
// zones held at the end of each game turn, an escape off an edge, a bounty
// on a named model. The planner weighs them through a few hooks, each a
// no-op when the scenario has none (eval.obj is nil), so a match without
// objectives plays exactly as before (TestNoObjectivesPlaysAsBefore):
//
//   - placeValue adds objPlace: progress of a carrier or an escaper toward
//     its edge, of a free model toward loot it may carry, a place in a zone
//     by what it changes at the end of the game turn, chasing an enemy
//     carrier or escaper, and the extra danger to a carrier or to one's
//     own bounty target;
//   - shotsAt adds to each shot its target's objective worth (a bounty, an
//     enemy carrier nearing its edge, an escaper, a model holding a zone);
//   - actionsHere adds picking up loot in reach (pickUpActions), moves add
//     picking it up after the move;
//   - destinations adds places toward each goal (objSpots);
//   - a carrier's allowances lose the load's slowness (moveAllowance);
//   - pickModel activates first a carrier, a model by loot, an escaper.
//
// Victory points are weighed at vpWorth each: a point is about a third of
// a Legend's worth, so a 4-point strongbox outweighs most shots.

// vpWorth is what one victory point is worth in the planner's terms.
const vpWorth = 0.7

// goalScale is the distance (inches) over which progress toward a goal
// is worth the goal's full value.
const goalScale = 24.0

// carryScale is goalScale for a carrier: every inch nearer his edge
// counts double, so that he moves rather than shoots or waits.
const carryScale = 12.0

// objPlan is what the objectives mean to one deciding side.
type objPlan struct {
	views   []game.ObjectiveView
	bonus   []float64 // per model: worth of taking it out beyond its worth
	reasons []string  // per model: why it is worth more, or ""
	hunted  []bool    // per model: an escaper or a bounty, kept within reach
	turns   int       // game turns left, counting this one (large when unlimited)
	goals   map[goalKey]*goal
}

type goalKey struct {
	model int
	obj   int
}

// goal is the way from the deciding model to where an objective wants it:
// points along the shortest path and what is left from each.
type goal struct {
	pts    []game.Point
	left   []float64
	length float64
	edge   bool // the goal is a table edge (carry off or escape)
	ok     bool
	b      *board.Board
}

// remaining is how far spot is from the goal: straight to a point of the
// path with no wall between, then along it (the way's start and a step
// round whatever hides every point of it, else).
func (g *goal) remaining(spot game.Point) float64 {
	best := math.Inf(1)
	for i, p := range g.pts {
		if d := spot.Dist(p) + g.left[i]; d < best && (i == 0 || !g.b.Blocked(spot, p)) {
			best = d
		}
	}
	return best
}

// newObjPlan is nil when the scenario has no objectives.
func newObjPlan(m *game.Match, side int) *objPlan {
	views := m.Objectives()
	if views == nil {
		return nil
	}
	o := &objPlan{views: views, bonus: make([]float64, len(m.Models)), reasons: make([]string, len(m.Models)), hunted: make([]bool, len(m.Models)), turns: 1000, goals: map[goalKey]*goal{}}
	if l := m.Scenario.TurnLimit; l > 0 {
		o.turns = max(1, l-m.Turn+1)
	}
	for i, v := range views {
		if v.Done {
			continue
		}
		pts := float64(points(v.Spec)) * vpWorth
		switch v.Spec.Kind {
		case game.ObjLoot:
			if v.Carrier >= 0 && m.Models[v.Carrier].Posse != side && mayScore(m, i, m.Models[v.Carrier].Posse) {
				// Taking out the carrier drops it: more the nearer he is to his edge.
				close := 1 - math.Min(1, edgeDist(m, m.Models[v.Carrier].Pos, v.Spec.Edge)/goalScale)
				o.add(v.Carrier, float64(pts*(0.4+float64(0.6*close))), fmt.Sprintf("he carries %s toward the %s edge", v.Spec.Name, v.Spec.Edge))
			}
		case game.ObjEscape:
			p := posseIndex(m, v.Spec.Posse)
			if p == side {
				continue
			}
			need := float64(max(1, v.Spec.Count) - v.Count)
			for _, id := range m.Posses[p].Models {
				md := &m.Models[id]
				if md.Removed() || (v.Spec.Target != "" && md.Name != v.Spec.Target) {
					continue
				}
				close := 1 - math.Min(1, edgeDist(m, md.Pos, v.Spec.Edge)/goalScale)
				o.add(id, float64(pts/math.Max(1, need)*(0.3+float64(0.7*close))), fmt.Sprintf("he is making for the %s edge", v.Spec.Edge))
				o.hunted[id] = true
			}
		case game.ObjBounty:
			if t := modelNamed(m, v.Spec.Target); t >= 0 && !m.Models[t].Removed() && m.Models[t].Posse != side && mayScore(m, i, side) {
				o.add(t, pts, fmt.Sprintf("%s pays %s", v.Spec.Name, words.Count(points(v.Spec), "victory point", "victory points")))
				o.hunted[t] = true
			}
		case game.ObjHold:
			for id := range m.Models {
				md := &m.Models[id]
				if md.Removed() || md.Posse == side || md.Pos.Dist(v.At) > v.Radius || !mayScore(m, i, md.Posse) {
					continue
				}
				o.add(id, float64(0.5*pts), fmt.Sprintf("he stands in %s", v.Spec.Name))
			}
		}
	}
	return o
}

func (o *objPlan) add(id int, v float64, why string) {
	o.bonus[id] += float64(v) // rounded: a caller's product must not fuse with the sum
	if o.reasons[id] == "" {
		o.reasons[id] = why
	}
}

// Small readers of the match's scenario, for the objectives.

func points(s game.ObjectiveSpec) int {
	if s.Points > 0 {
		return s.Points
	}
	return 1
}

func posseIndex(m *game.Match, name string) int {
	for i := range m.Posses {
		if m.Posses[i].Name == name {
			return i
		}
	}
	return -1
}

func modelNamed(m *game.Match, name string) int {
	for i := range m.Models {
		if m.Models[i].Name == name {
			return i
		}
	}
	return -1
}

// mayScore mirrors the engine's rule of who scores an objective (G40, G41).
func mayScore(m *game.Match, i, p int) bool {
	s := m.Scenario.Objectives[i]
	switch {
	case s.Kind == game.ObjBounty && s.Posse == "":
		t := modelNamed(m, s.Target)
		return t < 0 || m.Models[t].Posse != p
	case (s.Kind == game.ObjLoot || s.Kind == game.ObjHold) && s.Posse == "":
		return true
	}
	return posseIndex(m, s.Posse) == p
}

// edgeDist is the straight distance from p to a table edge.
func edgeDist(m *game.Match, p game.Point, edge string) float64 {
	switch edge {
	case "north":
		return p.Y
	case "south":
		return m.Board.Height - p.Y
	case "west":
		return p.X
	case "east":
		return m.Board.Width - p.X
	}
	return math.Inf(1)
}

// edgeSpots are places a base may stand touching the edge, near p first.
func edgeSpots(m *game.Match, p game.Point, edge string) []game.Point {
	in := board.BaseRadius + 0.1
	var out []game.Point
	for _, off := range []float64{0, 3, -3, 7, -7, 12, -12} {
		var q game.Point
		switch edge {
		case "north":
			q = game.Point{X: p.X + off, Y: in}
		case "south":
			q = game.Point{X: p.X + off, Y: m.Board.Height - in}
		case "west":
			q = game.Point{X: in, Y: p.Y + off}
		case "east":
			q = game.Point{X: m.Board.Width - in, Y: p.Y + off}
		}
		if q.X >= in && q.Y >= in && q.X <= m.Board.Width-in && q.Y <= m.Board.Height-in && m.Board.CanStand(q, nil) {
			out = append(out, q)
		}
	}
	return out
}

// moveAllowance is the model's Move: a carrier's load takes its slowness
// off (as the engine does).
func moveAllowance(m *game.Match, id int) float64 {
	a := rules.MoveAllowance(m.Injuries(id))
	if i := m.Carrying(id); i >= 0 {
		a = math.Max(0, a-m.Scenario.Objectives[i].Slow)
	}
	return a
}

// slowOf is the inches a carrier's load takes off his Run.
func slowOf(m *game.Match, id int) float64 {
	if i := m.Carrying(id); i >= 0 {
		return m.Scenario.Objectives[i].Slow
	}
	return 0
}

// goalFor is the way from the deciding model to objective i's goal: the
// edge for a carrier or an escaper, the loot or the zone's centre else.
func (e *eval) goalFor(i int) *goal {
	k := goalKey{e.me, i}
	if g, ok := e.obj.goals[k]; ok {
		return g
	}
	m := e.m
	from := m.Models[e.me].Pos
	v := e.obj.views[i]
	g := &goal{b: m.Board}
	var targets []game.Point
	switch {
	case v.Spec.Kind == game.ObjEscape || (v.Spec.Kind == game.ObjLoot && v.Carrier == e.me):
		g.edge = true
		targets = edgeSpots(m, from, v.Spec.Edge)
	default:
		targets = []game.Point{v.At}
		for k := range 8 {
			targets = append(targets, v.At.Add(turned(game.Point{X: 0.7}, float64(k)*math.Pi/4)))
		}
	}
	best := math.Inf(1)
	for _, to := range targets {
		if !m.Board.CanStand(to, nil) {
			continue
		}
		path, err := m.Board.Path(from, to, nil)
		if err != nil || len(path.Points) == 0 {
			continue
		}
		if path.Length < best {
			best = path.Length
			g.pts, g.left, g.length, g.ok = path.Points, make([]float64, len(path.Points)), path.Length, true
			acc := 0.0
			for j := len(path.Points) - 1; j >= 0; j-- {
				if j+1 < len(path.Points) {
					acc += path.Points[j].Dist(path.Points[j+1])
				}
				g.left[j] = acc
			}
		}
		if !g.edge {
			break // the loot or the zone's centre: the first spot that stands
		}
	}
	e.obj.goals[k] = g
	return g
}

// scoresLoot reports whether the deciding side may carry loot i off.
func (e *eval) scoresLoot(i int) bool { return mayScore(e.m, i, e.side) }

// freeForLoot reports whether the deciding model is among the two of its
// side nearest loot i that carry nothing: the ones that go for it.
func (e *eval) freeForLoot(i int) bool {
	m := e.m
	if m.Carrying(e.me) >= 0 {
		return false
	}
	at := e.obj.views[i].At
	mine := m.Models[e.me].Pos.Dist(at)
	nearer := 0
	for _, id := range e.pals {
		if id != e.me && m.Carrying(id) < 0 && m.Models[id].Pos.Dist(at) < mine {
			nearer++
		}
	}
	return nearer < 2
}

// objPlace is what the objectives add to ending the activation at spot.
func (e *eval) objPlace(spot game.Point, d danger) float64 {
	m := e.m
	me := &m.Models[e.me]
	v := 0.0
	caution := e.p.per.caution
	for i, ov := range e.obj.views {
		if ov.Done {
			continue
		}
		pts := float64(points(ov.Spec)) * vpWorth
		switch ov.Spec.Kind {
		case game.ObjLoot:
			switch {
			case ov.Carrier == e.me && e.scoresLoot(i):
				g := e.goalFor(i)
				if g.ok {
					v += float64(pts * (1 - g.remaining(spot)/carryScale))
					if g.remaining(spot) < 0.3 {
						v += float64(0.5 * pts) // off the table: scored, and nobody can take it back
					}
				}
				// Falling drops it: the danger weighs the load too.
				v -= float64(caution * d.pRemoved * 0.4 * pts)
			case ov.Carrier < 0 && e.scoresLoot(i) && e.freeForLoot(i):
				g := e.goalFor(i)
				if spot.Dist(ov.At) <= lootReach {
					v += float64(0.5 * pts)
				} else if g.ok {
					v += float64(0.5 * pts * math.Max(0, 1-g.remaining(spot)/goalScale))
				}
			case ov.Carrier >= 0 && m.Models[ov.Carrier].Posse != e.side:
				v += e.chase(spot, ov.Carrier)
			}
		case game.ObjEscape:
			if posseIndex(m, ov.Spec.Posse) == e.side {
				if ov.Spec.Target == "" || ov.Spec.Target == me.Name {
					if g := e.goalFor(i); g.ok {
						need := float64(max(1, ov.Spec.Count) - ov.Count)
						v += float64(pts / math.Max(1, need) * (1 - g.remaining(spot)/goalScale))
						if g.remaining(spot) < 0.3 {
							v += float64(0.5 * pts / math.Max(1, need)) // off the table: counted
						}
					}
				}
			}
		case game.ObjBounty:
			if t := modelNamed(m, ov.Spec.Target); t == e.me {
				v -= float64(caution * d.pRemoved * pts)
			}
		case game.ObjHold:
			v += e.zoneValue(i, spot, pts)
		}
	}
	for id, b := range e.obj.bonus {
		if e.obj.hunted[id] && !m.Models[id].Removed() {
			// An escaper or the bounty: keep him within reach.
			v += float64(0.5 * e.chaseBy(spot, id, b))
		}
	}
	return v
}

// chase pulls toward an enemy carrier: within the reach of my best gun.
func (e *eval) chase(spot game.Point, id int) float64 {
	return e.chaseBy(spot, id, e.obj.bonus[id])
}

func (e *eval) chaseBy(spot game.Point, id int, worthIt float64) float64 {
	m := e.m
	gap := math.Max(0, spot.Dist(m.Models[id].Pos)-float64(0.8*reachOf(&m.Models[e.me])))
	return -float64(worthIt * math.Min(1, gap/goalScale))
}

// zoneCounts counts the models standing in zone i but the deciding one:
// the side's and the enemies' (the most of any one enemy posse).
func (e *eval) zoneCounts(i int) (mine, theirs, theirPosse int) {
	m := e.m
	v := e.obj.views[i]
	counts := make([]int, len(m.Posses))
	for id := range m.Models {
		md := &m.Models[id]
		if id == e.me || md.Removed() || md.Pos.Dist(v.At) > v.Radius {
			continue
		}
		counts[md.Posse]++
	}
	theirPosse = -1
	for p, n := range counts {
		if p != e.side && n > theirs {
			theirs, theirPosse = n, p
		}
	}
	return counts[e.side], theirs, theirPosse
}

// zoneOutcome is what zone i gives the side at the end of the game turn:
// 1 held, -1 held by an enemy that scores it, 0 else.
func (e *eval) zoneOutcome(i, mine, theirs, theirPosse int) float64 {
	switch {
	case mine > theirs && mayScore(e.m, i, e.side):
		return 1
	case theirs > mine && theirPosse >= 0 && mayScore(e.m, i, theirPosse):
		return -1
	}
	return 0
}

// zoneValue is what standing at spot does for zone i: in it, what the
// model's presence changes at the end of the game turn (and a little for
// holding on); outside it, the way there by what it would change.
func (e *eval) zoneValue(i int, spot game.Point, pts float64) float64 {
	v := e.obj.views[i]
	mine, theirs, tp := e.zoneCounts(i)
	gain := e.zoneOutcome(i, mine+1, theirs, tp) - e.zoneOutcome(i, mine, theirs, tp)
	worth := float64(pts * (float64(0.8*gain) + 0.2))
	if !mayScore(e.m, i, e.side) && gain <= 0 {
		return 0
	}
	if spot.Dist(v.At) <= v.Radius {
		return worth
	}
	g := e.goalFor(i)
	if !g.ok {
		return 0
	}
	far := math.Max(0, g.remaining(spot)-v.Radius)
	return float64(0.6 * worth * math.Max(0, 1-far/goalScale))
}

// objSpots are places toward each goal the deciding model has within
// allowance of from: a step along the way, the goal itself in reach.
func (e *eval) objSpots(from game.Point, allowance float64) []game.Point {
	m := e.m
	var out []game.Point
	for i, ov := range e.obj.views {
		if ov.Done {
			continue
		}
		var want bool
		switch ov.Spec.Kind {
		case game.ObjLoot:
			want = (ov.Carrier == e.me && e.scoresLoot(i)) || (ov.Carrier < 0 && e.scoresLoot(i) && e.freeForLoot(i))
		case game.ObjEscape:
			want = posseIndex(m, ov.Spec.Posse) == e.side && (ov.Spec.Target == "" || ov.Spec.Target == m.Models[e.me].Name)
		case game.ObjHold:
			want = true
		}
		if !want {
			continue
		}
		g := e.goalFor(i)
		if !g.ok {
			continue
		}
		if g.length <= allowance {
			out = append(out, g.pts[len(g.pts)-1])
		} else {
			out = append(out, board.PointAlong(g.pts, allowance-0.1))
		}
	}
	return out
}

// pickUpActions: Interact to pick up each loot in reach the side may
// score (or that an enemy would score: taking it denies him).
func (e *eval) pickUpActions() []action {
	m := e.m
	var out []action
	for i, ov := range e.obj.views {
		if ov.Spec.Kind != game.ObjLoot || ov.Done || ov.Carrier >= 0 {
			continue
		}
		c := game.Command{Kind: game.CmdInteract, Model: e.me, Objective: ov.Spec.Name}
		if m.Validate(c) != nil {
			continue
		}
		odds, err := m.InteractOdds(c)
		if err != nil {
			continue
		}
		tries := odds
		if m.AP >= 2 && odds < 1 {
			tries = 1 - float64((1-odds)*(1-odds)) // a second attempt if the first fails
		}
		v, what := e.pickUpValue(i, odds)
		if v <= 0 {
			continue
		}
		out = append(out, action{cmd: c, value: v, what: what, empties: -1, target: -1})
		if tries > odds {
			// Twice if need be: weighed only as the first action.
			out = append(out, action{cmd: c, value: v / odds * tries, what: what + ", twice if need be", empties: -1, target: -1, followed: true, firstOnly: true})
		}
	}
	return out
}

// pickUpValue is what picking up loot i is worth at these odds.
func (e *eval) pickUpValue(i int, odds float64) (float64, string) {
	ov := e.obj.views[i]
	pts := float64(points(ov.Spec)) * vpWorth
	v := float64(odds * 0.8 * pts)
	if !e.scoresLoot(i) {
		v = float64(odds * 0.25 * pts) // denied to the enemy
	}
	verb := ov.Spec.Verb
	if verb == "" {
		verb = "pick up"
	}
	what := upperFirst(verb) + " " + ov.Spec.Name
	if odds < 1 {
		what += fmt.Sprintf(" (%s to get it loose)", pct(odds))
	}
	if e.scoresLoot(i) {
		what += fmt.Sprintf(" to carry it to the %s edge", ov.Spec.Edge)
	} else {
		what += " so the enemy cannot carry it off"
	}
	return v, what
}

// pickUpAfterMove is the best loot a move to spot brings into reach, with
// the second action: worth what picking it up is, and the words.
func (e *eval) pickUpAfterMove(spot game.Point) (float64, string, bool) {
	m := e.m
	if m.Carrying(e.me) >= 0 {
		return 0, "", false
	}
	best, what, ok := 0.0, "", false
	for i, ov := range e.obj.views {
		if ov.Spec.Kind != game.ObjLoot || ov.Done || ov.Carrier >= 0 || spot.Dist(ov.At) > lootReach {
			continue
		}
		odds := rollOdds(m.InteractRoll(game.Command{Kind: game.CmdInteract, Model: e.me, Objective: ov.Spec.Name}))
		if v, w := e.pickUpValue(i, odds); v > best {
			best, what, ok = v, lowerFirst(w), true
		}
	}
	return best, what, ok
}

// lootReach is the engine's: how near a base centre must be to loot.
const lootReach = 1.0

func rollOdds(n int) float64 {
	if n <= 1 {
		return 1
	}
	return float64(7-n) / 6
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// objUrge is how much sooner a model should act for the objectives: a
// carrier or an escaper on his way, a model by loot.
func (e *eval) objUrge() (float64, string) {
	m := e.m
	for i, ov := range e.obj.views {
		if ov.Done {
			continue
		}
		pts := float64(points(ov.Spec)) * vpWorth
		switch ov.Spec.Kind {
		case game.ObjLoot:
			if ov.Carrier == e.me && e.scoresLoot(i) {
				return float64(0.4 * pts), fmt.Sprintf("he carries %s", ov.Spec.Name)
			}
			if ov.Carrier < 0 && e.scoresLoot(i) && e.freeForLoot(i) && m.Models[e.me].Pos.Dist(ov.At) <= lootReach+moveAllowance(m, e.me) {
				return float64(0.25 * pts), fmt.Sprintf("%s is within his reach", ov.Spec.Name)
			}
		case game.ObjEscape:
			if posseIndex(m, ov.Spec.Posse) == e.side && (ov.Spec.Target == "" || ov.Spec.Target == m.Models[e.me].Name) &&
				edgeDist(m, m.Models[e.me].Pos, ov.Spec.Edge) <= 2*moveAllowance(m, e.me) {
				return float64(0.25 * pts), fmt.Sprintf("the %s edge is near him", ov.Spec.Edge)
			}
		}
	}
	return 0, ""
}

// objWords says what a move to spot does for the objectives, for its
// reason: "carrying the strongbox to the west edge, 2 turns away".
func (e *eval) objWords(spot game.Point) string {
	m := e.m
	me := &m.Models[e.me]
	perTurn := math.Max(1, moveAllowance(m, e.me)) // one Move an activation
	for i, ov := range e.obj.views {
		if ov.Done {
			continue
		}
		switch ov.Spec.Kind {
		case game.ObjLoot:
			if ov.Carrier == e.me && e.scoresLoot(i) {
				g := e.goalFor(i)
				if !g.ok {
					continue
				}
				left := g.remaining(spot)
				if left < 0.3 {
					return fmt.Sprintf("carrying %s off the %s edge", ov.Spec.Name, ov.Spec.Edge)
				}
				return fmt.Sprintf("carrying %s to the %s edge, %s away", ov.Spec.Name, ov.Spec.Edge, words.Count(int(math.Ceil(left/perTurn)), "turn", "turns"))
			}
			if ov.Carrier < 0 && e.scoresLoot(i) && e.freeForLoot(i) && spot.Dist(ov.At) < me.Pos.Dist(ov.At)-0.5 {
				if spot.Dist(ov.At) <= lootReach {
					return "to " + ov.Spec.Name
				}
				return "toward " + ov.Spec.Name
			}
			if ov.Carrier >= 0 && m.Models[ov.Carrier].Posse != e.side && spot.Dist(m.Models[ov.Carrier].Pos) < me.Pos.Dist(m.Models[ov.Carrier].Pos)-0.5 {
				return fmt.Sprintf("after %s, who carries %s to the %s edge", m.Models[ov.Carrier].Name, ov.Spec.Name, ov.Spec.Edge)
			}
		case game.ObjEscape:
			if posseIndex(m, ov.Spec.Posse) == e.side && (ov.Spec.Target == "" || ov.Spec.Target == me.Name) {
				g := e.goalFor(i)
				if !g.ok || g.remaining(spot) >= g.remaining(me.Pos)-0.5 {
					continue
				}
				left := g.remaining(spot)
				if left < 0.3 {
					return fmt.Sprintf("off the %s edge", ov.Spec.Edge)
				}
				return fmt.Sprintf("making for the %s edge, %s away", ov.Spec.Edge, words.Count(int(math.Ceil(left/perTurn)), "turn", "turns"))
			}
		case game.ObjHold:
			in := spot.Dist(ov.At) <= ov.Radius
			if !in || me.Pos.Dist(ov.At) <= ov.Radius {
				continue
			}
			mine, theirs, tp := e.zoneCounts(i)
			switch e.zoneOutcome(i, mine+1, theirs, tp) - e.zoneOutcome(i, mine, theirs, tp) {
			case 0:
				return "into " + ov.Spec.Name
			default:
				if e.zoneOutcome(i, mine+1, theirs, tp) > 0 {
					return fmt.Sprintf("into %s, which we then hold", ov.Spec.Name)
				}
				return fmt.Sprintf("into %s, to contest it", ov.Spec.Name)
			}
		}
	}
	return ""
}

// targetWords is why a target is worth more for the objectives: ", and
// he carries the strongbox toward the west edge".
func (e *eval) targetWords(t int) string {
	if e.obj.reasons[t] == "" {
		return ""
	}
	return " (" + e.obj.reasons[t] + ")"
}

// harmFor is harm with the target's objective worth: a bounty, an enemy
// carrier, an escaper, a model holding a zone.
func (e *eval) harmFor(o rules.PoolOdds, target *game.Model) float64 {
	v := harm(o, target) + e.tempoWorth(target, o.PRemoved)
	if e.obj != nil {
		v += float64(o.PRemoved * e.obj.bonus[target.ID])
	}
	return v
}

// tempoWorth is the tempo term of removing target with chance p: more of
// his worth if he has still to act this game turn with a loaded gun (he
// will not shoot back). Shots and brawls both count it, so that it does
// not tip a fight in base contact toward breaking off to shoot; and a
// model that starts the choice in base contact weighs none of it: the
// bouts' value does not see that an enemy left in contact is tied to the
// fight when he acts, so the term, larger for a shot's odds than for a
// bout's, broke off fights that the brawl sweep's oracle says are won by
// fighting on (its cases #11 and #16). A match with objectives weighs
// none either: it is won on points, and the term outweighed a bounty
// that wins the match (TestShootsBountyOverBetterShotG41).
func (e *eval) tempoWorth(target *game.Model, p float64) float64 {
	if t := e.p.lvl.tempo; t > 0 && e.obj == nil && !target.Activated && e.anyLoaded(target.ID) && !e.m.Engaged(e.me) {
		return float64(t * p * worth(target))
	}
	return 0
}

// runner reports whether the model makes for an edge: he carries loot his
// side scores, or he is one who must escape.
func (o *objPlan) runner(m *game.Match, id int) bool {
	for i, v := range o.views {
		if v.Done {
			continue
		}
		switch v.Spec.Kind {
		case game.ObjLoot:
			if v.Carrier == id && mayScore(m, i, m.Models[id].Posse) {
				return true
			}
		case game.ObjEscape:
			if posseIndex(m, v.Spec.Posse) == m.Models[id].Posse && (v.Spec.Target == "" || v.Spec.Target == m.Models[id].Name) {
				return true
			}
		}
	}
	return false
}

// runnerRuns reports whether a Run is worth weighing to a place this far
// for a carrier or an escaper: beyond his Move (a load shortens it), a Run
// is the only way there in one activation, and every inch counts.
func (e *eval) runnerRuns(dist float64) bool {
	return e.obj != nil && e.obj.runner(e.m, e.me) && dist > moveAllowance(e.m, e.me)
}
