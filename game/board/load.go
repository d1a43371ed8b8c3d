package board

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"testing/fstest"

	"github.com/lafriks/go-tiled"

	"cowpoke/game/detmath"
	"cowpoke/game/store"
)

// LoadFile reads a map from a path on disk: a regular file only, at most
// MaxFileBytes (store.ReadRegular: a FIFO or a device is refused at once).
func LoadFile(path string) (*Board, error) {
	data, err := store.ReadRegular(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// LoadFS reads a map from a file system, such as the embedded maps.FS.
func LoadFS(fsys fs.FS, name string) (*Board, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readLimited(f, name)
	if err != nil {
		return nil, err
	}
	return Parse(name, data)
}

func readLimited(r io.Reader, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > MaxFileBytes {
		return nil, &Error{File: name, Msg: fmt.Sprintf("file is larger than %d bytes", MaxFileBytes)}
	}
	return data, nil
}

// Parse builds a board from the bytes of a .tmx file; file names it in errors.
// Every problem found is reported as an *Error (several as Errors).
func Parse(file string, data []byte) (*Board, error) {
	if err := prescan(data); err != nil {
		return nil, &Error{File: file, Msg: err.Error()}
	}
	// An empty file system: go-tiled may not open any other file.
	tm, err := tiled.LoadReader("", bytes.NewReader(data), tiled.WithFileSystem(fstest.MapFS{}))
	if err != nil {
		return nil, &Error{File: file, Msg: "not a valid Tiled map: " + err.Error()}
	}
	p := &problems{file: file}
	b := convert(tm, p)
	if err := p.err(); err != nil {
		return nil, err
	}
	b.File = file
	if err := b.build(); err != nil {
		return nil, &Error{File: file, Msg: err.Error()}
	}
	return b, nil
}

func convert(tm *tiled.Map, p *problems) *Board {
	b := &Board{}
	if tm.Orientation != "orthogonal" {
		p.add(0, "", "orientation %q: only orthogonal maps are supported", tm.Orientation)
	}
	if tm.TileWidth <= 0 || tm.TileWidth != tm.TileHeight || tm.TileWidth > 1000 {
		p.add(0, "", "tiles must be square, 1 to 1000 pixels (one tile is one inch); got %dx%d", tm.TileWidth, tm.TileHeight)
		return b
	}
	props := map[string]string{}
	if tm.Properties != nil {
		for _, pr := range *tm.Properties {
			props[pr.Name] = pr.Value
		}
	}
	b.Name = props["name"]
	if b.Name == "" {
		p.add(0, "", "map property \"name\" is missing")
	}
	b.Description = props["description"]
	b.PxPerInch = float64(tm.TileWidth)
	if v, ok := props["px_per_in"]; ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0 && f <= 1000) {
			p.add(0, "", "map property px_per_in %q is not a number from 0 to 1000", v)
			return b
		}
		b.PxPerInch = f
	}
	b.Width = float64(float64(tm.Width)*float64(tm.TileWidth)) / b.PxPerInch
	b.Height = float64(float64(tm.Height)*float64(tm.TileHeight)) / b.PxPerInch
	for _, k := range []string{"width_in", "height_in"} {
		v, ok := props[k]
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		want := b.Width
		if k == "height_in" {
			want = b.Height
		}
		if err != nil || math.Abs(f-want) > 1e-6 {
			p.add(0, "", "map property %s is %q but the map's grid is %g\" (width and height in tiles times tile size over px_per_in)", k, v, want)
		}
	}
	if !(b.Width >= 6 && b.Width <= MaxTableInches && b.Height >= 6 && b.Height <= MaxTableInches) {
		p.add(0, "", "table is %g\" x %g\"; each side must be 6\" to %d\"", b.Width, b.Height, MaxTableInches)
		return b
	}
	seen := map[uint32]bool{}
	for _, g := range tm.ObjectGroups {
		var layer Layer
		switch g.Name {
		case "walls":
			layer = LayerWalls
		case "obstacles":
			layer = LayerObstacles
		case "areas":
			layer = LayerAreas
		default:
			p.add(0, "", "object layer %q: the layers are walls, obstacles and areas", g.Name)
			continue
		}
		ox, oy := float64(g.OffsetX), float64(g.OffsetY)
		for _, o := range g.Objects {
			if seen[o.ID] || o.ID == 0 {
				p.add(int(o.ID), o.Name, "object id is missing or used twice")
				continue
			}
			seen[o.ID] = true
			f, ok := convertObject(b, layer, o, ox, oy, p)
			if ok {
				b.Features = append(b.Features, f)
			}
		}
	}
	if len(p.list) == 0 {
		cutWalls(b, p)
		checkMap(b, p)
	}
	return b
}

