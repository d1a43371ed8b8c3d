package scene

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/rules"
)

// Card colours: the red suits and joker, the black ones, the card's face
// and its back.
var (
	colCardRed  = hex(0xc0182c)
	colCardFace = hex(0xfbf7ee)
	colCardBack = hex(0x7a1f24)
	colMat      = hex(0x183024)
)

// cardInk is the colour a card is printed in.
func cardInk(c rules.Card) rgba {
	switch {
	case c.Joker == rules.RedJoker:
		return colCardRed
	case c.Joker == rules.BlackJoker:
		return colInk
	case c.Suit == rules.Hearts || c.Suit == rules.Diamonds:
		return colCardRed
	}
	return colInk
}

// cardRank is the card's corner without its suit: "K", "10", "JOKER".
func cardRank(c rules.Card) string {
	s := c.Short()
	if c.Joker != rules.NoJoker {
		return "JOKER"
	}
	return strings.TrimSuffix(s, c.Suit.Symbol())
}

// drawCard draws a card face up (or its back) with its top-left corner at
// x, y: rank and suit in the corner, a large suit in the middle; a joker
// says JOKER in red or black with a star.
func drawCard(a *App, dst *ebiten.Image, x, y, w, h float64, c rules.Card, down bool, corner *text.GoTextFace) {
	ui := a.ui
	u := float32(a.Theme.U)
	fx, fy, fw, fh := float32(x), float32(y), float32(w), float32(h)
	ui.rect(fx+1.5*u, fy+2*u, fw, fh, colBlack.alpha(0.4))
	ui.rect(fx, fy, fw, fh, colInk.alpha(0.9))
	if down {
		ui.rect(fx+u, fy+u, fw-2*u, fh-2*u, colCardBack)
		ui.rect(fx+3*u, fy+3*u, fw-6*u, fh-6*u, colCardBack.mix(colPaper, 0.15))
		ui.rect(fx+5*u, fy+5*u, fw-10*u, fh-10*u, colCardBack)
		ui.flush(dst)
		return
	}
	ui.rect(fx+u, fy+u, fw-2*u, fh-2*u, colCardFace)
	ink := cardInk(c)
	if c.Joker != rules.NoJoker {
		ui.star(fx+fw/2, fy+fh*0.58, fw*0.28, ink)
	}
	ui.flush(dst)
	th := a.Theme
	pad := 3 * th.U
	if c.Joker != rules.NoJoker {
		th.text(dst, "JOKER", corner, x+w/2, y+pad, ink, alignCenter)
		return
	}
	th.text(dst, cardRank(c), corner, x+pad, y+pad*0.6, ink, alignLeft)
	th.text(dst, c.Suit.Symbol(), corner, x+pad, y+pad*0.6+corner.Size*1.05, ink, alignLeft)
	if h >= 60*th.U {
		th.text(dst, c.Suit.Symbol(), th.Huge, x+w/2, y+h/2-th.Huge.Size*0.62, ink, alignCenter)
	}
}

// drawCardSlot draws an empty place for a card, with its name under it.
func drawCardSlot(a *App, x, y, w, h float64) {
	u := float32(a.Theme.U)
	fx, fy, fw, fh := float32(x), float32(y), float32(w), float32(h)
	edge := colPaper.alpha(0.35)
	a.ui.line(fx, fy, fx+fw, fy, u, edge)
	a.ui.line(fx, fy+fh, fx+fw, fy+fh, u, edge)
	a.ui.line(fx, fy, fx, fy+fh, u, edge)
	a.ui.line(fx+fw, fy, fx+fw, fy+fh, u, edge)
}

// wrapText cuts s into lines no wider than w.
func wrapText(th *Theme, s string, face *text.GoTextFace, w float64) []string {
	return appendWrapped(nil, th, s, face, w, "")
}

// drawInitiative draws the mat, the small cards on the bases and the
// animation of a draw or shuffle.
func (b *battle) drawInitiative(a *App, dst *ebiten.Image) {
	m := b.t.M
	if !seedMethod(m) {
		return
	}
	v := &b.init
	v.refresh(a, b)
	b.drawBaseCards(a, dst)
	b.drawMat(a, dst)
}

