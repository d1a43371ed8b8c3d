package scene

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"cowpoke/game"
	"cowpoke/game/words"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// The seeds' initiative methods on the table (R35-R38), as players at a
// real table see them: a mat at the table's left edge with the card that
// is up, the character deck's pile, waiting card and discards, the token
// stack's bag counted by colour, each model's stack in order, and the
// round's effect per suit in plain words; a small card on each base; the
// stack beside the stat card; the prompts for the decisions the methods
// add (act now or wait, restack, Refocus on the action bar); and short
// animations of draws and shuffles (skipped with a click or Space, off
// with Y like the dice).

// matWidth is the initiative mat's width in logical pixels.
const matWidth = 232

// initiativeView is the battle's part for the seeds' methods.
type initiativeView struct {
	actNow, wait, restack button
	refocus               actionButton

	built bool      // the strings below were built,
	stamp int       // for this stamp of the table
	u     float64   // and this UI scale
	lines []matLine // the token stack: what the bag holds, line by line

	// Worked out once per change of the match (refresh), not per frame.
	choices   []game.Command // the decisions the method waits for
	dt        game.DeckTable // the character deck as the table shows it
	up        rules.Card     // the card up, whose it is (upID), if any (upOK)
	upID      int
	upOK      bool
	upText    []string   // whose card or token is up, wrapped beside it
	order     []int      // card stacks: the models still to act, by top card
	effects   [][]string // round effects: each suit's line, wrapped
	approved  []string   // and the approved action
	suitsLine string     // whose suit is whose
	deckLeft  string     // the character deck's pile, counted: "12 cards"
	bagTotal  string     // the token stack: how many tokens the bag holds
	detail    []string   // what the question is and what each answer does, wrapped

	anim  cardAnim
	tiny  *text.GoTextFace // the face of the cards on the bases
	tinyU float64
}

// matLine is one line of text on the mat, with its tone.
type matLine struct {
	text string
	head bool
	col  rgba
}

// cardAnim is a draw or a shuffle being shown: a card flies from the
// deck or the bag to the place of the card that is up, or the deck's
// cards riffle.
type cardAnim struct {
	frame, frames int
	shuffle       bool
	card          rules.Card // the card drawn (a joker, a model's card)
	token         int        // a token's posse colour, or -1 for a card
	endOfRound    bool
}

// seedMethod reports whether a match plays one of the seeds' methods or
// round effects, and so needs the mat.
func seedMethod(m *game.Match) bool {
	switch m.Scenario.Initiative {
	case game.MethodStacks, game.MethodDeck, game.MethodTokens:
		return true
	}
	return m.Scenario.Options.RoundEffects
}

// matWidthFor is the room the mat takes at the table's left, in screen
// pixels: none under the book's methods.
func (v *initiativeView) matWidthFor(a *App, m *game.Match) float64 {
	if !seedMethod(m) {
		return 0
	}
	return matWidth * a.Theme.U
}

// animating reports whether a draw or shuffle is being shown.
func (v *initiativeView) animating() bool { return v.anim.frames > 0 }

// started looks at a command's events for draws and shuffles to show.
// With animations off (Y) nothing is shown.
func (v *initiativeView) started(b *battle, evs []game.Event) {
	if b.tray.instant {
		v.anim = cardAnim{}
		return
	}
	for i := len(evs) - 1; i >= 0; i-- {
		e := &evs[i]
		switch {
		case e.Kind == game.EvCard && e.Deck == game.DeckShuffled:
			v.anim = cardAnim{frames: 36, shuffle: true, token: -1}
			return
		case e.Kind == game.EvCard && len(e.Cards) > 0 && e.Deck == game.DeckDrawn:
			v.anim = cardAnim{frames: 24, card: e.Cards[0], token: -1}
			return
		case e.Kind == game.EvToken && len(e.Faces) > 0:
			v.anim = cardAnim{frames: 24, token: e.Posse, endOfRound: e.Model < 0 && e.Posse < 0}
			return
		case e.Kind == game.EvToken:
			v.anim = cardAnim{frames: 36, shuffle: true, token: -1}
			return
		}
	}
}

