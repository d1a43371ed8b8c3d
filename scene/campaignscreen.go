package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
// folder, written atomically after every match. Play puts the next match
// on the table, each posse played by a person or the computer as chosen
// before it starts (campaignbattle.go); at its end the Survival Rolls
// (survival.go). The computer can also play a match out at once, off the
// table (game/campaign's PlayHeadless). The chosen campaign is played by
// this window only while it holds the campaign's lock (campaignlock.go).
type campaignScreen struct {
	dir       string
	campaigns []savedCampaign
	sel       int
	making    bool          // the new-campaign form is up
	setup     bool          // who plays the next match is being chosen
	next      game.Scenario // the next match, set up when setup began: its posses are drawn
	seats     seats
	sides     sideChoices // per riding posse of the next match: a person or the computer
	crit      bool
	status    string
	bad       bool

	list                          []button
	newC, play, auto, begin, back button
	critB, cancel                 button
	startMatch, cancelSetup       button
	problems                      []string
}

// savedCampaign is a campaign and its file.
type savedCampaign struct {
	c      *campaign.Campaign
	path   string
	resume *game.Match // its next match, under way in its match file
	busy   bool        // another window holds its lock: shown, never played or written here
}

func newCampaignScreen(a *App) *campaignScreen { return openCampaigns(a, "") }

// openCampaigns reads the campaign files and selects the one at path (the
// first if it is not listed), taking its lock (choose).
func openCampaigns(a *App, path string) *campaignScreen {
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
			// Its match file is read once its lock is held (choose).
			s.campaigns = append(s.campaigns, savedCampaign{c: c, path: path})
		}
	}
	s.newC = button{Label: "New campaign", Enabled: true}
	s.play = button{Label: "Play the next match", Key: "Enter"}
	s.auto = button{Label: "Computer plays it out"} // at once, off the table
	s.startMatch = button{Label: "Start the match", Key: "Enter", Enabled: true}
	s.cancelSetup = button{Label: "Cancel", Enabled: true}
	s.begin = button{Label: "Begin the campaign", Enabled: true}
	s.cancel = button{Label: "Cancel", Enabled: true}
	s.back = button{Label: "Back", Key: "Esc", Enabled: true}
	s.making = len(s.campaigns) == 0
	if !s.making {
		s.choose(a, max(0, slices.IndexFunc(s.campaigns, func(sc savedCampaign) bool { return sc.path == path })))
	}
	return s
}

// choose selects campaign i and takes its lock. Held, the campaign is read
// again from its file (another window may have played it since the list
// was read) and its match file with it (findPendingMatch); refused, it is
// shown as read, busy, and nothing of it is written.
func (s *campaignScreen) choose(a *App, i int) {
	s.sel, s.making = i, false
	sc := &s.campaigns[i]
	ok, err := a.holdCampaign(sc.path)
	if err != nil {
		s.status, s.bad = "The campaign cannot be played here: its lock could not be taken: "+err.Error(), true
	}
	sc.busy = !ok
	if !ok || sc.path == "" {
		return
	}
	c, err := campaign.Load(sc.path)
	if err != nil {
		if !slices.Contains(s.problems, err.Error()) { // retryBusy tries again
			s.problems = append(s.problems, err.Error())
		}
		sc.busy = true // not played from a file that cannot be read
		a.releaseCampaign()
		return
	}
	if c.ReadOnly() != "" { // shown, never played: its match file is left as it is
		sc.c = c
		return
	}
	p := findPendingMatch(c, sc.path)
	if p.problem != "" {
		s.problems = append(s.problems, p.problem)
	}
	if p.note != "" {
		s.status, s.bad = p.note, false
	}
	sc.c, sc.resume = c, p.resume
}

