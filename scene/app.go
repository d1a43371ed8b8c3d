package scene

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/game/store"
	"cowpoke/scene/sound"
)

// Scene is one screen of the program: the title, the new-game form, the
// battle... The App runs exactly one at a time.
type Scene interface {
	Update(a *App) error
	Draw(a *App, dst *ebiten.Image)
}

// Config is what the App needs from outside: where saves live, a seed,
// and the hooks the screenshot flag and the tests use.
type Config struct {
	// Data is the player's data folder: the autosave and its backup, the
	// saves Ctrl+S writes and Load lists, crash reports. nil keeps nothing.
	Data       *store.Folder
	NoAutosave bool   // do not write the autosave
	Seed       uint64 // the dice of new matches; 0 picks one from the clock
	// SettingsPath is the settings file ("" keeps settings for this run
	// only: the tests).
	SettingsPath string

	// Screenshot, when set, starts the default match at once, shows a
	// move being chosen, writes the battle screen to this PNG file after
	// a few frames and quits.
	Screenshot string
	// Stage chooses what the screenshot shows: "move" (the default match,
	// a move being chosen), or on the showcase "shot", "throw" or
	// "overwatch" (see stage.go), or "replay" (replaystage.go).
	Stage string

	// Watch, when set, opens the window on this match in the replay
	// viewer (`cowpoke replay FILE`); WatchName is its file. WatchDir
	// opens it on the list of a folder's saves (`cowpoke replay DIR`).
	Watch     *game.Match
	WatchName string
	WatchDir  string
}

// App is the ebiten.Game: it reads input into intents, runs the current
// scene and the overlays every screen shares (help, full screen).
type App struct {
	Cfg      Config
	Settings Settings
	binds    Bindings // the keys of Settings
	Theme    *Theme
	In       Input
	Sound    *sound.Player // nil: silent (the tests); Run opens the device
	W, H     int           // screen size in device pixels

	scene  Scene
	reader reader
	inject []Input // synthetic input for tests, one per frame
	hold   *Input  // synthetic input repeated once inject is empty
	help   bool
	// helpText is the F1 overlay's lines with the keys in force.
	helpText [][2]string
	helpView helpView // the overlay laid out, and its scroll (help.go)
	quit     bool
	frame    int
	ui       *batch

	fail    error // ends the program with this error after the frame
	crashes int   // panics recovered so far
	// campaign is the campaign whose lock this window holds (campaignlock.go).
	campaign heldCampaign
	// A screen where nothing happens is not drawn again: the last frame
	// stays on screen (SetScreenClearedEveryFrame(false)).
	last      Input // the previous frame's input
	quiet     int   // frames since anything happened
	drawnW    int   // the size the last drawn frame had
	drawnH    int
	skipDraws bool // idle frames are skipped (the window; tests draw every frame)

	shot      *ebiten.Image         // the frame to capture, drawn off screen
	shotWant  int                   // the frame number to capture
	shotDrawn bool                  // the captured frame is drawn, to be read back
	Shot      func(img *image.RGBA) // receives the captured frame
}

// ErrQuit ends the program normally.
var ErrQuit = ebiten.Termination

// NewApp makes the program with the title screen up.
func NewApp(cfg Config) *App {
	a := &App{Cfg: cfg, W: 1280, H: 800}
	a.ui = newBatch()
	var err error
	a.Settings, err = LoadSettings(cfg.SettingsPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cowpoke:", err)
	}
	a.binds = a.Settings.bindings()
	a.helpText = helpLines(&a.binds)
	a.Theme = newTheme(a.Settings.UIScale)
	a.scene = newTitle(a)
	if cfg.WatchDir != "" {
		if l, err := newReplayList(a, cfg.WatchDir); err != nil {
			a.fail = err
		} else {
			a.scene = l
		}
	}
	if cfg.Watch != nil {
		if w, err := newWatch(a, cfg.Watch, cfg.WatchName, nil); err != nil {
			a.fail = fmt.Errorf("%s: %v", cfg.WatchName, err)
		} else {
			a.scene = w
		}
	}
	if cfg.Screenshot != "" {
		a.startScreenshot()
	}
	return a
}

// Run opens the window and plays until the player quits.
func Run(cfg Config) error {
	ebiten.SetWindowTitle("Cowpoke: Reforged")
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowSizeLimits(800, 560, -1, -1)
	ebiten.SetScreenClearedEveryFrame(false)
	a := NewApp(cfg)
	a.skipDraws = true
	if cfg.Screenshot == "" { // a screenshot plays nothing: no device, no word about it
		a.Sound = sound.Open(os.Stderr)
		a.Sound.SetVolume(a.Settings.Volume, a.Settings.Mute)
	}
	err := ebiten.RunGameWithOptions(a, &ebiten.RunGameOptions{})
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}

