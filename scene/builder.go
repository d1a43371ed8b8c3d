package scene

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/store"
	"cowpoke/rules"

	"cowpoke/game/words"
)

// builder is the posse builder, from the title screen: the shipped posses
// (read only: copy one to change it) and the player's own, kept in the data
// folder's posses/ folder, one posse file each (assets/posses/README.md).
// Tier, skills and weapons are offered only when legal; a refused choice
// says why (game.TryModelChange). Names are typed (textentry.go) and
// checked by the same rules. The stat card shows the model as it will
// look on the table. Posses are exported and imported as files
// (builder_io.go).
type builder struct {
	posses  []builtPosse
	sel     int  // the posse shown
	first   int  // the first posse of the list on screen (the wheel scrolls a long list)
	rows    int  // how many posses the list has room for (layout)
	reveal  bool // scroll the list to the shown posse at the next layout
	model   int  // its model being edited
	dir     string
	status  string // the last refusal or note, in words
	bad     bool
	problem []string // posse files in the folder that could not be read

	newP, copyP, delP, back button
	renameP, exportP        button
	importP                 button
	addM, delM, rename      button
	posseBtns, modelBtns    []button
	tierBtns                [3]button
	skillBtns               [5]button
	weaponBtns              []button
	choices                 []modelChoice // every tier, skill and weapon button with its change (refresh)
	armedDelete             bool          // Delete was clicked once: a second click deletes
	refusals                []string
	tiers                   []rules.Tier
	skills                  []rules.Skill
	weapons                 []rules.Weapon

	entry     *textEntry          // a name or a path being typed; nil when none
	onEnter   func(string) string // takes the typed text, or says why not
	notice    *notice             // an export's path or an import's problems, up until closed
	exportDir string              // where Export writes (posseExportDir)
}

// modelChoice is a choice offered for the shown model: its button and the
// change a click makes.
type modelChoice struct {
	btn    *button
	change func(*game.ModelSpec)
}

// builtPosse is one posse of the list: shipped, or the player's own file.
type builtPosse struct {
	spec    game.PosseSpec
	file    string // the player's file; "" for a shipped posse
	shipped bool
}

// possesDir is the data folder's posses/ folder ("" without a data folder:
// posses live only while the window is open).
func possesDir(a *App) string {
	if a.Cfg.Data == nil {
		return ""
	}
	return filepath.Join(a.Cfg.Data.Dir, "posses")
}

func newBuilder(a *App) *builder {
	b := &builder{dir: possesDir(a), exportDir: posseExportDir(a), tiers: rules.Tiers(),
		skills: []rules.Skill{rules.Brawler, rules.Fast, rules.Holster, rules.Marksman, rules.Tough}}
	for w := rules.Weapon(1); ; w++ {
		if _, ok := w.Spec(); !ok {
			break
		}
		b.weapons = append(b.weapons, w)
	}
	shipped, err := game.ShippedPosses()
	if err != nil {
		b.problem = append(b.problem, err.Error())
	}
	for _, p := range shipped {
		b.posses = append(b.posses, builtPosse{spec: p, shipped: true})
	}
	own, problems := loadOwnPosses(b.dir)
	b.posses = append(b.posses, own...)
	b.problem = append(b.problem, problems...)
	b.newP = button{Label: "New posse", Enabled: true}
	b.copyP = button{Label: "Copy", Enabled: true}
	b.delP = button{Label: "Delete"}
	b.renameP = button{Label: "Rename"}
	b.exportP = button{Label: "Export", Enabled: b.exportDir != "", Why: "no folder to export to"}
	b.importP = button{Label: "Import a file...", Enabled: true}
	b.back = button{Label: "Back", Key: "Esc", Enabled: true}
	b.addM = button{Label: "+ model"}
	b.delM = button{Label: "- model"}
	b.rename = button{Label: "Rename"}
	if len(own) > 0 {
		b.sel = len(shipped)
	}
	b.refresh()
	return b
}

