package campaign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzParseCampaign: any input gives a campaign or a one-line error naming
// the file, never a panic; an accepted campaign loads as the file states
// it (its history, Boot Hill and posses) and its canonical file parses
// back to the same bytes. Seeded with played campaigns (testdata), an old
// one and one of no match.
func FuzzParseCampaign(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, ok := parseOrOneLine(t, data)
		if !ok {
			return
		}
		if c.Version == 1 && c.ReadOnly() == "" {
			t.Fatal("a version 1 campaign loaded to be played on")
		}
		var stated Campaign
		if err := json.Unmarshal(data, &stated); err != nil {
			t.Fatalf("loaded, yet encoding/json cannot read it: %v", err)
		}
		sameAsStated(t, &stated, c)
		canonicalRoundTrip(t, c)
	})
}

// FuzzCampaignHistory: a campaign file changed by hand either fails to
// load, in one line naming the file, or replays to itself: the history,
// Boot Hill and posses the changed file states are those it loads as,
// which are what replaying its matches' saves gives. The fuzzer's input is
// a list of edits, applied to a real campaign (testdata/short.json or
// played.json) decoded by plain encoding/json: each picks one place in the
// file, half of the time in the history, graves and rosters and half in
// the matches' saves, and changes it as a forger would (a number moved, a
// string swapped for another the file holds, a flag flipped, an entry of a
// list dropped, repeated or moved).
func FuzzCampaignHistory(f *testing.F) {
	var bases [][]byte
	for _, name := range []string{"short.json", "played.json"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		bases = append(bases, data)
	}
	f.Add(uint8(0), []byte{})
	f.Add(uint8(0), []byte{0, 7, 1, 3})              // one edit in the history
	f.Add(uint8(0), []byte{1, 200, 9, 2})            // one in a save
	f.Add(uint8(1), []byte{0, 40, 0, 1, 0, 3, 2, 5}) // two
	f.Fuzz(func(t *testing.T, base uint8, edits []byte) {
		var forged Campaign
		if err := json.Unmarshal(bases[int(base)%len(bases)], &forged); err != nil {
			t.Fatal(err)
		}
		for len(edits) >= 4 {
			editCampaign(&forged, edits[0]&1 == 1, int(edits[1])<<8|int(edits[2]), edits[3])
			edits = edits[4:]
		}
		data, err := forged.Marshal()
		if err != nil {
			return // a number JSON cannot hold: no file
		}
		c, ok := parseOrOneLine(t, data)
		if !ok {
			return
		}
		var stated Campaign
		if err := json.Unmarshal(data, &stated); err != nil {
			t.Fatal(err)
		}
		sameAsStated(t, &stated, c)
		canonicalRoundTrip(t, c)
	})
}

// editCampaign makes one edit to c: at place (counted among the places of
// the saves when inSaves, else among the rest), as op says.
func editCampaign(c *Campaign, inSaves bool, place int, op byte) {
	var history, saves []reflect.Value
	var pool []string
	walkPlaces(reflect.ValueOf(c).Elem(), false, &history, &saves, &pool)
	places := history
	if inSaves {
		places = saves
	}
	if len(places) == 0 {
		return
	}
	v := places[place%len(places)]
	switch v.Kind() {
	case reflect.Int:
		v.SetInt([]int64{v.Int() + 1, v.Int() - 1, 0, int64(op)}[op%4])
	case reflect.Uint64:
		v.SetUint(v.Uint() ^ 1<<(op%64))
	case reflect.Float64:
		v.SetFloat([]float64{v.Float() + 0.5, 0, -v.Float()}[op%3])
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.String:
		switch op % 3 {
		case 0:
			v.SetString("")
		case 1:
			v.SetString(v.String() + "x")
		default:
			if len(pool) > 0 {
				v.SetString(pool[int(op)%len(pool)])
			}
		}
	case reflect.Slice:
		n := v.Len()
		if n == 0 {
			return
		}
		i := int(op) % n
		switch op % 3 {
		case 0: // drop entry i
			reflect.Copy(v.Slice(i, n), v.Slice(i+1, n))
			v.SetLen(n - 1)
		case 1: // repeat it
			v.Set(reflect.Append(v, v.Index(n-1)))
			reflect.Copy(v.Slice(i+1, n+1), v.Slice(i, n))
		default: // move it one on
			if i+1 < n {
				a, b := v.Index(i).Interface(), v.Index(i+1).Interface()
				v.Index(i).Set(reflect.ValueOf(b))
				v.Index(i + 1).Set(reflect.ValueOf(a))
			}
		}
	}
}

