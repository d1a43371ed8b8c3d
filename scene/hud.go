package scene

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// panelWidth is the side panel's width in logical pixels.
const panelWidth = 340

// panel is the side panel: whose turn it is, the selected model's card
// with its action points, the action bar and the combat log. Part 2 adds
// Shoot, Aim, Blaze Away, Overwatch, Throw, Reload, Brawl and Interact to
// the action bar: each is one more entry of actions.
type panel struct {
	menu     button
	activate button
	hold     button
	actions  []actionButton
	scroll   int // log lines scrolled back from the newest
}

// actionButton is one action of the action bar.
type actionButton struct {
	button
	act  table.Action
	kind game.CommandKind
	key  Key
}

func (p *panel) init() {
	p.menu = button{Label: "Menu", Enabled: true}
	p.activate = button{Label: "Activate", Key: "Enter"}
	p.hold = button{Label: "Hold fire", Key: "H", Enabled: true}
	add := func(label, key string, act table.Action, kind game.CommandKind, k Key) {
		p.actions = append(p.actions, actionButton{button: button{Label: label, Key: key}, act: act, kind: kind, key: k})
	}
	add("Move", "M", table.ActMove, game.CmdMove, KeyMove)
	add("Run", "R", table.ActRun, game.CmdRun, KeyRun)
	add("Face", "F", table.ActFace, game.CmdFace, KeyFace)
	add("End activation", "E", table.ActEnd, game.CmdEnd, KeyEnd)
}

// panel geometry, logical pixels from the panel's top.
const (
	pHeader  = 14
	pCard    = 78
	pButtons = 214
	pMeasure = 318
	pLog     = 420
)

// layout places the buttons and works out which are enabled.
func (p *panel) layout(a *App, b *battle) {
	u := a.Theme.U
	x0 := float64(a.W) - panelWidth*u + 16*u
	w := (panelWidth - 32) * u
	p.menu.place(float64(a.W)-86*u, 12*u, 70*u, 28*u)
	t := b.t
	m := t.M
	bw, bh := (w-10*u)/2, 36*u
	for i := range p.actions {
		ab := &p.actions[i]
		ab.place(x0+float64(i%2)*(bw+10*u), (pButtons+float64(i/2)*(bh+8))*u, bw, bh)
		ab.Enabled, ab.Why = false, ""
		if m.Active >= 0 && m.Pending == nil {
			ab.Enabled, ab.Why = t.Allowed(ab.kind)
		}
		ab.On = (ab.act == table.ActMove && t.Mode == table.ModeMove) || (ab.act == table.ActFace && t.Mode == table.ModeFace) ||
			(ab.act == table.ActRun && t.Mode == table.ModeRunTo)
		if ab.act == table.ActRun && t.Mode == table.ModeRunTo {
			ab.Enabled = true // shows the run in progress
		}
	}
	p.activate.W, p.hold.W = 0, 0
	switch {
	case m.Pending != nil:
		p.hold.place(x0, pButtons*u, w, bh)
		for i := range p.actions {
			p.actions[i].W = 0
		}
	case m.Active < 0:
		p.activate.place(x0, pButtons*u, w, bh)
		p.activate.Enabled = t.Ready(t.Selected)
		for i := range p.actions {
			p.actions[i].W = 0
		}
	}
	if in := &a.In; in.Wheel != 0 && in.X >= float64(a.W)-panelWidth*u && in.Y > pLog*u {
		p.scroll = max(0, p.scroll+int(in.Wheel*3))
	}
}

// action is the action asked for this frame by a button or a key.
func (p *panel) action(a *App, b *battle) table.Action {
	in := &a.In
	switch {
	case p.activate.clicked(in) || in.Pressed(KeyConfirm):
		return table.ActActivate
	case p.hold.clicked(in) || in.Pressed(KeyHold):
		return table.ActHold
	case in.Pressed(KeyNext):
		return table.ActNext
	case in.Pressed(KeyCancel):
		return table.ActCancel
	}
	for i := range p.actions {
		ab := &p.actions[i]
		if (ab.W > 0 && in.Click && ab.hover(in)) || in.Pressed(ab.key) {
			if ab.act == table.ActRun && b.t.Mode == table.ModeRunTo {
				return table.ActNone
			}
			in.Click = false
			return ab.act
		}
	}
	if in.Click && in.X >= float64(a.W)-panelWidth*a.Theme.U {
		in.Click = false // a click on the panel is not a click on the table
	}
	return table.ActNone
}

// drawCache holds the strings and shapes the panel and the table draw,
// rebuilt only when the match or the selection changes.
type drawCache struct {
	stamp, sel int
	header     string
	sub        string
	card       []string
	tags       []string       // per model: its states in words
	arcs       [][]game.Point // per model: its overwatch arc, or empty
	log        []string       // the combat log, wrapped
	logEvents  int            // events the log was wrapped from
	apLeft     int
	nameW      []float64 // per model: its name's width
	tagW       []float64 // per model: its tags' width
	moveW      float64   // the move text's width
	moveText   string
	xs, ys     []float32
}

