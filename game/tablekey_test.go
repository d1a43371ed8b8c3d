package game

import (
	"cowpoke/game/board"
	"encoding/json"
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
	setUp := map[string]bool{"ID": true, "Posse": true, "Name": true, "Profile": true}
	var walk func(path string, v reflect.Value)
	checked := 0
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				name := v.Type().Field(i).Name
				if path == "" && setUp[name] {
					continue
				}
				walk(path+"."+name, v.Field(i))
			}
			return
		case reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(path+"["+string(rune('0'+i))+"]", v.Index(i))
			}
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
			t.Fatalf("Model%s: a %s this test cannot change", path, v.Kind())
		}
		if k, _ := m.TableKey(); k == base {
			t.Errorf("Model%s changed and the table key did not", path)
		}
		v.Set(old)
		checked++
	}
	walk("", reflect.ValueOf(&m.Models[3]).Elem())
	if k, _ := m.TableKey(); k != base {
		t.Fatal("the model was not put back")
	}
	if checked < 15 {
		t.Fatalf("only %d fields checked", checked)
	}
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
