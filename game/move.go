package game

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"cowpoke/game/board"
	"cowpoke/game/detmath"
	"cowpoke/rules"
)

// standingModels lists the models in play and their base centres.
func (m *Match) standingModels() (ids []int, pts []Point) {
	for i := range m.Models {
		if !m.Models[i].Removed() {
			ids = append(ids, i)
			pts = append(pts, m.Models[i].Pos)
		}
	}
	return ids, pts
}

// others lists the base centres of every standing model but the given one:
// what a path must keep clear of (R2).
func (m *Match) others(except int) []Point {
	out := make([]Point, 0, len(m.Models))
	for i := range m.Models {
		if i != except && !m.Models[i].Removed() {
			out = append(out, m.Models[i].Pos)
		}
	}
	return out
}

// deploy places every model: where its spec says, or else spread along its
// side's deployment zones, facing the middle of the table (ruling G10).
func (m *Match) deploy() error {
	var placed []Point
	for pi, ps := range m.Scenario.Posses {
		for k, spec := range ps.Models {
			if spec.At == nil || spec.Escaped != "" {
				continue
			}
			md := &m.Models[m.Posses[pi].Models[k]]
			if !m.Board.CanStand(*spec.At, placed) {
				return fmt.Errorf("%s cannot stand at (%.2f, %.2f): terrain or another base is in the way", md.Name, spec.At.X, spec.At.Y)
			}
			md.Pos = *spec.At
			placed = append(placed, md.Pos)
		}
	}
	for pi, ps := range m.Scenario.Posses {
		var auto []int
		for k, spec := range ps.Models {
			if spec.At == nil && spec.Escaped == "" {
				auto = append(auto, m.Posses[pi].Models[k])
			}
		}
		zones := m.Board.DeploymentZones(pi + 1)
		for j, id := range auto {
			md := &m.Models[id]
			p, ok := m.freeSpot(zones, placed, float64(j)+0.5, float64(len(auto)))
			if !ok {
				return fmt.Errorf("no room for %s in %s deployment zone on %s", md.Name, possessive(ps.Name), m.Board.File)
			}
			md.Pos = p
			md.Facing = detmath.Atan2(float64(m.Board.Height/2)-p.Y, float64(m.Board.Width/2)-p.X)
			placed = append(placed, p)
		}
	}
	return nil
}