// drawBaseCards puts each model's card, small, at the top right of its
// base: its top card under card stacks (the back when none is face up),
// its card of the character deck.
func (b *battle) drawBaseCards(a *App, dst *ebiten.Image) {
	if !b.showsBaseCards() {
		return
	}
	face := b.init.tinyFace(a.Theme)
	for i := range b.t.M.Models {
		if x, y, w, h, ok := b.baseCardRect(a, i); ok {
			c, down := b.baseCard(i)
			drawCard(a, dst, x, y, w, h, c, down, face)
		}
	}
}

// showsBaseCards reports whether the initiative method puts a card on
// each model's base (card stacks, the character deck).
func (b *battle) showsBaseCards() bool {
	m := b.t.M.Scenario.Initiative
	return m == game.MethodStacks || m == game.MethodDeck
}

// baseCardRect is where model i's card goes on screen (its top-left
// corner and size): at the base's right, clear of the labels above and
// below. ok is false for a model out of play or a card left of the view.
// The table's labels keep off it (minis.go).
func (b *battle) baseCardRect(a *App, i int) (x, y, w, h float64, ok bool) {
	if b.t.M.Models[i].Removed() {
		return 0, 0, 0, 0, false
	}
	th := a.Theme
	r := board.BaseRadius * b.cam.Scale
	w = math.Max(17*th.U, r*1.25)
	h = w * 1.4
	p, _ := b.modelAt(i)
	mx, my := b.cam.ToScreen(p)
	x, y = mx+r+3*th.U, my-h*0.8
	vx, _, _, _ := b.viewport(a)
	return x, y, w, h, x >= vx
}

// drawMat draws the initiative mat at the table's left: the method, the
// card or token that is up, the deck or the bag or the order of the
// stacks, and the round's effects.
func (b *battle) drawMat(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	m := b.t.M
	v := &b.init
	ui := a.ui
	mw := matWidth * u
	_, _, _, vh := b.viewport(a)
	ui.rect(0, 0, float32(mw), float32(vh), colMat)
	ui.rect(float32(mw-3*u), 0, float32(3*u), float32(vh), colBlack.alpha(0.45))
	ui.flush(dst)
	x0 := 12 * u
	inner := mw - 24*u
	y := 10 * u
	th.text(dst, methodTitle(m.Scenario.Initiative), th.Head, x0, y, colPaper, alignLeft)
	y += 28 * u
	cw, ch := 60*u, 84*u
	switch m.Scenario.Initiative {
	case game.MethodDeck:
		y = b.drawDeckPiles(a, dst, x0, y, cw, ch)
	case game.MethodTokens:
		y = b.drawBag(a, dst, x0, y)
	default:
		// The card that is up, big, beside whose it is.
		if v.upOK && v.upID >= 0 && !m.Over {
			drawCard(a, dst, x0, y, cw, ch, v.up, false, th.Bold)
			b.animOver(a, dst, x0, y, cw, ch)
		} else {
			drawCardSlot(a, x0, y, cw, ch)
			ui.flush(dst)
		}
		b.drawUpText(a, dst, x0+cw+10*u, y+4*u)
		y += ch + 12*u
	}
	if m.Scenario.Initiative == game.MethodStacks {
		y = b.drawStackOrder(a, dst, x0, y, vh)
	}
	b.drawEffects(a, dst, x0, inner, vh)
}

// methodTitle is the mat's heading for an initiative method.
func methodTitle(method string) string {
	switch method {
	case game.MethodStacks:
		return "Card stacks"
	case game.MethodDeck:
		return "Character deck"
	case game.MethodTokens:
		return "Token stack"
	case game.MethodDraw:
		return "The Draw"
	}
	return method
}