// update steps the animation (a click, Space or Esc skips it) and lays the
// prompts out; it returns a command the player gave with them.
func (v *initiativeView) update(a *App, b *battle) (game.Command, bool) {
	in := &a.In
	if v.anim.frames > 0 {
		if in.Click || in.Pressed(KeySkip) || in.Pressed(KeyCancel) {
			v.anim = cardAnim{}
			in.Click = false
			in.Keys[KeySkip], in.Keys[KeyCancel] = false, false
		} else if v.anim.frame += max(1, int(a.Settings.AnimSpeed+0.5)); v.anim.frame >= v.anim.frames {
			v.anim = cardAnim{}
		}
	}
	m := b.t.M
	v.layout(a, b)
	if m.Over || !seedMethod(m) {
		return game.Command{}, false
	}
	v.refresh(a, b)
	for _, c := range v.choices {
		switch {
		case c.Kind == game.CmdActNow && (v.actNow.clicked(in) || in.Pressed(KeyConfirm)):
			in.Keys[KeyConfirm] = false
			return c, true
		case c.Kind == game.CmdWait && (v.wait.clicked(in) || in.Pressed(KeyHold)):
			return c, true
		case c.Kind == game.CmdRestack && (v.restack.clicked(in) || in.Pressed(KeyConfirm)):
			in.Keys[KeyConfirm] = false
			return c, true
		}
	}
	if m.Active >= 0 && v.refocus.W > 0 && ((in.Click && v.refocus.hover(in)) || in.Pressed(KeyRefocus)) {
		in.Click = false
		if c, ok := b.t.Do(table.ActRefocus); ok {
			return c, true
		}
	}
	return game.Command{}, false
}

// layout places the prompts over the panel's action area, and Refocus on
// the action bar under card stacks (the bar then takes five shorter rows).
func (v *initiativeView) layout(a *App, b *battle) {
	u := a.Theme.U
	m := b.t.M
	p := &b.panel
	x0 := float64(a.W) - panelWidth*u + 16*u
	w := (panelWidth - 32) * u
	v.actNow.W, v.wait.W, v.restack.W, v.refocus.W = 0, 0, 0, 0
	if m.Over || !seedMethod(m) || m.Pending != nil {
		return
	}
	hideBar := func() {
		p.activate.W = 0
		for i := range p.actions {
			p.actions[i].W = 0
		}
	}
	choices := v.choices
	switch {
	case len(choices) > 0 && choices[0].Kind == game.CmdRestack:
		hideBar()
		v.restack = button{Label: "Restack the cards", Key: "Enter", Enabled: true}
		v.restack.place(x0, pButtons*u, w, 36*u)
	case len(choices) > 0:
		hideBar()
		v.actNow = button{Label: "Act now", Key: "Enter", Enabled: true}
		v.wait = button{Label: "Wait", Key: keyName(a.binds[KeyHold]), Enabled: true}
		v.actNow.place(x0, pButtons*u, (w-10*u)/2, 36*u)
		v.wait.place(x0+(w+10*u)/2, pButtons*u, (w-10*u)/2, 36*u)
	case m.Active >= 0 && m.Scenario.Initiative == game.MethodStacks:
		// Thirteen actions in five rows of three, in the bar's height.
		bw, bh, gap := (w-12*u)/3, 25*u, 4*u
		for i := range p.actions {
			if p.actions[i].W > 0 {
				p.actions[i].place(x0+float64(i%3)*(bw+6*u), pButtons*u+float64(i/3)*(bh+gap), bw, bh)
			}
		}
		n := len(p.actions)
		v.refocus = actionButton{button: button{Label: "Refocus", Key: keyName(a.binds[KeyRefocus]), Compact: true}, kind: game.CmdRefocus}
		v.refocus.Enabled, v.refocus.Why = b.t.Allowed(game.CmdRefocus)
		v.refocus.place(x0+float64(n%3)*(bw+6*u), pButtons*u+float64(n/3)*(bh+gap), bw, bh)
	}
}

