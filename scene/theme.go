package scene

import (
	"bytes"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// rgba is a straight-alpha colour in 0..1.
type rgba struct{ r, g, b, a float32 }

func hex(v uint32) rgba {
	return rgba{float32(v>>16&255) / 255, float32(v>>8&255) / 255, float32(v&255) / 255, 1}
}

// alpha returns the colour with another opacity.
func (c rgba) alpha(a float32) rgba { c.a = a; return c }

// mix blends c towards d by t.
func (c rgba) mix(d rgba, t float32) rgba {
	return rgba{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t, c.a + (d.a-c.a)*t}
}

// The palette. Side colours follow Okabe and Ito's colour-blind-safe set;
// every side also has its own emblem, so colour is never the only cue.
var (
	colInk      = hex(0x2b1d12)
	colPaper    = hex(0xf3e6c8)
	colPanel    = hex(0x2a211a)
	colPanelHi  = hex(0x3a2e24)
	colText     = hex(0xf1e4c6)
	colTextDim  = hex(0xb5a58a)
	colGold     = hex(0xf0c04a)
	colBad      = hex(0xff7a5c)
	colGood     = hex(0x9be37d)
	colCloth    = hex(0x1f2a22)
	colWhite    = rgba{1, 1, 1, 1}
	colBlack    = rgba{0, 0, 0, 1}
	sideColours = []rgba{hex(0x0072b2), hex(0xe69f00), hex(0x009e73), hex(0xcc79a7), hex(0x56b4e9), hex(0xd55e00), hex(0xf0e442), hex(0x999999)}
)

// sideColour is a posse's colour.
func sideColour(p int) rgba { return sideColours[p%len(sideColours)] }

// Theme holds the fonts, created once per UI scale, and the scale itself
// (device pixels per logical pixel: 2 on a HiDPI screen).
type Theme struct {
	U                             float64
	Small, Body, Bold, Head, Huge *text.GoTextFace

	glyphs map[glyphKey][]text.Glyph // laid-out lines, by text and face
	clips  map[clipKey]string        // lines cut to a width (clipped)
	widths map[clipKey]float64       // lines measured (measure)
	op     ebiten.DrawImageOptions
}

// clipKey names one line cut to a width.
type clipKey struct {
	s    string
	face *text.GoTextFace
	w    float64
}

// glyphKey names one laid-out line of text.
type glyphKey struct {
	s     string
	face  *text.GoTextFace
	align int
}

// maxGlyphLines bounds the glyph cache; it is emptied when it fills (the
// rangefinder's text changes with every move of the mouse).
const maxGlyphLines = 2048

// newTheme makes the faces for a UI scale.
func newTheme(u float64) *Theme {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		panic(err) // the embedded Go font always parses
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		panic(err)
	}
	return &Theme{U: u, glyphs: map[glyphKey][]text.Glyph{}, clips: map[clipKey]string{}, widths: map[clipKey]float64{},
		Small: &text.GoTextFace{Source: reg, Size: 12 * u},
		Body:  &text.GoTextFace{Source: reg, Size: 14 * u},
		Bold:  &text.GoTextFace{Source: bold, Size: 14 * u},
		Head:  &text.GoTextFace{Source: bold, Size: 20 * u},
		Huge:  &text.GoTextFace{Source: bold, Size: 44 * u},
	}
}

// Text alignments.
const (
	alignLeft = iota
	alignCenter
	alignRight
)

// text draws a line of text with its top at y; x is its left edge, centre
// or right edge by align. A line is laid out once (text.AppendGlyphs) and
// its glyphs drawn from the cache afterwards: text.Draw would lay it out
// again, allocating, every frame.
func (th *Theme) text(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c rgba, align int) {
	key := glyphKey{s, face, align}
	gs, ok := th.glyphs[key]
	if !ok {
		if len(th.glyphs) >= maxGlyphLines {
			clear(th.glyphs)
		}
		lo := text.LayoutOptions{PrimaryAlign: text.Align(align), LineSpacing: face.Size * 1.3}
		gs = text.AppendGlyphs(nil, s, face, &lo)
		th.glyphs[key] = gs
	}
	op := &th.op
	op.ColorScale.Reset()
	op.ColorScale.Scale(c.r*c.a, c.g*c.a, c.b*c.a, c.a)
	x, y = math.Round(x), math.Round(y)
	for i := range gs {
		g := &gs[i]
		if g.Image == nil {
			continue
		}
		op.GeoM.Reset()
		op.GeoM.Translate(x+g.X, y+g.Y)
		dst.DrawImage(g.Image, op)
	}
}

// shadowText draws text with a dark shadow, legible over the table.
func (th *Theme) shadowText(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c rgba, align int) {
	d := th.U
	th.text(dst, s, face, x+d, y+d, colBlack.alpha(0.8), align)
	th.text(dst, s, face, x, y, c, align)
}

// width measures a line of text.
func (th *Theme) width(s string, face *text.GoTextFace) float64 {
	return text.Advance(s, face)
}

// clip returns s, or as much of it as fits in w pixels followed by "…".
func (th *Theme) clip(s string, face *text.GoTextFace, w float64) string {
	if th.width(s, face) <= w {
		return s
	}
	// The longest prefix that fits, by bisection over the runes.
	r := []rune(s)
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if th.width(string(r[:mid])+"…", face) <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// clipped is clip remembered: lines drawn every frame are measured once.
func (th *Theme) clipped(s string, face *text.GoTextFace, w float64) string {
	k := clipKey{s, face, w}
	if c, ok := th.clips[k]; ok {
		return c
	}
	if len(th.clips) >= maxGlyphLines {
		clear(th.clips)
	}
	c := th.clip(s, face, w)
	th.clips[k] = c
	return c
}

// measure is width remembered: the table's words, placed every frame, are
// measured once.
func (th *Theme) measure(s string, face *text.GoTextFace) float64 {
	k := clipKey{s, face, 0}
	if w, ok := th.widths[k]; ok {
		return w
	}
	if len(th.widths) >= maxGlyphLines {
		clear(th.widths)
	}
	w := th.width(s, face)
	th.widths[k] = w
	return w
}
