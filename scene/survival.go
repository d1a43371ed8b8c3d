package scene

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game/campaign"
	"cowpoke/game/words"
)

// survivalScreen shows a campaign match's Survival Rolls, one model at a
// time: every pool and its exact odds are on screen before the dice, and a
// click or Enter shows the next model's dice and what they mean; then the
// Critical Injuries the survivors keep. The rolls were made and written
// into the campaign file when the match ended (campaign.Record, with the
// dice the campaign's seed fixes): this screen only shows them, so Ctrl+Z
// cannot undo them, nothing rolls them again, and the campaign screen's
// history shows the same dice.
type survivalScreen struct {
	c        *campaign.Campaign
	path     string
	rec      campaign.Record
	headline string
	shown    int // the rolls whose dice are on screen, in order
	roll     button
	all      button
	back     button
	status   string
	bad      bool
}

func newSurvival(a *App, c *campaign.Campaign, path string, rec campaign.Record, saveErr error) *survivalScreen {
	s := &survivalScreen{c: c, path: path, rec: rec}
	result := "A draw"
	if rec.Winner != "" {
		result = rec.Winner + " win"
	}
	s.headline = fmt.Sprintf("%s after %s.", result, words.Count(rec.Turns, "game turn", "game turns"))
	s.roll = button{Label: "Roll", Key: "Enter", Enabled: true}
	s.all = button{Label: "Show every roll", Key: "Space", Enabled: true}
	s.back = button{Label: "Back to the campaign", Key: "Esc", Enabled: true}
	if saveErr != nil {
		s.status, s.bad = saveErr.Error(), true
	}
	return s
}

// done reports whether every roll's dice are on screen.
func (s *survivalScreen) done() bool { return s.shown >= len(s.rec.Survival) }

func (s *survivalScreen) layout(a *App) {
	u := a.Theme.U
	y := float64(a.H) - 100*u
	cx := float64(a.W) / 2
	s.roll.W, s.all.W = 0, 0
	if s.done() {
		s.back.Key = "Enter"
		s.back.place(cx-150*u, y, 300*u, 44*u)
		return
	}
	s.back.Key = "Esc"
	next := s.rec.Survival[s.shown]
	s.roll.Label = "Roll for " + next.Model
	s.roll.place(cx-330*u, y, 320*u, 44*u)
	s.all.place(cx+10*u, y, 220*u, 44*u)
	s.back.place(30*u, y, 260*u, 44*u)
	if cx-330*u < 300*u { // a narrow window: the back button goes to the top right
		s.back.place(float64(a.W)-320*u, 24*u, 260*u, 40*u)
	}
}

func (s *survivalScreen) Update(a *App) error {
	s.layout(a)
	in := &a.In
	switch {
	case in.Pressed(KeyUndo):
		s.status, s.bad = "The dice are rolled and written into the campaign: a Survival Roll cannot be undone or rolled again.", true
	case !s.done() && (s.roll.clicked(in) || in.Pressed(KeyConfirm)):
		s.shown++
		s.status = ""
	case !s.done() && (s.all.clicked(in) || in.Pressed(KeySkip)):
		s.shown = len(s.rec.Survival)
		s.status = ""
	case s.back.clicked(in) || in.Pressed(KeyCancel) || (s.done() && in.Pressed(KeyConfirm)):
		a.Goto(newCampaignScreenAt(a, s.c, s.path))
	}
	return nil
}

// rollOdds is a roll before its dice, in words: "Dusty Pete rolls 4 dice
// (+1 for Tough): 48.2% to go to Boot Hill, 51.8% to ride again."
func rollOdds(sv campaign.Survival) string {
	var why []string
	for _, m := range sv.Modifiers {
		switch m {
		case "tough":
			why = append(why, "+1 for Tough")
		case "legend":
			why = append(why, "+1 for a Legend")
		default:
			why = append(why, "+1 for "+m)
		}
	}
	pool := words.Count(sv.Dice, "die", "dice")
	if len(why) > 0 {
		pool += " (" + strings.Join(why, ", ") + ")"
	}
	return fmt.Sprintf("%s rolls %s: %.1f%% to go to Boot Hill, %.1f%% to ride again.",
		sv.Model, pool, 100*(1-sv.PSurvive), 100*sv.PSurvive)
}

