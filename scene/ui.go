package scene

import (
	"github.com/hajimehoshi/ebiten/v2"
)

// button is a clickable label. Its rectangle is in screen pixels and is
// laid out by the scene every frame (cheap: four numbers).
type button struct {
	X, Y, W, H float64
	Label      string
	Key        string // the key shown beside the label ("M")
	Enabled    bool
	Why        string // why it is disabled, for the status line
	On         bool   // a toggle that is on, or the current choice
	Compact    bool   // a narrow button: regular type, tighter margins
}

// place sets the rectangle.
func (b *button) place(x, y, w, h float64) { b.X, b.Y, b.W, b.H = x, y, w, h }

// hover reports whether the cursor is over the button.
func (b *button) hover(in *Input) bool {
	return in.X >= b.X && in.X < b.X+b.W && in.Y >= b.Y && in.Y < b.Y+b.H
}

// clicked reports a click on an enabled button.
func (b *button) clicked(in *Input) bool { return b.Enabled && in.Click && b.hover(in) }

// drawButtons draws buttons: the boxes in one batch, then the labels.
func drawButtons(a *App, dst *ebiten.Image, bs ...*button) {
	u := float32(a.Theme.U)
	for _, b := range bs {
		if b.W == 0 {
			continue
		}
		x, y, w, h := float32(b.X), float32(b.Y), float32(b.W), float32(b.H)
		fill := colPanelHi
		switch {
		case !b.Enabled:
			fill = colPanel.mix(colBlack, 0.2)
		case b.On:
			fill = hex(0x7a4e22)
		case b.hover(&a.In):
			fill = hex(0x5a4330)
		}
		a.ui.rect(x+2*u, y+3*u, w, h, colBlack.alpha(0.35))
		a.ui.rect(x, y, w, h, fill)
		edge := colGold.alpha(0.55)
		if !b.Enabled {
			edge = colTextDim.alpha(0.25)
		}
		a.ui.line(x, y, x+w, y, u, edge)
		a.ui.line(x, y+h, x+w, y+h, u, edge)
		a.ui.line(x, y, x, y+h, u, edge)
		a.ui.line(x+w, y, x+w, y+h, u, edge)
	}
	a.ui.flush(dst)
	th := a.Theme
	for _, b := range bs {
		if b.W == 0 {
			continue
		}
		c := colText
		if !b.Enabled {
			c = colTextDim.alpha(0.6)
		}
		ty := b.Y + (b.H-th.Bold.Size*1.25)/2
		if b.Key == "" {
			th.text(dst, b.Label, th.Bold, b.X+b.W/2, ty, c, alignCenter)
			continue
		}
		if b.Compact {
			th.text(dst, b.Label, th.Body, b.X+7*th.U, ty, c, alignLeft)
			th.text(dst, b.Key, th.Small, b.X+b.W-6*th.U, ty+2*th.U, colGold.alpha(0.8), alignRight)
			continue
		}
		th.text(dst, b.Label, th.Bold, b.X+10*th.U, ty, c, alignLeft)
		th.text(dst, b.Key, th.Small, b.X+b.W-8*th.U, ty+2*th.U, colGold.alpha(0.8), alignRight)
	}
}

// backdrop fills the screen with the table cloth.
func backdrop(a *App, dst *ebiten.Image) {
	dst.Fill(clothFill)
}