// newCampaignScreenAt is the campaign screen with one campaign selected
// (after its match): read again from its file, or the campaign itself
// when there is no data folder.
func newCampaignScreenAt(a *App, c *campaign.Campaign, path string) *campaignScreen {
	s := openCampaigns(a, path)
	if path == "" || !slices.ContainsFunc(s.campaigns, func(sc savedCampaign) bool { return sc.path == path }) {
		s.campaigns = append(s.campaigns, savedCampaign{c: c, path: path})
		s.choose(a, len(s.campaigns)-1)
	}
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
	s.seats.layout(u, 300*u, 110*u, 170*u)
	s.critB = button{Label: "Critical Injuries", Enabled: true, On: s.crit}
	s.critB.place(300*u, 400*u, 200*u, 34*u)
	s.begin.place(300*u, 460*u, 240*u, 40*u)
	s.cancel.place(550*u, 460*u, 120*u, 40*u)
	s.cancel.Enabled = len(s.campaigns) > 0
	s.play.place(300*u, 110*u, 250*u, 36*u)
	s.auto.place(560*u, 110*u, 220*u, 36*u)
	s.play.Enabled, s.play.Why, s.auto.Enabled, s.auto.Why = false, "", false, ""
	s.startMatch.place(300*u, 380*u, 240*u, 40*u)
	s.cancelSetup.place(550*u, 380*u, 120*u, 40*u)
	s.sides.place(300*u, 250*u, 170*u, u, len(s.sides))
	if !s.making && s.sel < len(s.campaigns) {
		sc := s.campaigns[s.sel]
		over := sc.c.Over()
		s.play.Enabled, s.auto.Enabled = !over, !over && sc.resume == nil
		s.play.Label = fmt.Sprintf("Play match %d", len(sc.c.Matches)+1)
		if sc.busy {
			s.play.Enabled, s.auto.Enabled = false, false
			s.play.Why, s.auto.Why = busyWhy, busyWhy
		}
		if sc.c.ReadOnly() != "" {
			s.play.Enabled, s.auto.Enabled = false, false
			s.play.Why, s.auto.Why = readOnlyWhy, readOnlyWhy
		}
		if sc.resume != nil {
			s.play.Label = fmt.Sprintf("Resume match %d (turn %d)", len(sc.c.Matches)+1, sc.resume.Turn)
			s.auto.Why = fmt.Sprintf("match %d is under way on the table: resume it", len(sc.c.Matches)+1)
		}
		if over {
			s.play.Why = "the campaign is over: fewer than two posses have anyone left"
			s.auto.Why = s.play.Why
		}
	}
}

func (s *campaignScreen) Update(a *App) error {
	s.layout(a)
	in := &a.In
	if s.setup {
		s.updateSetup(a)
		return nil
	}
	s.retryBusy(a)
	if in.Pressed(KeyCancel) || s.back.clicked(in) {
		a.Goto(newTitle(a))
		return nil
	}
	if s.making && s.seats.update(in) {
		return nil
	}
	for i := range s.list {
		if s.list[i].clicked(in) {
			s.status = ""
			s.choose(a, i)
			return nil
		}
	}
	switch {
	case s.newC.clicked(in):
		s.making, s.status = true, ""
		a.releaseCampaign() // the window leaves the campaign it showed
	case s.making && s.critB.clicked(in):
		s.crit = !s.crit
	case s.making && s.cancel.clicked(in):
		s.choose(a, min(s.sel, len(s.campaigns)-1))
	case s.making && s.begin.clicked(in):
		s.start(a)
	case !s.making && (s.play.clicked(in) || s.play.Enabled && in.Pressed(KeyConfirm)):
		s.playNext(a)
	case !s.making && s.auto.clicked(in):
		s.playOut(a)
	case !s.making && in.Click && (s.play.hover(in) && !s.play.Enabled && s.play.Why != "" || s.auto.hover(in) && !s.auto.Enabled && s.auto.Why != ""):
		why := s.play.Why
		if s.auto.hover(in) {
			why = s.auto.Why
		}
		s.status, s.bad = "Not now: "+why+".", true
	}
	return nil
}