// animOver draws the card being drawn, flying from the deck (top left of
// the mat) to the place at x, y and turning face up on the way.
func (b *battle) animOver(a *App, dst *ebiten.Image, x, y, w, h float64) {
	an := &b.init.anim
	if an.frames == 0 || an.shuffle {
		return
	}
	th := a.Theme
	t := float64(an.frame) / float64(an.frames)
	// from above the mat's top, easing in
	e := 1 - (1-t)*(1-t)
	sx, sy := x+w*0.5, y-h*1.2
	cx, cy := sx+(x-sx)*e, sy+(y-sy)*e
	if an.token >= 0 || an.endOfRound {
		col := colGold
		if an.token >= 0 {
			col = sideColour(an.token)
		}
		a.ui.circle(float32(cx+w/2), float32(cy+h/2), float32(14*th.U), col)
		a.ui.ring(float32(cx+w/2), float32(cy+h/2), float32(14*th.U), float32(2*th.U), colBlack.alpha(0.6))
		a.ui.flush(dst)
		return
	}
	flip := math.Abs(math.Cos(t * math.Pi)) // narrows to an edge at half way, then opens face up
	fw := math.Max(2*th.U, w*flip)
	drawCard(a, dst, cx+(w-fw)/2, cy, fw, h, an.card, t < 0.5, th.Bold)
}

// drawDeckPiles draws the character deck: the pile face down with its
// count, the waiting card's place, the card just drawn and the discards.
func (b *battle) drawDeckPiles(a *App, dst *ebiten.Image, x0, y, cw, ch float64) float64 {
	th := a.Theme
	u := th.U
	m := b.t.M
	dt := &b.init.dt
	w, h := cw*0.85, ch*0.85
	gap := 10 * u
	// Deck, riffled while it is shuffled.
	jig := 0.0
	if an := &b.init.anim; an.frames > 0 && an.shuffle {
		jig = 6 * u * math.Sin(float64(an.frame)*0.9)
	}
	if dt.Left > 0 {
		for k := min(dt.Left, 4) - 1; k >= 0; k-- {
			off := float64(k) * 1.5 * u
			if k%2 == 1 {
				off += jig
			}
			drawCard(a, dst, x0+off, y-off, w, h, rules.Card{}, true, th.Small)
		}
	} else {
		drawCardSlot(a, x0, y, w, h)
		a.ui.flush(dst)
	}
	th.text(dst, b.init.deckLeft, th.Small, x0+w/2, y+h+4*u, colTextDim, alignCenter)
	// The waiting card.
	wx := x0 + w + gap
	if dt.WaitingBy >= 0 {
		drawCard(a, dst, wx, y, w, h, dt.Waiting, false, th.Bold)
	} else {
		drawCardSlot(a, wx, y, w, h)
		a.ui.flush(dst)
	}
	th.text(dst, "waiting", th.Small, wx+w/2, y+h+4*u, colTextDim, alignCenter)
	// The discards, the last on top.
	dx := wx + w + gap
	if n := len(dt.Discarded); n > 0 {
		drawCard(a, dst, dx, y, w, h, dt.Discarded[n-1], false, th.Bold)
	} else {
		drawCardSlot(a, dx, y, w, h)
		a.ui.flush(dst)
	}
	th.text(dst, "discards", th.Small, dx+w/2, y+h+4*u, colTextDim, alignCenter)
	y += h + 28*u
	// The card up now (or the new card that meets the waiting one), big.
	if v := &b.init; v.upOK && v.upID >= 0 && !m.Over {
		drawCard(a, dst, x0, y, cw, ch, v.up, false, th.Bold)
	} else {
		drawCardSlot(a, x0, y, cw, ch)
		a.ui.flush(dst)
	}
	b.animOver(a, dst, x0, y, cw, ch)
	b.drawUpText(a, dst, x0+cw+10*u, y+4*u)
	return y + ch + 12*u
}