// rollResult is a roll's dice and verdict in words.
func rollResult(sv campaign.Survival) string {
	faces := make([]string, len(sv.Faces))
	for i, f := range sv.Faces {
		faces[i] = fmt.Sprint(f)
	}
	if sv.Survived {
		return fmt.Sprintf("Rolled %s: a six, rides again.", strings.Join(faces, ", "))
	}
	return fmt.Sprintf("Rolled %s: no six, goes to Boot Hill.", strings.Join(faces, ", "))
}

// removedHow says who removed a model in the match, in words.
func (s *survivalScreen) removedHow(posse, model string) string {
	for _, r := range s.rec.Removals {
		if r.Posse != posse || r.Model != model || r.By == "" {
			continue
		}
		by := fmt.Sprintf("%s of the %s", r.By, r.ByPosse)
		switch r.How {
		case "shot":
			return "Shot by " + by + "."
		case "parting shot":
			return "Hit by a parting shot from " + by + "."
		case "brawl":
			return "Beaten in a brawl by " + by + "."
		case "dynamite":
			return "Caught by dynamite thrown by " + by + "."
		}
		return fmt.Sprintf("Dropped (%s) by %s.", r.How, by)
	}
	return "Dropped in the match."
}

// The rows of the Survival Rolls, in logical pixels: each roll is three
// lines (the model and who dropped it; the pool and its odds; the dice and
// the verdict), full width, so that a narrow window cuts nothing a player
// needs.
const (
	survivalTop  = 136
	survivalRowH = 84
	survivalDie  = 24 // a die's side
)

// rowsShown are the first roll on screen and how many fit: the next roll
// to show stays in view.
func (s *survivalScreen) rowsShown(a *App) (first, fit int) {
	u := a.Theme.U
	bottom := float64(a.H) - 112*u // above the buttons
	fit = max(1, int((bottom-survivalTop*u-30*u)/(survivalRowH*u)))
	first = min(max(0, s.shown-fit/2), max(0, len(s.rec.Survival)-fit))
	return first, fit
}

// dieAt is the top left corner of die k of roll i (on screen or not).
func (s *survivalScreen) dieAt(a *App, i, k int) (x, y float64) {
	u := a.Theme.U
	first, _ := s.rowsShown(a)
	return 84*u + float64(k)*(survivalDie+6)*u, (survivalTop+48)*u + float64(i-first)*survivalRowH*u
}

