package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"

	"cowpoke/game/board"
	"cowpoke/game/words"
	"cowpoke/maps"
	"cowpoke/rules"
)

const mapUsage = `usage:
  cowpoke map check FILE...
      validate Tiled maps and print a summary of each
  cowpoke map los FILE --from X,Y --to X,Y [--json]
      line of sight, cover, edge-to-edge distance and range band between two
      base centres, in inches from the table's top-left corner (x right, y down)
FILE is a path, or the name of a built-in map (` + "town.tmx" + `, ...).`

// runMap checks maps and measures line of sight on them.
func runMap(args []string, stdout, stderr io.Writer) int {
	return runParsed(parseMap, args, stdout, stderr)
}

// parseMap reads `cowpoke map ...`.
func parseMap(args []string, stdout, stderr io.Writer) (work, int) {
	if len(args) == 0 {
		fmt.Fprintln(stderr, mapUsage)
		return nil, exitUsage
	}
	switch args[0] {
	case "check":
		return parseMapCheck(args[1:], stderr)
	case "los":
		return parseMapLoS(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprintln(stdout, mapUsage)
		return nil, exitOK
	}
	fmt.Fprintf(stderr, "cowpoke map: unknown command %q\n%s\n", shortArg(args[0]), mapUsage)
	return nil, exitUsage
}

// loadMap reads a map from disk, or from the built-in maps when no such file exists.
func mapLoad(name string) (*board.Board, error) {
	if _, err := os.Stat(name); err != nil && errors.Is(err, fs.ErrNotExist) {
		if _, err := fs.Stat(maps.FS, name); err == nil {
			return board.LoadFS(maps.FS, name)
		}
	}
	return board.LoadFile(name)
}

func parseMapCheck(args []string, stderr io.Writer) (work, int) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, mapUsage)
		return nil, exitUsage
	}
	return func(stdout, stderr io.Writer) int { return mapCheck(args, stdout, stderr) }, exitOK
}

func mapCheck(args []string, stdout, stderr io.Writer) int {
	code := exitOK
	for _, name := range args {
		b, err := mapLoad(name)
		if err != nil {
			fmt.Fprintln(stderr, errText(err))
			code = exitError
			continue
		}
		fmt.Fprintf(stdout, "%s: ok: %s, table %g\" x %g\"\n", words.Safe(name), strconv.Quote(b.Name), b.Width, b.Height)
		counts := b.Counts()
		var parts []string
		for _, k := range board.Kinds() {
			if n := counts[k]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", k, n))
			}
		}
		fmt.Fprintf(stdout, "  objects: %s\n", strings.Join(parts, ", "))
		if bs := b.Buildings(); len(bs) > 0 {
			sort.Strings(bs)
			fmt.Fprintf(stdout, "  buildings: %s\n", strings.Join(bs, ", "))
		}
	}
	return code
}

type mapLoSJSON struct {
	Visible  bool    `json:"visible"`
	Cover    string  `json:"cover"`
	Distance float64 `json:"distance"`
	Band     string  `json:"band"`
}

func parseMapLoS(args []string, stdout, stderr io.Writer) (work, int) {
	fset := flag.NewFlagSet("cowpoke map los", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	from := fset.String("from", "", "shooter's base centre X,Y in inches")
	to := fset.String("to", "", "target's base centre X,Y in inches")
	asJSON := fset.Bool("json", false, "print JSON")
	// The file may come before or after the flags.
	var files []string
	for len(args) > 0 {
		if err := fset.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(stdout, mapUsage)
				return nil, exitOK
			}
			fmt.Fprintf(stderr, "cowpoke map los: %s (try cowpoke map -h)\n", errText(err))
			return nil, exitUsage
		}
		args = fset.Args()
		if len(args) > 0 {
			files = append(files, args[0])
			args = args[1:]
		}
	}
	var missing []string
	if len(files) == 0 {
		missing = append(missing, "the map FILE")
	}
	if *from == "" {
		missing = append(missing, "--from X,Y (the shooter's base centre)")
	}
	if *to == "" {
		missing = append(missing, "--to X,Y (the target's base centre)")
	}
	switch {
	case len(files) > 1:
		fmt.Fprintf(stderr, "cowpoke map los: one map at a time, not %d (try cowpoke map -h)\n", len(files))
		return nil, exitUsage
	case len(missing) > 0:
		fmt.Fprintf(stderr, "cowpoke map los: missing %s (try cowpoke map -h)\n", strings.Join(missing, " and "))
		return nil, exitUsage
	}
	a, err := mapParsePoint(*from)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke map los: --from: %s\n", errText(err))
		return nil, exitUsage
	}
	c, err := mapParsePoint(*to)
	if err != nil {
		fmt.Fprintf(stderr, "cowpoke map los: --to: %s\n", errText(err))
		return nil, exitUsage
	}
	return func(stdout, stderr io.Writer) int { return mapLoS(files[0], a, c, *asJSON, stdout, stderr) }, exitOK
}

