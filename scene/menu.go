package scene

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"cowpoke/scene/sound"
)

// escMenu is the menu over the battle (Esc or the Menu button): resume,
// save, load, settings, the rules in plain words, quit to the title. Esc
// goes back a page, and from the first page back to the table.
type escMenu struct {
	page     menuPage
	main     [8]button // 6: the position editor, 7: the win chances' toggle; both show above Quit
	settings [5]button
	keys     []button
	back     button
	note     string // what the last choice did ("Saved to ...")
	binding  int    // the bindable intent waiting for a key, or -1
	scroll   int    // rules page: lines scrolled
}

type menuPage int

const (
	pageMain menuPage = iota
	pageSettings
	pageKeys
	pageRules
)

func newEscMenu(a *App, b *battle) *escMenu {
	m := &escMenu{binding: -1}
	for i, l := range [...]string{"Resume", "Save", "Load", "Settings", "Rules of the game", "Quit to the title", "Edit from here", winBarLabel(b.win.on)} {
		m.main[i] = button{Label: l, Enabled: true}
	}
	for i := range m.settings {
		m.settings[i].Enabled = true
	}
	m.keys = make([]button, len(bindable))
	for i := range m.keys {
		m.keys[i].Enabled = true
		m.keys[i].Compact = true
	}
	m.back = button{Label: "Back", Key: "Esc", Enabled: true}
	m.main[6].Enabled = b != nil && b.sess.plays() // the position editor (editor.go), from the match as it stands
	m.place(a)                                     // the first frame shows the buttons with the title
	return m
}

// place lays out the current page's buttons for the screen and the UI
// scale: the buttons grow with the scale, and a page too tall for the
// screen closes up its gaps.
func (m *escMenu) place(a *App) {
	u := a.Theme.U
	w, h := 360*u, 40*u
	x := float64(a.W)/2 - w/2
	y0 := 150 * u
	gap := 10 * u
	if n := float64(max(len(m.main), len(m.settings))); y0+n*(h+gap) > float64(a.H)-140*u {
		y0, gap = 120*u, 4*u
	}
	m.back.place(x, float64(a.H)-90*u, w, h)
	for i := range m.main {
		m.main[i].W = 0
	}
	for i := range m.settings {
		m.settings[i].W = 0
	}
	for i := range m.keys {
		m.keys[i].W = 0
	}
	switch m.page {
	case pageMain:
		for i := range m.main {
			row := i
			switch i {
			case 5, 6, 7: // the win chances' toggle, then the editor, above Quit
				row = 12 - i
			}
			m.main[i].place(x, y0+float64(row)*(h+gap), w, h)
		}
	case pageSettings:
		for i := range m.settings {
			m.settings[i].place(x, y0+float64(i)*(h+gap), w, h)
		}
	case pageKeys:
		bw, bh, gap := 250*u, 30*u, 8*u
		rows := float64((len(m.keys) + 1) / 2)
		if 130*u+rows*(bh+gap) > float64(a.H)-100*u { // a large scale on a small window
			bh, gap = 26*u, 3*u
		}
		for i := range m.keys {
			col, row := i%2, i/2
			m.keys[i].place(float64(a.W)/2-bw-8*u+float64(col)*(bw+16*u), 130*u+float64(row)*(bh+gap), bw, bh)
		}
	}
}

// scales and speeds are the settings' choices, cycled by a click.
var (
	uiScales   = []float64{0.75, 1, 1.25, 1.5}
	animSpeeds = []float64{0.5, 1, 2, 3}
	volumes    = []float64{0.1, 0.25, 0.5, 0.7, 1}
)

// next is the choice after v in a cycle of choices.
func next(choices []float64, v float64) float64 {
	for i, c := range choices {
		if v < c+1e-9 {
			if v > c-1e-9 {
				return choices[(i+1)%len(choices)]
			}
			return c
		}
	}
	return choices[0]
}

func speedName(v float64) string {
	switch {
	case v < 0.75:
		return "slow"
	case v < 1.5:
		return "normal"
	case v < 2.5:
		return "fast"
	}
	return "fastest"
}

