package scene

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"cowpoke/game"
	"cowpoke/game/campaign"
	"cowpoke/game/store"
)

// A campaign match on the table: the battle plays the campaign's next
// match like any other, with a person or the computer on each side, and
// campaignMatch ties it to its campaign.
//
// Its autosave is its own: after every command the match is written
// atomically to the campaign's match file (matchPath, beside the campaign
// file), never to the title's autosave, so a campaign match is resumed
// only from its campaign (Resume on the campaign screen) and a new
// hot-seat match cannot replace it. The moment the match is over it is
// recorded (the Survival Rolls rolled with the campaign's dice), the
// campaign file written atomically, and only then the match file removed.
// A window closed at any point leaves either the match file (resumed, or
// recorded at once if it was over) or the campaign with the match in its
// history and no match file: never both, never neither; a match file whose
// match is in the history already (closed between the two writes) is
// removed when the campaign screen opens, not recorded again.

// campaignMatch is a battle's campaign, the one whose next match it
// plays, and the battle's session: people decides the handoff and undo (a
// hot-seat or solo session, as the posses are played); the match is kept
// in its own file and recorded the moment it is over; the Survival Rolls
// follow the result.
type campaignMatch struct {
	c      *campaign.Campaign
	path   string           // the campaign file; "" keeps nothing (no data folder)
	rec    *campaign.Record // the match as recorded, once over
	err    error            // why recording or saving failed
	people session          // who plays: the handoff and undo of a hot-seat or solo match
}

// matchPath is the file of a campaign's match in progress.
func matchPath(campaignPath string) string { return besideCampaign(campaignPath, ".match") }

// startCampaignMatch puts the campaign's next match on the table, each
// posse played as sides says, and writes its match file at once: from
// now on the campaign screen offers to resume it, never to start it again.
func startCampaignMatch(a *App, c *campaign.Campaign, path string, sides sideChoices) (*battle, error) {
	s, err := c.NextScenario()
	if err != nil {
		return nil, err
	}
	sides.apply(&s)
	m, err := game.NewMatch(s, c.NextSeed())
	if err != nil {
		return nil, err
	}
	b, cm := campaignBattle(a, c, path, m)
	if err := cm.write(m); err != nil {
		return nil, fmt.Errorf("the match could not be kept: %v", err)
	}
	return b, nil
}

// resumeCampaignMatch puts a campaign match on the table.
func resumeCampaignMatch(a *App, c *campaign.Campaign, path string, m *game.Match) *battle {
	b, _ := campaignBattle(a, c, path, m)
	return b
}

// campaignBattle is a battle whose session is the campaign's match.
func campaignBattle(a *App, c *campaign.Campaign, path string, m *game.Match) (*battle, *campaignMatch) {
	b := newBattle(a, m)
	cm := &campaignMatch{c: c, path: path, people: b.sess}
	b.sess = cm
	return b, cm
}

// write writes the match in progress to its match file.
func (cm *campaignMatch) write(m *game.Match) error {
	if cm.path == "" {
		return nil
	}
	data, err := m.MarshalSave()
	if err != nil {
		return err
	}
	return store.WriteFileAtomic(matchPath(cm.path), data)
}

// keep writes the match to its match file, never to the title's
// autosave, and records the match the moment it is over (once: Record
// refuses the same match twice).
func (cm *campaignMatch) keep(a *App, b *battle) {
	if err := cm.write(b.t.M); err != nil {
		b.t.Status, b.t.Error = "The campaign match could not be kept: "+err.Error(), true
	}
	if !b.t.M.Over || cm.rec != nil {
		return
	}
	cm.rec, cm.err = recordMatch(cm.c, cm.path, b.t.M)
	if cm.err != nil {
		b.t.Status, b.t.Error = "The campaign could not record the match: "+cm.err.Error(), true
	}
}