// loadOwnPosses reads the player's posse files, in name order; a file that
// cannot be read is listed in words and left alone.
func loadOwnPosses(dir string) ([]builtPosse, []string) {
	if dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, []string{err.Error()}
	}
	var out []builtPosse
	var problems []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := game.ReadPlayerFile(path, game.MaxPosseFileBytes)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		p, lines := game.ParseLegalPosse(e.Name(), data)
		if len(lines) > 0 {
			problems = append(problems, lines[0])
			continue
		}
		out = append(out, builtPosse{spec: p, file: path})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].spec.Name < out[j].spec.Name })
	return out, problems
}

// cowpokeNames are the names the builder gives new models, in order.
var cowpokeNames = []string{"Jesse", "Wyatt", "Doc", "Belle", "Cole", "Annie", "Hoss", "Calamity", "Bat", "Ike",
	"Kit", "Pearl", "Johnny", "Virgil", "Rosa", "Clay", "Sam", "Etta", "Luke", "Ned", "Silas", "Mattie", "Abe", "Lou"}

// freeName is the first name of the list no model of the posse has.
func freeName(p game.PosseSpec) string {
	taken := map[string]bool{}
	for _, m := range p.Models {
		taken[strings.ToLower(m.Name)] = true
	}
	for _, n := range cowpokeNames {
		if !taken[strings.ToLower(n)] {
			return n
		}
	}
	return fmt.Sprintf("Hand %d", len(p.Models)+1)
}

// posseNamed reports whether a posse of the list other than skip (an
// index; -1 for none) has the name, in any case.
func (b *builder) posseNamed(name string, skip int) bool {
	for i, p := range b.posses {
		if i != skip && strings.EqualFold(p.spec.Name, name) {
			return true
		}
	}
	return false
}

// uniquePosseName is the name, or "Name (2)", "Name (3)"... when a posse
// of the list has it: an import or a copy never takes another's name. The
// name is cut to leave room for the number within the names' length.
func (b *builder) uniquePosseName(name string) string {
	if !b.posseNamed(name, -1) {
		return name
	}
	for n := 2; ; n++ {
		suffix := fmt.Sprintf(" (%d)", n)
		base := []rune(name)
		base = base[:min(len(base), game.MaxNameRunes-len(suffix))]
		if c := strings.TrimSpace(string(base)) + suffix; !b.posseNamed(c, -1) {
			return c
		}
	}
}

// ask opens a text entry; apply takes the text typed on Enter, or returns
// why not (the entry stays open and says it).
func (b *builder) ask(title, hint, text string, max int, apply func(string) string) {
	b.entry, b.onEnter = newTextEntry(title, hint, text, max), apply
}

// renamePosse names the shown posse as typed: the posse rules' name checks
// (game.PosseProblems), and no other posse of the list by that name.
func (b *builder) renamePosse(typed string) string {
	name := strings.TrimSpace(typed)
	cur := b.current()
	for _, pr := range game.PosseProblems(game.PosseSpec{Name: name, Models: cur.spec.Models}) {
		if pr.Model == 0 {
			return sentence(pr.Text) + "."
		}
	}
	if b.posseNamed(name, b.sel) {
		return fmt.Sprintf("Another posse is already called %s: every posse needs a name of its own.", name)
	}
	cur.spec.Name = name
	b.status, b.bad = "The posse is now called "+name+".", false
	b.save()
	return ""
}

// renameModel names the shown model as typed, if the posse rules allow
// the name (printable, unique in the posse: game.TryModelChange).
func (b *builder) renameModel(typed string) string {
	name := strings.TrimSpace(typed)
	cur := b.current()
	next, probs := game.TryModelChange(cur.spec, b.model, func(m *game.ModelSpec) { m.Name = name })
	if probs != nil {
		return sentence(probs[0].Text) + "."
	}
	cur.spec = next
	b.status, b.bad = "", false
	b.save()
	return ""
}

// sentence is a reason with a capital letter to start it.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// current is the posse shown.
func (b *builder) current() *builtPosse { return &b.posses[b.sel] }

