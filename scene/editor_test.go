package scene

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"cowpoke/game"
	"cowpoke/game/racecheck"
	"cowpoke/rules"
	"cowpoke/scene/table"
)

// TestPositionEditorNewcomer sets up and plays a position the way a new
// player would, by synthetic input in the real window, a screenshot a
// step (in $COWPOKE_SHOTS, else the test's folder; the paths are logged):
// the title's "Set up a position"; two models of each posse placed from
// the list by two clicks each; a wound on the chosen model's chest; a
// wound that would kill him refused by the engine in plain words beside
// him, and Ctrl+Z back; loot placed with a click; Save writes a scenario
// file that loads back with the wound and the loot; "Play it against the
// computer" starts the match from the position, with the objective and
// its score on the table.
func TestPositionEditorNewcomer(t *testing.T) {
	racecheck.WholeWithoutRace(t)
	dir := shotsDir(t)
	home := t.TempDir()
	t.Setenv("HOME", home) // Save writes in the home folder
	step := func(name string) { saveStep(t, dir, name, capture(t)) }
	speed := h.app.Settings.AnimSpeed
	defer onLoop(func() { h.app.Settings.AnimSpeed = speed; h.app.Goto(newTitle(h.app)) })
	onLoop(func() { noMatchInProgress(); h.app.Settings.AnimSpeed = 3; h.app.Goto(newTitle(h.app)) })
	frames(2)
	ti := titleOnScreen(t)
	click := clickAt
	clickButton := func(b func() *button) { t.Helper(); clickButtonOf(t, b) }
	key := func(k Key) {
		var in Input
		in.Keys[k] = true
		onLoop(func() { h.app.Feed(in, Input{}) })
		frames(3)
	}

	// 1. The title offers it in words.
	var label string
	onLoop(func() { label = ti.position.Label; h.app.Hold(&Input{X: ti.position.X + 5, Y: ti.position.Y + 5}) })
	if label != "Set up a position" {
		t.Fatalf("the title's button says %q", label)
	}
	frames(2)
	step("editor-01-title") // the cursor on the button
	onLoop(func() { h.app.Hold(nil) })
	clickButton(func() *button { return &ti.position })
	var e *editor
	onLoop(func() { e, _ = h.app.Scene().(*editor) })
	if e == nil {
		t.Fatal("the editor is not on screen")
	}
	var problem string
	onLoop(func() { problem = e.problem.text })
	if !strings.Contains(problem, "Place at least one model") {
		t.Fatalf("an empty table says %q", problem)
	}
	step("editor-02-empty")

	// 2. Two models of each posse, where the default match deploys them:
	// a click on the name in the list, a click on the table.
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	deployed, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	place := func(posse int, name string, at game.Point) {
		t.Helper()
		clickButton(func() *button {
			for i := range e.listed {
				if l := &e.listed[i]; l.posse == posse && l.name == name {
					return &l.b
				}
			}
			return &button{}
		})
		var x, y float64
		onLoop(func() { x, y = e.cam.ToScreen(at) })
		click(x, y)
	}
	var names [2][]string
	for p := range 2 {
		for k := range 2 {
			md := &deployed.Models[deployed.Posses[p].Models[k]]
			place(p, md.Name, md.Pos)
			names[p] = append(names[p], md.Name)
		}
	}
	onLoop(func() { problem = e.problem.text })
	if problem != "" {
		t.Fatalf("four models in their zones: the engine says %q", problem)
	}
	var placed int
	onLoop(func() { placed = len(e.s.Posses[0].Models) + len(e.s.Posses[1].Models) })
	if placed != 4 {
		t.Fatalf("%d models on the table, want 4", placed)
	}
	step("editor-03-placed")

	// 3. Choose the first Lawman (a click on his base) and wound his chest:
	// the row says "Chest: Serious wound" after two clicks.
	hero := deployed.Models[deployed.Posses[0].Models[0]]
	onLoop(func() {
		x, y := e.cam.ToScreen(hero.Pos)
		h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
	})
	frames(4)
	row := func(prefix string) func() *button {
		return func() *button {
			for i := range e.rows {
				if strings.HasPrefix(e.rows[i].b.Label, prefix) {
					return &e.rows[i].b
				}
			}
			return &button{}
		}
	}
	clickButton(row("Chest:"))
	clickButton(row("Chest:"))
	var chest string
	onLoop(func() { chest = row("Chest:")().Label })
	if chest != "Chest: Serious wound" {
		t.Fatalf("after two clicks the row says %q", chest)
	}

	// 4. A Mortal wound on his head as well would take him out before the
	// match starts: the engine refuses it, in words, naming him; Ctrl+Z
	// three times takes the head's clicks back.
	for range 3 {
		clickButton(row("Head:"))
	}
	var pr editorProblem
	onLoop(func() { pr = e.problem })
	if !strings.HasPrefix(pr.text, hero.Name+":") || !strings.Contains(pr.text, "out of play") || pr.posse != 0 || pr.model != 0 {
		t.Fatalf("a killing wound: problem %+v", pr)
	}
	for _, raw := range []string{`"wounds"`, "posses[", "(R"} {
		if strings.Contains(pr.text, raw) {
			t.Fatalf("the problem %q shows the file's notation %s", pr.text, raw)
		}
	}
	step("editor-04-refused")
	for range 3 {
		key(KeyUndo)
	}
	var head string
	onLoop(func() { head, problem = row("Head:")().Label, e.problem.text })
	if head != "Head: unhurt" || problem != "" {
		t.Fatalf("after three undos: %q, problem %q", head, problem)
	}

	// 5. Loot: "Add loot", then a click where it lies (a spot the engine
	// accepts, looked for outward from the table's centre).
	spot := lootSpot(t, deployed)
	clickButton(func() *button { return &e.ui.loot })
	var sx, sy float64
	onLoop(func() { sx, sy = e.cam.ToScreen(spot) })
	click(sx, sy)
	var objs []game.ObjectiveSpec
	onLoop(func() { objs, problem = append([]game.ObjectiveSpec(nil), e.s.Objectives...), e.problem.text })
	if len(objs) != 1 || objs[0].Kind != game.ObjLoot || problem != "" {
		t.Fatalf("after placing loot: %+v, problem %q", objs, problem)
	}
	// Choose the Lawman again for the picture: his wound in the panel.
	onLoop(func() {
		x, y := e.cam.ToScreen(hero.Pos)
		h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
	})
	frames(4)
	step("editor-05-wounded-and-loot")

	// 6. Save: a scenario file that loads back as it was set up.
	clickButton(func() *button { return &e.ui.save })
	var path string
	onLoop(func() { path = e.saved })
	if filepath.Dir(path) != filepath.Join(home, scenarioFolderName) {
		t.Fatalf("saved at %q", path)
	}
	back, err := game.LoadScenarioFile(path)
	if err != nil {
		t.Fatalf("the saved file does not load: %v", err)
	}
	if len(back.Objectives) != 1 || back.Objectives[0].Kind != game.ObjLoot {
		t.Fatalf("the saved objectives: %+v", back.Objectives)
	}
	if w := back.Posses[0].Models[0].Wounds; len(w) != 1 || w[0].Location != "Chest" || w[0].Damage != 2 {
		t.Fatalf("the saved wounds: %+v", w)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	step("editor-06-saved")

	// 7. Play it against the computer: the match starts from the position.
	clickButton(func() *button { return &e.ui.play })
	b := battleOnScreen(t)
	var m *game.Match
	onLoop(func() { m = b.t.M })
	var chestDamage, models int
	var comp string
	var lines []string
	onLoop(func() {
		chestDamage = m.Models[m.Posses[0].Models[0]].Health.Marked[rules.Chest]
		models = len(m.Models)
		comp = m.Scenario.Posses[1].Computer
		lines = objectiveLines(m)
	})
	if chestDamage != 2 || models != 4 || comp != "normal" {
		t.Fatalf("the match: chest damage %d, %d models, computer %q", chestDamage, models, comp)
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Points: Lawmen 0, Desperados 0") || !strings.Contains(lines[1], "on the ground") {
		t.Fatalf("the score box says %q", lines)
	}
	w := &soloWatch{}
	watchSolo(t, b, w, 90*time.Second, func() bool {
		return m.Over || (m.Decider() == 0 && m.Active < 0 && !b.anim.active && !b.players.up(m))
	})
	step("editor-07-match-with-score")
	t.Logf("placed %v; loot at %.1f,%.1f", names, spot.X, spot.Y)
}

// lootSpot is a spot near the table's centre where the engine accepts
// loot on the default town with the default posses deployed.
func lootSpot(t *testing.T, deployed *game.Match) game.Point {
	t.Helper()
	c := game.Point{X: deployed.Board.Width / 2, Y: deployed.Board.Height / 2}
	for r := 0.0; r < 12; r++ {
		for k := range 8 {
			a := float64(k) * math.Pi / 4
			p := game.Point{X: math.Round(10*(c.X+r*math.Cos(a))) / 10, Y: math.Round(10*(c.Y+r*math.Sin(a))) / 10}
			s := deployed.Scenario
			s.TurnLimit = 6
			s.Objectives = []game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the strongbox", At: &p, Edge: "west", Points: 3}}
			if _, err := game.NewMatch(s, 1); err == nil {
				return p
			}
		}
	}
	t.Fatal("no spot for loot near the centre")
	return game.Point{}
}

// TestEditFromHere opens the editor from a match's Esc menu: the models
// stand where they stood, the engine accepts the position; the estimate
// gives each posse a chance; "Who wins?" plays on another goroutine with
// its progress on the panel and stops on a second click with what was
// played; Esc goes back to the match.
func TestEditFromHere(t *testing.T) {
	dir := shotsDir(t)
	step := func(name string) { saveStep(t, dir, name, capture(t)) }
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	var b *battle
	onLoop(func() {
		noMatchInProgress()
		var err error
		if b, err = newSoloBattle(h.app, "easy"); err != nil {
			t.Error(err)
			return
		}
		h.app.Goto(b)
	})
	if b == nil {
		t.FailNow()
	}
	frames(3)
	click := func(bb func() *button) { t.Helper(); clickButtonOf(t, bb) }
	onLoop(func() { b.menu = newEscMenu(h.app, b) })
	frames(2)
	var label string
	onLoop(func() { label = b.menu.main[6].Label })
	if label != "Edit from here" {
		t.Fatalf("the menu's button says %q", label)
	}
	step("editor-08-menu")
	click(func() *button { return &b.menu.main[6] })
	var e *editor
	onLoop(func() { e, _ = h.app.Scene().(*editor) })
	if e == nil {
		t.Fatal("the editor is not on screen")
	}
	var problem string
	var n int
	onLoop(func() { problem, n = e.problem.text, len(e.s.Posses[0].Models)+len(e.s.Posses[1].Models) })
	if problem != "" || n != len(b.t.M.Models) {
		t.Fatalf("from the match: %d models, problem %q", n, problem)
	}
	click(func() *button { return &e.ui.est })
	var est []float64
	onLoop(func() { est = e.est })
	if len(est) != 2 || math.Abs(est[0]+est[1]-1) > 1e-9 {
		t.Fatalf("the estimate %v", est)
	}
	click(func() *button { return &e.ui.sim })
	var progress string
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		frames(10)
		onLoop(func() { progress = e.run.progress() })
		if strings.HasPrefix(progress, "Playing it out: ") && !strings.HasPrefix(progress, "Playing it out: 0 ") {
			break
		}
	}
	if !strings.HasPrefix(progress, "Playing it out: ") {
		t.Fatalf("the run's progress says %q", progress)
	}
	step("editor-09-from-a-match-simulating")
	click(func() *button { return &e.ui.sim }) // Stop
	var note string
	for time.Now().Before(deadline) {
		frames(5)
		onLoop(func() { note = e.note })
		if strings.HasPrefix(note, "Out of ") {
			break
		}
	}
	if !strings.HasPrefix(note, "Out of ") || !strings.Contains(note, "(stopped early)") {
		t.Fatalf("after Stop the note says %q", note)
	}
	step("editor-10-simulated")
	onLoop(func() {
		var in Input
		in.Keys[KeyCancel] = true
		h.app.Feed(in, Input{})
	})
	frames(4)
	var back *battle
	onLoop(func() { back, _ = h.app.Scene().(*battle) })
	if back != b {
		t.Fatal("Esc did not go back to the match")
	}
}

