package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cowpoke/rules"
)

// Strict decoding of the files a player may hand the program (saves,
// scenarios, posses). encoding/json matches keys without regard to case
// and lets a repeated key win silently, so a file saying "VERSION" or
// "seed" twice would load as something it does not say. decodeStrict
// first walks the JSON's tokens against the Go type, refusing keys that
// are unknown, repeated or spelt in another case, and missing keys the
// type marks `strict:"required"`, then decodes.

// maxJSONDepth bounds nesting: no Cowpoke file nests deeper than a few levels.
const maxJSONDepth = 32

// listLimits bound the lists of the files' types ("Type.key"), checked
// while walking the tokens, before anything is decoded into memory.
var listLimits = map[string]int{
	"Save.commands":     maxSaveCommands,
	"Save.whys":         maxSaveCommands,
	"Save.checks":       maxSaveCommands,
	"Scenario.posses":   maxPosses,
	"PosseSpec.models":  maxModelsPerPosse,
	"ModelSpec.skills":  maxSkills,
	"ModelSpec.scars":   int(rules.NumLocations),
	"ModelSpec.weapons": maxSkills, // more than the slots, so the rule itself says what is wrong
	"Command.path":      maxPathPoints,
	"Command.extra":     maxListedModels,
	"Command.order":     maxListedModels,

	"Scenario.objectives":   maxObjectives,
	"Scenario.interact":     maxInteracts,
	"ModelSpec.wounds":      maxStartWounds,
	"Save.score":            maxPosses,
	"Scenario.score":        maxPosses,
	"ModelSpec.out_of_ammo": maxWeaponNames,
}

// decodeStrict decodes data into v (a pointer) after checking its keys.
// Errors name the place in the file ("scenario.posses[1].models[0]").
func decodeStrict(data []byte, v any) error { return DecodeStrict(data, v, nil) }

// DecodeStrict is the same strict decoding for another package's file
// types (the campaign file): limits bounds their lists by "Type.key", as
// listLimits does this package's, which still apply to the types it
// embeds (a PosseSpec's models, ...). A list given no bound has none, so
// the caller bounds every list of its types.
func DecodeStrict(data []byte, v any, limits map[string]int) error {
	w := strictWalker{dec: json.NewDecoder(bytes.NewReader(data)), fields: map[reflect.Type]map[string]reflect.StructField{}, limits: limits}
	w.dec.UseNumber()
	if err := w.walk(reflect.TypeOf(v).Elem(), 0); err != nil {
		return err
	}
	if _, err := w.dec.Token(); err != io.EOF {
		return errors.New("extra data after the end of the file's JSON")
	}
	full := json.NewDecoder(bytes.NewReader(data))
	full.DisallowUnknownFields()
	return full.Decode(v)
}

// strictWalker walks a JSON document's tokens against a Go type.
type strictWalker struct {
	dec    *json.Decoder
	fields map[reflect.Type]map[string]reflect.StructField // jsonFields, once per type
	path   []string                                        // where the walk is, for errors
	limits map[string]int                                  // another package's list bounds
}

// at renders where the walk is ("scenario.posses[1].models[0]").
func (w *strictWalker) at() string {
	if len(w.path) == 0 {
		return "the top level"
	}
	var b strings.Builder
	for i, p := range w.path {
		if i > 0 && p[0] != '[' {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

func (w *strictWalker) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", w.at(), fmt.Sprintf(format, args...))
}

// walk reads one JSON value, checking it against t; limit bounds a list's
// length (0: no bound of its own).
func (w *strictWalker) walk(t reflect.Type, limit int) error {
	if len(w.path) > maxJSONDepth {
		return w.errorf("nested deeper than %d levels", maxJSONDepth)
	}
	nullable := t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := w.dec.Token()
	if err != nil {
		return w.errorf("%v", err)
	}
	switch tok {
	case json.Delim('{'):
		if t.Kind() != reflect.Struct {
			return w.errorf("an object where %s was expected", kindName(t))
		}
		fields, ok := w.fields[t]
		if !ok {
			fields = jsonFields(t)
			w.fields[t] = fields
		}
		var seen []string
		for w.dec.More() {
			kt, err := w.dec.Token()
			if err != nil {
				return w.errorf("%v", err)
			}
			key := kt.(string)
			f, ok := fields[key]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, key) {
						return w.errorf("key %q should be spelt %q", key, name)
					}
				}
				return w.errorf("unknown key %s", printable(key))
			}
			if slices.Contains(seen, key) {
				return w.errorf("key %q appears twice", key)
			}
			seen = append(seen, key)
			w.path = append(w.path, key)
			limit, ok := listLimits[t.Name()+"."+key]
			if !ok && w.limits != nil {
				limit = w.limits[t.Name()+"."+key]
			}
			if err := w.walk(f.Type, limit); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
		if _, err := w.dec.Token(); err != nil {
			return w.errorf("%v", err)
		}
		for name, f := range fields {
			if (f.Tag.Get("strict") == "required" || t == pointType) && !slices.Contains(seen, name) {
				return w.errorf("%q is missing", name)
			}
		}
	case json.Delim('['):
		if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
			return w.errorf("a list where %s was expected", kindName(t))
		}
		n := 0
		for ; w.dec.More(); n++ {
			if limit > 0 && n >= limit {
				return w.errorf("more than %d entries; at most %d are allowed", limit, limit)
			}
			w.path = append(w.path, "["+strconv.Itoa(n)+"]")
			if err := w.walk(t.Elem(), 0); err != nil {
				return err
			}
			w.path = w.path[:len(w.path)-1]
		}
		if _, err := w.dec.Token(); err != nil {
			return w.errorf("%v", err)
		}
	case nil:
		if !nullable {
			return w.errorf("null where %s was expected", kindName(t))
		}
	}
	// Scalars: their types are checked by the decoding that follows.
	return nil
}

// pointType is a position: both X and Y are required (board.Point has no
// tags to say so).
var pointType = reflect.TypeOf(Point{})

// jsonFields maps a struct's JSON keys to its fields.
func jsonFields(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// Names and other text a player reads. Each must be one line of printable
// text: a control character or a terminal escape in a name would reach the
// terminal in `cowpoke replay`, and a newline could forge log lines.
const (
	maxNameRunes = 60   // a posse's, a model's, a scenario's name
	maxWhyRunes  = 1000 // a reason recorded beside a command
	// maxMapNameRunes bounds a map's name or path.
	maxMapNameRunes = 255
)

// checkText refuses text that is not one line of printable characters of at
// most max runes; what names the field ("the name of model 3").
func checkText(what, s string, max int) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8 text", what)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("%s is %d characters long; at most %d are allowed", what, n, max)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("%s contains a control character (%U); only printable text is allowed", what, r)
		}
	}
	return nil
}

// oneLine is s made acceptable to checkText: control characters become
// spaces and it is cut to max runes (for text the program itself records,
// such as a controller's reasons).
func oneLine(s string, max int) string {
	s = strings.ToValidUTF8(s, "?")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, s)
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max])
	}
	return s
}

// printable quotes s for an error message, shortened and with control
// characters escaped, so a hostile key cannot reach the terminal; plain
// does the same without the quotes.
func printable(s string) string {
	if utf8.RuneCountInString(s) > 120 {
		s = string([]rune(s)[:120]) + "..."
	}
	return strconv.QuoteToASCII(s)
}

func plain(s string) string { q := printable(s); return q[1 : len(q)-1] }