// refresh rebuilds the cache when needed.
func (c *drawCache) refresh(a *App, b *battle) {
	t := b.t
	m := t.M
	if v := t.View(); v.MoveText != c.moveText {
		c.moveText = v.MoveText
		c.moveW = a.Theme.width(v.MoveText, a.Theme.Bold)
	}
	if c.stamp == t.Stamp() && c.sel == t.Selected && c.tags != nil {
		return
	}
	c.stamp, c.sel = t.Stamp(), t.Selected
	switch {
	case m.Over && m.Winner >= 0:
		c.header = m.Posses[m.Winner].Name + " win"
	case m.Over:
		c.header = "A draw"
	default:
		c.header = fmt.Sprintf("Game turn %d", m.Turn)
	}
	switch d := m.Decider(); {
	case m.Over:
		c.sub = "Click the table for the summary."
	case m.Pending != nil:
		c.sub = fmt.Sprintf("%s: %s may fire at %s", m.Posses[d].Name, m.Models[m.Pending.Watcher].Name, m.Models[m.Pending.Mover].Name)
	case m.Active >= 0:
		c.sub = fmt.Sprintf("%s: %s is activating", m.Posses[d].Name, m.Models[m.Active].Name)
	default:
		ready := 0
		for _, id := range m.Posses[d].Models {
			if t.Ready(id) {
				ready++
			}
		}
		c.sub = fmt.Sprintf("%s: choose who acts (%d ready)", m.Posses[d].Name, ready)
	}
	c.card = c.card[:0]
	if id := t.Selected; id >= 0 {
		md := &m.Models[id]
		c.card = append(c.card, md.Name)
		c.card = append(c.card, fmt.Sprintf("%s of the %s  ·  HP %d/%d", tierName(md.Profile.Tier), m.Posses[md.Posse].Name, md.Health.HP(), md.Health.MaxHP))
		var ws []string
		for s, w := range md.Profile.Weapons {
			n := w.String()
			if md.Empty[s] {
				n += " (empty)"
			}
			ws = append(ws, n)
		}
		c.card = append(c.card, strings.Join(ws, ", "))
	}
	c.apLeft = m.AP
	c.tags = c.tags[:0]
	c.arcs = c.arcs[:0]
	c.nameW, c.tagW = c.nameW[:0], c.tagW[:0]
	for i := range m.Models {
		c.tags = append(c.tags, modelTags(m, i))
		c.nameW = append(c.nameW, a.Theme.width(m.Models[i].Name, a.Theme.Small))
		c.tagW = append(c.tagW, a.Theme.width(c.tags[i], a.Theme.Small))
		var arc []game.Point
		if md := &m.Models[i]; md.Overwatch && !md.Removed() {
			arc = m.Board.ArcPolygon(md.Pos, md.WatchDir, m.OverwatchRange(i), make([]game.Point, 0, board.ArcRays+1))
		}
		c.arcs = append(c.arcs, arc)
	}
	if evs := m.Events(); len(evs) != c.logEvents {
		c.wrapLog(a, evs)
	}
}

