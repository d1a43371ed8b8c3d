package game

import (
	"encoding/binary"
	"encoding/hex"
	"math"
)

// stepCheck is a short check of the state after a command: 32 bits of a
// hash (FNV-1a over 64-bit words, then mixed) over every model's position, facing, overwatch, wounds and
// flags, and the turn, whose go it is, the action points, the Run left, the
// fuses, a pending interrupt's progress and how many dice have been rolled.
// A save keeps one per command so that a replay that goes another way (on
// a CPU that rounds differently, or with a changed rule) names the first
// command that did. It is cheap enough to take after every command
// (BenchmarkStepCheck); the full StateHash is taken only at the end.
func (m *Match) stepCheck() string {
	h := fnv64{state: 14695981039346656037}
	h.int(m.Turn, m.Up.Posse, m.Up.Model, m.Active, m.AP, m.Winner, m.dice.rolls, len(m.Fuses))
	h.bool(m.UsedMove, m.Over)
	h.float(m.RunLeft)
	for i := range m.Models {
		md := &m.Models[i]
		h.float(md.Pos.X, md.Pos.Y, md.Facing, md.WatchDir)
		h.int(md.Health.Damage, md.Sticks, md.AimAt)
		for _, w := range md.Health.Marked {
			h.int(w)
		}
		h.bool(md.Health.ToughSpent, md.Activated, md.Moved, md.Overwatch)
		h.bool(md.Empty[:]...)
	}
	for _, f := range m.Fuses {
		h.int(f.Thrower)
		h.float(f.At.X, f.At.Y)
	}
	if p := m.Pending; p != nil {
		h.int(p.Mover, p.Watcher)
		h.float(p.Progress, p.Length)
	}
	h.objectives(m.objectives)    // nothing without objectives (objective.go)
	if d := m.Defence; d != nil { // edition 3 only (R41)
		h.int(d.Brawler, len(d.Asking), len(d.Lucky))
	}
	// SplitMix64's finaliser, so every input bit reaches the 32 kept.
	x := Mix64(h.state)
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], uint32(x>>32))
	return hex.EncodeToString(b[:])
}

// Mix64 is SplitMix64's finaliser: every bit of x reaches every bit of
// the result. Seeds and state checks are derived with it, so its output
// must never change.
func Mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// fnv64 is FNV-1a taking 64-bit words instead of bytes, without
// allocating.
type fnv64 struct{ state uint64 }

func (h *fnv64) word(w uint64) {
	h.state ^= w
	h.state *= 1099511628211
}

func (h *fnv64) int(vs ...int) {
	for _, v := range vs {
		h.word(uint64(v))
	}
}

func (h *fnv64) float(vs ...float64) {
	for _, v := range vs {
		h.word(math.Float64bits(v))
	}
}

func (h *fnv64) bool(vs ...bool) {
	for _, v := range vs {
		if v {
			h.word(1)
		} else {
			h.word(0)
		}
	}
}
