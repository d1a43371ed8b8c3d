package scene

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/cputime"
)

// defaultBoard is the default scenario's map (Dry Gulch).
func defaultBoard(tb testing.TB) *board.Board {
	tb.Helper()
	s, err := game.DefaultScenario()
	if err != nil {
		tb.Fatal(err)
	}
	b, err := s.LoadMap()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// fitScale is the camera's scale when the whole default table is shown in
// the window (the scale the town is first painted at). Call it on the loop.
func fitScale(tb testing.TB) float64 {
	bt, err := newDefaultBattle(h.app)
	if err != nil {
		tb.Fatal(err)
	}
	bt.fit(h.app)
	return bt.cam.Scale
}

// BenchmarkTownRepaint is a full paint of the town (a zoom step settling):
// both layers on the CPU and the upload, Dry Gulch at the fitted zoom.
func BenchmarkTownRepaint(bm *testing.B) {
	b := defaultBoard(bm)
	var t town
	onLoop(func() {
		t.th = h.app.Theme
		scale := fitScale(bm)
		t.paint(b, scale) // the first paint allocates the layers
		bm.ReportAllocs()
		bm.ResetTimer()
		cpu := cputime.Process()
		for range bm.N {
			t.paint(b, scale)
		}
		bm.StopTimer()
		reportCPU(bm, cpu, bm.N)
		t.img.Deallocate()
	})
}

// BenchmarkDoorRepaint is the repaint after a door opens or closes: the
// top layer again over a copy of the base, and the upload.
func BenchmarkDoorRepaint(bm *testing.B) {
	b := defaultBoard(bm)
	var t town
	onLoop(func() {
		t.th = h.app.Theme
		t.paint(b, fitScale(bm))
		bm.ReportAllocs()
		bm.ResetTimer()
		cpu := cputime.Process()
		for range bm.N {
			t.paintTop(b)
		}
		bm.StopTimer()
		reportCPU(bm, cpu, bm.N)
		t.img.Deallocate()
	})
}

// BenchmarkFirstBattleFrame is what Start costs the player: a new default
// match and its battle screen, its first frame drawn and ended, the
// handoff passed and the first frame of the town (its first paint).
func BenchmarkFirstBattleFrame(bm *testing.B) {
	onLoop(func() {
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	})
	defer onLoop(func() {
		ebiten.SetVsyncEnabled(true)
		ebiten.SetTPS(60)
		h.app.Goto(newTitle(h.app))
	})
	var total time.Duration
	cpu := cputime.Process()
	for range bm.N {
		t0 := time.Now()
		onLoop(func() {
			b, err := newDefaultBattle(h.app)
			if err != nil {
				bm.Fatal(err)
			}
			b.shownTo = b.t.M.Decider() // the handoff passed
			h.app.Goto(b)
		})
		frames(1)
		total += time.Since(t0)
	}
	bm.ReportMetric(float64(total.Milliseconds())/float64(bm.N), "ms/start")
	reportCPU(bm, cpu, bm.N)
}

// rssMB is the process's resident set, MB (Linux).
func rssMB(t *testing.T) float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status: RSS is measured on Linux")
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// TestLongSessionMemory plays COWPOKE_SOAK_FRAMES frames (make soak-scene:
// 20,000) of synthetic input on the default match: the cursor sweeping the
// table, a wheel zoom in or out every 90 frames (each settles into a
// repaint of the town), a door opened and closed every 500 frames (a top
// layer repaint), and checks that the resident set grows by at most 20 MB
// after the first 2,000 frames. Skipped unless the variable is set.
func TestLongSessionMemory(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("COWPOKE_SOAK_FRAMES"))
	if n <= 0 {
		t.Skip("set COWPOKE_SOAK_FRAMES (make soak-scene) for the long session")
	}
	var b *battle
	onLoop(func() {
		var err error
		b, err = newDefaultBattle(h.app)
		if err != nil {
			t.Fatal(err)
		}
		b.shownTo = b.t.M.Decider()
		h.app.Goto(b)
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	})
	defer onLoop(func() {
		ebiten.SetVsyncEnabled(true)
		ebiten.SetTPS(60)
		h.app.Goto(newTitle(h.app))
	})
	door := -1
	onLoop(func() {
		for i := range b.t.M.Board.Features {
			if f := &b.t.M.Board.Features[i]; f.Kind == board.Door && !f.Locked {
				door = f.ID
				break
			}
		}
	})
	const batch = 100
	var base float64
	repaints := 0
	for i := 0; i < n; i += batch {
		in := make([]Input, batch)
		for k := range in {
			f := i + k
			in[k] = Input{X: 100 + float64(f%700), Y: 60 + float64(f/7%650)}
			if f%90 == 0 {
				in[k].Wheel = float64(1 - 2*(f/90%2))
			}
		}
		onLoop(func() { h.app.Feed(in...) })
		if i%500 == 0 && door >= 0 {
			onLoop(func() {
				f, _ := b.t.M.Board.FeatureByID(door)
				_ = b.t.M.Board.SetDoor(door, !f.Open, false)
			})
		}
		frames(batch)
		if i == 2000 {
			base = rssMB(t)
		}
		if (i+batch)%2000 == 0 {
			// Streamed as it goes (go test -v): a run stopped early still
			// says how far it got.
			t.Logf("%d frames: RSS %.1f MB (%.1f MB after 2,000 frames)", i+batch, rssMB(t), base)
		}
	}
	onLoop(func() { repaints = b.town.paints })
	after := rssMB(t)
	t.Logf("%d frames, %d full town paints: RSS %.0f MB after 2,000 frames, %.0f MB at the end (+%.1f MB)", n, repaints, base, after, after-base)
	if base > 0 && after-base > 20 {
		t.Errorf("RSS grew by %.1f MB over the session, want at most 20 MB", after-base)
	}
}