// update runs the menu; it reports false when the menu closes.
func (m *escMenu) update(a *App, b *battle) bool {
	in := &a.In
	m.place(a)
	if m.binding >= 0 {
		// Waiting for a key to bind: the next key pressed, Esc keeps the old one.
		if keys := inpututil.AppendJustPressedKeys(nil); len(keys) > 0 {
			if keys[0] != ebiten.KeyEscape {
				a.Settings.bind(bindable[m.binding].key, keys[0])
				m.saved(a)
			}
			m.binding = -1
		}
		in.consume()
		return true
	}
	switch m.page {
	case pageMain:
		switch {
		case in.Pressed(KeyCancel) || m.main[0].clicked(in):
			return false
		case m.main[1].clicked(in):
			b.save(a)
			m.note = b.t.Status
		case m.main[2].clicked(in):
			a.Goto(newLoadScreen(a, b))
			return false
		case m.main[3].clicked(in):
			m.page = pageSettings
		case m.main[4].clicked(in):
			m.page = pageRules
		case m.main[5].clicked(in):
			a.Goto(newTitle(a))
			return false
		case m.main[6].clicked(in):
			a.Goto(newEditorFrom(a, b, b.t.M))
			return false
		case m.main[7].clicked(in):
			b.toggleWinBar(a)
			m.main[7].Label, m.note = winBarLabel(b.win.on), b.t.Status
		}
	case pageSettings:
		s := &a.Settings
		labels := [...]string{
			fmt.Sprintf("Size of the words and buttons: %.0f%%", s.UIScale*100),
			"Animations: " + speedName(s.AnimSpeed),
			fmt.Sprintf("Volume: %.0f%%", s.Volume*100),
			"Sound: on",
			"Keys...",
		}
		if s.Mute {
			labels[3] = "Sound: off (muted)"
		}
		for i, l := range labels {
			m.settings[i].Label = l
		}
		switch {
		case in.Pressed(KeyCancel) || m.back.clicked(in):
			m.page, m.note = pageMain, ""
		case m.settings[0].clicked(in):
			s.UIScale = next(uiScales, s.UIScale)
			m.saved(a)
		case m.settings[1].clicked(in):
			s.AnimSpeed = next(animSpeeds, s.AnimSpeed)
			m.saved(a)
		case m.settings[2].clicked(in):
			s.Volume, s.Mute = next(volumes, s.Volume), false
			m.saved(a)
			a.Sound.Play(sound.ShotRevolver) // hear the new volume
		case m.settings[3].clicked(in):
			s.Mute = !s.Mute
			m.saved(a)
			a.Sound.Play(sound.Dice)
		case m.settings[4].clicked(in):
			m.page, m.note = pageKeys, ""
		}
	case pageKeys:
		for i, k := range bindable {
			m.keys[i].Label, m.keys[i].Key = k.name, keyName(a.binds[k.key])
		}
		switch {
		case in.Pressed(KeyCancel) || m.back.clicked(in):
			m.page, m.note = pageSettings, ""
		default:
			for i := range m.keys {
				if m.keys[i].clicked(in) {
					m.binding = i
					m.note = "Press the new key for " + bindable[i].name + " (Esc keeps " + m.keys[i].Key + ")."
				}
			}
		}
	case pageRules:
		if in.Wheel != 0 {
			m.scroll = max(0, min(len(rulesInPlainWords)-5, m.scroll-int(in.Wheel*3)))
		}
		if in.Pressed(KeyCancel) || m.back.clicked(in) {
			m.page, m.scroll = pageMain, 0
		}
	}
	m.place(a) // a page turned: its buttons show on the next frame already
	in.consume()
	return true
}

// saved applies and keeps the settings, saying so.
func (m *escMenu) saved(a *App) {
	if err := a.SettingsChanged(); err != nil {
		m.note = "The settings could not be saved: " + err.Error()
		return
	}
	m.note = "Saved to your settings."
	if a.Cfg.SettingsPath == "" {
		m.note = "Changed for this session."
	}
}