// refresh works out every button's state: what the selected model may
// take, and why not.
func (b *builder) refresh() {
	cur := b.current()
	b.model = min(b.model, len(cur.spec.Models)-1)
	editable := !cur.shipped
	why := "a shipped posse: copy it to make your own"
	b.delP.Enabled, b.delP.Why = editable, why
	b.renameP.Enabled, b.renameP.Why = editable, why
	b.addM.Enabled, b.addM.Why = editable && len(cur.spec.Models) < game.MaxRosterModels, why
	if editable && len(cur.spec.Models) >= game.MaxRosterModels {
		b.addM.Why = fmt.Sprintf("a posse has at most %d models", game.MaxRosterModels)
	}
	b.delM.Enabled, b.delM.Why = editable && len(cur.spec.Models) > game.MinRosterModels, why
	if editable && len(cur.spec.Models) <= game.MinRosterModels {
		b.delM.Why = "a posse needs someone to ride"
	}
	b.rename.Enabled, b.rename.Why = editable, why
	b.posseBtns = b.posseBtns[:0]
	for _, p := range b.posses {
		label := p.spec.Name
		if p.shipped {
			label += " (shipped)"
		}
		b.posseBtns = append(b.posseBtns, button{Label: label, Enabled: true})
	}
	b.modelBtns = b.modelBtns[:0]
	for _, m := range cur.spec.Models {
		b.modelBtns = append(b.modelBtns, button{Label: fmt.Sprintf("%s (%s)", m.Name, m.Tier), Enabled: true})
	}
	b.refusals, b.choices = b.refusals[:0], b.choices[:0]
	m := cur.spec.Models[b.model]
	offer := func(btn *button, label string, on bool, change func(*game.ModelSpec)) {
		*btn = button{Label: label, On: on, Compact: true, Key: " "}
		b.choices = append(b.choices, modelChoice{btn, change})
		if !editable {
			btn.Why = why
			return
		}
		btn.Enabled = true
		if _, probs := game.TryModelChange(cur.spec, b.model, change); probs != nil {
			btn.Why = probs[0].Text
			what := label
			if on {
				what = "Dropping " + label
			}
			b.refuse(what, probs[0].Text)
			// A choice taken that cannot be dropped stays drawn as taken;
			// one that cannot be taken is drawn disabled. Either way a
			// click says why (clickLists).
			btn.Enabled = on
		}
	}
	for i, t := range b.tiers {
		key := strings.ToLower(t.String())
		offer(&b.tierBtns[i], t.String(), strings.EqualFold(m.Tier, key), func(m *game.ModelSpec) { m.Tier = key })
	}
	for i, k := range b.skills {
		has := slices.ContainsFunc(m.Skills, func(s string) bool { return strings.EqualFold(s, k.String()) })
		offer(&b.skillBtns[i], k.String(), has, func(m *game.ModelSpec) { game.ToggleSkill(m, k) })
	}
	b.weaponBtns = slices.Grow(b.weaponBtns[:0], len(b.weapons))[:len(b.weapons)]
	for i, w := range b.weapons {
		spec, _ := w.Spec()
		offer(&b.weaponBtns[i], spec.Name, slices.Contains(m.Weapons, spec.Key), func(m *game.ModelSpec) { game.ToggleWeapon(m, spec.Key) })
	}
}

// refuse lists a choice not offered under its reason: choices refused for
// the same reason share its lines (the reason, then the choices).
func (b *builder) refuse(what, why string) {
	for i := 0; i+1 < len(b.refusals); i += 2 {
		if b.refusals[i] == why {
			b.refusals[i+1] += ", " + what
			return
		}
	}
	b.refusals = append(b.refusals, why, what)
}

// change makes a legal change to the shown model and saves the posse.
func (b *builder) change(f func(*game.ModelSpec)) {
	cur := b.current()
	next, probs := game.TryModelChange(cur.spec, b.model, f)
	if probs != nil {
		b.status, b.bad = "Not allowed: "+probs[0].Text, true
		return
	}
	cur.spec = next
	b.status, b.bad = "", false
	b.save()
}

