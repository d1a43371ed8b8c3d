package game

import (
	"fmt"

	"cowpoke/game/board"
	"cowpoke/rules"
)

// throwDynamite lands a stick and lights its fuse (R22-R24).
func (m *Match) throwDynamite(id int, spot Point, kind board.Throw) {
	md := &m.Models[id]
	md.Sticks--
	at := spot
	text := fmt.Sprintf("%s lobs a stick of dynamite %s away (Sure Throw).", md.Name, inchesText(md.Pos.Dist(spot)-board.BaseRadius))
	var faces []int
	if kind == board.HailMary {
		die := rules.D6(m.dice)
		faces = []int{die}
		reach := rules.HailMaryReach(die)
		at = board.Landing(md.Pos, spot, reach)
		if at == spot {
			text = fmt.Sprintf("%s hurls a Hail Mary: rolls %d, reach %s: it lands on the spot.", md.Name, die, inchesText(reach))
		} else {
			text = fmt.Sprintf("%s hurls a Hail Mary: rolls %d, reach %s: it falls short (R23).", md.Name, die, inchesText(reach))
		}
	}
	m.Fuses = append(m.Fuses, Fuse{Thrower: id, Posse: md.Posse, At: at})
	m.emit(Event{Kind: EvThrown, Model: id, To: ptr(at), Faces: faces,
		Text: text + fmt.Sprintf(" The fuse burns until %s's next activation (R24).", md.Name)})
}

// explodeFusesOf sets off the sticks a model threw, at the start of its
// next activation (R24).
func (m *Match) explodeFusesOf(id int) {
	m.explodeWhere(func(f Fuse) bool { return f.Thrower == id })
}

// explodeOrphans sets off the sticks of a posse's fallen throwers at the
// start of the posse's turn (R24).
func (m *Match) explodeOrphans(posse int) {
	m.explodeWhere(func(f Fuse) bool { return f.Posse == posse && m.Models[f.Thrower].Removed() })
}

func (m *Match) explodeWhere(due func(Fuse) bool) {
	kept := m.Fuses[:0]
	var going []Fuse
	for _, f := range m.Fuses {
		if due(f) {
			going = append(going, f)
		} else {
			kept = append(kept, f)
		}
	}
	m.Fuses = kept
	for _, f := range going {
		m.explode(f)
	}
}

// explode resolves a blast against every model near the token (R25).
func (m *Match) explode(f Fuse) {
	m.emit(Event{Kind: EvExploded, Model: f.Thrower, To: ptr(f.At), Text: fmt.Sprintf("%s's dynamite goes off!", m.Models[f.Thrower].Name)})
	ids, pts := m.standingModels()
	for _, h := range m.Board.Blast(f.At, pts) {
		id := ids[h.Index]
		md := &m.Models[id]
		if h.Shielded {
			m.emit(Event{Kind: EvShielded, Model: id, Distance: h.Distance, Text: fmt.Sprintf("%s is shielded from the blast by a wall (R25).", md.Name)})
			continue
		}
		pool, _ := rules.BlastPool(h.Distance)
		res := rules.Shoot(m.dice, &pool)
		m.emit(Event{Kind: EvBlast, Model: id, Distance: h.Distance, Pool: poolInfo(&pool), Faces: res.Roll.Faces, Hits: res.Hits,
			Text: fmt.Sprintf("The blast catches %s at %s: %s; rolls %s: %s.", md.Name, inchesText(h.Distance), pool.Explain(), facesText(res.Roll.Faces), hitsText(res.Hits))})
		for i := 0; i < res.Hits; i++ {
			m.roundHarm(f.Thrower, id, m.wound(id, rules.RollWound(m.dice), "the blast")) // edition 3 (R49)
		}
	}
}