// TestInteractOddsOnScreen: a Lawman beside loot that needs "5+ to
// crack" presses I: the status line says the exact odds before the roll;
// a second I makes the attempt; the objectives' box above the table keeps
// the score (issue 26, items 1 and 2 in the window).
func TestInteractOddsOnScreen(t *testing.T) {
	dir := shotsDir(t)
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	s.FirstTurn = s.Posses[0].Name
	deployed, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	id := deployed.Posses[0].Models[2]
	at := deployed.Models[id].Pos
	s.TurnLimit = 6
	s.Posses[1].Computer = "easy" // one person: no handoff screen
	s.Objectives = []game.ObjectiveSpec{{Kind: game.ObjLoot, Name: "the strongbox", At: &at, Edge: "south", Roll: 5, Verb: "crack", Points: 3}}
	m, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	var b *battle
	onLoop(func() {
		noMatchInProgress()
		b = newBattle(h.app, m)
		h.app.Goto(b)
	})
	frames(3)
	onLoop(func() {
		b.t.Select(id)
		c, ok := b.t.Do(table.ActActivate)
		b.apply(h.app, c, ok)
	})
	frames(3)
	press := func() {
		var in Input
		in.Keys[KeyInteract] = true
		onLoop(func() { h.app.Feed(in, Input{}) })
		frames(4)
	}
	press()
	var status string
	var commands int
	onLoop(func() { status, commands = b.t.Status, len(m.Commands()) })
	if !strings.HasPrefix(status, "Crack the strongbox: 5 or more on one die, 2 chances in 6 (33.3%).") {
		t.Fatalf("the status line says %q", status)
	}
	saveStep(t, dir, "interact-01-odds", capture(t))
	press()
	var after int
	var log []game.Event
	onLoop(func() { after, log = len(m.Commands()), m.Events() })
	if after != commands+1 {
		t.Fatalf("the second I applied %d commands", after-commands)
	}
	rolled := false
	for _, e := range log {
		rolled = rolled || e.Kind == game.EvInteractRoll
	}
	if !rolled {
		t.Fatal("no roll in the log")
	}
	frames(30)
	saveStep(t, dir, "interact-02-tried", capture(t))
}