func convertObject(b *Board, layer Layer, o *tiled.Object, ox, oy float64, p *problems) (Feature, bool) {
	id, name := int(o.ID), o.Name
	f := Feature{ID: id, Name: name, Layer: layer}
	typ := o.Type
	if typ == "" {
		typ = o.Class
	}
	f.Kind = kindByName(typ)
	switch {
	case f.Kind == KindNone:
		p.add(id, name, "unknown type %q (see maps/README.md for the kinds)", typ)
		return f, false
	case layer == LayerWalls && !f.Kind.IsWallKind(),
		layer == LayerObstacles && !f.Kind.IsObstacle(),
		layer == LayerAreas && !f.Kind.IsArea():
		p.add(id, name, "a %s does not belong on the %s layer", f.Kind, layer)
		return f, false
	}
	nums := []float64{o.X, o.Y, o.Width, o.Height, o.Rotation}
	for _, v := range nums {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e7 {
			p.add(id, name, "coordinate %v is not a finite number of pixels", v)
			return f, false
		}
	}
	s := 1 / b.PxPerInch
	origin := Point{float64((o.X + ox) * s), float64((o.Y + oy) * s)}
	var local []Point
	switch {
	case len(o.Polygons) > 0 && o.Polygons[0].Points != nil:
		f.Closed = true
		for _, q := range *o.Polygons[0].Points {
			local = append(local, Point{float64(q.X * s), float64(q.Y * s)})
		}
		if len(local) < 3 {
			p.add(id, name, "a polygon needs at least 3 points")
			return f, false
		}
	case len(o.PolyLines) > 0 && o.PolyLines[0].Points != nil:
		for _, q := range *o.PolyLines[0].Points {
			local = append(local, Point{float64(q.X * s), float64(q.Y * s)})
		}
		if len(local) < 2 {
			p.add(id, name, "a polyline needs at least 2 points")
			return f, false
		}
	case len(o.Ellipses) > 0:
		f.Closed = true
		w, h := float64(o.Width*s), float64(o.Height*s)
		const n = 16
		for i := range n {
			a := float64(2*math.Pi*float64(i)) / n
			local = append(local, Point{float64(w/2) + float64(w/2*detmath.Cos(a)), float64(h/2) + float64(h/2*detmath.Sin(a))})
		}
	case o.Width > 0 && o.Height > 0:
		f.Closed = true
		w, h := float64(o.Width*s), float64(o.Height*s)
		local = []Point{{0, 0}, {w, 0}, {w, h}, {0, h}}
	default:
		if f.Kind != Objective {
			p.add(id, name, "a %s needs a shape (rectangle, ellipse, polygon or polyline)", f.Kind)
			return f, false
		}
		local = []Point{{0, 0}}
	}
	sin, cos := detmath.Sincos(float64(o.Rotation*math.Pi) / 180)
	const tol = 0.01
	for _, q := range local {
		pt := Point{origin.X + float64(q.X*cos) - float64(q.Y*sin), origin.Y + float64(q.X*sin) + float64(q.Y*cos)}
		if !pt.finite() {
			p.add(id, name, "a point is not a finite number")
			return f, false
		}
		if pt.X < -tol || pt.Y < -tol || pt.X > b.Width+tol || pt.Y > b.Height+tol {
			p.add(id, name, "point (%.2f, %.2f) lies off the %g\" x %g\" table", pt.X, pt.Y, b.Width, b.Height)
			return f, false
		}
		pt.X = math.Min(math.Max(pt.X, 0), b.Width)
		pt.Y = math.Min(math.Max(pt.Y, 0), b.Height)
		f.Points = append(f.Points, pt)
	}
	if f.Kind.IsGap() && f.Closed && len(f.Points) == 4 {
		// A thin rectangle: its centre line along the longer side.
		a, c, d := f.Points[0], f.Points[1], f.Points[3]
		if a.Dist(c) >= a.Dist(d) {
			h := d.Sub(a).Scale(0.5)
			f.Points = []Point{a.Add(h), c.Add(h)}
		} else {
			h := c.Sub(a).Scale(0.5)
			f.Points = []Point{a.Add(h), d.Add(h)}
		}
		f.Closed = false
	}
	if !applyProperties(&f, o.Properties, p) {
		return f, false
	}
	return f, checkShape(&f, p)
}

