package scene

import (
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game/store"
)

// The pixel tests run inside the real game loop: TestMain starts
// ebiten.RunGame, and the loop's first Update starts m.Run on another
// goroutine. Tests then hand the loop work (onLoop) and wait for frames
// (frames); everything that touches the App or reads pixels runs inside
// Update, where Ebitengine allows it.

var h *harness

type harness struct {
	m       *testing.M
	app     *App
	jobs    chan func()
	started bool
	done    chan int
	code    int

	upd     time.Duration
	waiting []frameWait
	record  *[]time.Duration // Update+Draw of each frame, while set

	tick func() // run before every App.Update while set (a test watching each tick)

	countAllocs bool   // count the mallocs inside App.Update and App.Draw
	mallocs     uint64 // counted so far
	inUpdate    uint64 // of which inside App.Update
	ms0, ms1    runtime.MemStats
}

type frameWait struct {
	n    int
	done chan struct{}
}

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		// Without a display only the logic tests could run; they live in
		// scene/table. Say why instead of failing obscurely.
		println("scene: pixel tests need a display: run them under xvfb-run")
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "cowpoke-scene")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	h = &harness{m: m, jobs: make(chan func()), done: make(chan int, 1)}
	data, err := store.Open(dir)
	if err != nil {
		panic(err)
	}
	defer data.Close()
	h.app = NewApp(Config{Data: data, Seed: 7})
	ebiten.SetWindowSize(1280, 800)
	// Single-threaded: Ebitengine's GL work then runs after Draw on this
	// thread, not beside Update and Draw on another, so counting mallocs
	// around App.Update and App.Draw counts theirs alone.
	if err := ebiten.RunGameWithOptions(h, &ebiten.RunGameOptions{SingleThread: true}); err != nil && err != ebiten.Termination {
		panic(err)
	}
	os.Exit(h.code)
}

func (h *harness) Update() error {
	if !h.started {
		h.started = true
		go func() { h.done <- h.m.Run() }()
	}
	select {
	case h.code = <-h.done:
		return ebiten.Termination
	default:
	}
	for more := true; more; {
		select {
		case f := <-h.jobs:
			f()
		default:
			more = false
		}
	}
	if h.tick != nil {
		h.tick()
	}
	if h.countAllocs {
		runtime.ReadMemStats(&h.ms0)
	}
	t0 := time.Now()
	err := h.app.Update()
	h.upd = time.Since(t0)
	if h.countAllocs {
		runtime.ReadMemStats(&h.ms1)
		h.mallocs += h.ms1.Mallocs - h.ms0.Mallocs
		h.inUpdate += h.ms1.Mallocs - h.ms0.Mallocs
	}
	if err == ebiten.Termination {
		return nil // a test's Quit must not end the test run
	}
	return err
}

func (h *harness) Draw(screen *ebiten.Image) {
	if h.countAllocs {
		runtime.ReadMemStats(&h.ms0)
	}
	t0 := time.Now()
	h.app.Draw(screen)
	if h.countAllocs {
		runtime.ReadMemStats(&h.ms1)
		h.mallocs += h.ms1.Mallocs - h.ms0.Mallocs
	}
	if h.record != nil {
		*h.record = append(*h.record, h.upd+time.Since(t0))
	}
	kept := h.waiting[:0]
	for _, w := range h.waiting {
		if w.n--; w.n <= 0 {
			close(w.done)
		} else {
			kept = append(kept, w)
		}
	}
	h.waiting = kept
}

func (h *harness) Layout(w, hh int) (int, int) { panic("LayoutF is used") }

func (h *harness) LayoutF(w, hh float64) (float64, float64) { return h.app.LayoutF(w, hh) }

// onLoop runs f inside the game loop's Update and waits for it.
func onLoop(f func()) {
	done := make(chan struct{})
	h.jobs <- func() { f(); close(done) }
	<-done
}

// frames waits until n more frames have been drawn.
func frames(n int) {
	done := make(chan struct{})
	onLoop(func() { h.waiting = append(h.waiting, frameWait{n, done}) })
	<-done
}
