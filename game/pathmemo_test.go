package game

import (
	"reflect"
	"testing"
)

// TestRememberedReachIsReach checks the path memo's reach against working
// it out: for the memo's own path, under the allowance asked before and
// under others, and for a path that is not the memo's.
func TestRememberedReachIsReach(t *testing.T) {
	s, b := defaultTown(t)
	m, err := NewMatchOn(s, b, 3)
	if err != nil {
		t.Fatal(err)
	}
	id := m.Posses[0].Models[0]
	from := m.Models[id].Pos
	to := Point{X: from.X + 5, Y: from.Y + 4}
	p, err := m.planPath(id, Command{Kind: CmdMove, Model: id, To: &to}, 6)
	if err != nil {
		t.Skipf("no path on this map: %v", err)
	}
	for _, allowance := range []float64{6, 6, 2.5, 6, 100} {
		if got, want := m.paths.reachOf(m.Board, p, allowance), m.Board.Reach(p, allowance); !reflect.DeepEqual(got, want) {
			t.Fatalf("allowance %g: remembered %+v, worked out %+v", allowance, got, want)
		}
	}
	other := p
	other.Points = append([]Point(nil), p.Points...)
	other.Points[len(other.Points)-1].X -= 0.5
	if got, want := m.paths.reachOf(m.Board, other, 6), m.Board.Reach(other, 6); !reflect.DeepEqual(got, want) {
		t.Fatalf("another path: %+v, worked out %+v", got, want)
	}
}
