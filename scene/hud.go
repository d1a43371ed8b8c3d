package scene

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// panelWidth is the side panel's width in logical pixels.
const panelWidth = 340

// panel is the side panel: whose turn it is, the selected model's card
// with its action points, the action bar (every action of chapter 5 with
// its hotkey, greyed with the engine's reason when not allowed), the
// readout of the chosen action's odds and the combat log.
type panel struct {
	menu     button
	activate button
	hold     button
	fire     button
	actions  []actionButton
	scroll   int // log lines scrolled back from the newest
	// wordsEnd is where the replay viewer's own words end (logical
	// pixels; 0: a battle's readout, which says where it ends itself).
	wordsEnd float64
}

// actionButton is one action of the action bar (a row of bindable).
type actionButton struct {
	button
	act  table.Action
	kind game.CommandKind
	key  Key
}

func (p *panel) init() {
	p.menu = button{Label: "Menu", Enabled: true}
	p.activate = button{Label: "Activate", Key: "Enter"}
	p.hold = button{Label: "Hold fire", Enabled: true}
	p.fire = button{Label: "Fire", Key: "Enter", Enabled: true}
	for _, k := range barActions() {
		p.actions = append(p.actions, actionButton{button: button{Label: k.label, Compact: true}, act: k.act, kind: k.kind, key: k.key})
	}
}

// panel geometry, logical pixels from the panel's top.
const (
	pHeader  = 14
	pCard    = 74
	pButtons = 216
	pMeasure = 362
	pLog     = 556
)