func applyProperties(f *Feature, props tiled.Properties, p *problems) bool {
	// Defaults by kind.
	switch f.Kind {
	case Wall:
		f.Material, f.Blocks = Wood, true
	case Fence, Crate, Barrel, Trough, Wagon, HayBale, Obstacle:
		f.Material = Wood
	case Rock, Well:
		f.Material = Stone
	case Difficult:
		f.Terrain = "mud"
	}
	ok := true
	bad := func(pr *tiled.Property, want string) {
		p.add(f.ID, f.Name, "property %s=%q: want %s", pr.Name, pr.Value, want)
		ok = false
	}
	for _, pr := range props {
		switch pr.Name {
		case "material":
			if !f.Kind.IsWallKind() && !f.Kind.IsObstacle() {
				bad(pr, "no material on an area")
				continue
			}
			switch pr.Value {
			case "wood":
				f.Material = Wood
			case "stone":
				f.Material = Stone
			default:
				bad(pr, "wood or stone")
			}
		case "blocks", "locked", "open":
			v, err := strconv.ParseBool(pr.Value)
			if err != nil {
				bad(pr, "true or false")
				continue
			}
			switch {
			case pr.Name == "blocks" && f.Kind.IsObstacle():
				f.Blocks = v
			case pr.Name == "locked" && f.Kind == Door:
				f.Locked = v
			case pr.Name == "open" && f.Kind == Door:
				f.Open = v
			default:
				bad(pr, fmt.Sprintf("no %s on a %s", pr.Name, f.Kind))
			}
		case "building":
			f.Building = pr.Value
		case "terrain":
			if f.Kind != Difficult {
				bad(pr, "terrain only on difficult areas")
				continue
			}
			f.Terrain = pr.Value
		case "side":
			v, err := strconv.Atoi(pr.Value)
			if err != nil || v < 1 || v > 8 || f.Kind != Deploy {
				bad(pr, "a side from 1 to 8, on a deployment zone")
				continue
			}
			f.Side = v
		case "note":
			// Free text for the person editing the map.
		default:
			bad(pr, "a property of the schema (maps/README.md)")
		}
	}
	if f.Kind == Door {
		f.Blocks = !f.Open || f.Locked
		if f.Locked {
			f.Open = false
			f.Blocks = true
		}
	}
	if f.Kind == Interior && f.Building == "" {
		f.Building = f.Name
	}
	if f.Kind == Deploy && f.Side == 0 {
		p.add(f.ID, f.Name, "deployment zone has no side property")
		ok = false
	}
	return ok
}

func checkShape(f *Feature, p *problems) bool {
	switch {
	case f.Kind.IsGap():
		if len(f.Points) != 2 {
			p.add(f.ID, f.Name, "a %s is a polyline of 2 points or a thin rectangle", f.Kind)
			return false
		}
		if w := f.Points[0].Dist(f.Points[1]); w < 1.05 {
			p.add(f.ID, f.Name, "%s is %.2f\" wide; a 1\" base needs at least 1.05\"", f.Kind, w)
			return false
		}
	case f.Kind.IsObstacle(), f.Kind == Difficult, f.Kind == Interior, f.Kind == Deploy:
		if !f.Closed {
			p.add(f.ID, f.Name, "a %s must be a closed shape (rectangle, ellipse or polygon)", f.Kind)
			return false
		}
	}
	if f.Closed && math.Abs(polygonArea(f.Points)) < 1e-4 {
		p.add(f.ID, f.Name, "shape has no area")
		return false
	}
	for i := 1; i < len(f.Points); i++ {
		if f.Points[i] == f.Points[i-1] {
			p.add(f.ID, f.Name, "two consecutive points are the same")
			return false
		}
	}
	return true
}

func polygonArea(pts []Point) float64 {
	a := 0.0
	for i := range pts {
		a += pts[i].Cross(pts[(i+1)%len(pts)])
	}
	return a / 2
}

// checkMap reports problems of the map as a whole.
func checkMap(b *Board, p *problems) {
	sides := map[int]bool{}
	for i := range b.Features {
		if f := &b.Features[i]; f.Kind == Deploy {
			sides[f.Side] = true
		}
	}
	if len(sides) < 2 {
		p.add(0, "", "a map needs deployment zones for at least two sides (found %d)", len(sides))
	}
}
