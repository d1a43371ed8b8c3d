package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"cowpoke/game/store"
	"cowpoke/game/words"
	"cowpoke/rules"
)

// A posse file is one side's roster (assets/posses/README.md). ParsePosse
// holds it to what a match needs, like a posse inside a scenario or a save;
// PosseProblems holds it to everything the posse builder allows, and lists
// every problem rather than the first, for `cowpoke posse check` and the
// builder.

// Roster bounds (rulings P10, P11 in rules/README.md).
const (
	MinRosterModels = 1  // a lone gunslinger is a posse
	MaxRosterModels = 12 // two tables' worth of shootists; a match has up to four posses
)

// MaxNameRunes is the longest name a posse or a model may have, in
// characters (the posse builder's text entry stops there).
const MaxNameRunes = maxNameRunes

// PosseProblem is one thing wrong with a roster.
type PosseProblem struct {
	Model int    // the model's number from 1; 0 for the posse as a whole
	Name  string // the model's name (empty for the posse)
	Rule  string // the rule in words: "weapon slots", "unique names", ...
	Text  string
}

// String is the problem as one line: `model 2 "Slim": Holster: ...`.
func (p PosseProblem) String() string {
	if p.Model == 0 {
		return fmt.Sprintf("posse: %s: %s", p.Rule, p.Text)
	}
	return fmt.Sprintf("model %d %s: %s: %s", p.Model, printable(p.Name), p.Rule, p.Text)
}

// PosseProblems lists every problem of a roster, the posse's own first,
// then each model's in roster order; nil for a legal posse.
func PosseProblems(p PosseSpec) []PosseProblem {
	var out []PosseProblem
	posse := func(rule, format string, args ...any) {
		out = append(out, PosseProblem{Rule: rule, Text: fmt.Sprintf(format, args...)})
	}
	if err := checkName("the posse's name", p.Name); err != nil {
		posse("printable names", "%v", err)
	}
	if n := len(p.Models); n < MinRosterModels || n > MaxRosterModels {
		posse("model count", "the posse has %d models; a posse has %d to %d", n, MinRosterModels, MaxRosterModels)
	}
	first := map[string]int{} // a name folded to lower case -> its first model
	for i, m := range p.Models {
		model := func(rule, format string, args ...any) {
			out = append(out, PosseProblem{Model: i + 1, Name: m.Name, Rule: rule, Text: fmt.Sprintf(format, args...)})
		}
		safeName := m.Name // what the stat card's sentences may print
		if err := checkName("the name", m.Name); err != nil {
			model("printable names", "%v", err)
			safeName = plain(m.Name)
		}
		key := strings.ToLower(strings.TrimSpace(m.Name))
		if j, seen := first[key]; seen && key != "" {
			model("unique names", "model %d has the same name; every model needs a name of its own", j)
		} else {
			first[key] = i + 1
		}
		if m.At != nil || m.Facing != 0 || m.Overwatch != nil {
			model("deployment", "a posse file says who rides, not where they stand: drop \"at\", \"facing\" and \"overwatch\"")
		}
		if m.Card != "" {
			if _, err := rules.ParseRank(m.Card); err != nil {
				model("initiative card", "%v", err)
			}
		}
		if _, err := m.scarBits(); err != nil {
			model("critical injuries", "%v", err)
		}
		prof, err := m.parse()
		prof.Name = safeName
		for _, e := range err {
			model(e.Rule, "%s", e.Text)
		}
		if len(err) > 0 {
			continue
		}
		if m.Sticks > maxSticks {
			model("dynamite sticks", "%d sticks are more than the %d a model may carry", m.Sticks, maxSticks)
		}
		for _, pr := range prof.Problems() {
			if pr.Rule != "name" { // checkName has said it
				model(pr.Rule, "%s", pr.Text)
			}
		}
	}
	return out
}

// parse reads the spec's words into a stat card, listing each unknown
// tier, skill or weapon name and each skill given twice.
func (s ModelSpec) parse() (rules.Profile, []rules.Problem) {
	p := rules.Profile{Name: s.Name, Sticks: s.Sticks}
	var bad []rules.Problem
	var err error
	if p.Tier, err = rules.ParseTier(s.Tier); err != nil {
		bad = append(bad, rules.Problem{Rule: "tier", Text: err.Error()})
	}
	for _, name := range s.Skills {
		k, err := rules.ParseSkill(name)
		switch {
		case err != nil:
			bad = append(bad, rules.Problem{Rule: "skills", Text: err.Error()})
		case p.Skills.Has(k):
			bad = append(bad, rules.Problem{Rule: "skills", Text: fmt.Sprintf("%s is listed twice", k)})
		}
		p.Skills = p.Skills.With(k)
	}
	for _, name := range s.Weapons {
		w, err := rules.ParseWeapon(name)
		if err != nil {
			bad = append(bad, rules.Problem{Rule: "weapons", Text: err.Error()})
		}
		p.Weapons = append(p.Weapons, w)
	}
	if s.Signature != "" {
		if p.Signature, err = rules.ParseWeapon(s.Signature); err != nil {
			bad = append(bad, rules.Problem{Rule: "Marksman", Text: "signature: " + err.Error()})
		}
	}
	return p, bad
}

