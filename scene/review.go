package scene

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// The review of a finished match (the game-over screen's Review, the
// replay viewer's Review): the chance each posse had to win after every
// command, drawn as a graph in the posses' colours; the five commands that
// swung it most, each called luck (the dice went far from their odds) or a
// decision (the command chosen lost much against the best one found), with
// its words; and each posse's hits against what its dice promised. A click
// on a swing opens the replay at that command. The analyst works it out on
// a goroutine; the screen shows how far it got meanwhile.

// reviewPerPosition is what the analyst may think about each position.
const reviewPerPosition = 100 * time.Millisecond

type reviewScreen struct {
	m     *game.Match // finished; changed by no one
	tape  *game.Tape
	name  string // the save's file name, for the replay
	back  Scene  // Esc returns here
	watch *watch // the replay to jump in, when opened from it

	done, total atomic.Int64
	result      chan reviewResult
	cancel      context.CancelFunc
	r           *review
	err         error

	backBtn button
	swingBt []button // one per swing: a click opens the replay there
	graph   [4]float64
}

type reviewResult struct {
	r   review
	err error
}

// newReview starts the review of a finished match, the analyst thinking
// per about each position. w is the replay viewer it was opened from (a
// click on a swing goes back to it), or nil.
func newReview(a *App, m *game.Match, name string, back Scene, w *watch, per time.Duration) *reviewScreen {
	s := &reviewScreen{m: m, name: name, back: back, watch: w, result: make(chan reviewResult, 1)}
	s.backBtn = button{Label: "Back", Key: "Esc", Enabled: true}
	if w != nil {
		s.tape = w.r.Tape
	} else if t, err := game.NewTape(m); err == nil {
		s.tape = t
	} else {
		s.err = err
		return s
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	an := newAnalyst(m.Seed)
	s.total.Store(int64(s.tape.Len() + 1))
	go func() {
		var res reviewResult
		defer func() {
			if r := recover(); r != nil {
				res.err = fmt.Errorf("%v", r)
			}
			s.result <- res
		}()
		res.r, res.err = an.review(ctx, m, per, func(done, total int) {
			s.done.Store(int64(done))
			s.total.Store(int64(total))
		})
	}()
	return s
}

func (s *reviewScreen) Update(a *App) error {
	in := &a.In
	u := a.Theme.U
	select {
	case res := <-s.result:
		s.r, s.err = &res.r, res.err
		s.swingBt = s.swingBt[:0]
		for range res.r.swings {
			s.swingBt = append(s.swingBt, button{Enabled: true, Compact: true})
		}
	default:
	}
	s.backBtn.place(float64(a.W)/2-100*u, float64(a.H)-60*u, 200*u, 40*u)
	gx, gy, gw, gh := 80*u, 90*u, float64(a.W)-160*u, float64(a.H)*0.36
	s.graph = [4]float64{gx, gy, gw, gh}
	y := gy + gh + 56*u
	for i := range s.swingBt {
		s.swingBt[i].place(gx, y+float64(i)*40*u, gw, 36*u)
	}
	if in.Pressed(KeyCancel) || s.backBtn.clicked(in) {
		s.leave()
		a.Goto(s.back)
		return nil
	}
	for i := range s.swingBt {
		if s.swingBt[i].clicked(in) {
			s.jump(a, s.r.swings[i].at)
			return nil
		}
	}
	return nil
}

// leave stops the analyst if it is still at work.
func (s *reviewScreen) leave() {
	if s.cancel != nil {
		s.cancel()
	}
}

// jump opens the replay at command at: the viewer it came from, or a new
// one whose Esc comes back here.
func (s *reviewScreen) jump(a *App, at int) {
	w := s.watch
	if w == nil {
		nw, err := newWatch(a, s.m, s.name, s)
		if err != nil {
			s.err = err
			return
		}
		w = nw
	}
	w.playing = false
	w.seek(at)
	a.Goto(w)
}

// Animating: the progress moves while the analyst works.
func (s *reviewScreen) Animating() bool { return s.r == nil && s.err == nil }

func (s *reviewScreen) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	u := th.U
	cx := float64(a.W) / 2
	th.shadowText(dst, "How the match went", th.Head, cx, 24*u, colPaper, alignCenter)
	gx, gy, gw, gh := s.graph[0], s.graph[1], s.graph[2], s.graph[3]
	switch {
	case s.err != nil:
		th.text(dst, "The review could not be made: "+s.err.Error(), th.Body, cx, gy+gh/2, colBad, alignCenter)
	case s.r == nil:
		done, total := s.done.Load(), max(s.total.Load(), 1)
		th.text(dst, fmt.Sprintf("Looking at the match again: position %d of %d", done, total), th.Body, cx, gy+gh/2-30*u, colText, alignCenter)
		a.ui.rect(float32(cx-200*u), float32(gy+gh/2), float32(400*u), float32(14*u), colBlack.alpha(0.5))
		a.ui.rect(float32(cx-200*u), float32(gy+gh/2), float32(400*u*float64(done)/float64(total)), float32(14*u), colGold)
		a.ui.flush(dst)
	default:
		s.drawGraph(a, dst, gx, gy, gw, gh)
		s.drawSwings(a, dst)
		s.drawLuck(a, dst, gx, gy+gh+56*u+float64(max(len(s.swingBt), 1))*40*u+12*u)
	}
	drawButtons(a, dst, &s.backBtn)
}