// refresh rebuilds the mat's lines when the match changed.
func (v *initiativeView) refresh(a *App, b *battle) {
	t := b.t
	th := a.Theme
	if v.built && v.stamp == t.Stamp() && v.u == th.U {
		return
	}
	v.built, v.stamp, v.u = true, t.Stamp(), th.U
	m := t.M
	v.choices = m.MethodChoices()
	v.dt, _ = m.DeckTable()
	v.deckLeft = words.Count(v.dt.Left, "card", "cards")
	v.up, v.upID, v.upOK = upCard(m)
	beside := (matWidth - 24 - 70) * th.U // the width beside the big card or the bag
	if m.Scenario.Initiative == game.MethodTokens {
		beside = (matWidth - 24 - 80) * th.U
	}
	v.upText = v.upText[:0]
	if s := upLine(m); s != "" {
		if m.Scenario.Initiative != game.MethodTokens {
			s = strings.TrimPrefix(s, "Up: ")
		}
		v.upText = wrapText(th, s, th.Small, beside)
	}
	v.order = m.StackOrder(v.order[:0])
	v.effects, v.approved = v.effects[:0], nil
	if suits, approved, ok := effectLines(m); ok {
		inner := (matWidth - 24) * th.U
		for _, s := range suits {
			v.effects = append(v.effects, wrapText(th, s, th.Small, inner-24*th.U))
		}
		v.approved = wrapText(th, approved, th.Small, inner)
		v.suitsLine = suitsLine(m)
	}
	v.lines = v.lines[:0]
	v.detail = v.detail[:0]
	if d := askDetail(m); d != "" {
		v.detail = wrapText(a.Theme, d, a.Theme.Small, (panelWidth-32)*a.Theme.U)
	}
	add := func(s string, head bool, col rgba) { v.lines = append(v.lines, matLine{s, head, col}) }
	switch m.Scenario.Initiative {
	case game.MethodTokens:
		add("In the bag", true, colPaper)
		byModel, byPosse, eor, _ := m.BagCounts()
		total := 0
		for _, n := range byModel {
			total += n
		}
		for _, n := range byPosse {
			total += n
		}
		if eor {
			total++
		}
		v.bagTotal = strconv.Itoa(total)
		for p := range m.Posses {
			if byPosse[p] > 0 {
				add(fmt.Sprintf("%s (shared): %s", m.Posses[p].Name, words.Count(byPosse[p], "token", "tokens")), false, sideColour(p).mix(colWhite, 0.35))
			}
			for _, id := range m.Posses[p].Models {
				if byModel[id] > 0 {
					add(fmt.Sprintf("%s: %s", m.Models[id].Name, words.Count(byModel[id], "token", "tokens")), false, sideColour(p).mix(colWhite, 0.35))
				}
			}
		}
		if eor {
			add("End of Round: in the bag", false, colGold)
		} else {
			add("End of Round: drawn", false, colTextDim)
		}
	}
}

// upCard is the card of the model that is up (or the card that must
// choose), and whose it is; ok is false when no card is up.
func upCard(m *game.Match) (c rules.Card, id int, ok bool) {
	if dt, isDeck := m.DeckTable(); isDeck {
		switch {
		case dt.DrawnBy >= 0:
			return dt.Drawn, dt.DrawnBy, true // the new card, beside the waiting one
		case dt.Chose >= 0:
			return dt.Chooser, dt.Chose, true
		}
		id = m.Active
		if id < 0 {
			id = m.Up.Model
		}
		if id >= 0 {
			c, _ = m.DeckCard(id)
			return c, id, true
		}
		return c, -1, false
	}
	id = m.Active
	if id < 0 {
		id = m.Up.Model
	}
	if id < 0 {
		return c, -1, false
	}
	c, ok = m.TopCard(id)
	return c, id, ok
}