// save writes the shown posse to its file (a new file for a new posse).
func (b *builder) save() {
	cur := b.current()
	if b.dir == "" || cur.shipped {
		return
	}
	data, err := game.FormatPosse(cur.spec)
	if err == nil && cur.file == "" {
		if err = os.MkdirAll(b.dir, 0o755); err == nil {
			cur.file, err = store.WriteFileNew(b.dir, "posse", ".json", data)
		}
	} else if err == nil {
		err = store.WriteFileAtomic(cur.file, data)
	}
	if err != nil {
		b.status, b.bad = "The posse could not be saved: "+err.Error(), true
	}
}

// addPosse adds a posse of the player's, under a name no other posse has
// (uniquePosseName), and shows it; name is the name it took.
func (b *builder) addPosse(p game.PosseSpec) (name string) {
	p.Name = b.uniquePosseName(p.Name)
	b.posses = append(b.posses, builtPosse{spec: p})
	b.sel, b.model = len(b.posses)-1, 0
	b.reveal = true // the new posse in sight
	b.save()
	return p.Name
}

// Animating keeps the screen drawn while a text entry's caret blinks.
func (b *builder) Animating() bool { return b.entry != nil }

func (b *builder) Update(a *App) error {
	b.layout(a)
	in := &a.In
	switch {
	case in.Dropped != nil:
		// A drop imports, whatever is open: the import entry's hint asks
		// for one, and a name half typed is left as it was.
		b.entry, b.notice, b.armedDelete = nil, nil, false
		b.importDropped(in.Dropped)
		b.refresh()
		b.layout(a)
		return nil
	case b.entry != nil:
		switch b.entry.update(a) {
		case entryConfirmed:
			if why := b.onEnter(b.entry.value()); why != "" {
				b.entry.refuse(why)
				break
			}
			b.entry = nil
			b.refresh() // the name or the import taken: not on every frame of typing
		case entryCancelled:
			b.entry = nil
		}
		return nil
	case b.notice != nil:
		if !b.notice.update(a) {
			b.notice = nil
		}
		return nil
	}
	if in.Pressed(KeyCancel) || b.back.clicked(in) {
		a.Goto(newTitle(a))
		return nil
	}
	if in.Wheel != 0 && in.X < bColModels*a.Theme.U {
		b.first -= int(math.Copysign(1, in.Wheel))
		b.layout(a)
	}
	if !in.Click {
		return nil
	}
	armed := b.armedDelete
	b.armedDelete = false
	cur := b.current()
	switch {
	case b.newP.clicked(in):
		p := game.PosseSpec{Name: "New Posse"}
		p.Models = []game.ModelSpec{{Name: freeName(p), Tier: "cowpoke", Weapons: []string{"revolver"}}}
		b.addPosse(p)
	case b.copyP.clicked(in):
		p := game.PosseSpec{Name: cur.spec.Name + " copy", Models: slices.Clone(cur.spec.Models)}
		b.addPosse(p)
	case b.delP.clicked(in):
		if !armed {
			b.armedDelete = true
			b.status, b.bad = fmt.Sprintf("Click Delete again to delete %s for good.", cur.spec.Name), false
			break
		}
		if cur.file != "" {
			if err := os.Remove(cur.file); err != nil {
				b.status, b.bad = "The posse could not be deleted: "+err.Error(), true
				break
			}
		}
		b.status, b.bad = cur.spec.Name+" is deleted.", false
		b.posses = slices.Delete(b.posses, b.sel, b.sel+1)
		b.sel, b.model, b.first = 0, 0, 0
	case b.renameP.clicked(in):
		b.ask("Name the posse", "Type the new name: Enter keeps it, Esc leaves the name as it was.", cur.spec.Name, game.MaxNameRunes, b.renamePosse)
	case b.exportP.clicked(in):
		b.exportPosse()
	case b.importP.clicked(in):
		b.ask("Import a posse file", "The file's full path (~ is your home folder), or drop .json files on this window.", "", maxTypedPath, b.importTyped)
	case b.addM.clicked(in):
		cur.spec.Models = append(slices.Clone(cur.spec.Models), game.ModelSpec{Name: freeName(cur.spec), Tier: "greenhorn", Weapons: []string{"revolver"}})
		b.model = len(cur.spec.Models) - 1
		b.save()
	case b.delM.clicked(in):
		cur.spec.Models = slices.Delete(slices.Clone(cur.spec.Models), b.model, b.model+1)
		b.model = max(0, b.model-1)
		b.save()
	case b.rename.clicked(in):
		b.ask("Rename "+cur.spec.Models[b.model].Name, "Type the new name: Enter keeps it, Esc leaves the name as it was.", cur.spec.Models[b.model].Name, game.MaxNameRunes, b.renameModel)
	default:
		b.clickLists(in)
	}
	b.refresh()
	b.layout(a) // the buttons refresh made stand where they are drawn
	return nil
}