// mapLoS measures line of sight between two base centres on a map.
func mapLoS(file string, a, c board.Point, asJSON bool, stdout, stderr io.Writer) int {
	b, err := mapLoad(file)
	if err != nil {
		fmt.Fprintln(stderr, errText(err))
		return exitError
	}
	for _, p := range []board.Point{a, c} {
		if p.X < 0 || p.Y < 0 || p.X > b.Width || p.Y > b.Height {
			fmt.Fprintf(stderr, "cowpoke map los: %g,%g lies off the %g\" x %g\" table\n", p.X, p.Y, b.Width, b.Height)
			return exitUsage
		}
	}
	sg := b.LineOfSight(a, c)
	band, err := rules.BandFor(sg.Distance)
	if err != nil {
		fmt.Fprintln(stderr, errText(err))
		return exitError
	}
	cover := board.NoMaterial
	if sg.InCover {
		cover = sg.Cover
	}
	if asJSON {
		out, _ := json.Marshal(mapLoSJSON{sg.Visible, cover.String(), mapRound2(sg.Distance), band.Key()})
		fmt.Fprintln(stdout, string(out))
		return exitOK
	}
	clear := board.Samples - mapCountBlocked(sg)
	if sg.Visible {
		fmt.Fprintf(stdout, "line of sight: yes (%d of %d lines clear)\n", clear, board.Samples)
	} else {
		fmt.Fprintf(stdout, "line of sight: no (all %d lines blocked)\n", board.Samples)
	}
	fmt.Fprintf(stdout, "cover: %s (%d of %d lines blocked or obscured)\n", cover, sg.Covered, board.Samples)
	fmt.Fprintf(stdout, "distance: %.2f\" edge to edge, %s\n", sg.Distance, band)
	for i, l := range sg.Lines {
		what := "clear"
		switch {
		case l.Blocked:
			what = "blocked by " + mapDescribe(b, l.Blocker)
		case l.Obscured:
			what = "obscured by " + mapDescribe(b, l.Obscurer)
		}
		fmt.Fprintf(stdout, "  line %d to (%.2f, %.2f): %s\n", i+1, l.To.X, l.To.Y, what)
	}
	return exitOK
}

func mapCountBlocked(sg board.Sight) int {
	n := 0
	for _, l := range sg.Lines {
		if l.Blocked {
			n++
		}
	}
	return n
}

func mapDescribe(b *board.Board, i int) string {
	f := &b.Features[i]
	return fmt.Sprintf("%s %d %q (%s)", f.Kind, f.ID, f.Label(), f.Material)
}

func mapRound2(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64)
	return r
}

func mapParsePoint(s string) (board.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return board.Point{}, fmt.Errorf("%q is not X,Y", shortArg(s))
	}
	x, err1 := strconv.ParseFloat(strings.TrimSpace(xs), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(ys), 64)
	if err1 != nil || err2 != nil || !mapFinite(x) || !mapFinite(y) {
		return board.Point{}, fmt.Errorf("%q is not two numbers X,Y", shortArg(s))
	}
	return board.Pt(x, y), nil
}

func mapFinite(v float64) bool { return v == v && v-v == 0 }
