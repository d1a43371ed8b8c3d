package scene

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cowpoke/game"
	"cowpoke/game/words"
)

// editorProblem is the engine's line about a position, in plain words,
// and what it is about: a model (posse, model) or an objective (obj),
// so that the editor can show it beside the thing; -1 when neither.
type editorProblem struct {
	text              string
	posse, model, obj int
}

var (
	problemScenario = regexp.MustCompile(`^scenario "[^"]*": `)
	problemModel    = regexp.MustCompile(`^posses\[(\d+)\]\.models\[(\d+)\] ("(?:[^"\\]|\\.)*"): `)
	problemObj      = regexp.MustCompile(`^objectives\[(\d+)\] ("(?:[^"\\]|\\.)*"): `)
	problemField    = regexp.MustCompile(`^"([a-z_]+)"(:?) ?`)
	problemQuoted   = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// fieldWords names a scenario file's fields in the editor's words.
var fieldWords = map[string]string{
	"wounds": "the wounds", "out_of_ammo": "the empty gun", "aim_at": "the Aim", "carrying": "the loot carried",
	"overwatch": "Overwatch", "activated": "already acted", "lit_fuse": "the lit stick", "at": "the spot",
	"edge": "the edge", "posse": "the posse", "target": "the target", "count": "the count", "radius": "the zone",
	"roll": "the roll", "feature": "the map's object", "points": "the points",
	"escaped": "gone off the table", "state": "the door", "done": "settled", "score": "the score",
}

// plainProblem turns the engine's one line about a scenario into the
// editor's: no file field names, no rule codes or raw coordinates, and
// which model or objective it is about.
func plainProblem(s game.Scenario, err error) editorProblem {
	p := editorProblem{posse: -1, model: -1, obj: -1}
	line := problemScenario.ReplaceAllString(err.Error(), "")
	subject := ""
	if m := problemModel.FindStringSubmatch(line); m != nil {
		p.posse, _ = strconv.Atoi(m[1])
		p.model, _ = strconv.Atoi(m[2])
		subject, _ = strconv.Unquote(m[3])
		line = line[len(m[0]):]
	} else if m := problemObj.FindStringSubmatch(line); m != nil {
		p.obj, _ = strconv.Atoi(m[1])
		subject, _ = strconv.Unquote(m[2])
		subject = upperFirst(subject)
		line = line[len(m[0]):]
	} else {
		// "posse Lawmen: Deputy Hale cannot stand at (...)": find the model by name.
		for pi, ps := range s.Posses {
			for mi, md := range ps.Models {
				if strings.Contains(line, md.Name+" ") && p.posse < 0 {
					p.posse, p.model = pi, mi
				}
			}
		}
		if i := strings.Index(line, ": "); i >= 0 && strings.HasPrefix(line, "posse ") {
			line = line[i+2:]
		}
	}
	if m := problemField.FindStringSubmatch(line); m != nil {
		// `"wounds": 6 damage ...` reads without its field; `"lit_fuse" lies
		// in ...` needs its noun.
		rest := line[len(m[0]):]
		if m[2] == "" {
			if w, ok := fieldWords[m[1]]; ok {
				rest = w + " " + rest
			}
		}
		line = rest
	}
	line = problemQuoted.ReplaceAllStringFunc(line, func(q string) string {
		inner := q[1 : len(q)-1]
		if w, ok := fieldWords[inner]; ok {
			return w
		}
		if u, err := strconv.Unquote(q); err == nil {
			return u
		}
		return inner
	})
	line = strings.TrimSpace(words.Plain(line))
	if subject != "" && !strings.HasPrefix(line, subject+" ") { // "Sheriff Miller cannot see ...": his name is there already
		line = subject + ": " + line
	}
	line = upperFirst(line)
	if !strings.HasSuffix(line, ".") {
		line += "."
	}
	p.text = line
	return p
}

// objectiveSentence says what an objective asks, in a few words: "carry it
// off the west edge, 3 points".
func objectiveSentence(s game.Scenario, o game.ObjectiveSpec) string {
	pts := max(o.Points, 1)
	points := words.Count(pts, "point", "points")
	who := "either posse"
	if o.Posse != "" {
		who = "the " + o.Posse
	}
	switch o.Kind {
	case game.ObjLoot:
		roll := "pick it up"
		if o.Roll > 1 {
			roll = fmt.Sprintf("%d+ on a die to get it loose", o.Roll)
		}
		return fmt.Sprintf("%s, carried off the %s edge by %s, %s", roll, o.Edge, who, points)
	case game.ObjHold:
		r := o.Radius
		if r == 0 {
			r = 3
		}
		return fmt.Sprintf("%s a round to the posse with most models within %g inches", points, r)
	case game.ObjEscape:
		n := max(o.Count, 1)
		who := words.Count(n, "model", "models") + " of the " + o.Posse
		if o.Target != "" {
			who = o.Target
		}
		return fmt.Sprintf("%s off the %s edge, %s", who, o.Edge, points)
	case game.ObjBounty:
		return fmt.Sprintf("take out %s, %s", o.Target, points)
	}
	return o.Kind
}

// settledWords says what the position carries from the match it was taken
// from and the table cannot show: the points earned, who has got away by
// an edge, the objectives already scored; empty when there is none.
func settledWords(s game.Scenario) string {
	var parts []string
	if len(s.Score) > 0 {
		var pts []string
		for _, sc := range s.Score {
			pts = append(pts, sc.Posse+" "+words.Count(sc.Points, "point", "points"))
		}
		parts = append(parts, "Scored so far: "+words.List(pts)+".")
	}
	var gone []string
	for _, p := range s.Posses {
		for _, md := range p.Models {
			if md.Escaped != "" {
				gone = append(gone, fmt.Sprintf("%s (the %s edge)", md.Name, md.Escaped))
			}
		}
	}
	if len(gone) > 0 {
		parts = append(parts, "Got away: "+words.List(gone)+".")
	}
	var done []string
	for _, o := range s.Objectives {
		if o.Done {
			done = append(done, o.Name)
		}
	}
	if len(done) > 0 {
		parts = append(parts, "Settled already: "+words.List(done)+".")
	}
	return strings.Join(parts, " ")
}