func (s *survivalScreen) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	s.layout(a)
	th := a.Theme
	u := th.U
	x0 := 60 * u
	w := float64(a.W) - 2*x0
	th.shadowText(dst, fmt.Sprintf("%s, match %d: Survival Rolls", s.c.Name, s.rec.Number), th.Head, x0, 30*u, colPaper, alignLeft)
	th.text(dst, s.headline, th.Bold, x0, 78*u, colText, alignLeft)
	th.text(dst, th.clip("Every model that dropped rolls its pool: one six and it rides again; no six and it goes to Boot Hill. The odds are exact, before the dice.", th.Small, w), th.Small, x0, 104*u, colTextDim, alignLeft)
	top, rowH := survivalTop*u, survivalRowH*u
	if len(s.rec.Survival) == 0 {
		th.text(dst, "Nobody dropped in this match: no Survival Roll.", th.Body, x0, top+10*u, colText, alignLeft)
	}
	first, fit := s.rowsShown(a)
	y := top
	var texts []func() // drawn after the shapes' batch
	for i := first; i < len(s.rec.Survival) && i < first+fit; i++ {
		sv := s.rec.Survival[i]
		posse := max(0, slices.Index(s.rec.Posses, sv.Posse)) // its seat among those who rode
		if i == s.shown {
			a.ui.rect(float32(x0-12*u), float32(y-6*u), float32(w+24*u), float32(rowH-6*u), colPanelHi.alpha(0.7))
			a.ui.line(float32(x0-12*u), float32(y-6*u), float32(x0-12*u), float32(y+rowH-12*u), float32(3*u), colGold)
		}
		a.ui.circle(float32(x0+8*u), float32(y+10*u), float32(8*u), sideColour(posse))
		emblem(a.ui, posse, float32(x0+8*u), float32(y+10*u), float32(8*u))
		if i < s.shown {
			for k, f := range sv.Faces {
				dx, dy := s.dieAt(a, i, k)
				drawDie(a.ui, float32(dx), float32(dy), survivalDie*float32(u), f)
			}
		}
		yy := y
		texts = append(texts, func() {
			col := colText
			if i > s.shown {
				col = colTextDim
			}
			name := th.clip(fmt.Sprintf("%s (%s)", sv.Model, sv.Posse), th.Bold, w/2)
			th.text(dst, name, th.Bold, x0+24*u, yy, col, alignLeft)
			nx := x0 + 24*u + th.width(name, th.Bold) + 14*u
			th.text(dst, th.clip(s.removedHow(sv.Posse, sv.Model), th.Small, x0+w-nx), th.Small, nx, yy+3*u, colTextDim, alignLeft)
			th.text(dst, th.clip(rollOdds(sv), th.Body, w-24*u), th.Body, x0+24*u, yy+24*u, col, alignLeft)
			switch {
			case i < s.shown:
				c := colBad
				if sv.Survived {
					c = colGood
				}
				rx := x0 + 24*u + float64(len(sv.Faces))*(survivalDie+6)*u + 8*u
				th.text(dst, th.clip(rollResult(sv), th.Bold, x0+w-rx), th.Bold, rx, yy+50*u, c, alignLeft)
			case i == s.shown:
				th.text(dst, "Enter shows the dice.", th.Small, x0+24*u, yy+52*u, colTextDim, alignLeft)
			}
		})
		y += rowH
	}
	a.ui.flush(dst)
	for _, f := range texts {
		f()
	}
	if first > 0 {
		th.text(dst, fmt.Sprintf("%s above", words.Count(first, "roll", "rolls")), th.Small, x0+w, top-22*u, colTextDim, alignRight)
	}
	if more := len(s.rec.Survival) - (first + fit); more > 0 {
		th.text(dst, fmt.Sprintf("%s more below", words.Count(more, "roll", "rolls")), th.Small, x0+24*u, y-8*u, colTextDim, alignLeft)
	}
	if s.done() {
		bottom := float64(a.H) - 124*u
		for _, l := range s.scarLines() {
			if y > bottom {
				th.text(dst, "...", th.Body, x0, y, colTextDim, alignLeft)
				break
			}
			th.text(dst, th.clip(l, th.Body, w), th.Body, x0, y, colText, alignLeft)
			y += 24 * u
		}
	}
	drawButtons(a, dst, &s.roll, &s.all, &s.back)
	if s.status != "" {
		c := colText
		if s.bad {
			c = colBad
		}
		th.text(dst, th.clip(s.status, th.Body, w), th.Body, x0, float64(a.H)-36*u, c, alignLeft)
	}
}

// scarLines say what the survivors keep, once every roll is shown.
func (s *survivalScreen) scarLines() []string {
	if !s.c.CriticalInjuries {
		return nil
	}
	if len(s.rec.Scars) == 0 {
		return []string{"Critical Injuries: no survivor keeps one from this match."}
	}
	out := []string{"Critical Injuries kept for the matches to come:"}
	for _, sc := range s.rec.Scars {
		out = append(out, fmt.Sprintf("  %s (%s): %s.", sc.Model, sc.Posse, strings.ToLower(strings.Join(sc.Locations, ", "))))
	}
	return out
}
