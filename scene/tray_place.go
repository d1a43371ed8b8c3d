package scene

import "cowpoke/game/board"

// trayPlace chooses the dice tray's top: y, its usual place, unless the
// other of the table's head and foot covers fewer miniatures (counting
// the models the roll is about three times: they are what the player
// looks at). While the computer's weighing is drawn (C), its box holds
// the foot: the tray goes to the head or just above that box (gap
// between them), whichever covers fewer miniatures.
func (b *battle) trayPlace(x, y, w, h, head, foot, gap float64) float64 {
	if why := b.players.why.box; b.players.showWhy && b.players.last != nil && why[3] > 0 {
		above := why[1] - h - gap
		if above < head || b.trayCovers(x, head, w, h) <= b.trayCovers(x, above, w, h) {
			return head
		}
		return above
	}
	other := head
	if y == head {
		other = foot
	}
	if c := b.trayCovers(x, other, w, h); c < b.trayCovers(x, y, w, h) {
		return other
	}
	return y
}

// trayCovers weighs the miniatures a tray at (x, y), w x h, would cover.
func (b *battle) trayCovers(x, y, w, h float64) int {
	m := b.t.M
	r := board.BaseRadius * b.cam.Scale
	n := 0
	for i := range m.Models {
		if m.Models[i].Removed() {
			continue
		}
		p, _ := b.modelAt(i)
		sx, sy := b.cam.ToScreen(p)
		if sx+r < x || sx-r > x+w || sy+r < y || sy-r > y+h {
			continue
		}
		n++
		for _, id := range b.tray.models {
			if id == i {
				n += 2
			}
		}
	}
	return n
}
