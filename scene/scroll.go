package scene

import "github.com/hajimehoshi/ebiten/v2"

// formScroll scrolls a form taller than the window (the new-game screen and
// the position editor's panel at a large UI scale): the mouse wheel, a left
// drag anywhere on the form, the Up and Down keys; Tab moves a keyboard
// focus through the form's controls, scrolling the focused one into view,
// and Space presses it. The form's footer (Back, Start) stays put at the
// bottom; the content scrolls above it and is hidden under it.
type formScroll struct {
	off   float64 // device pixels scrolled down, 0 to most
	most  float64 // the content's height past the room above the footer
	foot  float64 // the footer's top, device pixels
	focus int     // the focused control's index in the form's list, -1: none

	pressY, lastY float64 // the left button's press and last height
	held, drag    bool    // the left button is down; it has moved past a click's slop
}

// size sets the content's bottom (device pixels, unscrolled) and the
// footer's top, and keeps the offset in range.
func (s *formScroll) size(contentBottom, foot float64) {
	s.foot = foot
	s.most = max(0, contentBottom-foot)
	s.off = max(0, min(s.off, s.most))
}

// update scrolls for the wheel, a left drag and the Up/Down keys; u is the
// UI scale.
func (s *formScroll) update(in *Input, u float64) {
	s.off -= in.Wheel * 48 * u
	s.off += in.HeldY * 10 * u
	switch {
	case in.LeftDown && !s.held:
		s.held, s.drag, s.pressY, s.lastY = true, false, in.Y, in.Y
	case in.LeftDown:
		if abs(int(in.Y-s.pressY)) > clickSlop {
			s.drag = true
		}
		if s.drag {
			s.off -= in.Y - s.lastY
		}
		s.lastY = in.Y
	default:
		s.held, s.drag = false, false
	}
	s.off = max(0, min(s.off, s.most))
}

// content is the input the scrolled content sees: no click on it through
// the footer, none at the end of a drag.
func (s *formScroll) content(in Input) Input {
	if in.Y >= s.foot {
		in.Click = false
	}
	return in
}

// keys moves the focus on Tab through controls (the form's visible,
// enabled controls in reading order, the last footN of them the footer's),
// scrolls it into view, and turns
// Space into a click on it (in and the content's input both get it). It
// reports whether the offset changed, so the form lays itself out again.
func (s *formScroll) keys(in, content *Input, controls []*button, footN int, u float64) bool {
	if len(controls) == 0 {
		s.focus = -1
		return false
	}
	if s.focus >= len(controls) {
		s.focus = len(controls) - 1
	}
	if in.Pressed(KeyNext) {
		s.focus = (s.focus + 1) % len(controls)
	}
	if s.focus < 0 {
		return false
	}
	b := controls[s.focus]
	inFooter := s.focus >= len(controls)-footN
	if in.Pressed(KeySkip) {
		x, y := b.X+b.W/2, b.Y+b.H/2
		in.X, in.Y, in.Click = x, y, true
		if !inFooter { // no click through the footer on what scrolled under it
			content.X, content.Y, content.Click = x, y, true
		}
	}
	if !in.Pressed(KeyNext) || inFooter { // the footer's own buttons never scroll
		return false
	}
	was := s.off
	margin := 8 * u
	switch {
	case b.Y < margin:
		s.off -= margin - b.Y
	case b.Y+b.H > s.foot-margin:
		s.off += b.Y + b.H - (s.foot - margin)
	}
	s.off = max(0, min(s.off, s.most))
	return s.off != was
}

// drawFooter covers the content scrolled under the footer, and draws the
// scroll bar at the right edge when the form scrolls.
func (s *formScroll) drawFooter(a *App, dst *ebiten.Image) {
	u := float32(a.Theme.U)
	W, H, foot := float32(a.W), float32(a.H), float32(s.foot)
	a.ui.rect(0, foot, W, H-foot, colCloth)
	if s.most > 0 {
		a.ui.line(0, foot, W, foot, u, colGold.alpha(0.35))
	}
	a.ui.flush(dst)
	s.drawBar(a, dst)
}

// drawBar draws the scroll bar at the screen's right edge, above the
// footer, when the content scrolls (a panel at the right edge that
// covers its own footer draws it alone).
func (s *formScroll) drawBar(a *App, dst *ebiten.Image) {
	if s.most <= 0 {
		return
	}
	u := float32(a.Theme.U)
	W, foot := float32(a.W), float32(s.foot)
	track := foot - 8*u
	thumb := track * track / (track + float32(s.most))
	y := 4*u + (track-thumb)*float32(s.off/s.most)
	a.ui.rect(W-7*u, 4*u, 4*u, track, colPanelHi.alpha(0.8))
	a.ui.rect(W-7*u, y, 4*u, thumb, colGold.alpha(0.7))
	a.ui.flush(dst)
}

// drawFocus rings the focused control (the last footN of controls are
// the footer's).
func (s *formScroll) drawFocus(a *App, dst *ebiten.Image, controls []*button, footN int) {
	if s.focus < 0 || s.focus >= len(controls) {
		return
	}
	b := controls[s.focus]
	if s.focus < len(controls)-footN && b.Y+b.H > s.foot {
		return // scrolled under the footer: the ring would be drawn on it
	}
	u := float32(a.Theme.U)
	x, y, w, h := float32(b.X)-3*u, float32(b.Y)-3*u, float32(b.W)+6*u, float32(b.H)+6*u
	a.ui.line(x, y, x+w, y, 2*u, colGold)
	a.ui.line(x, y+h, x+w, y+h, 2*u, colGold)
	a.ui.line(x, y, x, y+h, 2*u, colGold)
	a.ui.line(x+w, y, x+w, y+h, 2*u, colGold)
	a.ui.flush(dst)
}