func tierName(t rules.Tier) string {
	s := t.String()
	if s == "" {
		return "Model"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// modelTags lists a model's states in words, for under its name.
func modelTags(m *game.Match, id int) string {
	md := &m.Models[id]
	var tags []string
	if md.Health.HP() < md.Health.MaxHP && !md.Removed() {
		tags = append(tags, fmt.Sprintf("HP %d/%d", md.Health.HP(), md.Health.MaxHP))
	}
	if m.Engaged(id) {
		tags = append(tags, "engaged")
	}
	if md.AimAt >= 0 {
		tags = append(tags, "aiming")
	}
	if md.Overwatch {
		tags = append(tags, "overwatch")
	}
	for s := range md.Profile.Weapons {
		if md.Empty[s] {
			tags = append(tags, "out of ammo")
			break
		}
	}
	for _, f := range m.Fuses {
		if f.Thrower == id {
			tags = append(tags, "fuse lit")
			break
		}
	}
	return strings.Join(tags, " · ")
}

// wrapLog wraps every event's text to the panel's width.
func (c *drawCache) wrapLog(a *App, evs []game.Event) {
	th := a.Theme
	width := (panelWidth - 40) * th.U
	c.log = c.log[:0]
	for _, e := range evs {
		line := ""
		for _, w := range strings.Fields(e.Text) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && th.width(try, th.Small) > width {
				c.log = append(c.log, line)
				line = "  " + w
				continue
			}
			line = try
		}
		c.log = append(c.log, line)
	}
	c.logEvents = len(evs)
}

// drawPanel draws the side panel.
func (b *battle) drawPanel(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	c := &b.draw
	m := b.t.M
	px := float64(a.W) - panelWidth*u
	x0 := px + 16*u
	ui := a.ui
	ui.rect(float32(px), 0, float32(panelWidth*u), float32(a.H), colPanel)
	ui.rect(float32(px), 0, float32(3*u), float32(a.H), colBlack.alpha(0.4))
	d := m.Decider()
	if d < 0 && m.Winner >= 0 {
		d = m.Winner
	}
	if d >= 0 {
		ui.circle(float32(x0+12*u), float32((pHeader+14)*u), float32(12*u), sideColour(d))
		emblem(ui, d, float32(x0+12*u), float32((pHeader+14)*u), float32(12*u))
	}
	// the card's frame and AP pips
	ui.rect(float32(x0-6*u), float32((pCard-6)*u), float32((panelWidth-20)*u), float32(124*u), colPanelHi)
	if m.Active >= 0 && m.Active == b.t.Selected {
		for i := range 2 {
			cx := float32(x0 + float64(i)*22*u + 50*u)
			cy := float32((pCard + 100) * u)
			if i < c.apLeft {
				ui.circle(cx, cy, float32(7*u), colGold)
			} else {
				ui.ring(cx, cy, float32(6*u), float32(2*u), colTextDim)
			}
		}
	}
	ui.rect(float32(x0-6*u), float32((pLog-8)*u), float32((panelWidth-20)*u), float32(float64(a.H)-(pLog+2)*u), colBlack.alpha(0.22))
	ui.flush(dst)

	th.text(dst, c.header, th.Head, x0+32*u, pHeader*u, colPaper, alignLeft)
	th.text(dst, c.sub, th.Small, x0, (pHeader+36)*u, colTextDim, alignLeft)
	if len(c.card) == 0 {
		th.text(dst, "Click a model to see its card.", th.Body, x0, pCard*u, colTextDim, alignLeft)
	}
	for i, line := range c.card {
		face, col := th.Small, colText
		if i == 0 {
			face, col = th.Head, colPaper
		}
		th.text(dst, line, face, x0, (pCard+float64(i)*22+min(float64(i), 1)*8)*u, col, alignLeft)
	}
	if m.Active >= 0 && m.Active == b.t.Selected {
		th.text(dst, "AP", th.Bold, x0, (pCard+91)*u, colTextDim, alignLeft)
	}
	bs := [8]*button{&b.panel.menu, &b.panel.activate, &b.panel.hold}
	n := 3
	for i := range b.panel.actions {
		if n < len(bs) {
			bs[n] = &b.panel.actions[i].button
			n++
		}
	}
	drawButtons(a, dst, bs[:n]...)
	b.drawMeasures(a, dst, x0)
	b.drawLog(a, dst, x0)
}

// drawMeasures writes the rangefinder, the move and the warnings.
func (b *battle) drawMeasures(a *App, dst *ebiten.Image, x0 float64) {
	th := a.Theme
	u := th.U
	v := b.t.View()
	y := pMeasure * u
	if v.Measure {
		th.text(dst, v.RangeLine, th.Bold, x0, y, colText, alignLeft)
		y += 22 * u
	}
	if v.Moving && v.MoveText != "" {
		col := colText
		if v.Blocked {
			col = colBad
		}
		th.text(dst, v.MoveText, th.Small, x0, y, col, alignLeft)
		y += 20 * u
	}
	if v.Warn != "" {
		th.text(dst, v.Warn, th.Bold, x0, y, colBad, alignLeft)
		y += 22 * u
	}
	if b.t.M.Scenario.Options.DeadReckoning {
		th.text(dst, "Dead Reckoning: no measuring before you commit.", th.Small, x0, y, colTextDim, alignLeft)
	}
}

// drawLog writes the combat log, newest at the bottom.
func (b *battle) drawLog(a *App, dst *ebiten.Image, x0 float64) {
	th := a.Theme
	u := th.U
	c := &b.draw
	th.text(dst, "Combat log", th.Bold, x0, pLog*u, colTextDim, alignLeft)
	lh := 17 * u
	top := (pLog + 24) * u
	rows := int((float64(a.H) - top - 10*u) / lh)
	if rows <= 0 {
		return
	}
	b.panel.scroll = min(b.panel.scroll, max(0, len(c.log)-rows))
	end := len(c.log) - b.panel.scroll
	start := max(0, end-rows)
	for i := start; i < end; i++ {
		col := colTextDim
		if i >= len(c.log)-3 && b.panel.scroll == 0 {
			col = colText
		}
		th.text(dst, c.log[i], th.Small, x0, top+float64(i-start)*lh, col, alignLeft)
	}
}