// drawBag draws the token stack's bag and what is in it, counted by
// colour, with the End of Round token.
func (b *battle) drawBag(a *App, dst *ebiten.Image, x0, y float64) float64 {
	th := a.Theme
	u := th.U
	v := &b.init
	ui := a.ui
	// The bag: a sack and its tied neck, riffled while it is refilled.
	jig := 0.0
	if an := &v.anim; an.frames > 0 && an.shuffle {
		jig = 3 * u * math.Sin(float64(an.frame)*0.8)
	}
	bx, by := float32(x0+34*u+jig), float32(y+44*u)
	ui.circle(bx, by, float32(30*u), hex(0x8a6a3e))
	ui.rect(bx-float32(12*u), by-float32(40*u), float32(24*u), float32(14*u), hex(0x8a6a3e))
	ui.rect(bx-float32(14*u), by-float32(28*u), float32(28*u), float32(4*u), hex(0x4a3420))
	ui.flush(dst)
	th.text(dst, v.bagTotal, th.Head, float64(bx), float64(by)-10*u, colPaper, alignCenter)
	th.text(dst, "tokens", th.Small, float64(bx), float64(by)+10*u, colPaper, alignCenter)
	// Whose token is up.
	b.drawUpText(a, dst, x0+80*u, y+8*u)
	b.animOver(a, dst, x0+10*u, y+10*u, 48*u, 60*u)
	y += 92 * u
	for _, l := range v.lines {
		if l.head {
			th.text(dst, l.text, th.Bold, x0, y, colPaper, alignLeft)
			y += 20 * u
			continue
		}
		ui.circle(float32(x0+6*u), float32(y+8*u), float32(5.5*u), l.col)
		if strings.HasPrefix(l.text, "End of Round") {
			ui.circle(float32(x0+6*u), float32(y+8*u), float32(5.5*u), colInk)
			ui.ring(float32(x0+6*u), float32(y+8*u), float32(5.5*u), float32(1.5*u), colGold)
		}
		ui.flush(dst)
		th.text(dst, th.clipped(l.text, th.Small, matWidth*u-40*u), th.Small, x0+16*u, y, l.col, alignLeft)
		y += 17 * u
	}
	return y
}

// drawStackOrder lists the models still to act this game turn, by their
// top card (the engine's order but for complete ties, which a coin flip
// settles when they come up), each with its card.
func (b *battle) drawStackOrder(a *App, dst *ebiten.Image, x0, y, vh float64) float64 {
	th := a.Theme
	u := th.U
	m := b.t.M
	th.text(dst, "Still to act, highest card first", th.Bold, x0, y, colPaper, alignLeft)
	y += 22 * u
	ids := b.init.order
	face := b.init.tinyFace(th)
	limit := vh - 250*u // the effects keep the mat's foot
	if !m.Scenario.Options.RoundEffects {
		limit = vh - 20*u
	}
	for _, id := range ids {
		if y > limit {
			th.text(dst, "…", th.Small, x0, y, colTextDim, alignLeft)
			break
		}
		c, up := m.TopCard(id)
		drawCard(a, dst, x0, y, 17*u, 23*u, c, !up, face)
		md := &m.Models[id]
		a.ui.circle(float32(x0+26*u), float32(y+11*u), float32(5*u), sideColour(md.Posse))
		a.ui.flush(dst)
		th.text(dst, th.clipped(md.Name, th.Small, matWidth*u-72*u), th.Small, x0+36*u, y+4*u, colText, alignLeft)
		y += 27 * u
	}
	if len(ids) == 0 {
		th.text(dst, "nobody: the game turn ends", th.Small, x0, y, colTextDim, alignLeft)
		y += 18 * u
	}
	return y
}

// drawEffects writes the round's effect per suit at the mat's foot, each
// beside a small card of its suit, and the approved action.
func (b *battle) drawEffects(a *App, dst *ebiten.Image, x0, inner, vh float64) {
	v := &b.init
	if len(v.effects) == 0 {
		return
	}
	th := a.Theme
	u := th.U
	blocks, app := v.effects, v.approved
	n := len(app)
	for _, bl := range blocks {
		n += len(bl)
	}
	lh := 15 * u
	y := vh - 10*u - float64(n)*lh - 4*4*u - 46*u
	a.ui.rect(float32(x0-6*u), float32(y-6*u), float32(inner+12*u), float32(vh-y), colBlack.alpha(0.25))
	a.ui.flush(dst)
	th.text(dst, "This round's effects", th.Bold, x0, y, colPaper, alignLeft)
	y += 20 * u
	th.text(dst, th.clipped(v.suitsLine, th.Small, inner), th.Small, x0, y, colTextDim, alignLeft)
	y += 20 * u
	for i, bl := range blocks {
		s := rules.Spades - rules.Suit(i)
		drawSuitChip(a, dst, x0, y, 17*u, s)
		for k, line := range bl {
			face := th.Small
			col := colText
			if k == 0 {
				col = colPaper
			}
			th.text(dst, line, face, x0+24*u, y+float64(k)*lh, col, alignLeft)
		}
		y += float64(len(bl))*lh + 4*u
	}
	for _, line := range app {
		th.text(dst, line, th.Small, x0, y, colGold, alignLeft)
		y += lh
	}
}

