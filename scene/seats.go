package scene

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
)

// seats is the new-game screen's choice of 2 to 4 posses, each from the
// shipped posses and the player's own (the posse builder's folder), each
// played by a person at this computer (hot-seat: the handoff screen goes
// round every player in turn).
type seats struct {
	all      []game.PosseSpec // shipped first, then the player's own
	labels   []string         // "Lawmen (shipped)"
	models   [][]string       // per posse, the lines of its models under its seat
	who      [4]string        // per seat, its colour, emblem and who plays it
	whoBy    [4]string        // and the playedBy words who was made with
	chosen   []int            // per seat, an index into all
	count    [3]button        // 2, 3, 4 players
	prev     [4]button
	next     [4]button
	problems []string
}

func newSeats(a *App) seats {
	var s seats
	shipped, err := game.ShippedPosses()
	if err != nil {
		s.problems = append(s.problems, err.Error())
	}
	for _, p := range shipped {
		s.all = append(s.all, p)
		s.labels = append(s.labels, p.Name)
	}
	own, problems := loadOwnPosses(possesDir(a))
	s.problems = append(s.problems, problems...)
	for _, p := range own {
		s.all = append(s.all, p.spec)
		s.labels = append(s.labels, p.spec.Name+" (yours)")
	}
	for _, p := range s.all {
		s.models = append(s.models, modelLines(p))
	}
	for i := range min(2, len(s.all)) {
		s.chosen = append(s.chosen, i)
	}
	for i := range s.count {
		s.count[i] = button{Label: fmt.Sprintf("%d players", i+2), Enabled: i+2 <= len(s.all)}
		if !s.count[i].Enabled {
			s.count[i].Why = "not enough posses"
		}
	}
	for i := range s.prev {
		s.prev[i] = button{Label: "<", Enabled: true}
		s.next[i] = button{Label: ">", Enabled: true}
	}
	return s
}

// posses are the chosen posses in seating order; two seats with the same
// posse get "(2)" after the second's name, so names stay apart.
func (s *seats) posses() []game.PosseSpec {
	var out []game.PosseSpec
	seen := map[string]int{}
	for _, i := range s.chosen {
		p := s.all[i]
		seen[p.Name]++
		if n := seen[p.Name]; n > 1 {
			p.Name = fmt.Sprintf("%s (%d)", p.Name, n)
		}
		out = append(out, p)
	}
	return out
}

// layout places the buttons: the player count at y, then a column a seat.
func (s *seats) layout(u, x0, y, colW float64) {
	for i := range s.count {
		s.count[i].place(x0+float64(i)*130*u, y, 120*u, 32*u)
		s.count[i].On = i+2 == len(s.chosen)
	}
	for i := range s.prev {
		s.prev[i].W, s.next[i].W = 0, 0 // hidden unless the seat is used
		if i < len(s.chosen) {
			x := x0 + float64(i)*colW
			s.prev[i].place(x, y+44*u, 28*u, 28*u)
			s.next[i].place(x+colW-40*u, y+44*u, 28*u, 28*u)
		}
	}
}

// update handles a click on the count or a seat's arrows; it reports
// whether the click was taken.
func (s *seats) update(in *Input) bool {
	for i := range s.count {
		if s.count[i].clicked(in) {
			n := i + 2
			for len(s.chosen) < n {
				s.chosen = append(s.chosen, s.unused())
			}
			s.chosen = s.chosen[:n]
			return true
		}
	}
	for i := range s.chosen {
		switch {
		case s.prev[i].clicked(in):
			s.chosen[i] = (s.chosen[i] + len(s.all) - 1) % len(s.all)
			return true
		case s.next[i].clicked(in):
			s.chosen[i] = (s.chosen[i] + 1) % len(s.all)
			return true
		}
	}
	return false
}

// unused is the first posse no seat has, or the first posse.
func (s *seats) unused() int {
	for i := range s.all {
		taken := false
		for _, c := range s.chosen {
			taken = taken || c == i
		}
		if !taken {
			return i
		}
	}
	return 0
}

// draw draws the count and each seat: colour and emblem, the posse, who
// plays it (playedBy(seat), in words; "" says nothing), and from listY below y its models
// (the new-game screen leaves room above them for who plays the seat).
func (s *seats) draw(a *App, dst *ebiten.Image, x0, y, listY, colW float64, playedBy func(seat int) string) {
	th := a.Theme
	u := th.U
	bs := []*button{&s.count[0], &s.count[1], &s.count[2]}
	for i := range s.chosen {
		bs = append(bs, &s.prev[i], &s.next[i])
	}
	drawButtons(a, dst, bs...)
	for i, c := range s.chosen {
		x := x0 + float64(i)*colW
		cy := y + 58*u
		cx := x + (colW-12*u)/2
		a.ui.circle(float32(cx), float32(cy), float32(11*u), sideColour(i))
		emblem(a.ui, i, float32(cx), float32(cy), float32(11*u))
		a.ui.flush(dst)
		tw := colW - 12*u // a column's text stops short of the next column
		th.text(dst, th.clipped(s.labels[c], th.Bold, tw), th.Bold, x, y+80*u, colText, alignLeft)
		if by := playedBy(i); s.who[i] == "" || by != s.whoBy[i] {
			// The colour and emblem; who plays it is on the buttons
			// under it where there are some, else said here.
			s.who[i], s.whoBy[i] = sideColourName(i)+", "+emblemName(i), by
			if by != "" && by != "a person" && !strings.HasPrefix(by, "the computer") {
				s.who[i] += ": " + by
			}
		}
		th.text(dst, th.clipped(s.who[i], th.Small, tw), th.Small, x, y+102*u, colTextDim, alignLeft)
		for k, l := range s.models[c] {
			th.text(dst, th.clipped(l, th.Small, tw), th.Small, x, y+listY+float64(k)*17*u, colTextDim, alignLeft)
		}
	}
}

// modelLines are the lines of a posse's models under its seat: each by
// name and tier, the sixth on "and N more" when there are more than six.
func modelLines(p game.PosseSpec) []string {
	const shown = 5
	var out []string
	for k, m := range p.Models {
		if k == shown && len(p.Models) > shown+1 {
			return append(out, fmt.Sprintf("and %d more", len(p.Models)-shown))
		}
		out = append(out, fmt.Sprintf("%s (%s)", m.Name, m.Tier))
	}
	return out
}

// sideColourName names a side's colour for the words beside it.
func sideColourName(p int) string {
	return [...]string{"blue", "orange", "green", "pink", "sky blue", "vermilion", "yellow", "grey"}[p%8]
}