// recordMatch records a finished match into the campaign, saves the
// campaign atomically and then removes the match file. When the save
// fails the match file stays, and the campaign screen records the match
// from it when it next opens.
func recordMatch(c *campaign.Campaign, path string, m *game.Match) (*campaign.Record, error) {
	r, err := c.Record(m)
	if err != nil {
		return nil, err
	}
	rec := *r // the record, not a pointer into the campaign's history
	if path == "" {
		return &rec, nil
	}
	if err := c.Save(path); err != nil {
		return &rec, fmt.Errorf("the campaign file could not be written (%v); the match is kept and is recorded when the campaign is opened again", err)
	}
	if err := os.Remove(matchPath(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &rec, fmt.Errorf("the match is recorded, but its match file could not be removed: %v", err)
	}
	return &rec, nil
}

// over is the screen after the result banner: the Survival Rolls.
func (cm *campaignMatch) over(a *App, b *battle) Scene {
	if cm.rec == nil { // recording failed: say so rather than pretend
		return newGameOver(b.t.M)
	}
	return newSurvival(a, cm.c, cm.path, *cm.rec, cm.err)
}

// result is the line under the result banner of a campaign match.
func (cm *campaignMatch) result() (bool, string) {
	switch {
	case cm.rec == nil:
		return true, "The campaign could not record the match: click for the summary."
	case len(cm.rec.Survival) == 0:
		return true, "Nobody dropped: no Survival Roll. Click to go on."
	}
	return true, "Recorded into the campaign. Click for the Survival Rolls."
}

func (cm *campaignMatch) frame(a *App, b *battle) bool  { return false }
func (cm *campaignMatch) handoff(b *battle, d int) bool { return cm.people.handoff(b, d) }
func (cm *campaignMatch) undo(a *App, b *battle)        { cm.people.undo(a, b) } // it keeps through keep above
func (cm *campaignMatch) plays() bool                   { return true }

// keptWhere says where the campaign keeps the match, for the crash screen.
func (cm *campaignMatch) keptWhere(a *App) string {
	switch {
	case cm.path == "":
		return ""
	case cm.rec != nil:
		return "The match is recorded in the campaign: the campaign screen shows its Survival Rolls."
	}
	return "The campaign match is kept up to the last command: Resume on the campaign screen plays on."
}

// saved says that a Ctrl+S save of a campaign match plays outside it.
func (cm *campaignMatch) saved(path string) string {
	return fmt.Sprintf("Saved a copy, %s: it plays outside the campaign (which keeps this match itself).", filepath.Base(path))
}

// pendingMatch is what a campaign's match file holds when the campaign
// screen opens.
type pendingMatch struct {
	resume   *game.Match      // a match under way: Resume plays on from its last command
	recorded *campaign.Record // a match that had ended: recorded now
	note     string           // what happened, in words, for the status line
	problem  string           // a match file that cannot be used, in words
}

// findPendingMatch reads a campaign's match file: a match under way is
// offered to resume; one that is over but not recorded (the window closed
// before) is recorded now; one recorded already (the window closed between
// saving the campaign and removing the file) is removed; a damaged one is
// set aside and said.
func findPendingMatch(c *campaign.Campaign, path string) pendingMatch {
	var p pendingMatch
	mp := matchPath(path)
	if _, err := os.Lstat(mp); err != nil {
		return p
	}
	m, err := game.LoadFile(mp)
	if err == nil {
		if err = c.IsNextMatch(m); err != nil && slices.ContainsFunc(c.Matches, func(r campaign.Record) bool { return r.Seed == m.Seed }) {
			os.Remove(mp) // in the history already: recorded once, never twice
			return p
		}
	}
	if err != nil {
		aside := mp + ".damaged"
		os.Rename(mp, aside)
		p.problem = fmt.Sprintf("%s: the match in progress could not be read and is kept as %s: %s", c.Name, aside, shorten(err.Error(), 120))
		return p
	}
	if !m.Over {
		p.resume = m
		return p
	}
	p.recorded, err = recordMatch(c, path, m)
	if err != nil {
		p.problem = fmt.Sprintf("%s: match %d had ended but could not be recorded: %v", c.Name, len(c.Matches)+1, err)
		return p
	}
	p.note = fmt.Sprintf("Match %d of %s had ended when the window closed: it is recorded now, its Survival Rolls are in the history.", p.recorded.Number, c.Name)
	return p
}
