package game

import (
	"cowpoke/game/board"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"cowpoke/rules"
)

// TestTableKeyIgnoresTheDice: under every initiative method, forks of a
// match with other dice have the match's table key, and the key moves
// with every command that changes the state hash's view (the dice aside):
// the memory of game/ai's playouts, which would hand a fork a decision
// made on another table if it did not.
func TestTableKeyIgnoresTheDice(t *testing.T) {
	onEveryMethod(t, func(t *testing.T, sc Scenario, town *board.Board) {
		m, err := NewMatchOn(sc, town, 5)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(3)
		moved := 0
		for step := 0; step < 60 && !m.Over; step++ {
			key, ok := m.TableKey()
			if !ok {
				t.Fatalf("step %d: no key", step)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				if k, _ := m.Fork(rules.NewSeeded(seed)).TableKey(); k != key {
					t.Fatalf("step %d: a fork with other dice has another key", step)
				}
			}
			view := func() string {
				b, err := json.Marshal(struct {
					V stateView
					Q int
				}{m.view(), m.QuietTurns()})
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			before := view()
			d, _ := rp.Decide(m)
			if _, err := m.ApplyDecision(d); err != nil {
				t.Fatal(err)
			}
			after, _ := m.TableKey()
			if view() != before {
				moved++
				if after == key {
					t.Fatalf("step %d: %+v changed the table but not its key", step, d.Command)
				}
			}
		}
		if moved < 20 {
			t.Fatalf("only %d commands changed the table: the check saw too little", moved)
		}
	})
}

// TestTableKeySeesEveryModelField: changing any field of a model that a
// command can change (every field but its id, posse, name and profile)
// changes the key, so a field added to Model without being written by
// appendModelState fails here.
func TestTableKeySeesEveryModelField(t *testing.T) {
	s, town := defaultTown(t)
	m, err := NewMatchOn(s, town, 5)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := m.TableKey()
	setUp := map[string]bool{".ID": true, ".Posse": true, ".Name": true, ".Profile": true}
	checked := eachChangeMovesTheKey(t, m, "Model", reflect.ValueOf(&m.Models[3]).Elem(), setUp)
	if k, _ := m.TableKey(); k != base {
		t.Fatal("the model was not put back")
	}
	if checked < 15 {
		t.Fatalf("only %d fields checked", checked)
	}
}

// TestTableKeySeesEveryMethodField: under each seed's method, part way
// through a match, changing any field of the method's state (every card,
// token and flag; a list one longer; an absent part present) changes the
// key, so a field added to a method's state without being written by its
// writeTableKey fails here.
func TestTableKeySeesEveryMethodField(t *testing.T) {
	scenarios := methodScenarios(t)
	_, town := defaultTown(t)
	for _, name := range []string{"stacks", "deck", "tokens", "tokens-computer"} {
		t.Run(name, func(t *testing.T) {
			m, err := NewMatchOn(scenarios[name], town, 5)
			if err != nil {
				t.Fatal(err)
			}
			rp := NewRandomPlayer(4)
			for range 15 {
				d, _ := rp.Decide(m)
				if _, err := m.ApplyDecision(d); err != nil {
					t.Fatal(err)
				}
			}
			if _, ok := m.method().(tableKeyWriter); !ok {
				t.Fatalf("the %s method writes no table key of its own", name)
			}
			before := m.initState()
			snapshot, _ := json.Marshal(before)
			base, _ := m.TableKey()
			checked := eachChangeMovesTheKey(t, m, name, reflect.ValueOf(m.method()).Elem(), nil)
			if after, _ := json.Marshal(m.initState()); string(after) != string(snapshot) {
				t.Fatal("the method's state was not put back")
			}
			if k, _ := m.TableKey(); k != base {
				t.Fatal("the key did not come back with the state")
			}
			if checked < 10 {
				t.Fatalf("only %d fields checked", checked)
			}
		})
	}
}

// eachChangeMovesTheKey changes, one at a time, every number and flag
// reachable from v (through structs, arrays, slices and pointers), and
// makes each slice one longer and each nil pointer present, checking that
// m's table key moves each time; it puts every change back and returns
// how many it made. Paths in skip (".Field" below v) are left alone.
func eachChangeMovesTheKey(t *testing.T, m *Match, root string, v reflect.Value, skip map[string]bool) int {
	t.Helper()
	base, _ := m.TableKey()
	moved := func(path string) {
		if k, _ := m.TableKey(); k == base {
			t.Errorf("%s%s changed and the table key did not", root, path)
		}
	}
	checked := 0
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		if skip[path] {
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
			return
		case reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
			return
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
			}
			old := v.Interface()
			v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
			moved(path + " (one longer)")
			v.Set(reflect.ValueOf(old))
			checked++
			return
		case reflect.Pointer:
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
				moved(path + " (present)")
				walk(path, v.Elem())
				v.Set(reflect.Zero(v.Type()))
				checked++
				return
			}
			walk(path, v.Elem())
			return
		}
		old := reflect.ValueOf(v.Interface())
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int, reflect.Int64, reflect.Int32:
			v.SetInt(v.Int() + 1)
		case reflect.Uint8:
			v.SetUint(v.Uint() + 1)
		case reflect.Float64:
			v.SetFloat(v.Float() + 0.5)
		default:
			t.Fatalf("%s%s: a %s this test cannot change", root, path, v.Kind())
		}
		moved(path)
		v.Set(old)
		checked++
	}
	walk("", v)
	return checked
}

// TestTableKeySeesTheActivationsHistory: two forks alike in everything the
// state hash covers, one whose active model has taken aim in this
// activation and one whose history lacks it (as when an Aim was carried
// over from its last activation), may do different things (R16, R46), so
// their keys differ.
func TestTableKeySeesTheActivationsHistory(t *testing.T) {
	s, town := defaultTown(t)
	for seed := uint64(1); seed <= 40; seed++ {
		m, err := NewMatchOn(s, town, seed)
		if err != nil {
			t.Fatal(err)
		}
		rp := NewRandomPlayer(seed)
		for step := 0; step < 200 && !m.Over; step++ {
			d, _ := rp.Decide(m)
			if _, err := m.ApplyDecision(d); err != nil {
				t.Fatal(err)
			}
			if d.Command.Kind != CmdAim || m.Active != d.Command.Model {
				continue
			}
			with := m.Fork(rules.NewSeeded(1))
			without := m.Fork(rules.NewSeeded(1))
			var kept []Event
			for _, e := range without.events {
				if e.Kind != EvAimed {
					kept = append(kept, e)
				}
			}
			without.events = kept
			if with.StateHash() != without.StateHash() {
				t.Fatal("the forks differ in the state hash: the check is not of the history alone")
			}
			if !with.aimedThisActivation(m.Active) || without.aimedThisActivation(m.Active) {
				t.Fatal("the forks' histories are not as meant")
			}
			kw, _ := with.TableKey()
			ko, _ := without.TableKey()
			if kw == ko {
				t.Fatal("an Aim taken in this activation and one carried over have the same table key")
			}
			return
		}
	}
	t.Fatal("no activation with an Aim and an action point left was found")
}