// clickLists handles the posse and model lists and the choices; a click on
// a refused choice says why.
func (b *builder) clickLists(in *Input) {
	for i := range b.posseBtns {
		if b.posseBtns[i].clicked(in) {
			b.sel, b.model, b.status = i, 0, ""
			return
		}
	}
	for i := range b.modelBtns {
		if b.modelBtns[i].clicked(in) {
			b.model = i
			return
		}
	}
	for _, c := range b.choices {
		btn := c.btn
		switch {
		case !btn.hover(in):
			continue
		case !btn.Enabled:
			b.status, b.bad = fmt.Sprintf("%s is not offered: %s", btn.Label, btn.Why), true
		case btn.Why != "": // taken, and dropping it is not allowed
			b.status, b.bad = fmt.Sprintf("%s cannot be dropped: %s", btn.Label, btn.Why), true
		default:
			b.change(c.change)
		}
		return
	}
	for _, btn := range []*button{&b.delP, &b.renameP, &b.exportP, &b.addM, &b.delM, &b.rename} {
		if btn.hover(in) && !btn.Enabled {
			b.status, b.bad = fmt.Sprintf("%s: not now: %s.", btn.Label, btn.Why), true
		}
	}
}

// The builder's columns, in logical pixels: posses, models, choices, card.
const (
	bColPosses = 30
	bColModels = 300
	bColChoice = 560
	bColCard   = 960
	bTop       = 110
)

func (b *builder) layout(a *App) {
	u := a.Theme.U
	row := 34 * u
	// The list takes the rows left above the posse buttons and the lines
	// at the bottom; a longer list scrolls, a row kept to say so.
	b.rows = max(3, int((float64(a.H)-120*u-bTop*u-4*row-10*u)/row))
	shown := len(b.posseBtns)
	if shown > b.rows {
		shown = b.rows - 1
	}
	if b.reveal {
		b.first = min(b.sel, max(b.first, b.sel-shown+1))
		b.reveal = false
	}
	b.first = max(0, min(b.first, len(b.posseBtns)-shown))
	for i := range b.posseBtns {
		b.posseBtns[i].On = i == b.sel
		if i < b.first || i >= b.first+shown {
			b.posseBtns[i].place(0, 0, 0, 0) // not on screen: neither drawn nor clicked
			continue
		}
		b.posseBtns[i].place(bColPosses*u, bTop*u+float64(i-b.first)*row, 240*u, 30*u)
	}
	y := bTop*u + float64(min(len(b.posseBtns), b.rows))*row + 10*u
	b.newP.place(bColPosses*u, y, 240*u, 30*u)
	b.copyP.place(bColPosses*u, y+row, 116*u, 30*u)
	b.delP.place(bColPosses*u+124*u, y+row, 116*u, 30*u)
	b.renameP.place(bColPosses*u, y+2*row, 116*u, 30*u)
	b.exportP.place(bColPosses*u+124*u, y+2*row, 116*u, 30*u)
	b.importP.place(bColPosses*u, y+3*row, 240*u, 30*u)
	for i := range b.modelBtns {
		b.modelBtns[i].place(bColModels*u, bTop*u+float64(i)*row, 230*u, 30*u)
		b.modelBtns[i].On = i == b.model
	}
	y = bTop*u + float64(len(b.modelBtns))*row + 10*u
	b.addM.place(bColModels*u, y, 110*u, 30*u)
	b.delM.place(bColModels*u+120*u, y, 110*u, 30*u)
	b.rename.place(bColModels*u, y+row, 230*u, 30*u)
	cw := 124 * u
	for i := range b.tierBtns {
		b.tierBtns[i].place(bColChoice*u+float64(i)*(cw+6*u), (bTop+24)*u, cw, 30*u)
	}
	for i := range b.skillBtns {
		b.skillBtns[i].place(bColChoice*u+float64(i%3)*(cw+6*u), (bTop+96)*u+float64(i/3)*row, cw, 30*u)
	}
	for i := range b.weaponBtns {
		b.weaponBtns[i].place(bColChoice*u+float64(i%3)*(cw+6*u), (bTop+202)*u+float64(i/3)*row, cw, 30*u)
	}
	b.back.place(bColPosses*u, float64(a.H)-70*u, 140*u, 44*u)
}