// Goto switches to another scene.
func (a *App) Goto(s Scene) {
	a.scene, a.quiet = s, 0
	a.keepCampaignLock(s) // campaignlock.go: dropped once the window leaves the campaign
}

// Scene is the scene on screen.
func (a *App) Scene() Scene { return a.scene }

// Quit ends the program after this frame.
func (a *App) Quit() { a.quit = true }

// Feed queues synthetic input, one Input per frame, in place of the real
// mouse and keyboard (for tests).
func (a *App) Feed(in ...Input) { a.inject = append(a.inject, in...) }

// Hold repeats a synthetic input every frame once the fed ones are used
// up (a cursor resting on the table); nil returns to the real mouse.
func (a *App) Hold(in *Input) { a.hold = in }

// Update reads input and runs the scene: one tick of the game. A panic
// inside is reported (crash.go) and the crash screen takes over.
func (a *App) Update() (err error) {
	defer a.recoverCrash(&err)
	if a.fail != nil {
		return a.fail
	}
	a.frame++
	switch {
	case len(a.inject) > 0:
		a.In = a.inject[0]
		a.inject = a.inject[1:]
	case a.hold != nil:
		a.In = *a.hold
	default:
		a.reader.read(&a.In, &a.binds)
	}
	if a.In.active(&a.last) || len(a.inject) > 0 || a.hold != nil {
		a.quiet = 0
	} else {
		a.quiet++
	}
	a.last = a.In
	if a.shot != nil && a.shotDrawn {
		if err := a.saveShot(); err != nil {
			return err
		}
	}
	if a.In.Pressed(KeyFullscreen) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if a.In.Pressed(KeyHelp) {
		a.help = !a.help
		a.In.consume()
	}
	if a.help {
		if a.In.Pressed(KeyCancel) || a.In.Click {
			a.help = false
		}
		updateHelp(a)
		a.In.consume()
	}
	if err := a.scene.Update(a); err != nil {
		return err
	}
	if a.fail != nil {
		return a.fail
	}
	if a.quit {
		return ErrQuit
	}
	return nil
}

// Animator is a scene that moves by itself (dice rolling, a model walking,
// a zoom settling): it is drawn every frame while Animating says so.
type Animator interface {
	Animating() bool
}

// idle reports whether the screen can stay as it is: nothing happened for
// a few frames, the scene is still and the window kept its size. Once a
// second it is drawn anyway (a status that timed out, an autosave note).
func (a *App) idle(screen *ebiten.Image) bool {
	if !a.skipDraws || a.quiet < 3 || a.quiet%60 == 0 {
		return false
	}
	if an, ok := a.scene.(Animator); ok && an.Animating() {
		return false
	}
	b := screen.Bounds()
	return b.Dx() == a.drawnW && b.Dy() == a.drawnH
}

// Draw draws the scene and the overlays, unless the screen is idle.
func (a *App) Draw(screen *ebiten.Image) {
	defer a.recoverCrash(nil)
	if a.idle(screen) && a.shot == nil {
		return
	}
	b := screen.Bounds()
	a.drawnW, a.drawnH = b.Dx(), b.Dy()
	a.draw(screen)
	if a.shot != nil && a.frame >= a.shotWant && !a.shotDrawn {
		a.shotDrawn = true
		if b := a.shot.Bounds(); b.Dx() != a.W || b.Dy() != a.H {
			a.shot.Deallocate()
			a.shot = ebiten.NewImage(a.W, a.H)
		}
		a.draw(a.shot)
	}
}

func (a *App) draw(dst *ebiten.Image) {
	a.scene.Draw(a, dst)
	if a.help {
		drawHelp(a, dst)
	}
}

// Layout renders at device pixels, so the picture stays sharp on HiDPI
// screens; the UI scales with the device scale factor.
func (a *App) Layout(w, h int) (int, int) { panic("LayoutF is used") }

// LayoutF sizes the screen in device pixels. The screen is the window's
// size times the device scale, never times the player's UI scale: that
// one makes the words and buttons larger within the same screen (scaling
// the screen too would give a larger picture shrunk back to the window,
// the same size as before).
func (a *App) LayoutF(w, h float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if s <= 0 {
		s = 1
	}
	if u := s * a.Settings.UIScale; a.Theme.U != u {
		a.Theme = newTheme(u)
	}
	a.W, a.H = int(w*s), int(h*s)
	return float64(a.W), float64(a.H)
}