// upLine says whose card or token is up now, in words.
func upLine(m *game.Match) string {
	if m.Over {
		return ""
	}
	if c, id, ok := upCard(m); ok && id >= 0 {
		if _, asks := m.MethodAsks(); asks {
			return fmt.Sprintf("Drawn: the %s, %s", c, m.Models[id].Name)
		}
		if m.Scenario.Initiative == game.MethodStacks {
			return fmt.Sprintf("Up: %s; top card the %s", m.Models[id].Name, c)
		}
		return fmt.Sprintf("Up: %s, on the %s", m.Models[id].Name, c)
	}
	switch {
	case m.Scenario.Initiative == game.MethodTokens && m.Active >= 0 && m.Up.Model < 0:
		return fmt.Sprintf("Up: %s, on a shared token of %s", m.Models[m.Active].Name, m.Posses[m.Up.Posse].Name)
	case m.Scenario.Initiative == game.MethodTokens && m.Active >= 0:
		return fmt.Sprintf("Up: %s, on his own token", m.Models[m.Active].Name)
	case m.Scenario.Initiative == game.MethodTokens && m.SharedToken():
		return fmt.Sprintf("Up: a shared token of %s: any of them may act", m.Posses[m.Up.Posse].Name)
	case m.Scenario.Initiative == game.MethodTokens && m.Up.Model >= 0:
		return fmt.Sprintf("Up: %s's token", m.Models[m.Up.Model].Name)
	case m.Scenario.Initiative == game.MethodStacks && m.Up.Model >= 0:
		return fmt.Sprintf("Up: %s, with no face-up card: he loses this turn", m.Models[m.Up.Model].Name)
	}
	return ""
}

// askLine is the panel's line under the header while the method waits for
// a decision, "" otherwise.
func askLine(m *game.Match) string {
	if m.Over {
		return ""
	}
	if p, asks := m.MethodAsks(); asks {
		return m.Posses[p].Name + ": act now or wait?"
	}
	if cs := m.MethodChoices(); len(cs) > 0 && cs[0].Kind == game.CmdRestack {
		return m.Models[cs[0].Model].Name + " has no face-up card: restack"
	}
	if m.SharedToken() {
		return m.Posses[m.Up.Posse].Name + ": a shared token: pick anyone standing"
	}
	return ""
}

// askDetail says what the character deck's question is and what each
// answer does, "" when nothing is asked.
func askDetail(m *game.Match) string {
	if _, asks := m.MethodAsks(); !asks {
		return ""
	}
	dt, _ := m.DeckTable()
	who := m.Models[dt.Chose].Name
	other := dt.DrawnBy
	if dt.Chose == dt.DrawnBy {
		other = dt.WaitingBy
	}
	if dt.WaitingBy < 0 || dt.DrawnBy < 0 || other < 0 {
		return fmt.Sprintf("The %s (%s) is drawn. Act now, or wait: the card lies face up beside the deck to act later, and a higher card drawn may act before it.", dt.Chooser.Short(), who)
	}
	oc, _ := m.DeckCard(other)
	name := m.Models[other].Name
	if dt.Chose == dt.DrawnBy {
		return fmt.Sprintf("The %s (%s) outranks the waiting %s (%s), so it chooses. Act now: %s keeps waiting. Wait: %s's card takes the waiting place and %s acts now.",
			dt.Chooser.Short(), who, oc.Short(), name, name, who, name)
	}
	return fmt.Sprintf("The waiting %s (%s) outranks the %s just drawn (%s), so it chooses. Act now: %s waits in its place. Wait: it stays waiting and %s acts now.",
		dt.Chooser.Short(), who, oc.Short(), name, name, name)
}

// effectLines are the round's effect per suit in plain words, and the
// approved action, for the mat.
func effectLines(m *game.Match) (suits [4]string, approved string, ok bool) {
	card, ok := m.RoundEffectCard()
	if !ok {
		return suits, "", false
	}
	for s := rules.Spades; s >= rules.Clubs; s-- {
		e := card.Suits[s]
		suits[rules.Spades-s] = fmt.Sprintf("%s, %s: %s", s, e, m.EffectLine(e))
	}
	return suits, fmt.Sprintf("Approved: %s (%s)", card.Approved, m.ApprovedLine(card.Approved)), true
}

// initiativeStages are the -stage values that show the seeds' methods.
var initiativeStages = []string{"stacks", "deck", "tokens", "effects"}