// freeSpot finds the point of a 1.25" grid inside the zones, where a base
// can stand, nearest the spot at fraction k/n along the zones' long side.
func (m *Match) freeSpot(zones []*board.Feature, placed []Point, k, n float64) (Point, bool) {
	const step = 1.25
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, z := range zones {
		for _, p := range z.Points {
			minX, minY, maxX, maxY = math.Min(minX, p.X), math.Min(minY, p.Y), math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
	}
	target := Point{X: (minX + maxX) / 2, Y: (minY + maxY) / 2}
	if maxX-minX >= maxY-minY {
		target.X = minX + float64((maxX-minX)*k)/n
	} else {
		target.Y = minY + float64((maxY-minY)*k)/n
	}
	best, bestD := Point{}, math.Inf(1)
	for _, z := range zones {
		for y := minY + board.BaseRadius; y <= maxY-board.BaseRadius; y += step {
			for x := minX + board.BaseRadius; x <= maxX-board.BaseRadius; x += step {
				p := Point{X: x, Y: y}
				if d := p.Dist(target); d < bestD && z.Contains(p) && m.Board.CanStand(p, placed) {
					best, bestD = p, d
				}
			}
		}
	}
	return best, !math.IsInf(bestD, 1)
}

// planPath finds the path a move follows: through the command's waypoints
// (if any) to its destination, around terrain and bases. Paths that cost
// no more than allowance are found fastest; a dearer path is still found,
// since a door or window on it may end the move in reach (R11). The last
// path planned is remembered (pathMemo), so Apply does not plan again the
// move Validate has just planned.
func (m *Match) planPath(id int, c Command, allowance float64) (board.Path, error) {
	md := &m.Models[id]
	var stops []Point
	stops = append(stops, c.Path...)
	if c.To != nil {
		stops = append(stops, *c.To)
	}
	if len(stops) == 0 {
		return board.Path{}, reasonf("say where %s should go", word(md.Name))
	}
	key := pathKey{board: m.Board, doors: m.Board.DoorChanges(), from: md.Pos, stops: stops, others: m.others(id), allowance: allowance}
	if p, err, ok := m.paths.get(key); ok {
		if err != nil {
			return board.Path{}, reasonf("%s cannot go there: %s", word(md.Name), cause(err))
		}
		return p, nil
	}
	p, err := m.findPath(key)
	m.paths.put(key, p, err)
	if err != nil {
		return board.Path{}, reasonf("%s cannot go there: %s", word(md.Name), cause(err))
	}
	return p, nil
}

// findPath plans the legs of a move from key.from through key.stops.
func (m *Match) findPath(key pathKey) (board.Path, error) {
	full := board.Path{Points: []Point{key.from}}
	from := key.from
	for _, to := range key.stops {
		if !(finite(to.X) && finite(to.Y)) {
			return board.Path{}, fmt.Errorf("that is not a place on the table")
		}
		leg, err := key.board.PathWithin(from, to, key.others, key.allowance-full.Cost)
		var cannotStand *board.CannotStandError
		if err != nil && !errors.As(err, &cannotStand) {
			leg, err = key.board.PathBeyond(from, to, key.others, key.allowance-full.Cost)
		}
		if err != nil {
			return board.Path{}, err
		}
		full.Points = append(full.Points, leg.Points[1:]...)
		full.Length += leg.Length
		full.Cost += leg.Cost
		from = to
	}
	full.Stops = key.board.Stops(full.Points)
	return full, nil
}

// pathKey is everything a planned path depends on.
type pathKey struct {
	board     *board.Board
	doors     uint64 // board.DoorChanges() when planned
	from      Point
	stops     []Point // waypoints, then the destination
	others    []Point // the other bases in play
	allowance float64
}

func (k pathKey) equal(o pathKey) bool {
	return k.board == o.board && k.doors == o.doors && k.from == o.from && k.allowance == o.allowance &&
		slices.Equal(k.stops, o.stops) && slices.Equal(k.others, o.others)
}

// pathMemo remembers the last few paths planned and what each was planned
// from (a computer player previews a few moves, then Validate checks the
// best few commands and Apply the chosen one, which was not the last
// checked). A path is a function of its key alone, so a hit is exactly
// what planning again would give. Safe for concurrent use; the paths it
// returns are shared and must not be changed.
type pathMemo struct {
	mu      sync.Mutex
	entries [pathMemoSize]pathEntry
	next    int // the entry put overwrites next
}

// pathMemoSize is how many paths a match remembers.
const pathMemoSize = 8

type pathEntry struct {
	key  pathKey
	path board.Path
	err  error
	set  bool
	// How far the path goes with an allowance (board.Reach, a function of
	// the path and the allowance alone): a move checked, then applied,
	// asks twice.
	reach    board.Reach
	reachFor float64
	hasReach bool
}

// reachOf is b.Reach(p, allowance), remembered for the memo's own paths.
func (pm *pathMemo) reachOf(b *board.Board, p board.Path, allowance float64) board.Reach {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	var mine *pathEntry
	for i := range pm.entries {
		if e := &pm.entries[i]; e.set && len(p.Points) > 0 && len(e.path.Points) == len(p.Points) && &e.path.Points[0] == &p.Points[0] {
			mine = e
			break
		}
	}
	if mine != nil && mine.hasReach && mine.reachFor == allowance {
		return mine.reach
	}
	r := b.Reach(p, allowance)
	if mine != nil {
		mine.reach, mine.reachFor, mine.hasReach = r, allowance, true
	}
	return r
}

func (pm *pathMemo) get(k pathKey) (board.Path, error, bool) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	for i := range pm.entries {
		if e := &pm.entries[i]; e.set && e.key.equal(k) {
			return e.path, e.err, true
		}
	}
	return board.Path{}, nil, false
}

func (pm *pathMemo) put(k pathKey, p board.Path, err error) {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	pm.entries[pm.next] = pathEntry{key: k, path: p, err: err, set: true}
	pm.next = (pm.next + 1) % pathMemoSize
}

// walk is a move worked out before it happens: the path as far as the
// model really gets.
type walk struct {
	path     []Point
	length   float64
	stopped  *board.Stop // an R11 stop ended it
	short    bool        // Dead Reckoning: the allowance ran out before the destination
	wanted   float64     // allowance the whole declared path would have needed
	disengag []int       // enemies in contact it leaves (R13)
}