// HelpShown reports whether the help overlay is up.
func (a *App) HelpShown() bool { return a.help }

// Capture asks for the frame after next to be handed to fn as pixels.
func (a *App) Capture(fn func(*image.RGBA)) {
	a.shot = ebiten.NewImage(1, 1) // sized at the capture frame
	a.shotWant = a.frame + 1
	a.Shot = fn
}

// saveShot reads the captured frame back (inside Update, where ReadPixels
// works) and hands it on.
func (a *App) saveShot() error {
	img := image.NewRGBA(a.shot.Bounds())
	a.shot.ReadPixels(img.Pix)
	a.shot.Deallocate()
	a.shot, a.shotDrawn = nil, false
	if a.Shot != nil {
		a.Shot(img)
	}
	return nil
}

// startScreenshot stages the battle screen for the -screenshot flag.
func (a *App) startScreenshot() {
	var b *battle
	var err error
	if a.Cfg.Stage == "review" { // the review of a match (coachstage.go)
		s, err := stageReview(a)
		if err != nil {
			a.fail = fmt.Errorf("screenshot: stage %q: %v", a.Cfg.Stage, err)
			return
		}
		a.scene = s
		a.armScreenshot()
		return
	}
	if a.Cfg.Stage == "replay" {
		w, err := stageReplay(a)
		if err != nil {
			a.fail = fmt.Errorf("screenshot: stage %q: %v", a.Cfg.Stage, err)
			return
		}
		a.scene = w
		a.armScreenshot()
		return
	}
	if sc, err := stageEditorScene(a, a.Cfg.Stage); sc != nil || err != nil { // editor_stage.go
		if err != nil {
			a.fail = fmt.Errorf("screenshot: stage %q: %v", a.Cfg.Stage, err)
			return
		}
		a.scene = sc
		a.armScreenshot()
		return
	}
	switch a.Cfg.Stage {
	case "", "move", "edge":
		b, err = newDefaultBattle(a)
		if err == nil {
			b.stageScreenshot()
		}
		if err == nil && a.Cfg.Stage == "edge" {
			b.stageEdge()
		}
	case "winbar", "coach": // who is winning, and the coach (coachstage.go)
		if a.Cfg.Seed == 0 {
			a.Cfg.Seed = 1
		}
		if a.Cfg.Stage == "winbar" {
			b, err = stageWinBar(a)
		} else {
			b, err = stageCoach(a)
		}
	case "solo", "demo": // the computer at play (stage.go)
		if a.Cfg.Seed == 0 {
			a.Cfg.Seed = 1
		}
		if a.Cfg.Stage == "solo" {
			b, err = stageSolo(a)
		} else {
			b, err = stageDemo(a)
		}
		if err == nil {
			p := game.Point{X: -40, Y: -40}
			b.stage = &p
		}
	default:
		if a.Cfg.Seed == 0 {
			a.Cfg.Seed = 1
		}
		b, err = newShowcaseBattle(a)
		if err == nil {
			var p game.Point
			b.tray.instant = true
			p, err = b.stageShowcase(a, a.Cfg.Stage)
			b.stage = &p
		}
	}
	if err != nil {
		a.fail = fmt.Errorf("screenshot: stage %q: %v", a.Cfg.Stage, err)
		return
	}
	a.scene = b
	a.armScreenshot()
}

// armScreenshot writes the 20th frame to the -screenshot file and quits.
func (a *App) armScreenshot() {
	a.shotWant = 20
	a.shot = ebiten.NewImage(1, 1) // replaced at the capture frame
	path := a.Cfg.Screenshot
	a.Shot = func(img *image.RGBA) {
		// Atomic, and never into a device or a FIFO (store refuses them).
		var b bytes.Buffer
		err := png.Encode(&b, img)
		if err == nil {
			err = store.WriteFileAtomicPerm(path, b.Bytes(), 0o644)
		}
		if err != nil {
			a.fail = fmt.Errorf("screenshot: %v", err)
		}
		a.quit = true
	}
}

// SettingsChanged applies and saves the settings after the menu changed
// them.
func (a *App) SettingsChanged() error {
	a.Settings.clamp()
	a.binds = a.Settings.bindings()
	a.helpText = helpLines(&a.binds)
	a.Sound.SetVolume(a.Settings.Volume, a.Settings.Mute)
	return a.Settings.Save(a.Cfg.SettingsPath)
}
