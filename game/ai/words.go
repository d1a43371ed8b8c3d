package ai

import (
	"fmt"
	"math"
	"strings"

	"cowpoke/game"
	"cowpoke/game/board"
	"cowpoke/game/words"
)

// Plain words for reasons: names, lists, chances and places; no rule codes,
// no coordinates.

func pct(p float64) string {
	switch {
	case p <= 0:
		return "no chance"
	case p < 0.005:
		return "under 1%"
	case p > 0.995 && p < 1:
		return "over 99%"
	}
	return fmt.Sprintf("%.0f%%", p*100)
}

func (e *eval) names(ids []int) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = e.m.Models[id].Name
	}
	return words.List(out)
}

func inches(d float64) string { return fmt.Sprintf("%.1f\"", d) }

func weaponName(md *game.Model, slot int) string {
	w, _ := md.Weapon(slot)
	return w.String()
}

// dangerWords says what standing at a spot risks, for the end of a reason.
func (e *eval) dangerWords(d danger, where string) string {
	var parts []string
	risk := "" // said only when there is one: "no chance" on every line is noise
	if p := d.pRemoved - d.fuse; p >= 0.005 {
		risk = fmt.Sprintf(" (%s to be removed before I act again)", pct(p))
	}
	switch {
	case len(d.brawl) > 0:
		parts = append(parts, fmt.Sprintf("in base contact with %s %s%s", e.names(d.brawl), where, risk))
	case len(d.seenBy) == 0 && d.pRemoved-d.fuse < 0.01:
		parts = append(parts, "no enemy can see me "+where)
	case len(d.seenBy) == 0:
		parts = append(parts, fmt.Sprintf("no enemy can see me %s, though one may step out (%s to be removed)", where, pct(d.pRemoved-d.fuse)))
	default:
		parts = append(parts, fmt.Sprintf("%s can see me %s%s", e.names(d.seenBy), where, risk))
	}
	if d.fuse > 0.005 {
		parts = append(parts, fmt.Sprintf("a lit fuse threatens the spot (%s to be removed by the blast)", pct(d.fuse)))
	}
	return strings.Join(parts, "; ")
}

// placeWords names a spot by what is near it: "by the wagon", "in the
// saloon", or the direction of the nearest enemy.
func (e *eval) placeWords(from, to game.Point) string {
	b := e.m.Board
	bestD, label := 2.5, ""
	for i := range b.Features {
		f := &b.Features[i]
		switch {
		case f.Kind == board.Interior && f.Contains(to):
			return "into the " + strings.ToLower(f.SpokenName())
		case f.Kind.IsArea() || f.Kind == board.Opening || f.Kind == board.KindNone:
			continue
		}
		if d := game.DistanceToFeature(to, f); d < bestD {
			bestD, label = d, f.SpokenName()
		}
	}
	if label != "" {
		return "to the " + strings.ToLower(label)
	}
	near, nd := -1, math.Inf(1)
	for _, f := range e.foes {
		if d := to.Dist(e.m.Models[f].Pos); d < nd {
			near, nd = f, d
		}
	}
	if near >= 0 {
		if nd < from.Dist(e.m.Models[near].Pos) {
			return "toward " + e.m.Models[near].Name
		}
		return "away from " + e.m.Models[near].Name
	}
	return "across the open"
}