// stageInitiative starts the default match under one of the seeds'
// methods and plays into a moment that shows it: card stacks with a model
// that aimed (a card pushed under its stack) and the next one active;
// the character deck waiting on act now or wait; the token stack with a
// shared colour after a few draws; round effects on the character deck.
func (b *battle) stageInitiative(a *App, stage string) (game.Point, error) {
	s, err := game.DefaultScenario()
	if err != nil {
		return game.Point{}, err
	}
	switch stage {
	case "stacks":
		s.Initiative = game.MethodStacks
	case "deck":
		s.Initiative = game.MethodDeck
	case "tokens":
		s.Initiative, s.Options.Computer = game.MethodTokens, []int{1}
	case "effects":
		s.Initiative, s.Options.RoundEffects, s.Options.Computer = game.MethodStacks, true, []int{1}
	}
	m, err := game.NewMatch(s, a.Cfg.Seed)
	if err != nil {
		return game.Point{}, err
	}
	b.t.Replace(m)
	t := b.t
	apply := func(c game.Command) error { _, err := t.Apply(c); return err }
	// Quiet activations: each model that comes up ends at once, and the
	// method's questions get their first answer.
	for step := 0; step < 6 && !m.Over; step++ {
		if cs := m.MethodChoices(); len(cs) > 0 {
			if err := apply(cs[0]); err != nil {
				return game.Point{}, err
			}
			continue
		}
		if stage == "tokens" && step >= 2 && m.SharedToken() {
			break // a shared token: the side may pick anyone standing
		}
		id := m.Active // a method that names a model activates it at once
		for i := range m.Models {
			if id < 0 && t.Ready(i) {
				id = i
			}
		}
		if id < 0 {
			break
		}
		if m.Active < 0 {
			if err := apply(game.Command{Kind: game.CmdActivate, Model: id}); err != nil {
				return game.Point{}, err
			}
		}
		if step == 5 {
			t.Select(id)
			break // the last one stays active
		}
		if m.Active == id {
			if err := apply(game.Command{Kind: game.CmdEnd, Model: id}); err != nil {
				return game.Point{}, err
			}
		}
	}
	if stage == "deck" {
		// Play on until a drawn card meets a waiting one: the first card
		// asked waits, later ones act.
		for range 40 {
			if _, asks := m.MethodAsks(); asks {
				dt, _ := m.DeckTable()
				if dt.WaitingBy >= 0 && dt.DrawnBy >= 0 {
					t.Select(dt.Chose)
					break
				}
				cs := m.MethodChoices()
				pick := cs[0]
				if dt.WaitingBy < 0 {
					pick = cs[1] // wait
				}
				if err := apply(pick); err != nil {
					return game.Point{}, err
				}
				continue
			}
			id := m.Active
			if id < 0 || m.Over || apply(game.Command{Kind: game.CmdEnd, Model: id}) != nil {
				break
			}
		}
	}
	if stage == "stacks" || stage == "effects" {
		// The active model aims: its top card goes face down under its stack.
		if id := m.Active; id >= 0 {
			if c, ok := aimCommand(m, id); ok {
				if err := apply(c); err != nil {
					return game.Point{}, err
				}
			}
			t.Select(m.Active) // the model whose card and actions the panel shows
		}
	}
	b.shownTo = m.Decider()
	return game.Point{X: -40, Y: -40}, nil
}

// aimCommand is an Aim of the model at the first enemy it may aim at.
func aimCommand(m *game.Match, id int) (game.Command, bool) {
	for i := range m.Models {
		c := game.Command{Kind: game.CmdAim, Model: id, Target: i}
		if m.Models[i].Posse != m.Models[id].Posse && m.Validate(c) == nil {
			return c, true
		}
	}
	return game.Command{}, false
}

// tinyFace is the face of the cards on the bases, made once per scale.
func (v *initiativeView) tinyFace(th *Theme) *text.GoTextFace {
	if v.tiny == nil || v.tinyU != th.U {
		v.tiny = &text.GoTextFace{Source: th.Bold.Source, Size: 9.5 * th.U}
		v.tinyU = th.U
	}
	return v.tiny
}