// layout places the buttons and works out which are enabled.
func (p *panel) layout(a *App, b *battle) {
	u := a.Theme.U
	x0 := float64(a.W) - panelWidth*u + 16*u
	w := (panelWidth - 32) * u
	p.menu.place(float64(a.W)-86*u, 12*u, 70*u, 28*u)
	t := b.t
	m := t.M
	bw, bh := (w-12*u)/3, 30*u
	for i := range p.actions {
		ab := &p.actions[i]
		ab.place(x0+float64(i%3)*(bw+6*u), pButtons*u+float64(i/3)*(bh+6*u), bw, bh)
		ab.Enabled, ab.Why = false, ""
		if m.Active >= 0 && m.Pending == nil {
			ab.Enabled, ab.Why = t.Allowed(ab.kind)
		}
		ab.On = table.ModeOf(ab.act) == t.Mode
		ab.Key = a.keyOf(ab.key) // the player may have moved it
		if ab.act == table.ActRun && t.Mode == table.ModeRunTo {
			ab.Enabled = true // shows the run in progress
		}
	}
	p.hold.Key = a.keyOf(KeyHold) // the key in force, as every button shows it
	p.activate.W, p.hold.W, p.fire.W = 0, 0, 0
	switch {
	case m.Over:
		// The match is over: no action is armed or offered.
		for i := range p.actions {
			p.actions[i].W, p.actions[i].On = 0, false
		}
	case m.Pending != nil:
		p.fire.place(x0, pButtons*u, (w-10*u)/2, 36*u)
		p.fire.Enabled = t.View().FireOK
		p.hold.place(x0+(w+10*u)/2, pButtons*u, (w-10*u)/2, 36*u)
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
	case p.fire.clicked(in):
		return table.ActFire
	case in.Pressed(KeySlot1):
		return table.ActSlot1
	case in.Pressed(KeySlot2):
		return table.ActSlot2
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
	cardID     int          // the model on the card: hovered, else selected
	fuses      []string     // per lit fuse: whose it is and when it blows
	fuseShort  []string     // the same, short (whose it is), for a crowd
	engaged    []bool       // per model: in base contact with an enemy (Match.Engaged allocates)
	blast      []string     // per model the previewed blast catches: its dice
	gen        int          // the view generation blast and info were built for
	genU       float64      // and the UI scale info was wrapped at
	info       []table.Line // the readout's lines, wrapped to the panel's width
	slot       int
	header     string
	sub        string
	card       []string
	tags       []string       // per model: its states in words
	arcs       [][]game.Point // per model: its overwatch arc, or empty
	log        []string       // the combat log, wrapped
	logEvents  int            // events the log was wrapped from
	logMarks   int            // and the computer's reasons
	logWhy     []bool         // per log line: a computer's reason
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
	cardID := t.Selected
	if v := t.View(); v.HoverModel >= 0 {
		cardID = v.HoverModel
	}
	if v := t.View(); c.gen != t.Gen() || c.genU != a.Theme.U {
		c.gen, c.genU = t.Gen(), a.Theme.U
		c.wrapInfo(a, v.Info)
		c.blast = c.blast[:0]
		for _, o := range v.Blast {
			if o.Pool.Impossible {
				c.blast = append(c.blast, "shielded")
			} else {
				c.blast = append(c.blast, words.Count(o.Pool.Dice, "die", "dice"))
			}
		}
	}
	if c.stamp == t.Stamp() && c.sel == t.Selected && c.cardID == cardID && c.tags != nil && c.slot == t.Slot {
		return
	}
	c.stamp, c.sel, c.slot = t.Stamp(), t.Selected, t.Slot
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
		c.sub = "The end of the match."
		if _, line := b.sess.result(); line != "" {
			c.sub = line
		}
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
	if s := askLine(m); s != "" {
		c.sub = s // the initiative method waits for a decision
	}
	c.card = c.card[:0]
	c.cardID = cardID
	if id := cardID; id >= 0 {
		md := &m.Models[id]
		c.card = append(c.card, md.Name)
		c.card = append(c.card, fmt.Sprintf("%s of the %s", tierName(md.Profile.Tier), m.Posses[md.Posse].Name))
		for s, w := range md.Profile.Weapons {
			n := fmt.Sprintf("%d  %s", s+1, w)
			if r := weaponReach(w); r != "" {
				n += ", " + r // the dice by range: the tip over the line (card.go)
			}
			switch {
			case w == rules.Dynamite:
				n += fmt.Sprintf(" (%d left)", md.Sticks)
			case md.Empty[s]:
				n += "  OUT OF AMMO"
			}
			c.card = append(c.card, n)
		}
		sk := md.Profile.Skills.String()
		if sk == "none" {
			sk = ""
		}
		if md.Health.Tough {
			switch {
			case md.Health.ToughSpent:
				sk += "  (Tough used)"
			case !md.Profile.Skills.Has(rules.Tough):
				sk += "  (Tough, as a Legend)"
			}
		}
		if sk != "" {
			c.card = append(c.card, "Skills: "+strings.TrimSpace(sk))
		}
		if n := m.LuckTokens(id); n > 0 { // round effects (R41)
			c.card = append(c.card, "Luck: "+luckTokensText(n))
		}
		if m.Scenario.Options.CriticalInjuries {
			if inj := md.Health.Injuries(); inj.Dice != 0 || inj.MoveCut > 0 || inj.RunCut > 0 {
				c.card = append(c.card, fmt.Sprintf("Injured: %+d dice, Move -%.0f\", Run -%.0f\"", inj.Dice, inj.MoveCut, inj.RunCut))
			}
		}
	}
	c.apLeft = m.AP
	c.fuses, c.fuseShort = c.fuses[:0], c.fuseShort[:0]
	for _, f := range m.Fuses {
		c.fuses = append(c.fuses, possessive(m.Models[f.Thrower].Name)+" fuse: blows at his next activation")
		c.fuseShort = append(c.fuseShort, possessive(m.Models[f.Thrower].Name)+" fuse")
	}
	c.tags = c.tags[:0]
	c.arcs = c.arcs[:0]
	c.nameW, c.tagW = c.nameW[:0], c.tagW[:0]
	c.engaged = c.engaged[:0]
	for i := range m.Models {
		c.engaged = append(c.engaged, m.Engaged(i))
		c.tags = append(c.tags, modelTags(m, i))
		c.nameW = append(c.nameW, a.Theme.width(m.Models[i].Name, a.Theme.Small))
		c.tagW = append(c.tagW, a.Theme.width(c.tags[i], a.Theme.Small))
		var arc []game.Point
		if md := &m.Models[i]; md.Overwatch && !md.Removed() {
			arc = m.Board.ArcPolygon(md.Pos, md.WatchDir, m.OverwatchRange(i), make([]game.Point, 0, board.ArcRays+1))
		}
		c.arcs = append(c.arcs, arc)
	}
	if evs := m.Events(); len(evs) != c.logEvents || len(b.players.marks) != c.logMarks {
		c.wrapLog(a, m, evs, b.players.marks)
	}
}

func tierName(t rules.Tier) string {
	s := t.String()
	if s == "" {
		return "Model"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// wrapInfo wraps the readout's lines to the panel's width, so that a
// reason is read whole, not cut with "..." (worked out once per view).
func (c *drawCache) wrapInfo(a *App, lines []table.Line) {
	th := a.Theme
	pw := (panelWidth - 32) * th.U
	c.info = c.info[:0]
	var buf []string
	for _, l := range lines {
		face := infoFace(th, l.Tone)
		if th.width(l.Text, face) <= pw {
			c.info = append(c.info, l)
			continue
		}
		buf = appendWrapped(buf[:0], th, l.Text, face, pw, "  ")
		for _, s := range buf {
			c.info = append(c.info, table.Line{Text: s, Tone: l.Tone})
		}
	}
}

// infoFace is the face a readout line of a tone is drawn in.
func infoFace(th *Theme, tone table.Tone) *text.GoTextFace {
	if tone == table.ToneHead || tone == table.ToneGood {
		return th.Bold
	}
	return th.Small
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
	for s, w := range md.Profile.Weapons {
		if md.Empty[s] {
			tags = append(tags, emptyWhy(m, id, w)) // which gun, and why
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

// emptyWhy says which of a model's weapons is out of ammo and why, for
// under its name: only a Derringer or a Single-Shot Rifle empties after an
// ordinary shot; any other empties only after a Blaze Away (R19), or was
// set out unloaded by the scenario (no event says it emptied).
func emptyWhy(m *game.Match, id int, w rules.Weapon) string {
	emptied := false
	for _, e := range m.Events() {
		if e.Kind == game.EvOutOfAmmo && e.Model == id {
			emptied = true
			break
		}
	}
	switch {
	case !emptied:
		return w.String() + " not loaded"
	case rules.EmptyAfter(w, false):
		return w.String() + " empty after its shot"
	default:
		return w.String() + " empty after Blaze Away"
	}
}

// wrapLog wraps every event's text to the panel's width, with the
// computer's reasons before the events of their commands.
func (c *drawCache) wrapLog(a *App, m *game.Match, evs []game.Event, marks []whyMark) {
	th := a.Theme
	width := (panelWidth - 40) * th.U
	c.log, c.logWhy = c.log[:0], c.logWhy[:0]
	add := func(s string, why bool) {
		n := len(c.log)
		c.log = appendWrapped(c.log, th, s, th.Small, width, "  ")
		for range c.log[n:] {
			c.logWhy = append(c.logWhy, why)
		}
	}
	k := 0
	for i := range evs {
		for ; k < len(marks) && marks[k].events <= i; k++ {
			add(marks[k].text, true)
		}
		add(table.LogText(m, &evs[i]), false)
	}
	for ; k < len(marks); k++ {
		add(marks[k].text, true)
	}
	c.logEvents, c.logMarks = len(evs), len(marks)
}

// appendLogLines appends an event's combat-log text wrapped to the panel.
func appendLogLines(lines []string, th *Theme, m *game.Match, e *game.Event) []string {
	return appendWrapped(lines, th, table.LogText(m, e), th.Small, (panelWidth-40)*th.U, "  ")
}

// appendWrapped appends s broken into lines no wider than width, the
// lines after the first starting with indent.
func appendWrapped(lines []string, th *Theme, s string, face *text.GoTextFace, width float64, indent string) []string {
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if line != "" && th.width(try, face) > width {
			lines = append(lines, line)
			line = indent + w
			continue
		}
		line = try
	}
	return append(lines, line)
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
	// the card's frame, HP boxes, body diagram and AP pips
	ui.rect(float32(x0-6*u), float32((pCard-6)*u), float32((panelWidth-20)*u), float32(138*u), colPanelHi)
	if id := c.cardID; id >= 0 && id < len(m.Models) {
		b.drawCardShapes(a, ui, id, x0)
	}
	ui.flush(dst)

	th.text(dst, c.header, th.Head, x0+32*u, pHeader*u, colPaper, alignLeft)
	th.text(dst, c.sub, th.Small, x0, (pHeader+36)*u, colTextDim, alignLeft)
	if len(c.card) == 0 {
		th.text(dst, "Click a model to see its card.", th.Body, x0, pCard*u, colTextDim, alignLeft)
		th.text(dst, editionText(m), th.Small, x0, (pCard+28)*u, colTextDim, alignLeft) // luck.go
	}
	for i, line := range c.card {
		face, col, y := th.Small, colText, pCard+8+float64(i)*16
		switch {
		case i == 0:
			face, col, y = th.Head, colPaper, pCard
		case i == 1:
			col, y = colTextDim, pCard+26
		case strings.HasSuffix(line, "OUT OF AMMO"):
			col = colBad
		}
		if i >= 2 && m.Active >= 0 && m.Active == c.cardID && line[0] == byte('1'+b.t.Slot) {
			ui.rect(float32(x0-4*u), float32((y-1)*u), float32(200*u), float32(16*u), colGold.alpha(0.18))
			ui.flush(dst)
		}
		th.text(dst, line, face, x0, y*u, col, alignLeft)
	}
	if c.cardID >= 0 {
		th.text(dst, "HP", th.Bold, x0, (pCard+113)*u, colTextDim, alignLeft)
	}
	if m.Active >= 0 && m.Active == c.cardID {
		th.text(dst, "AP", th.Bold, x0+150*u, (pCard+113)*u, colTextDim, alignLeft)
	}
	bs := [16]*button{&b.panel.menu, &b.panel.activate, &b.panel.hold, &b.panel.fire}
	n := 4
	for i := range b.panel.actions {
		if n < len(bs) {
			bs[n] = &b.panel.actions[i].button
			n++
		}
	}
	drawButtons(a, dst, bs[:n]...)
	// The replay viewer writes the command and its reason above pLog
	// itself; the battle writes its readout there.
	end := float64(pLog - 6)
	if b.panel.wordsEnd > 0 {
		end = b.panel.wordsEnd
	}
	if b.sess.plays() {
		end = b.drawMeasures(a, dst, x0)
	}
	b.drawLog(a, dst, x0, logTop(a, end))
	b.drawInitiativePanel(a, dst, x0)
	b.drawWeaponTip(a, dst, x0)
}

// drawMeasures writes the rangefinder, the move and the warnings; it
// returns where it ended, logical pixels.
func (b *battle) drawMeasures(a *App, dst *ebiten.Image, x0 float64) float64 {
	th := a.Theme
	u := th.U
	v := b.t.View()
	y := pMeasure * u
	pw := (panelWidth - 32) * u // the panel's inner width: nothing runs past its edge
	if v.Measure {
		th.text(dst, th.clipped(v.RangeLine, th.Bold, pw), th.Bold, x0, y, colText, alignLeft)
		y += 22 * u
	}
	if v.Moving && v.MoveText != "" {
		col := colText
		if v.Blocked {
			col = colBad
		}
		th.text(dst, th.clipped(v.MoveText, th.Small, pw), th.Small, x0, y, col, alignLeft)
		y += 20 * u
	}
	if v.Warn != "" {
		th.text(dst, th.clipped(v.Warn, th.Bold, pw), th.Bold, x0, y, colBad, alignLeft)
		y += 22 * u
	}
	for _, l := range b.draw.info { // v.Info wrapped to the panel
		if y > measuresBottom(a)*u {
			break
		}
		face, col := infoFace(th, l.Tone), colText
		switch l.Tone {
		case table.ToneHead:
			col = colPaper
		case table.ToneDim:
			col = colTextDim
		case table.ToneGood:
			col = colGood
		case table.ToneBad:
			col = colBad
		}
		th.text(dst, th.clipped(l.Text, face, pw), face, x0, y, col, alignLeft)
		y += 17 * u
	}
	if b.t.M.Scenario.Options.DeadReckoning {
		th.text(dst, "Dead Reckoning: no measuring before you commit.", th.Small, x0, y, colTextDim, alignLeft)
		y += 17 * u
	}
	if y == pMeasure*u {
		return pMeasure - 6 // nothing written: the log may start where the readout would
	}
	return y / u
}

// drawLog writes the combat log, newest at the bottom, from logTop
// (logical pixels) down.
func (b *battle) drawLog(a *App, dst *ebiten.Image, x0, logTop float64) {
	th := a.Theme
	u := th.U
	c := &b.draw
	if logTop*u > float64(a.H)-40*u {
		return // a short screen and a long readout: the log waits
	}
	a.ui.rect(float32(x0-6*u), float32((logTop-8)*u), float32((panelWidth-20)*u), float32(float64(a.H)-(logTop+2)*u), colBlack.alpha(0.22))
	a.ui.flush(dst)
	th.text(dst, "Combat log", th.Bold, x0, logTop*u, colTextDim, alignLeft)
	lh := 17 * u
	top := (logTop + 24) * u
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
		if i < len(c.logWhy) && c.logWhy[i] { // the replay viewer's log has no reasons in it
			col = colGold.mix(col, 0.35)
		}
		th.text(dst, c.log[i], th.Small, x0, top+float64(i-start)*lh, col, alignLeft)
	}
}

// possessive is "Red's" or "Miller's".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