// checkName is checkText for a name, which must also have something in it
// and no spaces at either end (two names differing only there would look
// the same on the table).
func checkName(what, s string) error {
	if err := checkText(what, s, maxNameRunes); err != nil {
		return err
	}
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%s is empty", what)
	}
	if strings.TrimSpace(s) != s {
		return fmt.Errorf("%s has spaces at its start or end", what)
	}
	return nil
}

// CheckPosseFile reads a posse file and lists every problem, each one line
// starting with the file's name; nil when the file is a legal posse.
func CheckPosseFile(name string, data []byte) []string {
	var p PosseSpec
	if err := decodeStrict(data, &p); err != nil {
		return []string{fmt.Sprintf("%s: %v", words.Safe(name), err)}
	}
	var out []string
	for _, pr := range PosseProblems(p) {
		out = append(out, words.Safe(name)+": "+pr.String())
	}
	return out
}

// ParseLegalPosse reads a posse file that must meet every rule of the
// posse builder (CheckPosseFile), for a file a player brings: the posse,
// or its problems, each one line starting with the file's name.
func ParseLegalPosse(name string, data []byte) (PosseSpec, []string) {
	if lines := CheckPosseFile(name, data); len(lines) > 0 {
		return PosseSpec{}, lines
	}
	p, err := ParsePosse(name, data)
	if err != nil {
		return PosseSpec{}, []string{err.Error()}
	}
	return p, nil
}

// FormatPosse writes a posse in the canonical layout of the shipped files:
// the posse's keys one to a line, each model on a line of its own, keys in
// the order of ModelSpec, ", " and ": " between items, a final newline.
// ParsePosse then FormatPosse gives a canonical file back byte for byte.
func FormatPosse(p PosseSpec) ([]byte, error) {
	var b bytes.Buffer
	name, err := marshalSpaced(p.Name)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "{\n  \"name\": %s,\n  \"models\": [", name)
	for i, m := range p.Models {
		line, err := marshalSpaced(m)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(line)
	}
	if len(p.Models) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes(), nil
}

// marshalSpaced is v as compact JSON without HTML escapes, with a space
// after every comma and colon that is not inside a string.
func marshalSpaced(v any) ([]byte, error) {
	var raw bytes.Buffer
	enc := json.NewEncoder(&raw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	compact := bytes.TrimSuffix(raw.Bytes(), []byte("\n"))
	out := make([]byte, 0, len(compact)+len(compact)/8)
	inString, escaped := false, false
	for _, c := range compact {
		out = append(out, c)
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			out = append(out, ' ')
		}
	}
	return out, nil
}

// MaxPosseFileBytes bounds a posse file: the largest legal posse is a few
// kilobytes.
const MaxPosseFileBytes = store.MaxPosseBytes

// ReadPlayerFile reads a file a player named, at most max bytes: only a
// regular file is opened (a FIFO or a device would block or never end).
func ReadPlayerFile(path string, max int64) ([]byte, error) { return store.ReadRegular(path, max) }

// ReadBounded reads r to its end, at most max bytes and never more into
// memory; name (the file's) starts the errors. The window reads files
// dropped on it through this.
func ReadBounded(r io.Reader, name string, max int64) ([]byte, error) {
	return store.ReadBounded(r, name, max)
}

// TryModelChange is the posse builder's question: the posse with change
// made to a copy of model i, and that model's problems after it (nil when
// the change leaves it legal). The builder offers a choice only when this
// is nil, and shows the first problem as the reason otherwise.
func TryModelChange(p PosseSpec, i int, change func(*ModelSpec)) (PosseSpec, []PosseProblem) {
	out := PosseSpec{Name: p.Name, Models: slices.Clone(p.Models)}
	m := out.Models[i]
	m.Skills, m.Weapons, m.Scars = slices.Clone(m.Skills), slices.Clone(m.Weapons), slices.Clone(m.Scars)
	change(&m)
	out.Models[i] = m
	var probs []PosseProblem
	for _, pr := range PosseProblems(out) {
		if pr.Model == i+1 {
			probs = append(probs, pr)
		}
	}
	return out, probs
}

// ToggleSkill adds the skill to the model, or takes it away. Taking
// Marksman names the first firearm or bow carried as the signature weapon;
// dropping it clears the signature.
func ToggleSkill(m *ModelSpec, skill rules.Skill) {
	key := strings.ToLower(skill.String())
	if k := slices.IndexFunc(m.Skills, func(s string) bool { return strings.EqualFold(s, key) }); k >= 0 {
		m.Skills = slices.Delete(m.Skills, k, k+1)
		if skill == rules.Marksman {
			m.Signature = ""
		}
		return
	}
	m.Skills = append(m.Skills, key)
	if skill == rules.Marksman {
		for _, w := range m.Weapons {
			if pw, err := rules.ParseWeapon(w); err == nil {
				if spec, _ := pw.Spec(); spec.CanShoot() {
					m.Signature = w
					break
				}
			}
		}
	}
}

// ToggleWeapon puts the weapon in a free slot, or takes one of it out.
func ToggleWeapon(m *ModelSpec, key string) {
	if k := slices.Index(m.Weapons, key); k >= 0 {
		m.Weapons = slices.Delete(m.Weapons, k, k+1)
		return
	}
	m.Weapons = append(m.Weapons, key)
}
