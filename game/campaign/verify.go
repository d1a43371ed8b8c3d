package campaign

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"

	"cowpoke/game"
)

// verify replays the campaign: from the posses at the start, each match's
// save is held to the campaign's next match (its scenario and seed), replayed
// (commands, checks and state hash) and recorded again by Record, the code
// that recorded it when it was played; the file's record of the match must
// be what that gives, field for field, and after the last match so must
// the posses as they ride now and Boot Hill. The first difference is the
// error, naming the match and the field; without one, c takes the
// replays' history, posses and Boot Hill as its own.
func (c *Campaign) verify() error {
	v := &Campaign{Version: c.Version, Name: c.Name, Seed: c.Seed, Map: c.Map, Initiative: c.Initiative,
		CriticalInjuries: c.CriticalInjuries, TurnLimit: c.TurnLimit,
		Posses: clonePosses(c.Start), BootHill: []Grave{}, Matches: []Record{}}
	done := make(chan struct{})
	defer close(done)
	replays := replayAhead(c.Matches, done)
	for i := range c.Matches {
		stated := &c.Matches[i]
		if err := v.isNextSave(stated.Save); err != nil {
			return fmt.Errorf("match %d: %v", i+1, err)
		}
		m, err := replays.next(i)
		if err != nil {
			return fmt.Errorf("match %d: its save does not replay: %v", i+1, err)
		}
		if !m.Over {
			return fmt.Errorf("match %d: its save stops before the match is over", i+1)
		}
		got, err := v.Record(m)
		if err != nil {
			return fmt.Errorf("match %d: %v", i+1, err)
		}
		got.Save = stated.Save // the source of the rest, not compared with itself
		if d, ok := difference(*stated, *got); ok {
			return fmt.Errorf("match %d: %s", i+1, d.words("the match's commands give"))
		}
	}
	if err := v.sameAfter(c); err != nil {
		return err
	}
	// What loads is what the matches give, written as this program writes
	// it (a list the file wrote as null is empty).
	c.Posses, c.BootHill, c.Matches = v.Posses, v.BootHill, v.Matches
	return nil
}

// isNextSave refuses a match's save that is not the campaign's next match
// as NextScenario and NextSeed set it up (whoever played each posse), on
// the built-in map.
func (c *Campaign) isNextSave(s *game.Save) error {
	if s.Map != nil && s.Map.TMX != "" {
		return errors.New("its save carries a map of its own; a campaign is played on a built-in map")
	}
	ok, err := c.isNextSetUp(s.Scenario, s.Seed)
	if err != nil {
		return err
	}
	if !ok {
		if s.Seed != c.NextSeed() {
			return errors.New("the save's seed is not the campaign's for this match: a match cannot be played again")
		}
		return errors.New("the save's scenario is not the match the campaign sets up (its posses as they rode in, its map, its rules)")
	}
	return nil
}

// replays are the matches' saves replayed ahead of the check that needs
// them, as many at once as there are CPUs, handed over in order. A save
// holds its whole match, so its replay needs no earlier match; holding at
// most that many replayed matches bounds the memory of a long campaign.
type replays struct {
	results []chan replayed
	slots   chan struct{}
}

type replayed struct {
	m   *game.Match
	err error
}

// replayAhead starts replaying the matches' saves; closing done stops it
// starting more (those under way finish into their buffers).
func replayAhead(matches []Record, done <-chan struct{}) *replays {
	r := &replays{results: make([]chan replayed, len(matches)), slots: make(chan struct{}, runtime.GOMAXPROCS(0))}
	maps := &game.MapCache{} // every match is on the campaign's map: parsed once
	for i := range r.results {
		r.results[i] = make(chan replayed, 1)
	}
	go func() {
		for i := range matches {
			select {
			case r.slots <- struct{}{}:
			case <-done:
				return
			}
			go func(s *game.Save, out chan<- replayed) {
				if s.Map != nil && s.Map.TMX != "" { // refused by isNextSave, never replayed
					out <- replayed{err: errors.New("a map of its own")}
					return
				}
				m, err := s.Replay(maps)
				out <- replayed{m, err}
			}(matches[i].Save, r.results[i])
		}
	}()
	return r
}

// next waits for match i's replay (i from 0, in order) and frees its slot.
func (r *replays) next(i int) (*game.Match, error) {
	res := <-r.results[i]
	<-r.slots
	return res.m, res.err
}