// drawGraph draws each posse's chance after every command, the game
// turns along the foot, and the swings numbered where they happened.
func (s *reviewScreen) drawGraph(a *App, dst *ebiten.Image, gx, gy, gw, gh float64) {
	th := a.Theme
	u := th.U
	ui := a.ui
	g := s.r.graph
	ui.rect(float32(gx), float32(gy), float32(gw), float32(gh), colBlack.alpha(0.35))
	for _, f := range [...]float64{0, 0.5, 1} {
		y := float32(gy + gh*(1-f))
		ui.line(float32(gx), y, float32(gx+gw), y, float32(u), colTextDim.alpha(0.4))
	}
	n := max(len(g)-1, 1)
	xAt := func(i int) float64 { return gx + gw*float64(i)/float64(n) }
	yAt := func(p float64) float64 { return gy + gh*(1-p) }
	turn := -1
	for i := range g {
		if t := s.tape.Turn(g[i].command); t != turn && i > 0 {
			x := float32(xAt(i))
			ui.line(x, float32(gy), x, float32(gy+gh), float32(u), colTextDim.alpha(0.25))
		}
		turn = s.tape.Turn(g[i].command)
	}
	for p := range s.m.Posses {
		col := sideColour(p)
		for i := 1; i < len(g); i++ {
			if p >= len(g[i].win) || p >= len(g[i-1].win) {
				continue
			}
			ui.line(float32(xAt(i-1)), float32(yAt(g[i-1].win[p])), float32(xAt(i)), float32(yAt(g[i].win[p])), float32(2.5*u), col)
		}
	}
	for k, sw := range s.r.swings {
		x := float32(xAt(min(sw.at, n)))
		ui.line(x, float32(gy), x, float32(gy+gh), float32(2*u), colGold.alpha(0.7))
		ui.circle(x, float32(gy-10*u), float32(10*u), colGold)
		_ = k
	}
	ui.flush(dst)
	for k, sw := range s.r.swings {
		th.text(dst, fmt.Sprint(k+1), th.Small, xAt(min(sw.at, n)), gy-18*u, colBlack, alignCenter)
	}
	th.text(dst, "100%", th.Small, gx-8*u, gy-7*u, colTextDim, alignRight)
	th.text(dst, "50%", th.Small, gx-8*u, gy+gh/2-7*u, colTextDim, alignRight)
	th.text(dst, "0%", th.Small, gx-8*u, gy+gh-7*u, colTextDim, alignRight)
	th.text(dst, "Start", th.Small, gx, gy+gh+4*u, colTextDim, alignLeft)
	th.text(dst, fmt.Sprintf("Game turn %d, the end", s.tape.Turn(s.tape.Len())), th.Small, gx+gw, gy+gh+4*u, colTextDim, alignRight)
	// the key: each posse's colour and name
	x := gx + 140*u
	for p := range s.m.Posses {
		name := s.m.Posses[p].Name
		a.ui.rect(float32(x), float32(gy+gh+9*u), float32(18*u), float32(5*u), sideColour(p))
		a.ui.flush(dst)
		th.text(dst, name, th.Small, x+24*u, gy+gh+4*u, colText, alignLeft)
		x += 24*u + th.width(name, th.Small) + 24*u
	}
}

// drawSwings lists the five biggest swings, each a button to the replay.
func (s *reviewScreen) drawSwings(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	if len(s.swingBt) == 0 {
		gx, gy, gh := s.graph[0], s.graph[1], s.graph[3]
		th.text(dst, "No big swing here came from the dice or from a choice the computer would fault.", th.Body, gx, gy+gh+30*u, colTextDim, alignLeft)
		return
	}
	bs := make([]*button, len(s.swingBt))
	for i := range s.swingBt {
		bs[i] = &s.swingBt[i]
	}
	drawButtons(a, dst, bs...)
	th.text(dst, "The biggest swings (click one to see it in the replay)", th.Bold, s.swingBt[0].X, s.swingBt[0].Y-26*u, colTextDim, alignLeft)
	for i, sw := range s.r.swings {
		bt := &s.swingBt[i]
		kind, col := "Decision", hex(0x8fd3ff)
		if sw.kind == "luck" {
			kind, col = "Luck", hex(0xffa07a)
		}
		head := fmt.Sprintf("%d. %s, game turn %d:", i+1, kind, s.tape.Turn(sw.at))
		th.text(dst, head, th.Bold, bt.X+10*u, bt.Y+9*u, col, alignLeft)
		hw := th.width(head, th.Bold) + 18*u
		th.text(dst, th.clip(sw.text, th.Small, bt.W-hw-20*u), th.Small, bt.X+hw, bt.Y+11*u, colText, alignLeft)
	}
}

// drawLuck is each posse's hits against what its dice promised.
func (s *reviewScreen) drawLuck(a *App, dst *ebiten.Image, x, y float64) {
	th := a.Theme
	u := th.U
	cols := []float64{0, 260, 420, 540, 760}
	head := []string{"Posse", "Hits expected", "Hits rolled", "Enemies expected down", "Enemies shot down"}
	for i, h := range head {
		th.text(dst, h, th.Bold, x+cols[i]*u, y, colTextDim, alignLeft)
	}
	for r, l := range s.r.luck {
		yy := y + float64(r+1)*24*u
		cells := []string{l.name, fmt.Sprintf("%.1f", l.expectedHits), fmt.Sprint(math.Round(l.actualHits)),
			fmt.Sprintf("%.1f", l.expectedWounds), fmt.Sprint(math.Round(l.wounds))}
		for i, c := range cells {
			col := colText
			if i == 0 {
				col = sideColour(r).mix(colWhite, 0.3)
			}
			th.text(dst, c, th.Body, x+cols[i]*u, yy, col, alignLeft)
		}
	}
}
