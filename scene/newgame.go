package scene

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/maps"
)

// newGame is the form before a match: map, posses, who plays, initiative
// and the optional rules, all with defaults so that Start is one click.
type newGame struct {
	scn      game.Scenario
	maps     []string
	mapNames []string // the maps' own names ("Dry Gulch")
	mapIdx   int
	err      string

	prevMap, nextMap  button
	draw, coin, stand button
	dr, crit          button
	start, back       button
	seats             seats       // 2 to 4 posses (seats.go)
	sides             sideChoices // per seat: a person or the computer (newgame_players.go)
	seeds             seedChoices // the seeds' initiative methods and round effects
	scroll            formScroll  // a form taller than the window scrolls (scroll.go)
}

func newNewGame(a *App) *newGame {
	g := &newGame{maps: maps.Names()}
	scn, err := game.DefaultScenario()
	if err != nil {
		g.err = err.Error()
	}
	g.scn = scn
	for i, name := range g.maps {
		if name == scn.Map {
			g.mapIdx = i
		}
		s := game.Scenario{Map: name}
		b, err := s.LoadMap()
		label := name
		if err == nil {
			label = fmt.Sprintf("%s (%.0f\" x %.0f\")", b.Name, b.Width, b.Height)
		}
		g.mapNames = append(g.mapNames, label)
	}
	g.seats = newSeats(a)
	g.sides = newSideChoices(scn, len(g.seats.prev))
	g.prevMap = button{Label: "<", Enabled: true}
	g.nextMap = button{Label: ">", Enabled: true}
	g.draw = button{Label: "The Draw", Enabled: true}
	g.coin = button{Label: "Coin Flip", Enabled: true}
	g.stand = button{Label: "Standoff", Enabled: true}
	g.dr = button{Label: "Dead Reckoning", Enabled: true}
	g.crit = button{Label: "Critical Injuries", Enabled: true}
	g.start = button{Label: "Start the match", Key: "Enter", Enabled: scn.Name != ""}
	g.back = button{Label: "Back", Key: "Esc", Enabled: true}
	g.seeds = newSeedChoices()
	g.scroll.focus = -1
	g.place(a) // the first frame shows every button
	return g
}

// form is the form's left edge and a seat column's width: four seats'
// columns make the form wider, and it stays centred on the screen.
func (g *newGame) form(a *App) (x0, colW float64) {
	u := a.Theme.U
	colW = 180 * u
	width := max(660*u, 150*u+float64(len(g.seats.chosen))*colW)
	if width > float64(a.W)-20*u { // a small window: narrower columns
		width = float64(a.W) - 20*u
		colW = (width - 150*u) / float64(max(1, len(g.seats.chosen)))
	}
	return (float64(a.W) - width) / 2, colW
}

// formBottom is the bottom of the form's last line, logical pixels,
// unscrolled: what must be reachable above the footer.
const formBottom = 684

// footTop is the top of the form's footer (Back, Start and an error line).
func (g *newGame) footTop(a *App) float64 {
	if g.err != "" {
		return float64(a.H) - 146*a.Theme.U
	}
	return float64(a.H) - 112*a.Theme.U
}

// place lays the form out for the screen, the UI scale, the seats and the
// scroll: the form above the footer moves up by the scroll's offset.
func (g *newGame) place(a *App) {
	u := a.Theme.U
	g.scroll.size(formBottom*u, g.footTop(a))
	x0, colW := g.form(a)
	bw, bh := 200*u, 36*u
	dy := -g.scroll.off
	g.prevMap.place(x0+150*u, 120*u+dy, bh, bh)
	g.nextMap.place(x0+600*u, 120*u+dy, bh, bh)
	g.seats.layout(u, x0+150*u, 160*u+dy, colW)
	g.sides.place(x0+150*u, 280*u+dy, colW, u, len(g.seats.chosen))
	y := 488*u + dy
	g.draw.place(x0+150*u, y, bw-10*u, bh)
	g.coin.place(x0+150*u+bw, y, bw-10*u, bh)
	g.stand.place(x0+150*u+2*bw, y, bw-10*u, bh)
	g.seeds.place(x0+150*u, y+44*u, x0+150*u+2*bw, y+104*u, bw, bw-10*u, bh)
	y += 104 * u // below the seeds' methods
	g.dr.place(x0+150*u, y, bw-10*u, bh)
	g.crit.place(x0+150*u+bw, y, bw-10*u, bh)
	g.start.place(x0+150*u+2*bw, float64(a.H)-100*u, bw-10*u, 44*u)
	g.back.place(x0, float64(a.H)-100*u, 140*u, 44*u)
}

