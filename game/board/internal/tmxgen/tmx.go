// Package tmxgen writes Tiled .tmx maps in the board schema. It made the
// first versions of the maps in maps/ (go run ./game/board/internal/tmxgen/gen)
// and makes the random stress maps of the board's tests; the committed .tmx
// files, not this code, are the maps' source of truth.
package tmxgen

import (
	"fmt"
	"html"
	"strings"
)

// P is a point in inches.
type P struct{ X, Y float64 }

// Obj is one Tiled object, in inches.
type Obj struct {
	ID         int
	Name, Type string
	X, Y, W, H float64
	Rot        float64
	Ellipse    bool
	Poly, Line []P // relative to X, Y
	Props      [][2]string
}

// Map is a map being written.
type Map struct {
	Name, Desc string
	W, H, PPI  int
	Layers     [3][]Obj // walls, obstacles, areas
	next       int
}

// New starts a map of w x h inches.
func New(name, desc string, w, h int) *Map {
	return &Map{Name: name, Desc: desc, W: w, H: h, PPI: 20, next: 1}
}

// Layer indexes.
const (
	Walls = iota
	Obstacles
	Areas
)

// Add puts an object on a layer and returns its id.
func (m *Map) Add(layer int, o Obj) int {
	o.ID = m.next
	m.next++
	m.Layers[layer] = append(m.Layers[layer], o)
	return o.ID
}

// Rect adds a rectangle.
func (m *Map) Rect(layer int, typ, name string, x, y, w, h float64, props ...string) int {
	return m.Add(layer, Obj{Name: name, Type: typ, X: x, Y: y, W: w, H: h, Props: pairs(props)})
}

// RotRect adds a rectangle rotated by deg degrees clockwise about its top-left corner.
func (m *Map) RotRect(layer int, typ, name string, x, y, w, h, deg float64, props ...string) int {
	return m.Add(layer, Obj{Name: name, Type: typ, X: x, Y: y, W: w, H: h, Rot: deg, Props: pairs(props)})
}

// Ellipse adds an ellipse in the box x, y, w, h.
func (m *Map) Ellipse(layer int, typ, name string, x, y, w, h float64, props ...string) int {
	return m.Add(layer, Obj{Name: name, Type: typ, X: x, Y: y, W: w, H: h, Ellipse: true, Props: pairs(props)})
}

// Polygon adds a closed polygon with absolute points.
func (m *Map) Polygon(layer int, typ, name string, pts []P, props ...string) int {
	o := Obj{Name: name, Type: typ, X: pts[0].X, Y: pts[0].Y, Props: pairs(props)}
	for _, p := range pts {
		o.Poly = append(o.Poly, P{p.X - o.X, p.Y - o.Y})
	}
	return m.Add(layer, o)
}

// Polyline adds an open polyline with absolute points.
func (m *Map) Polyline(layer int, typ, name string, pts []P, props ...string) int {
	o := Obj{Name: name, Type: typ, X: pts[0].X, Y: pts[0].Y, Props: pairs(props)}
	for _, p := range pts {
		o.Line = append(o.Line, P{p.X - o.X, p.Y - o.Y})
	}
	return m.Add(layer, o)
}

// Point adds a point object (objectives only).
func (m *Map) Point(layer int, typ, name string, x, y float64, props ...string) int {
	return m.Add(layer, Obj{Name: name, Type: typ, X: x, Y: y, Props: pairs(props)})
}

func pairs(kv []string) [][2]string {
	var out [][2]string
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, [2]string{kv[i], kv[i+1]})
	}
	return out
}

func num(v float64) string {
	s := fmt.Sprintf("%.4f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		s = "0"
	}
	return s
}

// XML renders the map as a .tmx file Tiled 1.8 reads.
func (m *Map) XML() []byte {
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" nextlayerid=\"4\" nextobjectid=\"%d\">\n",
		m.W, m.H, m.PPI, m.PPI, m.next)
	fmt.Fprintf(&b, " <properties>\n  <property name=\"description\" value=\"%s\"/>\n  <property name=\"height_in\" type=\"float\" value=\"%d\"/>\n  <property name=\"name\" value=\"%s\"/>\n  <property name=\"px_per_in\" type=\"float\" value=\"%d\"/>\n  <property name=\"width_in\" type=\"float\" value=\"%d\"/>\n </properties>\n",
		e(m.Desc), m.H, e(m.Name), m.PPI, m.W)
	names := [3]string{"walls", "obstacles", "areas"}
	colors := [3]string{"#5a3a1a", "#a0522d", "#6b8e23"}
	s := float64(m.PPI)
	for li := 2; li >= 0; li-- { // areas drawn first, walls on top
		fmt.Fprintf(&b, " <objectgroup id=\"%d\" name=\"%s\" color=\"%s\">\n", li+1, names[li], colors[li])
		for _, o := range m.Layers[li] {
			fmt.Fprintf(&b, "  <object id=\"%d\"", o.ID)
			if o.Name != "" {
				fmt.Fprintf(&b, " name=\"%s\"", e(o.Name))
			}
			fmt.Fprintf(&b, " type=\"%s\" x=\"%s\" y=\"%s\"", o.Type, num(o.X*s), num(o.Y*s))
			if o.Poly == nil && o.Line == nil && (o.W > 0 || o.H > 0) {
				fmt.Fprintf(&b, " width=\"%s\" height=\"%s\"", num(o.W*s), num(o.H*s))
			}
			if o.Rot != 0 {
				fmt.Fprintf(&b, " rotation=\"%s\"", num(o.Rot))
			}
			fmt.Fprintf(&b, ">\n")
			if len(o.Props) > 0 {
				fmt.Fprintf(&b, "   <properties>\n")
				for _, kv := range o.Props {
					typ := ""
					switch kv[0] {
					case "blocks", "locked", "open":
						typ = ` type="bool"`
					case "side":
						typ = ` type="int"`
					}
					fmt.Fprintf(&b, "    <property name=\"%s\"%s value=\"%s\"/>\n", kv[0], typ, e(kv[1]))
				}
				fmt.Fprintf(&b, "   </properties>\n")
			}
			switch {
			case o.Ellipse:
				fmt.Fprintf(&b, "   <ellipse/>\n")
			case o.Poly != nil:
				fmt.Fprintf(&b, "   <polygon points=\"%s\"/>\n", pts(o.Poly, s))
			case o.Line != nil:
				fmt.Fprintf(&b, "   <polyline points=\"%s\"/>\n", pts(o.Line, s))
			case o.W == 0 && o.H == 0:
				fmt.Fprintf(&b, "   <point/>\n")
			}
			fmt.Fprintf(&b, "  </object>\n")
		}
		fmt.Fprintf(&b, " </objectgroup>\n")
	}
	b.WriteString("</map>\n")
	return []byte(b.String())
}

func pts(ps []P, s float64) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = num(p.X*s) + "," + num(p.Y*s)
	}
	return strings.Join(out, " ")
}