func (b *builder) Draw(a *App, dst *ebiten.Image) {
	backdrop(a, dst)
	b.layout(a)
	th := a.Theme
	u := th.U
	th.shadowText(dst, "Posse builder", th.Head, bColPosses*u, 30*u, colPaper, alignLeft)
	where := "Your posses are kept in " + b.dir
	if b.dir == "" {
		where = "No data folder: posses made now are kept until the window closes."
	}
	th.text(dst, where, th.Small, bColPosses*u+260*u, 46*u, colTextDim, alignLeft)
	if b.exportDir != "" {
		th.text(dst, "Export writes posse files to "+b.exportDir, th.Small, bColPosses*u+260*u, 63*u, colTextDim, alignLeft)
	}
	label := func(s string, x, y float64) { th.text(dst, s, th.Bold, x*u, y*u, colTextDim, alignLeft) }
	label("Posses", bColPosses, bTop-26)
	if n := len(b.posseBtns); n > b.rows {
		above, below := b.first, n-b.first-(b.rows-1)
		th.text(dst, fmt.Sprintf("%d above, %d below: the wheel scrolls", above, below), th.Small,
			bColPosses*u+120*u, bTop*u+float64(b.rows-1)*34*u+8*u, colTextDim, alignCenter)
	}
	cur := b.current()
	label(fmt.Sprintf("%s: %d %s", cur.spec.Name, len(cur.spec.Models), words.Plural(len(cur.spec.Models), "model", "models")), bColModels, bTop-26)
	label("Tier", bColChoice, bTop)
	label("Skills", bColChoice, bTop+72)
	label("Weapons (two slots)", bColChoice, bTop+178)
	all := []*button{&b.newP, &b.copyP, &b.delP, &b.renameP, &b.exportP, &b.importP, &b.back, &b.addM, &b.delM, &b.rename}
	for i := range b.posseBtns {
		all = append(all, &b.posseBtns[i])
	}
	for i := range b.modelBtns {
		all = append(all, &b.modelBtns[i])
	}
	for i := range b.tierBtns {
		all = append(all, &b.tierBtns[i])
	}
	for i := range b.skillBtns {
		all = append(all, &b.skillBtns[i])
	}
	for i := range b.weaponBtns {
		all = append(all, &b.weaponBtns[i])
	}
	drawButtons(a, dst, all...)
	b.drawCard(a, dst)
	y := (bTop + 202 + 4*34 + 16) * u
	if len(b.refusals) > 0 {
		th.text(dst, "Not offered, and why:", th.Bold, bColChoice*u, y, colTextDim, alignLeft)
		y += 22 * u
		for i := 0; i+1 < len(b.refusals); i += 2 {
			th.text(dst, th.clip(b.refusals[i+1]+":", th.Small, 680*u), th.Small, bColChoice*u, y, colText, alignLeft)
			th.text(dst, th.clip(b.refusals[i], th.Small, 670*u), th.Small, bColChoice*u+12*u, y+17*u, colTextDim, alignLeft)
			y += 38 * u
		}
	} else if cur.shipped {
		th.text(dst, "A shipped posse: copy it to make your own.", th.Body, bColChoice*u, y, colTextDim, alignLeft)
	}
	if b.status != "" {
		c := colText
		if b.bad {
			c = colBad
		}
		th.text(dst, th.clip(b.status, th.Body, float64(a.W)-220*u), th.Body, bColPosses*u+180*u, float64(a.H)-58*u, c, alignLeft)
	}
	for i, p := range b.problem {
		th.text(dst, th.clip(p, th.Small, float64(a.W)-60*u), th.Small, bColPosses*u, float64(a.H)-110*u-float64(i)*17*u, colBad, alignLeft)
	}
	if b.entry != nil {
		b.entry.draw(a, dst)
	}
	if b.notice != nil {
		b.notice.draw(a, dst)
	}
}