// planWalk checks a Move or Run-to and works out how far it goes.
func (m *Match) planWalk(id int, c Command, allowance float64) (walk, error) {
	md := &m.Models[id]
	if c.To != nil && len(c.Path) == 0 && !m.Scenario.Options.DeadReckoning {
		// No path is shorter than the straight line: refuse far spots at once.
		if d := md.Pos.Dist(*c.To); d > allowance+1e-9 {
			return walk{}, reasonf("%s can go %s; that spot is %s away", word(md.Name), inches(allowance), inches(d))
		}
	}
	p, err := m.planPath(id, c, allowance)
	if err != nil {
		return walk{}, err
	}
	r := m.paths.reachOf(m.Board, p, allowance)
	w := walk{wanted: p.Cost, stopped: r.Stopped}
	if r.Stopped == nil && r.Along < p.Length-1e-6 {
		if !m.Scenario.Options.DeadReckoning {
			return walk{}, reasonf("%s can go %s; that path needs %s", word(md.Name), inches(allowance), inches(p.Cost))
		}
		w.short = true
	}
	w.path = truncatePath(p.Points, r.Along)
	w.length = r.Along
	end := w.path[len(w.path)-1]
	for _, e := range m.engagedWith(id) {
		if board.InContact(end, m.Models[e].Pos) {
			return walk{}, reasonf("%s is engaged with %s: a move must leave base contact (R13)", word(md.Name), word(m.Models[e].Name))
		}
		w.disengag = append(w.disengag, e)
	}
	return w, nil
}

// truncatePath returns the path up to s inches along it.
func truncatePath(path []Point, s float64) []Point {
	out := []Point{path[0]}
	for i := 0; i+1 < len(path); i++ {
		l := path[i].Dist(path[i+1])
		if s <= l+1e-12 {
			if s > 1e-12 {
				out = append(out, path[i].Lerp(path[i+1], math.Min(1, s/l)))
			}
			return out
		}
		out = append(out, path[i+1])
		s -= l
	}
	return out
}

// headingAt is the direction of travel s inches along a path: a walking
// model faces the way it walks (ruling G4).
func headingAt(path []Point, s float64) (float64, bool) {
	for i := 0; i+1 < len(path); i++ {
		l := path[i].Dist(path[i+1])
		if (s <= l || i+2 == len(path)) && l > 0 {
			d := path[i+1].Sub(path[i])
			return detmath.Atan2(d.Y, d.X), true
		}
		s -= l
	}
	return 0, false
}

func inchesText(d float64) string { return fmt.Sprintf("%.1f\"", d) }

// engagedWith lists the enemies in base contact with a model (R12).
func (m *Match) engagedWith(id int) []int {
	md := &m.Models[id]
	var out []int
	for i := range m.Models {
		o := &m.Models[i]
		if o.Posse != md.Posse && !o.Removed() && board.InContact(md.Pos, o.Pos) {
			out = append(out, i)
		}
	}
	return out
}

// Engaged reports whether a model is in base contact with an enemy (R12).
// It allocates nothing (screens ask it every frame).
func (m *Match) Engaged(id int) bool {
	md := &m.Models[id]
	for i := range m.Models {
		if o := &m.Models[i]; o.Posse != md.Posse && !o.Removed() && board.InContact(md.Pos, o.Pos) {
			return true
		}
	}
	return false
}

// EnemiesInContact lists the enemies a model is engaged with (R12).
func (m *Match) EnemiesInContact(id int) []int { return m.engagedWith(id) }

// moveAllowance is a standard Move's length for the model (R9, R30).
func (m *Match) moveAllowance(id int) float64 {
	return m.slowed(id, rules.MoveAllowance(m.injuries(id))) // a carrier's load (objective.go)
}

// injuries are the model's Critical Injury penalties when the option is on.
func (m *Match) injuries(id int) rules.Injuries {
	if !m.Scenario.Options.CriticalInjuries {
		return rules.Injuries{}
	}
	return m.Models[id].Health.Injuries()
}

// startWalk begins a walked move: parting shots first (R13), then the path,
// pausing for overwatchers (R32). run says whether it is a Run's walk.
func (m *Match) startWalk(id int, w walk, run bool) {
	md := &m.Models[id]
	md.Moved = true
	for _, e := range w.disengag {
		m.partingShot(e, id)
		if md.Removed() {
			m.afterWalk(id, run)
			return
		}
	}
	if w.short {
		m.emit(Event{Kind: EvMoved, Model: id, Text: fmt.Sprintf("%s falls short: the path needed %s (Dead Reckoning).", md.Name, inchesText(w.wanted))})
	}
	m.Pending = nil
	in := &Interrupt{Mover: id, Path: w.path, Length: w.length, Run: run, Stopped: w.stopped, Left: len(w.disengag) > 0 && m.edition3()}
	for i := range m.Models {
		wm := &m.Models[i]
		if !wm.Overwatch || wm.Removed() || wm.Posse == md.Posse || m.Engaged(i) {
			continue
		}
		rng := m.overwatchRange(i)
		if rng <= 0 {
			continue
		}
		if spans := m.watchSpans(i, id, w.path, rng); len(spans) > 0 {
			in.Watchers = append(in.Watchers, watcher{Model: i, Spans: spans, Planned: -1})
		}
	}
	m.continueWalk(in)
}

