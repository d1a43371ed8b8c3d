package analysis

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestHorizons compares playout horizons on the same positions (the
// calibration's, from COWPOKE_ANALYSIS_SEED): each position is estimated
// with COWPOKE_ANALYSIS_PLAYOUTS playouts at every horizon of
// COWPOKE_ANALYSIS_HORIZONS (activations; 0 plays to the end), and a line
// a position goes to COWPOKE_ANALYSIS_SAMPLES: match, result, then the
// first posse's chance at each horizon. Off unless
// COWPOKE_ANALYSIS_HORIZON_POSITIONS is set: it is a study, not a check.
//
//	COWPOKE_ANALYSIS_HORIZON_POSITIONS=300 COWPOKE_ANALYSIS_HORIZONS=10,30,0 COWPOKE_ANALYSIS_PLAYOUTS=16 COWPOKE_ANALYSIS_SAMPLES=h.csv go test -run TestHorizons -v -timeout 0 ./game/analysis/
func TestHorizons(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("COWPOKE_ANALYSIS_HORIZON_POSITIONS"))
	if n == 0 {
		t.Skip("a study: set COWPOKE_ANALYSIS_HORIZON_POSITIONS")
	}
	var horizons []int
	for _, f := range strings.Split(os.Getenv("COWPOKE_ANALYSIS_HORIZONS"), ",") {
		h, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("COWPOKE_ANALYSIS_HORIZONS: %v", err)
		}
		if h == 0 {
			h = 1 << 20 // to the end
		}
		horizons = append(horizons, h)
	}
	playouts, _ := strconv.Atoi(os.Getenv("COWPOKE_ANALYSIS_PLAYOUTS"))
	if playouts == 0 {
		playouts = 16
	}
	out, err := os.Create(os.Getenv("COWPOKE_ANALYSIS_SAMPLES"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	lines := make([]string, n)
	onEveryCore(n, func(i int) {
		m, result, seed, ok := calibrationPosition(t, i)
		if !ok {
			return
		}
		lines[i] = fmt.Sprintf("%d,%.1f", i, result)
		for _, h := range horizons {
			e := NewEstimator(int64(seed))
			e.horizon = h
			est := e.estimate(context.Background(), m, playouts)
			lines[i] += fmt.Sprintf(",%.6f", est.Posses[0].Win+est.Draw/2)
		}
	}, func(i int) {
		if lines[i] != "" {
			fmt.Fprintln(out, lines[i])
		}
	})
}