// sameAfter holds the file's Boot Hill and posses (c) to those the replays
// gave (v). A grave names the match it was dug in; the posses as they ride
// now are named after the last match.
func (v *Campaign) sameAfter(c *Campaign) error {
	after := "at the start"
	if n := len(v.Matches); n > 0 {
		after = fmt.Sprintf("after match %d", n)
	}
	for _, g := range c.BootHill {
		if k := graveOf(v.BootHill, g.Posse, g.Model.Name); k < 0 {
			fate := "the matches have no such model"
			if _, rides := findModel(v.Posses, g.Posse, g.Model.Name); rides {
				fate = "in the matches they survive and ride on"
			}
			return fmt.Errorf("match %d: boot_hill: %s of the %s lies in Boot Hill, but %s", g.Match, g.Model.Name, g.Posse, fate)
		}
	}
	if d, ok := difference(posseNames(c.Posses), posseNames(v.Posses)); ok {
		return fmt.Errorf("%s: posses: %s", after, d.words("the matches give"))
	}
	for _, p := range c.Posses {
		for _, md := range p.Models {
			if _, ok := findModel(v.Posses, p.Name, md.Name); ok {
				continue
			}
			if k := graveOf(v.BootHill, p.Name, md.Name); k >= 0 {
				return fmt.Errorf("match %d: posses: %s of the %s rides on, but the matches put them in Boot Hill", v.BootHill[k].Match, md.Name, p.Name)
			}
			return fmt.Errorf("%s: posses: %s of the %s rides, but the matches have no such model", after, md.Name, p.Name)
		}
	}
	for _, g := range v.BootHill {
		if graveOf(c.BootHill, g.Posse, g.Model.Name) < 0 {
			return fmt.Errorf("match %d: boot_hill: the matches bury %s of the %s (%s), but the file has no grave for them", g.Match, g.Model.Name, g.Posse, g.By)
		}
	}
	for i := range v.BootHill { // the same graves: now their order and what each says
		if d, ok := difference(c.BootHill[i], v.BootHill[i]); ok {
			return fmt.Errorf("match %d: boot_hill: grave %d: %s", v.BootHill[i].Match, i+1, d.words("the matches give"))
		}
	}
	for i, p := range c.Posses {
		want := v.Posses[i]
		for _, md := range want.Models {
			if _, ok := findModel(c.Posses, p.Name, md.Name); !ok {
				return fmt.Errorf("%s: posses: the matches leave %s of the %s riding, but the file does not have them", after, md.Name, p.Name)
			}
		}
		if d, ok := difference(p, want); ok {
			return fmt.Errorf("%s: posses: the %s: %s", after, p.Name, d.words("the matches give"))
		}
	}
	return nil
}

func graveOf(graves []Grave, posse, model string) int {
	for i, g := range graves {
		if g.Posse == posse && g.Model.Name == model {
			return i
		}
	}
	return -1
}

func posseNames(posses []game.PosseSpec) []string {
	out := make([]string, len(posses))
	for i, p := range posses {
		out[i] = p.Name
	}
	return out
}

// diff is the first place where what a file says differs from what the
// replays give: where (the file's keys, a list's entries counted from 1),
// and the two values in words; count when the lists differ in length.
type diff struct {
	where, says, gives string
	count              bool
}

// words is the difference as one line: `winner says "Lawmen" but the
// match's commands give "Outlaws"`.
func (d diff) words(source string) string {
	verb := "says"
	if d.count {
		verb = "lists"
	}
	if d.where == "" {
		return fmt.Sprintf("the file %s %s but %s %s", verb, d.says, source, d.gives)
	}
	return fmt.Sprintf("%s %s %s but %s %s", d.where, verb, d.says, source, d.gives)
}

// difference finds the first field, in the order the file lists them, in
// which stated differs from derived (values of the same type).
func difference(stated, derived any) (diff, bool) {
	return firstDiff("", reflect.ValueOf(stated), reflect.ValueOf(derived))
}

func firstDiff(where string, a, b reflect.Value) (diff, bool) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return diff{where: where, says: leaf(a), gives: leaf(b)}, true
			}
			return diff{}, false
		}
		if a.Pointer() == b.Pointer() {
			return diff{}, false
		}
		return firstDiff(where, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			f := a.Type().Field(i)
			key := strings.Split(f.Tag.Get("json"), ",")[0]
			if !f.IsExported() || key == "-" {
				continue
			}
			if d, ok := firstDiff(join(where, key), a.Field(i), b.Field(i)); ok {
				return d, true
			}
		}
		return diff{}, false
	case reflect.Slice:
		if k := a.Type().Elem().Kind(); k != reflect.Struct && k != reflect.Pointer {
			if leaf(a) != leaf(b) {
				return diff{where: where, says: leaf(a), gives: leaf(b)}, true
			}
			return diff{}, false
		}
		parent, key := "", where
		if k := strings.LastIndex(where, ": "); k >= 0 {
			parent, key = where[:k], where[k+2:]
		}
		for i := range min(a.Len(), b.Len()) {
			if d, ok := firstDiff(join(parent, entry(key, i, a.Index(i))), a.Index(i), b.Index(i)); ok {
				return d, true
			}
		}
		if a.Len() != b.Len() {
			return diff{where: where, says: strconv.Itoa(a.Len()), gives: strconv.Itoa(b.Len()), count: true}, true
		}
		return diff{}, false
	}
	if leaf(a) != leaf(b) {
		if where == "winner" { // "" is a draw
			return diff{where: where, says: winner(a.String()), gives: winner(b.String())}, true
		}
		return diff{where: where, says: leaf(a), gives: leaf(b)}, true
	}
	return diff{}, false
}

func winner(name string) string {
	if name == "" {
		return "nobody (a draw)"
	}
	return strconv.Quote(name)
}

// join names a field inside another: "removal 2 (Doc): by".
func join(where, key string) string {
	if where == "" {
		return key
	}
	return where + ": " + key
}

// entry names the entry i of the list key by its number from 1 and, when
// it has one, its name: "removal 2 (Doc)".
func entry(key string, i int, v reflect.Value) string {
	name := singular[key]
	if name == "" {
		name = "entry"
	}
	label := fmt.Sprintf("%s %d", name, i+1)
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		for _, field := range []string{"Name", "Model"} {
			f := v.FieldByName(field)
			if f.IsValid() && f.Kind() == reflect.String && f.String() != "" {
				return fmt.Sprintf("%s (%s)", label, f.String())
			}
		}
	}
	return label
}

// singular are the file's lists' entries.
var singular = map[string]string{
	"removals": "removal", "survival": "survival roll", "scars": "scar", "models": "model",
	"posses": "posse", "boot_hill": "grave",
}

// leaf writes a value as the file would show it, "nothing" for none.
func leaf(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return "nothing"
		}
		return leaf(v.Elem())
	case reflect.String:
		return strconv.Quote(v.String())
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Slice:
		if v.Len() == 0 {
			return "nothing"
		}
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = leaf(v.Index(i))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v.Interface())
}