// overwatchRange is how far an overwatcher's loaded weapons reach: the end
// of the furthest band where some loaded weapon is not "-" (Extreme range
// ends at the far corner of the table).
func (m *Match) overwatchRange(id int) float64 {
	md := &m.Models[id]
	bandEnds := [...]float64{2, 6, 12, 24, detmath.Hypot(m.Board.Width, m.Board.Height)}
	best := 0.0
	for slot, w := range md.Profile.Weapons {
		spec, _ := w.Spec()
		if md.Empty[slot] || !spec.CanShoot() {
			continue
		}
		for b, base := range spec.Chart {
			if base != rules.NoShot {
				best = math.Max(best, bandEnds[b])
			}
		}
	}
	return best
}

// watcher is one overwatcher's chance at a mover.
type watcher struct {
	Model    int          `json:"model"`
	Spans    []board.Span `json:"spans"`   // stretches of the path in its arc, LoS and range
	Planned  float64      `json:"planned"` // where it chose to fire, or -1
	Slot     int          `json:"slot"`
	Resolved bool         `json:"resolved"`       // fired or held
	Luck     bool         `json:"luck,omitempty"` // edition 3: a Luck token declared with Fire (R41)
}

// Interrupt is a move paused by Overwatch (R32): the mover stands at
// Progress inches along Path, and the Watcher's side must fire or hold.
type Interrupt struct {
	Mover    int         `json:"mover"`
	Path     []Point     `json:"path"`
	Length   float64     `json:"length"`
	Progress float64     `json:"progress"`
	Run      bool        `json:"run"`
	Stopped  *board.Stop `json:"stopped,omitempty"`
	Watchers []watcher   `json:"watchers"`
	Watcher  int         `json:"watcher"`        // the overwatcher asked now
	Left     bool        `json:"left,omitempty"` // edition 3: the walk leaves a brawl (a Maneuver if it ends standing, R42)
}

// Chances returns the stretches where the overwatcher asked now may fire,
// from the mover's current point on.
func (in *Interrupt) Chances() []board.Span {
	for _, w := range in.Watchers {
		if w.Model == in.Watcher {
			var out []board.Span
			for _, s := range w.Spans {
				if s.To >= in.Progress-1e-9 {
					out = append(out, s)
				}
			}
			return out
		}
	}
	return nil
}

// earliest is the first point at or after from in the spans, or -1.
func earliest(spans []board.Span, from float64) float64 {
	for _, s := range spans {
		if s.To >= from-1e-9 {
			return math.Max(s.From, from)
		}
	}
	return -1
}

// continueWalk moves the mover on to the next overwatch event in path order,
// resolving planned shots and asking undecided overwatchers (R32).
func (m *Match) continueWalk(in *Interrupt) {
	md := &m.Models[in.Mover]
	for {
		next, at, planned := -1, math.Inf(1), false
		for i := range in.Watchers {
			w := &in.Watchers[i]
			if w.Resolved || m.Models[w.Model].Removed() || !m.Models[w.Model].Overwatch {
				continue
			}
			p, isPlan := w.Planned, true
			if p < 0 {
				p, isPlan = earliest(w.Spans, in.Progress), false
				if p < 0 {
					w.Resolved = true
					continue
				}
			}
			if p < at || (p == at && isPlan && !planned) {
				next, at, planned = i, p, isPlan
			}
		}
		if next < 0 {
			break
		}
		m.placeAlong(in, at)
		w := &in.Watchers[next]
		if !planned {
			in.Watcher = w.Model
			m.Pending = in
			wm := &m.Models[w.Model]
			m.emit(Event{Kind: EvInterrupt, Model: w.Model, Target: in.Mover, To: ptr(md.Pos), Distance: in.Progress,
				Text: fmt.Sprintf("%s may fire at %s from Overwatch.", wm.Name, md.Name)})
			return
		}
		w.Resolved = true
		m.overwatchShot(w.Model, w.Slot, in.Mover, w.Luck)
		if md.Removed() {
			m.Pending = nil
			m.afterWalk(in.Mover, in.Run)
			return
		}
	}
	m.Pending = nil
	m.placeAlong(in, in.Length)
	if in.Stopped != nil && in.Length >= in.Stopped.Along-1e-6 {
		f := &m.Board.Features[in.Stopped.Feature]
		verb := "stops just inside"
		if !in.Stopped.Enter {
			verb = "climbs out and stops just outside"
		}
		m.emit(Event{Kind: EvMoved, Model: in.Mover, Text: fmt.Sprintf("%s %s the %s (R11).", md.Name, verb, f.Label())})
	}
	m.emit(Event{Kind: EvMoved, Model: in.Mover, Path: in.Path, To: ptr(md.Pos), Distance: in.Length,
		Text: fmt.Sprintf("%s moves %s.", md.Name, inchesText(in.Length))})
	m.roundWalked(in) // edition 3: a Maneuver, Breaks' contact (R42, R50)
	m.afterWalk(in.Mover, in.Run)
}