// playNext resumes the match under way, or asks who plays the next one.
func (s *campaignScreen) playNext(a *App) {
	sc := &s.campaigns[s.sel]
	if sc.resume != nil {
		a.Goto(resumeCampaignMatch(a, sc.c, sc.path, sc.resume))
		return
	}
	scn, err := sc.c.NextScenario()
	if err != nil {
		s.status, s.bad = "The match cannot begin: "+err.Error(), true
		return
	}
	for i := 1; i < len(scn.Posses); i++ {
		scn.Posses[i].Computer = "normal" // solo by default: a person plays the first posse
	}
	s.sides = newSideChoices(scn, len(scn.Posses))
	s.next, s.setup, s.status = scn, true, ""
}

// updateSetup is the choice of who plays each posse before the match.
func (s *campaignScreen) updateSetup(a *App) {
	in := &a.In
	sc := &s.campaigns[s.sel]
	switch {
	case s.sides.update(in):
	case s.cancelSetup.clicked(in) || s.back.clicked(in) || in.Pressed(KeyCancel):
		s.setup = false
	case s.startMatch.clicked(in) || in.Pressed(KeyConfirm):
		b, err := startCampaignMatch(a, sc.c, sc.path, s.sides)
		if err != nil {
			s.status, s.bad = "The match cannot begin: "+err.Error(), true
			return
		}
		a.Goto(b)
	}
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
	s.choose(a, len(s.campaigns)-1)
	s.status, s.bad = c.Name+" begins: "+posseList(c.Posses)+".", false
}

// playOut plays the selected campaign's next match headless, computer
// against computer, records it, saves the file and shows the Survival
// Rolls.
func (s *campaignScreen) playOut(a *App) {
	sc := &s.campaigns[s.sel]
	r, err := sc.c.PlayHeadless("easy")
	if err == nil && sc.path != "" {
		err = sc.c.Save(sc.path)
	}
	if err != nil {
		s.status, s.bad = "The match could not be played: "+err.Error(), true
		return
	}
	a.Goto(newSurvival(a, sc.c, sc.path, *r, nil))
}

