package scene

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// gameOver shows the winner and a summary of the match.
type gameOver struct {
	m          *game.Match
	headline   string
	after      string
	lines      [][]string // per posse: name, casualties, shots, hits
	again, top button
	quit       button
	review     button // how the match was won (review.go)
}

// summary counts each posse's casualties, shots and hits from the events.
func summary(m *game.Match) [][]string {
	n := len(m.Posses)
	lost, shots, hits := make([]int, n), make([]int, n), make([]int, n)
	for _, e := range m.Events() {
		switch e.Kind {
		case game.EvRemoved:
			if e.Model >= 0 {
				lost[m.Models[e.Model].Posse]++
			}
		case game.EvShot:
			if e.Model >= 0 {
				p := m.Models[e.Model].Posse
				shots[p]++
				hits[p] += e.Hits
			}
		}
	}
	out := [][]string{{"Posse", "Standing", "Casualties", "Shots", "Hits"}}
	for p := range m.Posses {
		standing := 0
		for _, id := range m.Posses[p].Models {
			if !m.Models[id].Removed() {
				standing++
			}
		}
		out = append(out, []string{m.Posses[p].Name, fmt.Sprint(standing), fmt.Sprint(lost[p]), fmt.Sprint(shots[p]), fmt.Sprint(hits[p])})
	}
	return out
}

func newGameOver(m *game.Match) *gameOver {
	g := &gameOver{m: m, lines: summary(m), after: fmt.Sprintf("After %d game turns.", m.Turn)}
	if m.Turn == 1 {
		g.after = "After 1 game turn."
	}
	if m.Winner >= 0 {
		g.headline = m.Posses[m.Winner].Name + " win!"
	} else {
		g.headline = "A draw."
	}
	g.again = button{Label: "New game", Key: "Enter", Enabled: true}
	g.top = button{Label: "Title screen", Key: "Esc", Enabled: true}
	g.quit = button{Label: "Quit", Enabled: true}
	g.review = button{Label: "Review the match", Enabled: true}
	return g
}

func (g *gameOver) Update(a *App) error {
	u := a.Theme.U
	cx := float64(a.W) / 2
	y := float64(a.H) - 140*u
	g.again.place(cx-310*u, y, 200*u, 44*u)
	g.top.place(cx-100*u, y, 200*u, 44*u)
	g.quit.place(cx+110*u, y, 200*u, 44*u)
	g.review.place(cx-100*u, y-60*u, 200*u, 44*u)
	in := &a.In
	switch {
	case g.again.clicked(in) || in.Pressed(KeyConfirm):
		a.Goto(newNewGame(a))
	case g.top.clicked(in) || in.Pressed(KeyCancel):
		a.Goto(newTitle(a))
	case g.quit.clicked(in):
		a.Quit()
	case g.review.clicked(in):
		a.Goto(newReview(a, g.m, "", g, nil, reviewPerPosition))
	}
	return nil
}

func (g *gameOver) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	u := th.U
	cx := float64(a.W) / 2
	c := colPaper
	if g.m.Winner >= 0 {
		c = sideColour(g.m.Winner).mix(colWhite, 0.35)
		a.ui.circle(float32(cx), float32(110*u), float32(30*u), sideColour(g.m.Winner))
		emblem(a.ui, g.m.Winner, float32(cx), float32(110*u), float32(30*u))
		a.ui.flush(dst)
	}
	th.shadowText(dst, g.headline, th.Huge, cx, 160*u, c, alignCenter)
	th.text(dst, g.after, th.Body, cx, 230*u, colTextDim, alignCenter)
	cols := []float64{-260, -60, 40, 150, 240}
	for r, row := range g.lines {
		face, col := th.Body, colText
		if r == 0 {
			face, col = th.Bold, colTextDim
		}
		for i, cell := range row {
			th.text(dst, cell, face, cx+cols[i]*u, 290*u+float64(r)*30*u, col, alignLeft)
		}
	}
	drawButtons(a, dst, &g.again, &g.top, &g.quit, &g.review)
}
