package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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

// decodeStrict decodes data into v (a pointer) after checking its keys.
// Errors name the place in the file ("scenario.posses[1].models[0]").
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := walkStrict(dec, reflect.TypeOf(v).Elem(), "", 0); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("extra data after the end of the file's JSON")
	}
	full := json.NewDecoder(bytes.NewReader(data))
	full.DisallowUnknownFields()
	return full.Decode(v)
}

// walkStrict reads one JSON value from dec, checking it against t.
func walkStrict(dec *json.Decoder, t reflect.Type, at string, depth int) error {
	if depth > maxJSONDepth {
		return fmt.Errorf("%s: nested deeper than %d levels", where(at), maxJSONDepth)
	}
	nullable := t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("%s: %v", where(at), err)
	}
	switch tok {
	case json.Delim('{'):
		if t.Kind() != reflect.Struct {
			return fmt.Errorf("%s: an object where %s was expected", where(at), kindName(t))
		}
		fields := jsonFields(t)
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return fmt.Errorf("%s: %v", where(at), err)
			}
			key := kt.(string)
			f, ok := fields[key]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, key) {
						return fmt.Errorf("%s: key %q should be spelt %q", where(at), key, name)
					}
				}
				return fmt.Errorf("%s: unknown key %s", where(at), printable(key))
			}
			if seen[key] {
				return fmt.Errorf("%s: key %q appears twice", where(at), key)
			}
			seen[key] = true
			if err := walkStrict(dec, f.Type, join(at, key), depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return fmt.Errorf("%s: %v", where(at), err)
		}
		for name, f := range fields {
			if (f.Tag.Get("strict") == "required" || t == pointType) && !seen[name] {
				return fmt.Errorf("%s: %q is missing", where(at), name)
			}
		}
	case json.Delim('['):
		if t.Kind() != reflect.Slice && t.Kind() != reflect.Array {
			return fmt.Errorf("%s: a list where %s was expected", where(at), kindName(t))
		}
		for i := 0; dec.More(); i++ {
			if err := walkStrict(dec, t.Elem(), at+"["+strconv.Itoa(i)+"]", depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return fmt.Errorf("%s: %v", where(at), err)
		}
	case nil:
		if !nullable {
			return fmt.Errorf("%s: null where %s was expected", where(at), kindName(t))
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

func where(at string) string {
	if at == "" {
		return "the top level"
	}
	return at
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
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

// printable quotes s for an error message, shortened and with control
// characters escaped, so a hostile key cannot reach the terminal.
func printable(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "..."
	}
	return strconv.QuoteToASCII(s)
}
