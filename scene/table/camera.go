package table

import (
	"math"

	"cowpoke/game"
)

// Camera maps table inches to screen pixels: screen = table*Scale + Off.
type Camera struct {
	OffX, OffY float64 // screen position of the table's top-left corner
	Scale      float64 // pixels per inch
	Min, Max   float64 // zoom limits, pixels per inch
}

// ToScreen returns the screen position of a table point.
func (c *Camera) ToScreen(p game.Point) (float64, float64) {
	return p.X*c.Scale + c.OffX, p.Y*c.Scale + c.OffY
}

// ToTable returns the table point under a screen position.
func (c *Camera) ToTable(x, y float64) game.Point {
	return game.Point{X: (x - c.OffX) / c.Scale, Y: (y - c.OffY) / c.Scale}
}

// ZoomAt multiplies the scale by factor keeping the table point under
// (x, y) where it is: wheel zoom around the cursor.
func (c *Camera) ZoomAt(x, y, factor float64) {
	p := c.ToTable(x, y)
	s := c.Scale * factor
	if c.Max > 0 {
		s = math.Min(s, c.Max)
	}
	s = math.Max(s, c.Min)
	c.Scale = s
	c.OffX, c.OffY = x-p.X*s, y-p.Y*s
}

// Pan moves the view by (dx, dy) screen pixels.
func (c *Camera) Pan(dx, dy float64) { c.OffX += dx; c.OffY += dy }

// Fit shows a whole w x h inch table centred in the viewport (vx, vy, vw,
// vh) with a margin, and sets the zoom limits around that view.
func (c *Camera) Fit(w, h, vx, vy, vw, vh float64) {
	const margin = 0.04
	s := math.Min(vw/w, vh/h) * (1 - 2*margin)
	if s <= 0 || math.IsNaN(s) {
		s = 1
	}
	c.Scale = s
	c.Min = s / 2
	if c.Max == 0 || c.Max < s {
		c.Max = s * 5
	}
	c.OffX = vx + (vw-w*s)/2
	c.OffY = vy + (vh-h*s)/2
}

// Clamp keeps at least a quarter of the viewport on the table so that the
// table cannot be lost off screen.
func (c *Camera) Clamp(w, h, vx, vy, vw, vh float64) {
	tw, th := w*c.Scale, h*c.Scale
	c.OffX = math.Min(math.Max(c.OffX, vx+vw/4-tw), vx+vw*3/4)
	c.OffY = math.Min(math.Max(c.OffY, vy+vh/4-th), vy+vh*3/4)
}
