package scene

import "image/color"

// colorOf converts to the standard library's colour (for Fill).
func colorOf(c rgba) color.RGBA {
	return color.RGBA{uint8(c.r * c.a * 255), uint8(c.g * c.a * 255), uint8(c.b * c.a * 255), uint8(c.a * 255)}
}

// clothFill is the table cloth as an interface value made once: filling
// with it allocates nothing.
var clothFill color.Color = colorOf(colCloth)