// drawCard draws the shown model's stat card as the table's side panel
// has it: name, tier and posse, HP boxes, weapons, skills, and what the
// tier and skills do to the dice.
func (b *builder) drawCard(a *App, dst *ebiten.Image) {
	th := a.Theme
	u := th.U
	cur := b.current()
	m := cur.spec.Models[b.model]
	prof, err := m.Profile()
	x, y, w, h := bColCard*u, bTop*u, 290*u, 300*u
	a.ui.rect(float32(x+3*u), float32(y+4*u), float32(w), float32(h), colBlack.alpha(0.35))
	a.ui.rect(float32(x), float32(y), float32(w), float32(h), colPanel)
	hp := prof.Tier.MaxHP()
	for i := range hp {
		a.ui.rect(float32(x+14*u+float64(i)*18*u), float32(y+70*u), float32(14*u), float32(14*u), colPaper.alpha(0.85))
	}
	a.ui.flush(dst)
	th.text(dst, th.clip(m.Name, th.Head, w-60*u), th.Head, x+14*u, y+8*u, colText, alignLeft)
	th.text(dst, fmt.Sprintf("%s of %s", prof.Tier, theName(cur.spec.Name)), th.Small, x+14*u, y+44*u, colTextDim, alignLeft)
	th.text(dst, "HP", th.Bold, x+w-60*u, y+68*u, colTextDim, alignLeft)
	ly := y + 100*u
	line := func(s string, c rgba) {
		th.text(dst, th.clip(s, th.Body, w-28*u), th.Body, x+14*u, ly, c, alignLeft)
		ly += 22 * u
	}
	if err != nil {
		line(err.Error(), colBad)
		return
	}
	for i, wpn := range prof.Weapons {
		spec, _ := wpn.Spec()
		s := fmt.Sprintf("%d  %s", i+1, spec.Name)
		if prof.IsMarksmanWith(wpn) {
			s += " (signature, +1 die)"
		}
		line(s, colText)
	}
	if len(prof.Weapons) == 0 {
		line("unarmed: fists only", colTextDim)
	}
	line("Skills: "+prof.Skills.String(), colText)
	switch prof.Tier {
	case rules.Greenhorn:
		line("-1 die shooting and brawling", colTextDim)
	case rules.Legend:
		line("+1 die shooting and brawling", colTextDim)
	}
	if prof.IsTough() {
		line("Tough: the first light wound is not marked", colTextDim)
	}
	if n := prof.DynamiteSticks(); n > 0 {
		line(fmt.Sprintf("%d %s of dynamite", n, words.Plural(n, "stick", "sticks")), colTextDim)
	}
	if prof.HasMeleeWeapon() {
		line("+2 brawl dice with the melee weapon", colTextDim)
	}
}

// theName is a posse's name after "of": "the Lawmen", "The Wild Bunch".
func theName(name string) string {
	if strings.HasPrefix(strings.ToLower(name), "the ") {
		return name
	}
	return "the " + name
}