// drawInitiativePanel draws, in the side panel, the model's stack beside
// its stat card (card stacks) or its card (the character deck), the
// prompts of the method's decisions and Refocus on the action bar.
func (b *battle) drawInitiativePanel(a *App, dst *ebiten.Image, x0 float64) {
	m := b.t.M
	if !seedMethod(m) {
		return
	}
	th := a.Theme
	u := th.U
	v := &b.init
	if id := b.draw.cardID; id >= 0 && id < len(m.Models) {
		// left of the body diagram, under the name
		right := x0 + float64(panelWidth-70-30)*u
		w, h := 26*u, 36*u
		y := float64(pCard+30) * u
		if st, ok := m.Stack(id); ok && len(st) > 0 {
			step := 11 * u
			x := right - w - float64(len(st)-1)*step
			for k := len(st) - 1; k >= 0; k-- { // the top card last, on top
				drawCard(a, dst, x+float64(len(st)-1-k)*step, y, w, h, st[k].Card, st[k].Down, v.tinyFace(th))
			}
			// shown in order: the top card at the right
		} else if c, ok := m.DeckCard(id); ok {
			drawCard(a, dst, right-w, y, w, h, c, false, v.tinyFace(th))
		}
	}
	drawButtons(a, dst, &v.actNow, &v.wait, &v.restack, &v.refocus.button)
	if v.restack.W > 0 {
		th.text(dst, "Every card is face down: this turn is spent", th.Small, x0, v.restack.Y+v.restack.H+10*u, colTextDim, alignLeft)
		th.text(dst, "restacking them high to low, face up.", th.Small, x0, v.restack.Y+v.restack.H+26*u, colTextDim, alignLeft)
	}
	if v.actNow.W > 0 {
		y := v.actNow.Y + v.actNow.H + 10*u
		for _, s := range v.detail {
			th.text(dst, s, th.Small, x0, y, colText, alignLeft)
			y += 16 * u
		}
	}
}

// baseCard is the card shown on a model's base: its top card under card
// stacks (face down when none is face up), its card of the character deck.
func (b *battle) baseCard(id int) (c rules.Card, down bool) {
	m := b.t.M
	if c, ok := m.DeckCard(id); ok {
		return c, false
	}
	c, up := m.TopCard(id)
	return c, !up
}

// drawSuitChip draws a small card corner with a suit in its colour.
func drawSuitChip(a *App, dst *ebiten.Image, x, y, size float64, s rules.Suit) {
	u := float32(a.Theme.U)
	fx, fy, fs := float32(x), float32(y), float32(size)
	a.ui.rect(fx, fy, fs, fs, colInk.alpha(0.9))
	a.ui.rect(fx+u, fy+u, fs-2*u, fs-2*u, colCardFace)
	a.ui.flush(dst)
	th := a.Theme
	th.text(dst, s.Symbol(), th.Bold, x+size/2, y+size/2-th.Bold.Size*0.62, cardInk(rules.Card{Rank: 2, Suit: s}), alignCenter)
}

// suitsLine says whose suit is whose: the sides' under the Draw and the
// character deck, each model's top card under card stacks (R38).
func suitsLine(m *game.Match) string {
	if m.Scenario.Initiative == game.MethodStacks {
		return "A model's suit is its top card's."
	}
	var parts []string
	for p := range m.Posses {
		parts = append(parts, m.Posses[p].Name+" "+rules.SuitOfSide(p).String())
	}
	return strings.Join(parts, ", ") + "."
}

// drawUpText writes whose card or token is up, wrapped, from x, y.
func (b *battle) drawUpText(a *App, dst *ebiten.Image, x, y float64) {
	th := a.Theme
	for _, s := range b.init.upText {
		th.text(dst, s, th.Small, x, y, colText, alignLeft)
		y += 16 * th.U
	}
}