// placeAlong puts the mover s inches along the interrupted path, facing
// the way it walks, and checks the Aim markers on it (R16).
func (m *Match) placeAlong(in *Interrupt, s float64) {
	md := &m.Models[in.Mover]
	from := in.Progress
	in.Progress = s
	md.Pos = board.PointAlong(in.Path, s)
	md.Facing = m.facingAlong(in.Mover, in.Path, s)
	m.checkAimsOn(in.Mover, in.Path, from, s)
	m.openDoorsPassed(in.Mover, in.Path, from, s) // edition 5 (R5)
}

// afterWalk settles a finished move: engagement, then the activation goes
// on (Move with AP left) or ends (Run, or no AP).
func (m *Match) afterWalk(id int, run bool) {
	md := &m.Models[id]
	if !md.Removed() {
		for _, e := range m.engagedWith(id) {
			m.emit(Event{Kind: EvEngaged, Model: id, Target: e, Text: fmt.Sprintf("%s and %s are engaged (R12).", md.Name, m.Models[e].Name)})
		}
	}
	if m.checkVictory() {
		return
	}
	if run || m.AP == 0 || m.Models[m.Active].Removed() {
		m.endActivation()
	}
}

func ptr(p Point) *Point { return &p }

// shootableSpans keeps the stretches of the spans where the watcher has a
// possible shot at the mover with some loaded weapon: a band its weapons
// reach with at least one die (R32). An overwatcher with no possible shot
// anywhere along the path is not asked at all.
func (m *Match) shootableSpans(watcher, mover int, path []Point, spans []board.Span) []board.Span {
	const step = 0.1
	var out []board.Span
	for _, s := range spans {
		open := false
		var cur board.Span
		for x := s.From; ; x += step {
			if x > s.To {
				x = s.To
			}
			at := board.PointAlong(path, x)
			if m.hasShot(watcher, mover, at, m.markedFacing(mover, path, x)) {
				if !open {
					cur, open = board.Span{From: x, A: at}, true
				}
				cur.To, cur.B = x, at
			} else if open {
				out, open = append(out, cur), false
			}
			if x >= s.To {
				break
			}
		}
		if open {
			out = append(out, cur)
		}
	}
	return out
}

// hasShot reports whether an overwatch shot from watcher at mover standing
// at p, facing the given way, would roll at least one die with some weapon.
func (m *Match) hasShot(watcher, mover int, p Point, facing float64) bool {
	wm := &m.Models[watcher]
	// Cover only takes dice away (R15), so a weapon that would roll nothing
	// against a target in the open rolls nothing at all, and one whose pool
	// cannot fall below a die (rules.ShotRollsWhatever) rolls whatever the
	// cover: for either, sight alone decides, and sight is the same for
	// every weapon (no weapon shoots unseen). Only the others need the
	// cover, from the whole sight.
	open := board.Sight{Visible: true, Distance: board.Distance(wm.Pos, p)}
	needCover := false
	for slot, w := range wm.Profile.Weapons {
		if m.checkArms(watcher, slot, mover, false) != nil {
			continue
		}
		q := m.shotQuery(watcher, slot, mover, overwatchShot, p)
		q.TargetFacing = facing
		pool, band, err := m.sizeShot(q, &open)
		switch {
		case err != nil || pool.Impossible:
		case rules.ShotRollsWhatever(w, band):
			return m.Board.SeesAny(wm.Pos, p, m.sightRules())
		default:
			needCover = true
		}
	}
	if !needCover || !m.Board.SeesAny(wm.Pos, p, m.sightRules()) {
		return false
	}
	for slot := range wm.Profile.Weapons {
		if s, err := m.setupShotFacing(watcher, slot, mover, overwatchShot, p, facing); err == nil && !s.Pool.Impossible {
			return true
		}
	}
	return false
}