// draw draws the menu over the dimmed table.
func (m *escMenu) draw(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	a.ui.rect(0, 0, float32(a.W), float32(a.H), colBlack.alpha(0.72))
	a.ui.flush(dst)
	cx := float64(a.W) / 2
	titles := [...]string{"Menu", "Settings", "Keys", "Rules of the game"}
	th.shadowText(dst, titles[m.page], th.Huge, cx, 60*u, colPaper, alignCenter)
	switch m.page {
	case pageMain:
		bs := make([]*button, 0, len(m.main))
		for i := range m.main {
			bs = append(bs, &m.main[i])
		}
		drawButtons(a, dst, bs...)
	case pageSettings:
		bs := []*button{&m.back}
		for i := range m.settings {
			bs = append(bs, &m.settings[i])
		}
		drawButtons(a, dst, bs...)
		if why := a.Sound.Silent(); why != "" { // the volume is kept, for a machine with sound
			th.text(dst, "No sound here: "+why+". The sound settings are kept for when there is.", th.Small, cx, 112*u, colBad, alignCenter)
		}
	case pageKeys:
		bs := []*button{&m.back}
		for i := range m.keys {
			bs = append(bs, &m.keys[i])
		}
		drawButtons(a, dst, bs...)
		th.text(dst, "Click an action, then press its new key. Taking another action's key swaps the two.", th.Small, cx, 112*u, colTextDim, alignCenter)
	case pageRules:
		x := cx - 330*u
		y := 130 * u
		for i := m.scroll; i < len(rulesInPlainWords) && y < float64(a.H)-110*u; i++ {
			l := rulesInPlainWords[i]
			face, col := th.Body, colText
			if len(l) > 0 && l[0] == '#' {
				face, col, l = th.Bold, colGold, l[1:]
				y += 6 * u
			}
			th.text(dst, th.clipped(l, face, 660*u), face, x, y, col, alignLeft)
			y += face.Size * 1.45
		}
		drawButtons(a, dst, &m.back)
		th.text(dst, "The wheel scrolls.", th.Small, cx, float64(a.H)-110*u, colTextDim, alignCenter)
	}
	if m.note != "" {
		th.text(dst, m.note, th.Body, cx, float64(a.H)-130*u, colGold, alignCenter)
	}
}

// rulesInPlainWords is the rules reference of the menu: the book's rules
// in short plain sentences ("#" starts a heading), then the seeds'
// optional modules (rules_seeds.go). The rule numbers the tests cite stay
// out of it.
var rulesInPlainWords = append(bookRulesInPlainWords[:len(bookRulesInPlainWords):len(bookRulesInPlainWords)], seedRulesInPlainWords...)

var bookRulesInPlainWords = []string{
	"#A game turn",
	"Initiative decides which side acts first; a side activates its models one at a time.",
	"An activated model has 2 actions. Every model activates once a game turn.",
	"#Moving",
	"A Move (1 action) is up to 6 inches. Difficult ground (mud, water, brush) counts double.",
	"A Run takes both actions: 6 inches plus two dice. No shooting, aiming or brawling after it.",
	"Going into a building through a door or a window ends the move just inside;",
	"leaving through a window ends it just outside. A locked door must be opened first.",
	"Touching an enemy's base engages both: an engaged model cannot shoot, aim, throw or",
	"go on Overwatch. Leaving contact lets every enemy in contact take a parting shot.",
	"#Shooting",
	"Range runs from base edge to base edge: Point Blank under 2\", Short under 6\",",
	"Medium under 12\", Long under 24\", Extreme beyond. Each weapon gives dice per range.",
	"Roll the dice: one or more sixes is a hit. Cover takes dice away: wood 2, stone 3.",
	"The shooter having moved costs a die, so does a target that moved; a back shot adds one.",
	"Aim (1 action) adds 2 or 3 dice to your very next shot at that target, this activation",
	"or the first action of your next. Anything else, or losing sight of it, loses the Aim.",
	"Blaze Away fires a revolver or a repeater wildly: extra dice, every six is a hit,",
	"and the gun is empty until it is reloaded.",
	"#Overwatch",
	"Overwatch (1 action) ends the activation and covers a 90 degree arc. When an enemy moves",
	"through it within reach, the watcher may fire once where it chooses, or hold its fire.",
	"#Dynamite",
	"Throw at a spot: up to 6\" always lands; further is a Hail Mary of one die plus 6 inches.",
	"The stick goes off when the thrower next activates: 6 dice within 2\", 3 dice within 6\";",
	"every six is a hit.",
	"#Brawls",
	"Both fighters roll (2 dice, more for Brawlers and blades). More sixes wins the bout;",
	"equal sixes hit both; no sixes, nobody is hurt.",
	"#Wounds",
	"A hit rolls a location and a severity; a model with no health left is removed.",
	"Legends and Tough models shrug off their first light wound.",
	"#Winning",
	"The last side with models standing wins. With a turn limit, most models standing wins.",
	"#Optional rules",
	"Dead Reckoning: moves and shots are declared without measuring, and may fall short.",
	"Critical Injuries: wounds slow models and cost them dice.",
}
