package scene

import "math"

// emblem draws a side's second cue on its bases, beside the colour: the
// Lawmen's star, the Desperados' crossed bars, then a triangle, a square
// and a diamond for more posses. Shapes read in grey as well as in colour.
func emblem(b *batch, posse int, cx, cy, r float32) {
	ink := rgba{1, 1, 1, 0.95}
	switch posse % 5 {
	case 0:
		b.star(cx, cy, r*0.78, ink)
	case 1:
		d := r * 0.5
		w := r * 0.3
		b.line(cx-d, cy-d, cx+d, cy+d, w, ink)
		b.line(cx-d, cy+d, cx+d, cy-d, w, ink)
	case 2:
		b.tri(cx, cy-r*0.6, cx+r*0.55, cy+r*0.4, cx-r*0.55, cy+r*0.4, ink)
	case 3:
		b.rect(cx-r*0.42, cy-r*0.42, r*0.84, r*0.84, ink)
	default:
		d := r * 0.6
		b.quad(cx, cy-d, cx+d, cy, cx, cy+d, cx-d, cy, ink)
	}
}

// emblemName says the cue in words for the help screen and the legend.
func emblemName(posse int) string {
	return [...]string{"star", "cross", "triangle", "square", "diamond"}[posse%5]
}

// angleXY is the unit vector of an angle.
func angleXY(a float64) (float32, float32) {
	return float32(math.Cos(a)), float32(math.Sin(a))
}
