package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/campaign"
	"cowpoke/game/store"

	"cowpoke/game/words"
)

// campaignScreen is the Dust to Dust campaigns (chapter 9.3), from the
// title: start one with chosen posses, play its next match, see each
// posse's roster, Boot Hill and the history with every Survival Roll's pool,
// odds and dice. Campaign files live in the data folder's campaigns/
// folder, written atomically after every match. The window plays a
// campaign's matches computer against computer (game/campaign's
// PlayHeadless); a person playing a campaign match is not built yet.
type campaignScreen struct {
	dir       string
	campaigns []savedCampaign
	sel       int
	making    bool // the new-campaign form is up
	seats     seats
	crit      bool
	status    string
	bad       bool

	list                    []button
	newC, play, begin, back button
	critB, cancel           button
	problems                []string
}

// savedCampaign is a campaign and its file.
type savedCampaign struct {
	c    *campaign.Campaign
	path string
}

func newCampaignScreen(a *App) *campaignScreen {
	s := &campaignScreen{seats: newSeats(a), crit: true}
	if a.Cfg.Data != nil {
		s.dir = filepath.Join(a.Cfg.Data.Dir, "campaigns")
		entries, _ := os.ReadDir(s.dir)
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
				continue
			}
			path := filepath.Join(s.dir, e.Name())
			c, err := campaign.Load(path)
			if err != nil {
				s.problems = append(s.problems, err.Error())
				continue
			}
			s.campaigns = append(s.campaigns, savedCampaign{c: c, path: path})
		}
	}
	s.newC = button{Label: "New campaign", Enabled: true}
	s.play = button{Label: "Play the next match (computer against computer)"}
	s.begin = button{Label: "Begin the campaign", Enabled: true}
	s.cancel = button{Label: "Cancel", Enabled: true}
	s.back = button{Label: "Back", Key: "Esc", Enabled: true}
	s.making = len(s.campaigns) == 0
	return s
}

func (s *campaignScreen) layout(a *App) {
	u := a.Theme.U
	s.list = s.list[:0]
	for i, sc := range s.campaigns {
		b := button{Label: sc.c.Name, Enabled: true, On: !s.making && i == s.sel}
		b.place(30*u, 110*u+float64(i)*34*u, 240*u, 30*u)
		s.list = append(s.list, b)
	}
	s.newC.place(30*u, 110*u+float64(len(s.campaigns))*34*u+10*u, 240*u, 30*u)
	s.newC.On = s.making
	s.back.place(30*u, float64(a.H)-70*u, 140*u, 44*u)
	s.seats.layout(u, 300*u, 110*u)
	s.critB = button{Label: "Critical Injuries", Enabled: true, On: s.crit}
	s.critB.place(300*u, 400*u, 200*u, 34*u)
	s.begin.place(300*u, 460*u, 240*u, 40*u)
	s.cancel.place(550*u, 460*u, 120*u, 40*u)
	s.cancel.Enabled = len(s.campaigns) > 0
	s.play.place(300*u, 110*u, 460*u, 36*u)
	s.play.Enabled, s.play.Why = false, ""
	if !s.making && s.sel < len(s.campaigns) {
		over := s.campaigns[s.sel].c.Over()
		s.play.Enabled = !over
		if over {
			s.play.Why = "the campaign is over: fewer than two posses have anyone left"
		}
	}
}

func (s *campaignScreen) Update(a *App) error {
	s.layout(a)
	in := &a.In
	if in.Pressed(KeyCancel) || s.back.clicked(in) {
		a.Goto(newTitle(a))
		return nil
	}
	if s.making && s.seats.update(in) {
		return nil
	}
	for i := range s.list {
		if s.list[i].clicked(in) {
			s.sel, s.making, s.status = i, false, ""
			return nil
		}
	}
	switch {
	case s.newC.clicked(in):
		s.making, s.status = true, ""
	case s.making && s.critB.clicked(in):
		s.crit = !s.crit
	case s.making && s.cancel.clicked(in):
		s.making = false
	case s.making && s.begin.clicked(in):
		s.start(a)
	case !s.making && s.play.clicked(in):
		s.playNext()
	case !s.making && s.play.hover(in) && in.Click && !s.play.Enabled && s.play.Why != "":
		s.status, s.bad = "Not now: "+s.play.Why+".", true
	}
	return nil
}

