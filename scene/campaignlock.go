package scene

import (
	"strings"

	"cowpoke/game/store"
)

// One window at a time plays a campaign. Two windows on the same campaign
// would each play its next match and the last to write would silently
// replace the other's result, so a window holds the campaign's lock
// (store.LockFile on campaignLockPath, beside the campaign file) from the
// moment the campaign screen shows it selected (read again from its file
// once the lock is held) until the window leaves it: another campaign
// chosen, the new-campaign form, or any scene that is not that campaign's
// (the title). Its match, its Survival Rolls and the load screen or replay
// viewer opened from its match keep the lock (campaignScene). Everything
// that writes the campaign or its match file happens under it; a window
// that cannot take it shows the campaign read-only.

// heldCampaign is the campaign whose lock this window holds.
type heldCampaign struct {
	path    string
	release func()
}

// campaignScene is a scene that belongs to one campaign: while one is on
// screen the window keeps that campaign's lock.
type campaignScene interface {
	campaignPath() string // "" for none
}

// campaignLockPath is the lock file of a campaign file, the one `cowpoke
// campaign play` takes too (beside the file a symbolic link names).
func campaignLockPath(campaignPath string) string { return store.LockPathOf(campaignPath) }

// besideCampaign is a file that belongs to a campaign file: its name with
// ext for .json (the campaign screen lists only .json).
func besideCampaign(campaignPath, ext string) string {
	return strings.TrimSuffix(campaignPath, ".json") + ext
}

// holdCampaign takes the lock of the campaign at path, keeping it if this
// window holds it already and dropping any other campaign's. ok is false
// while another window holds it. A campaign without a file ("") needs no
// lock.
func (a *App) holdCampaign(path string) (ok bool, err error) {
	if path != "" && a.campaign.path == path {
		return true, nil
	}
	a.releaseCampaign()
	if path == "" {
		return true, nil
	}
	release, ok, err := store.LockFile(campaignLockPath(path))
	if ok {
		a.campaign = heldCampaign{path: path, release: release}
	}
	return ok, err
}

// releaseCampaign drops the campaign lock this window holds, if any.
func (a *App) releaseCampaign() {
	if a.campaign.release != nil {
		a.campaign.release()
	}
	a.campaign = heldCampaign{}
}

// keepCampaignLock drops the campaign lock when the window goes to a scene
// that is not the held campaign's.
func (a *App) keepCampaignLock(s Scene) {
	if cs, ok := s.(campaignScene); ok && cs.campaignPath() == a.campaign.path {
		return
	}
	a.releaseCampaign()
}

func (s *campaignScreen) campaignPath() string {
	if s.making || s.sel >= len(s.campaigns) || s.campaigns[s.sel].busy {
		return ""
	}
	return s.campaigns[s.sel].path
}

func (b *battle) campaignPath() string {
	if cm, ok := b.sess.(*campaignMatch); ok {
		return cm.path
	}
	return ""
}

func (s *survivalScreen) campaignPath() string { return s.path }

// The load screen and the replay viewer opened from a campaign match go
// back to it: they keep its lock.

func (l *loadScreen) campaignPath() string { return campaignPathOf(l.back) }

func (w *watch) campaignPath() string { return campaignPathOf(w.back) }

func campaignPathOf(s Scene) string {
	if cs, ok := s.(campaignScene); ok {
		return cs.campaignPath()
	}
	return ""
}

// What the campaign screen says of a campaign another program holds: a
// second Cowpoke window, or cowpoke campaign play in a terminal (both take
// the same lock).
const (
	busyWhy  = "another program is playing this campaign"
	busyLine = "Another program is playing this campaign (a second Cowpoke window, or cowpoke campaign play). You can look at its posses and history here; play it once that program has left it."
)

// retryBusy tries the selected campaign's lock again once a second while
// another window holds it, so the campaign can be played here as soon as
// that window leaves it (the idle screen is drawn once a second too).
func (s *campaignScreen) retryBusy(a *App) {
	if s.making || s.sel >= len(s.campaigns) || !s.campaigns[s.sel].busy || a.frame%60 != 0 {
		return
	}
	s.choose(a, s.sel)
	if !s.campaigns[s.sel].busy {
		s.status, s.bad = "The other program has left "+s.campaigns[s.sel].c.Name+": it is read again from its file and can be played here.", false
	}
}
