package scene

import (
	"io/fs"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Key is an intent read from the keyboard: what the player means, not
// which key was pressed. Scenes read intents only.
type Key int

// The keyboard intents.
const (
	KeyNone       Key = iota
	KeyUndo           // Ctrl+Z
	KeySave           // Ctrl+S
	KeyLoad           // Ctrl+O
	KeyHelp           // F1
	KeyFullscreen     // F11
	KeyCancel         // Esc
	KeyEnd            // E: end the activation
	KeyMove           // M
	KeyRun            // R
	KeyFace           // F
	KeyConfirm        // Enter: activate the selected model, confirm a dialog
	KeyNext           // Tab: the next model that can act
	KeyGrid           // G: the 1" grid
	KeyFit            // Home or 0: fit the table in the window
	KeyZoomIn         // + or =
	KeyZoomOut        // -
	KeySkip           // Space: skip an animation
	KeyHold           // H: an overwatcher holds fire
	KeyShoot          // X
	KeyAim            // V
	KeyBlaze          // B
	KeyThrow          // T
	KeyReload         // L
	KeyOverwatch      // O
	KeyBrawl          // K
	KeyInteract       // I
	KeySlot1          // 1: the first weapon
	KeySlot2          // 2: the second weapon
	KeyDiceAnim       // Y: dice animations on or off
	KeyShowcase       // S on the title screen: the showcase scenario
	KeyTape           // Q: the tape measure
	KeyMenu           // Esc when nothing else takes it: the menu
	KeyWhy            // C: draw what the computer weighed for its last decision
	KeyWatch          // W on the title screen: watch the demo
	KeyLast           // End: the last command of a replay
	KeyRefocus        // U: card stacks' Refocus
	KeyReach          // N: the range bands of the active model's weapon
	KeyWinBar         // P: the win chances bar (winbar.go)
	KeyCoach          // J: what would the computer do (coach.go)
	numKeys
)

// Input is one frame of input: the cursor, the wheel, clicks, drags and
// the intents of the keys pressed this frame.
type Input struct {
	X, Y     float64 // cursor, in screen pixels
	Wheel    float64 // wheel notches this frame, up positive
	Click    bool    // the left button came up without dragging
	DragEnd  bool    // the left button came up after a drag
	LeftDown bool    // the left button is held
	PanX     float64 // right- or middle-drag this frame, pixels
	PanY     float64
	HeldX    float64 // arrows or WASD held: -1, 0 or 1
	HeldY    float64
	AimX     float64 // Shift+arrows: move the aim point this frame, -1, 0 or 1
	AimY     float64
	Keys     [numKeys]bool // intents started this frame
	KeyDown  bool          // some key of the keyboard is held (the screen keeps redrawing)

	// Text entry (textentry.go): the characters typed this frame, in the
	// keyboard layout's translation (ebiten.AppendInputChars), and
	// Backspace, which repeats while held. Key intents are still set for
	// the same keys: a scene with a text field open reads these instead.
	Chars     []rune
	Backspace bool
	// Dropped is the files dropped on the window this frame
	// (ebiten.DroppedFiles), nil when none were; a test feeds its own.
	Dropped fs.FS
}

// active reports whether anything is happening in this input compared with
// the last: the cursor moved, a button or key is held, a key intent or a
// click came, the wheel turned.
func (in *Input) active(last *Input) bool {
	if in.X != last.X || in.Y != last.Y || in.Wheel != 0 || in.Click || in.DragEnd || in.LeftDown ||
		in.PanX != 0 || in.PanY != 0 || in.HeldX != 0 || in.HeldY != 0 || in.AimX != 0 || in.AimY != 0 || in.KeyDown ||
		len(in.Chars) > 0 || in.Backspace || in.Dropped != nil {
		return true
	}
	for _, k := range in.Keys {
		if k {
			return true
		}
	}
	return false
}

// Pressed reports whether a key intent started this frame.
func (in *Input) Pressed(k Key) bool { return in.Keys[k] }

// consume clears the input so that nothing below an overlay sees it.
func (in *Input) consume() {
	x, y := in.X, in.Y
	*in = Input{X: x, Y: y}
}

// reader reads the real mouse and keyboard.
type reader struct {
	pressX, pressY int
	dragging       bool
	keys           []ebiten.Key // reused by AppendPressedKeys
	chars          []rune       // reused by AppendInputChars
	lastX, lastY   int
}

// clickSlop is how far the cursor may move between press and release for
// a left click still to count as a click, in pixels.
const clickSlop = 6

func (r *reader) read(in *Input, bind *Bindings) {
	*in = Input{}
	x, y := ebiten.CursorPosition()
	in.X, in.Y = float64(x), float64(y)
	_, wy := ebiten.Wheel()
	in.Wheel = wy
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		r.pressX, r.pressY, r.dragging = x, y, false
	}
	if ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		in.LeftDown = true
		if abs(x-r.pressX)+abs(y-r.pressY) > clickSlop {
			r.dragging = true
		}
	}
	if inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		in.Click, in.DragEnd = !r.dragging, r.dragging
	}
	if ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle) {
		in.PanX, in.PanY = float64(x-r.lastX), float64(y-r.lastY)
	}
	r.lastX, r.lastY = x, y

	r.keys = inpututil.AppendPressedKeys(r.keys[:0])
	in.KeyDown = len(r.keys) > 0
	r.chars = ebiten.AppendInputChars(r.chars[:0])
	in.Chars = r.chars
	in.Backspace = repeating(ebiten.KeyBackspace)
	in.Dropped = ebiten.DroppedFiles()
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	just := inpututil.IsKeyJustPressed
	if shift && !ctrl {
		// Shift+arrows move the aim point, so that keys alone can choose any
		// spot; held, they repeat.
		in.AimX = stepAxis(ebiten.KeyArrowLeft, ebiten.KeyArrowRight)
		in.AimY = stepAxis(ebiten.KeyArrowUp, ebiten.KeyArrowDown)
	}
	if ctrl {
		in.Keys[KeyUndo] = just(ebiten.KeyZ)
		in.Keys[KeySave] = just(ebiten.KeyS)
		in.Keys[KeyLoad] = just(ebiten.KeyO)
	} else {
		for _, k := range bindable { // every key the player may move, in force
			in.Keys[k.key] = just(bind[k.key])
		}
		in.Keys[KeySlot1] = just(ebiten.Key1) || just(ebiten.KeyNumpad1)
		in.Keys[KeySlot2] = just(ebiten.Key2) || just(ebiten.KeyNumpad2)
		in.Keys[KeyWatch] = just(ebiten.KeyW)
		in.Keys[KeyShowcase] = just(ebiten.KeyS)
		if !shift {
			in.HeldX = axis(ebiten.KeyArrowLeft, ebiten.KeyA, ebiten.KeyArrowRight, ebiten.KeyD)
			in.HeldY = axis(ebiten.KeyArrowUp, ebiten.KeyW, ebiten.KeyArrowDown, ebiten.KeyS)
		}
	}
	in.Keys[KeyHelp] = just(ebiten.KeyF1)
	in.Keys[KeyFullscreen] = just(ebiten.KeyF11)
	in.Keys[KeyCancel] = just(ebiten.KeyEscape)
	in.Keys[KeyConfirm] = just(ebiten.KeyEnter) || just(ebiten.KeyNumpadEnter)
	in.Keys[KeyNext] = just(ebiten.KeyTab)
	in.Keys[KeyFit] = just(ebiten.KeyHome) || just(ebiten.Key0)
	in.Keys[KeyLast] = just(ebiten.KeyEnd)
	in.Keys[KeyZoomIn] = just(ebiten.KeyEqual) || just(ebiten.KeyNumpadAdd)
	in.Keys[KeyZoomOut] = just(ebiten.KeyMinus) || just(ebiten.KeyNumpadSubtract)
	in.Keys[KeySkip] = just(ebiten.KeySpace)
}

// stepAxis is -1, 0 or 1 on the frame a key goes down, then every third
// frame after a short wait while it is held.
func stepAxis(neg, pos ebiten.Key) float64 {
	v := 0.0
	if repeating(neg) {
		v--
	}
	if repeating(pos) {
		v++
	}
	return v
}

// repeating reports a key on the frame it goes down, then every third
// frame after a short wait while it is held: a keyboard's repeat.
func repeating(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || d > 15 && d%3 == 0
}

// axis is -1, 0 or 1 from two pairs of keys.
func axis(neg1, neg2, pos1, pos2 ebiten.Key) float64 {
	v := 0.0
	if ebiten.IsKeyPressed(neg1) || ebiten.IsKeyPressed(neg2) {
		v--
	}
	if ebiten.IsKeyPressed(pos1) || ebiten.IsKeyPressed(pos2) {
		v++
	}
	return v
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