// TestEditorObjectivesAndTokens sets the chosen model's tokens and
// ammunition and places a zone, an escape and a bounty by clicks: the
// engine accepts the position, or says in words what is wrong (an Aim at
// an enemy he cannot see) until Ctrl+Z takes it back; the saved file
// starts a match with Overwatch, the empty gun, the model already acted
// and the three objectives.
func TestEditorObjectivesAndTokens(t *testing.T) {
	dir := shotsDir(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	defer onLoop(func() { h.app.Goto(newTitle(h.app)) })
	s, err := game.DefaultScenario()
	if err != nil {
		t.Fatal(err)
	}
	deployed, err := game.NewMatch(s, 7)
	if err != nil {
		t.Fatal(err)
	}
	var e *editor
	onLoop(func() { e = newEditorFrom(h.app, nil, deployed); h.app.Goto(e) })
	frames(3)
	click := clickAt
	clickButton := func(b func() *button) { t.Helper(); clickButtonOf(t, b) }
	row := func(prefix string) func() *button {
		return func() *button {
			for i := range e.rows {
				if strings.HasPrefix(e.rows[i].b.Label, prefix) {
					return &e.rows[i].b
				}
			}
			return &button{}
		}
	}
	problem := func() (p editorProblem) { onLoop(func() { p = e.problem }); return }
	hero := deployed.Models[deployed.Posses[0].Models[0]]
	var hx, hy float64
	onLoop(func() { hx, hy = e.cam.ToScreen(hero.Pos) })
	click(hx, hy)
	clickButton(row("Overwatch:"))
	clickButton(row("Acted this turn:"))
	clickButton(row("Revolver:"))
	if p := problem(); p.text != "" {
		t.Fatalf("Overwatch, acted and an empty revolver: %q", p.text)
	}
	// An Aim at each enemy in turn until one he cannot see: the engine's
	// line names him, in words.
	refused := false
	for range deployed.Posses[1].Models {
		clickButton(row("Aim at:"))
		if p := problem(); p.text != "" {
			if !strings.HasPrefix(p.text, hero.Name+" cannot see ") || strings.Contains(p.text, "aim_at") || p.posse != 0 || p.model != 0 {
				t.Fatalf("an Aim refused: %+v", p)
			}
			saveStep(t, dir, "editor-11-aim-refused", capture(t))
			refused = true
			break
		}
	}
	if !refused {
		t.Log("every enemy is in his sight from the deployment")
	}
	var aim string
	for i := 0; i < 8; i++ {
		onLoop(func() { aim = row("Aim at:")().Label })
		if aim == "Aim at: nobody" {
			break
		}
		var in Input
		in.Keys[KeyUndo] = true
		onLoop(func() { h.app.Feed(in, Input{}) })
		frames(3)
	}
	if aim != "Aim at: nobody" || problem().text != "" {
		t.Fatalf("after undoing the Aims: %q, %q", aim, problem().text)
	}
	clickButton(func() *button { return &e.ui.boun })
	clickButton(func() *button { return &e.ui.escape })
	spot := lootSpot(t, deployed)
	clickButton(func() *button { return &e.ui.hold })
	var sx, sy float64
	onLoop(func() { sx, sy = e.cam.ToScreen(spot) })
	click(sx, sy)
	var kinds []string
	onLoop(func() {
		for _, o := range e.s.Objectives {
			kinds = append(kinds, o.Kind)
		}
	})
	if strings.Join(kinds, " ") != "bounty escape hold" {
		t.Fatalf("objectives %v", kinds)
	}
	if p := problem(); p.text != "" {
		t.Fatalf("with the three objectives: %q", p.text)
	}
	// A lit stick beside the Lawman who carries dynamite.
	thrower := -1
	for i, sp := range deployed.Scenario.Posses[0].Models {
		if thrower < 0 && slices.Contains(sp.Weapons, "dynamite") {
			thrower = i
		}
	}
	if thrower < 0 {
		t.Fatal("no Lawman carries dynamite")
	}
	onLoop(func() {
		x, y := e.cam.ToScreen(deployed.Models[deployed.Posses[0].Models[thrower]].Pos)
		h.app.Feed(Input{X: x, Y: y}, Input{X: x, Y: y, Click: true})
	})
	frames(4)
	clickButton(row("Lit stick:"))
	if p := problem(); p.text != "" {
		t.Fatalf("a lit stick beside him: %q", p.text)
	}
	click(hx, hy)
	saveStep(t, dir, "editor-12-tokens-and-objectives", capture(t))
	clickButton(func() *button { return &e.ui.save })
	var path string
	onLoop(func() { path = e.saved })
	back, err := game.LoadScenarioFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.NewMatch(back, 1)
	if err != nil {
		t.Fatal(err)
	}
	md := m.Models[m.Posses[0].Models[0]]
	if md.Name != hero.Name || !md.Overwatch || !md.Empty[0] || md.Empty[1] {
		t.Fatalf("%s in the saved position: overwatch %v, empty %v", md.Name, md.Overwatch, md.Empty)
	}
	if sp := back.Posses[0].Models[0]; !sp.Activated {
		t.Fatalf("the saved model has not acted: %+v", sp)
	}
	if len(m.Fuses) != 1 || m.Fuses[0].Thrower != m.Posses[0].Models[thrower] {
		t.Fatalf("the fuses in the saved position: %+v", m.Fuses)
	}
	if len(m.Objectives()) != 3 {
		t.Fatalf("the match has %d objectives", len(m.Objectives()))
	}
}