// start begins a campaign of the chosen posses and saves it.
func (s *campaignScreen) start(a *App) {
	name := fmt.Sprintf("Campaign %d", len(s.campaigns)+1)
	c, err := campaign.New(name, seedFor(a), s.seats.posses(), "", game.MethodDraw, s.crit)
	if err != nil {
		s.status, s.bad = "The campaign cannot begin: "+err.Error(), true
		return
	}
	sc := savedCampaign{c: c}
	if s.dir != "" {
		data, err := c.Marshal()
		if err == nil {
			if err = os.MkdirAll(s.dir, 0o755); err == nil {
				sc.path, err = store.WriteFileNew(s.dir, "campaign", ".json", data)
			}
		}
		if err != nil {
			s.status, s.bad = "The campaign could not be saved: "+err.Error(), true
			return
		}
	}
	s.campaigns = append(s.campaigns, sc)
	s.sel, s.making = len(s.campaigns)-1, false
	s.status, s.bad = c.Name+" begins: "+andWords(c.Posses)+".", false
}

// playNext plays the selected campaign's next match headless, records
// every Survival Roll and saves the file.
func (s *campaignScreen) playNext() {
	sc := &s.campaigns[s.sel]
	r, err := sc.c.PlayHeadless("easy")
	if err == nil && sc.path != "" {
		err = sc.c.Save(sc.path)
	}
	if err != nil {
		s.status, s.bad = "The match could not be played: "+err.Error(), true
		return
	}
	s.status, s.bad = fmt.Sprintf("Match %d is played and its Survival Rolls rolled.", r.Number), false
}

func andWords(posses []game.PosseSpec) string {
	var names []string
	for _, p := range posses {
		names = append(names, p.Name)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (s *campaignScreen) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	s.layout(a)
	th := a.Theme
	u := th.U
	th.shadowText(dst, "Dust to Dust campaigns", th.Head, 30*u, 30*u, colPaper, alignLeft)
	th.text(dst, "After each match every model that dropped rolls to survive: 3 dice, +1 Tough, +1 Legend; a six and it rides again.", th.Small, 30*u, 70*u, colTextDim, alignLeft)
	bs := []*button{&s.newC, &s.back}
	for i := range s.list {
		bs = append(bs, &s.list[i])
	}
	if s.making {
		bs = append(bs, &s.critB, &s.begin, &s.cancel)
		drawButtons(a, dst, bs...)
		s.seats.draw(a, dst, 300*u, 110*u, 124*u, func(int) string { return "the computer" })
		th.text(dst, "Critical Injuries: a model keeps every location it ends a match crippled in.", th.Small, 520*u, 410*u, colTextDim, alignLeft)
	} else {
		bs = append(bs, &s.play)
		drawButtons(a, dst, bs...)
		if s.sel < len(s.campaigns) {
			s.drawCampaign(a, dst, s.campaigns[s.sel].c)
		}
	}
	if s.status != "" {
		c := colText
		if s.bad {
			c = colBad
		}
		th.text(dst, th.clip(s.status, th.Body, float64(a.W)-220*u), th.Body, 200*u, float64(a.H)-58*u, c, alignLeft)
	}
	for i, p := range s.problems {
		th.text(dst, th.clip(p, th.Small, float64(a.W)-60*u), th.Small, 30*u, float64(a.H)-110*u-float64(i)*17*u, colBad, alignLeft)
	}
}

// drawCampaign shows the roster and Boot Hill on the left, the history,
// the latest match first, on the right.
func (s *campaignScreen) drawCampaign(a *App, dst *ebiten.Image, c *campaign.Campaign) {
	th := a.Theme
	u := th.U
	top, bottom := 170*u, float64(a.H)-90*u
	th.text(dst, fmt.Sprintf("%s: %d %s played", c.Name, len(c.Matches), words.Plural(len(c.Matches), "match", "matches")), th.Bold, 780*u, 118*u, colText, alignLeft)
	column := func(title string, lines []string, x, w float64) {
		th.text(dst, title, th.Bold, x, top, colTextDim, alignLeft)
		y := top + 24*u
		for _, l := range lines {
			if y > bottom {
				th.text(dst, "...", th.Small, x, y, colTextDim, alignLeft)
				return
			}
			col := colText
			if strings.HasPrefix(l, "  ") {
				col = colTextDim
			}
			th.text(dst, th.clip(strings.TrimPrefix(l, "  "), th.Small, w), th.Small, x+indent(l)*u, y, col, alignLeft)
			y += 17 * u
		}
	}
	column("Posses and Boot Hill", c.RosterLines(), 300*u, 380*u)
	var history []string
	for i := len(c.Matches) - 1; i >= 0; i-- {
		history = append(history, c.Matches[i].Lines()...)
	}
	if len(history) == 0 {
		history = []string{"No match played yet."}
	}
	column("History, the latest first", history, 690*u, float64(a.W)-720*u)
}

// indent is a line's indent in logical pixels: 12 for a line under another.
func indent(l string) float64 {
	if strings.HasPrefix(l, "  ") {
		return 12
	}
	return 0
}