// posseList is the posses' names in a sentence: "A, B and C".
func posseList(posses []game.PosseSpec) string {
	names := make([]string, len(posses))
	for i, p := range posses {
		names[i] = p.Name
	}
	return words.List(names)
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
		s.seats.draw(a, dst, 300*u, 110*u, 124*u, 170*u, func(int) string { return "" })
		th.text(dst, "Who plays each posse, a person or the computer, is chosen before each match.", th.Small, 300*u, 370*u, colTextDim, alignLeft)
		th.text(dst, "Critical Injuries: a model keeps every location it ends a match crippled in.", th.Small, 520*u, 410*u, colTextDim, alignLeft)
	} else if s.setup {
		bs = append(bs, &s.startMatch, &s.cancelSetup)
		drawButtons(a, dst, bs...)
		s.drawSetup(a, dst)
	} else {
		bs = append(bs, &s.play, &s.auto)
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

// A campaign file of an earlier Cowpoke keeps no moves of its matches, so
// it cannot be checked (game/campaign's ReadOnly): shown, not played on.
const (
	readOnlyWhy  = "an earlier Cowpoke wrote this campaign without its matches' moves, so it cannot be checked"
	readOnlyLine = "An earlier Cowpoke wrote this campaign without its matches' moves, so it cannot be checked: you can look at its posses and history here, not play on."
)

// drawCampaign shows the roster and Boot Hill on the left, the history,
// the latest match first, on the right.
func (s *campaignScreen) drawCampaign(a *App, dst *ebiten.Image, c *campaign.Campaign) {
	th := a.Theme
	u := th.U
	top, bottom := 170*u, float64(a.H)-90*u
	if room := float64(a.W) - 820*u; room > 120*u { // beside the buttons, where the window is wide enough
		th.text(dst, th.clip(fmt.Sprintf("%s: %s played", c.Name, words.Count(len(c.Matches), "match", "matches")), th.Bold, room), th.Bold, 800*u, 118*u, colText, alignLeft)
		if c.Over() {
			th.text(dst, th.clip("The campaign is over: fewer than two posses have anyone left.", th.Small, room), th.Small, 800*u, 142*u, colTextDim, alignLeft)
		}
	}
	if sc := s.campaigns[s.sel]; sc.busy {
		th.text(dst, th.clip(busyLine, th.Small, float64(a.W)-330*u), th.Small, 300*u, 150*u, colText, alignLeft)
	} else if c.ReadOnly() != "" {
		th.text(dst, th.clip(readOnlyLine, th.Small, float64(a.W)-330*u), th.Small, 300*u, 150*u, colText, alignLeft)
	} else if sc.resume != nil {
		th.text(dst, fmt.Sprintf("Match %d is under way, kept after every move: Resume plays on from game turn %d.", len(c.Matches)+1, sc.resume.Turn), th.Small, 300*u, 150*u, colTextDim, alignLeft)
	}
	// column draws a title and its lines from y down; it returns where it ended.
	column := func(title string, lines []string, x, y, w float64) float64 {
		th.text(dst, title, th.Bold, x, y, colTextDim, alignLeft)
		y += 24 * u
		for _, l := range lines {
			if y > bottom {
				th.text(dst, "...", th.Small, x, y, colTextDim, alignLeft)
				return y + 17*u
			}
			col := colText
			if strings.HasPrefix(l, "  ") {
				col = colTextDim
			}
			// A long line wraps (the column has the room below), its
			// further lines indented under it; never cut with "…".
			for k, part := range wrapText(th, strings.TrimPrefix(l, "  "), th.Small, w-indent(l)*u-12*u) {
				if k > 0 {
					y += 17 * u
				}
				x1 := x + indent(l)*u
				if k > 0 {
					x1 += 12 * u
				}
				th.text(dst, part, th.Small, x1, y, col, alignLeft)
			}
			y += 17 * u
		}
		return y
	}
	end := column("Posses and Boot Hill", c.RosterLines(), 300*u, top, 380*u)
	var history []string
	for i := len(c.Matches) - 1; i >= 0; i-- {
		history = append(history, c.Matches[i].Lines()...)
	}
	if len(history) == 0 {
		history = []string{"No match played yet."}
	}
	if float64(a.W) < 1100*u { // a narrow window: the history under the roster, full width
		column("History, the latest first", history, 300*u, end+14*u, float64(a.W)-330*u)
		return
	}
	column("History, the latest first", history, 690*u, top, float64(a.W)-720*u)
}

// indent is a line's indent in logical pixels: 12 for a line under another.
func indent(l string) float64 {
	if strings.HasPrefix(l, "  ") {
		return 12
	}
	return 0
}

// drawSetup draws who plays the next match: a column per riding posse,
// its colour, emblem and name above its Human / Computer choice.
func (s *campaignScreen) drawSetup(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	sc := s.campaigns[s.sel]
	th.text(dst, fmt.Sprintf("%s, match %d: who plays each posse?", sc.c.Name, len(sc.c.Matches)+1), th.Bold, 300*u, 170*u, colText, alignLeft)
	scn := &s.next
	for i, p := range scn.Posses {
		x := 300*u + float64(i)*170*u
		a.ui.circle(float32(x+10*u), float32(218*u), float32(9*u), sideColour(i))
		emblem(a.ui, i, float32(x+10*u), float32(218*u), float32(9*u))
		a.ui.flush(dst)
		th.text(dst, th.clip(fmt.Sprintf("%s (%d)", p.Name, len(p.Models)), th.Bold, 136*u), th.Bold, x+26*u, 208*u, colText, alignLeft)
		th.text(dst, th.clip(s.sides.playedBy(i), th.Small, 160*u), th.Small, x, 318*u, colTextDim, alignLeft)
	}
	s.sides.draw(a, dst)
	th.text(dst, s.sides.summary(len(scn.Posses)), th.Small, 300*u, 346*u, colTextDim, alignLeft)
	th.text(dst, "The match is kept after every move: if the window closes, Resume plays on from there. At its end, the Survival Rolls.", th.Small, 300*u, 440*u, colTextDim, alignLeft)
}