// walkPlaces lists the places an edit can change: numbers, strings, flags
// and lists, those inside a game.Save apart; and every string, for swaps.
func walkPlaces(v reflect.Value, inSave bool, history, saves *[]reflect.Value, pool *[]string) {
	add := func() {
		if inSave {
			*saves = append(*saves, v)
		} else {
			*history = append(*history, v)
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkPlaces(v.Elem(), inSave || v.Type().Elem().Name() == "Save", history, saves, pool)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkPlaces(v.Field(i), inSave, history, saves, pool)
			}
		}
	case reflect.Slice:
		add()
		for i := range v.Len() {
			walkPlaces(v.Index(i), inSave, history, saves, pool)
		}
	case reflect.String:
		*pool = append(*pool, v.String())
		add()
	case reflect.Int, reflect.Uint64, reflect.Float64, reflect.Bool:
		add()
	}
}

// sameAsStated: an accepted campaign loads as the file states it (an
// empty list and null alike).
func sameAsStated(t *testing.T, stated, loaded *Campaign) {
	t.Helper()
	for _, part := range []struct {
		what           string
		stated, loaded any
	}{{"the history", stated.Matches, loaded.Matches}, {"Boot Hill", stated.BootHill, loaded.BootHill}, {"the posses", stated.Posses, loaded.Posses}} {
		if where, a, b, ok := firstGenericDiff("", generic(t, part.stated), generic(t, part.loaded)); ok {
			t.Fatalf("%s the file states is not what it loads as (what its matches give): at %s the file says %v, the load %v", part.what, where, a, b)
		}
	}
}

// firstGenericDiff finds the first place where two of generic's values
// differ, keys in sorted order.
func firstGenericDiff(where string, a, b any) (string, any, any, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return where, a, b, true
		}
		keys := slices.Sorted(maps.Keys(x))
		for _, k := range keys {
			if w, p, q, ok := firstGenericDiff(where+"."+k, x[k], y[k]); ok {
				return w, p, q, true
			}
		}
		return "", nil, nil, false
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return where, a, b, true
		}
		for i := range x {
			if w, p, q, ok := firstGenericDiff(fmt.Sprintf("%s[%d]", where, i), x[i], y[i]); ok {
				return w, p, q, true
			}
		}
		return "", nil, nil, false
	}
	return where, a, b, !reflect.DeepEqual(a, b)
}

// generic is v as JSON's plain values, an empty list and null alike
// (the file may write either for "none").
func generic(t *testing.T, v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	var norm func(any) any
	norm = func(x any) any {
		switch x := x.(type) {
		case []any:
			if len(x) == 0 {
				return nil
			}
			for i := range x {
				x[i] = norm(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = norm(x[k])
			}
		}
		return x
	}
	return norm(out)
}

func addSeeds(f *testing.F) {
	for _, name := range []string{"short.json", "played.json", "version1.json"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"version":1,"name":"x","seed":1,"map":"town.tmx","initiative":"draw","turn_limit":1,"posses":[],"boot_hill":[],"matches":[]}`))
	all := shipped(f, 2)
	c, err := New("None Yet", 9, all, "", "draw", true)
	if err != nil {
		f.Fatal(err)
	}
	data, _ := c.Marshal()
	f.Add(data)
}

// parseOrOneLine parses data; a refusal must be one line naming the file.
func parseOrOneLine(t *testing.T, data []byte) (*Campaign, bool) {
	c, err := Parse("fuzz.json", data)
	if err != nil {
		if !strings.HasPrefix(err.Error(), "fuzz.json: ") || strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("not a one-line error naming the file: %q", err)
		}
		return nil, false
	}
	return c, true
}

// canonicalRoundTrip: what an accepted campaign writes loads back as the
// same bytes.
func canonicalRoundTrip(t *testing.T, c *Campaign) {
	out, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse("fuzz.json", out)
	if err != nil {
		t.Fatalf("the canonical file is refused: %v", err)
	}
	again, _ := back.Marshal()
	if !bytes.Equal(again, out) {
		t.Fatal("not byte-identical after a round trip")
	}
}