// controls are the form's visible, enabled controls in reading order:
// the order Tab moves the focus in; the last two are the footer's.
func (g *newGame) controls() []*button {
	all := []*button{&g.prevMap, &g.nextMap, &g.seats.count[0], &g.seats.count[1], &g.seats.count[2]}
	for i := range g.seats.chosen {
		all = append(all, &g.seats.prev[i], &g.seats.next[i])
	}
	for i := range g.sides {
		all = append(all, &g.sides[i].person, &g.sides[i].who, &g.sides[i].level, &g.sides[i].pers)
	}
	all = append(all, &g.draw, &g.coin, &g.stand, &g.seeds.stacks, &g.seeds.deck, &g.seeds.tokens,
		&g.dr, &g.crit, &g.seeds.effects, &g.back, &g.start)
	out := all[:0]
	for _, b := range all {
		if b.W > 0 && b.Enabled {
			out = append(out, b)
		}
	}
	return out
}

func (g *newGame) Update(a *App) error {
	g.scroll.update(&a.In, a.Theme.U)
	g.place(a)
	defer g.place(a) // a choice that shows or hides buttons shows them on the next frame
	s := &g.scn
	g.draw.On, g.coin.On, g.stand.On = s.Initiative == game.MethodDraw, s.Initiative == game.MethodCoin, s.Initiative == game.MethodStandoff
	g.dr.On, g.crit.On = s.Options.DeadReckoning, s.Options.CriticalInjuries
	g.coin.Enabled, g.coin.Why = len(g.seats.chosen) == 2, "the coin toss is for two players"
	foot, body := a.In, g.scroll.content(a.In) // the footer's input and the scrolled form's
	if g.scroll.keys(&foot, &body, g.controls(), 2, a.Theme.U) {
		g.place(a)
	}
	in := &body
	g.seeds.update(in, s)
	if g.seats.update(in) {
		if len(g.seats.chosen) > 2 && s.Initiative == game.MethodCoin {
			s.Initiative = game.MethodDraw
		}
		return nil
	}
	switch {
	case g.sides.update(in):
	case g.prevMap.clicked(in):
		g.mapIdx = (g.mapIdx + len(g.maps) - 1) % len(g.maps)
	case g.nextMap.clicked(in):
		g.mapIdx = (g.mapIdx + 1) % len(g.maps)
	case g.draw.clicked(in):
		s.Initiative = game.MethodDraw
	case g.coin.clicked(in):
		s.Initiative = game.MethodCoin
	case g.stand.clicked(in):
		s.Initiative = game.MethodStandoff
	case g.dr.clicked(in):
		s.Options.DeadReckoning = !s.Options.DeadReckoning
	case g.crit.clicked(in):
		s.Options.CriticalInjuries = !s.Options.CriticalInjuries
	case g.back.clicked(&foot) || in.Pressed(KeyCancel):
		a.Goto(newTitle(a))
	case g.start.clicked(&foot) || in.Pressed(KeyConfirm):
		if len(g.maps) > 0 {
			s.Map = g.maps[g.mapIdx]
		}
		s.Posses = g.seats.posses()
		g.sides.apply(s)
		m, err := game.NewMatch(*s, seedFor(a))
		if err != nil {
			g.err = err.Error()
			return nil
		}
		a.Goto(newBattle(a, m))
	}
	return nil
}

// seedFor is the configured seed or one from the clock.
func seedFor(a *App) uint64 {
	if a.Cfg.Seed != 0 {
		return a.Cfg.Seed
	}
	return uint64(time.Now().UnixNano()) ^ rand.Uint64()
}

func (g *newGame) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	th := a.Theme
	u := th.U
	x0, colW := g.form(a)
	dy := -g.scroll.off // the form scrolls above the footer (scroll.go)
	th.shadowText(dst, "New game", th.Head, x0, 60*u+dy, colPaper, alignLeft)
	label := func(s string, y float64) { th.text(dst, s, th.Bold, x0, y+dy, colTextDim, alignLeft) }
	label("Map", 128*u)
	if len(g.mapNames) > 0 {
		th.text(dst, g.mapNames[g.mapIdx], th.Bold, x0+375*u+18*u, 128*u+dy, colText, alignCenter)
	}
	label("Posses", 166*u)
	g.seats.draw(a, dst, x0+150*u, 160*u+dy, 196*u, colW, g.sides.playedBy)
	g.sides.draw(a, dst)
	th.text(dst, g.sides.summary(len(g.seats.chosen)), th.Small, x0+150*u, 462*u+dy, colTextDim, alignLeft)
	label("Initiative", 496*u)
	label("Optional rules", 600*u)
	th.text(dst, "Dead Reckoning: no measuring before you commit. Critical Injuries: lasting wound effects.", th.Small, x0+150*u, 644*u+dy, colTextDim, alignLeft)
	th.text(dst, seedMethodsNote, th.Small, x0+150*u, 664*u+dy, colTextDim, alignLeft)
	drawButtons(a, dst, &g.prevMap, &g.nextMap, &g.draw, &g.coin, &g.stand, &g.dr, &g.crit,
		&g.seeds.stacks, &g.seeds.deck, &g.seeds.tokens, &g.seeds.effects)
	g.scroll.drawFooter(a, dst)
	drawButtons(a, dst, &g.start, &g.back)
	if g.err != "" {
		th.text(dst, g.err, th.Body, x0, float64(a.H)-140*u, colBad, alignLeft)
	}
	g.scroll.drawFocus(a, dst, g.controls(), 2)
}
