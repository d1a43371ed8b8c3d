package game

import (
	"cowpoke/game/board"
)

// MovePreview is what a Move or Run-to would do, worked out without doing
// it: for drawing the path, its length and where R11 stops it while the
// player chooses. Err says why the move would be refused.
type MovePreview struct {
	Path      []Point     // as far as the model would get
	Length    float64     // inches walked
	Needed    float64     // allowance the whole declared path needs (R10 counted)
	Allowance float64     // the model's allowance for this move
	Stop      *board.Stop // an R11 stop that would end it
	Short     bool        // Dead Reckoning: it would fall short
	Err       error
	// Within is, when the spot is out of reach (Err says so), the part of
	// the way the model could walk: for showing where it would end.
	Within []Point
}

// PreviewMove works out a Move (or, while a Run is rolled, a Run-to) for the
// active model, as Apply would.
func (m *Match) PreviewMove(c Command) MovePreview {
	pv := MovePreview{Err: m.Validate(c)}
	if c.Model < 0 || c.Model >= len(m.Models) || (c.Kind != CmdMove && c.Kind != CmdRunTo) {
		return pv
	}
	pv.Allowance = m.RunLeft
	if c.Kind == CmdMove {
		pv.Allowance = m.moveAllowance(c.Model)
	}
	w, err := m.planWalk(c.Model, c, pv.Allowance)
	if err != nil {
		if pv.Err == nil {
			pv.Err = err
		}
		if !m.Scenario.Options.DeadReckoning {
			if p, err := m.planPath(c.Model, c, pv.Allowance); err == nil && p.Cost > pv.Allowance+1e-9 {
				pv.Within = truncatePath(p.Points, m.Board.Reach(p, pv.Allowance).Along)
			}
		}
		return pv
	}
	pv.Path, pv.Length, pv.Needed, pv.Stop, pv.Short = w.path, w.length, w.wanted, w.stopped, w.short
	return pv
}

// OverwatchThreats lists the enemy overwatchers of a model that would have
// a shot at it standing at p: p in the arc, in LoS and in range (R32). For
// the warning a player sees while choosing a destination.
func (m *Match) OverwatchThreats(mover int, p Point) []int {
	var out []int
	for i := range m.Models {
		w := &m.Models[i]
		if !w.Overwatch || w.Removed() || w.Posse == m.Models[mover].Posse || m.Engaged(i) {
			continue
		}
		if board.InArc(w.Pos, p, w.WatchDir) && board.Distance(w.Pos, p) < m.overwatchRange(i) && m.Board.Visible(w.Pos, p) {
			out = append(out, i)
		}
	}
	return out
}

// OverwatchRange is how far an overwatcher's loaded weapons reach (for
// drawing its arc).
func (m *Match) OverwatchRange(id int) float64 { return m.overwatchRange(id) }

// MoveRange is the area the active model can reach with its Move (or its
// rolled Run): Cost(p) gives the allowance a path to p needs, +Inf beyond
// reach. It ignores R11 stops, which PreviewMove shows.
func (m *Match) MoveRange() (*board.Field, bool) {
	if m.Active < 0 || m.Pending != nil {
		return nil, false
	}
	allowance := m.RunLeft
	if allowance == 0 {
		if m.UsedMove || m.AP < 1 {
			return nil, false
		}
		allowance = m.moveAllowance(m.Active)
	}
	return m.Board.ReachField(m.Models[m.Active].Pos, m.others(m.Active), allowance), true
}
