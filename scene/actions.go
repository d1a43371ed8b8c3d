package scene

import (
	"github.com/hajimehoshi/ebiten/v2"

	"cowpoke/game"
	"cowpoke/scene/table"
)

// keyAction is one thing a player asks of the battle screen with a key
// they may move, written once. The action bar's buttons, the keys read
// each frame, F1's lines, the Keys page of the menu, the hints that name a
// key and the tests all read this table; a new action is one row here
// (and its handling in table.Table.Do).
type keyAction struct {
	key  Key        // the intent the key sets
	name string     // its name on the menu's Keys page and in settings.json
	def  ebiten.Key // its key at first start

	act   table.Action     // what the table does with it; ActNone: the battle screen itself (the grid)
	label string           // its button on the action bar; "" when it has none there
	kind  game.CommandKind // the engine's command whose option enables the button (Match.Options)

	how  string // what follows the key in F1 (", then left click"); "" for a key alone
	help string // F1's words for it; "" when F1 does not list it on its own
}

// bindable are the intents a player may move to another key, in the order
// of the Keys page; the first twelve are the action bar's, in its order.
var bindable = []keyAction{
	{KeyMove, "Move", ebiten.KeyM, table.ActMove, "Move", game.CmdMove, ", then left click", "Move (1 AP) to the point, or into contact with a model"},
	{KeyRun, "Run", ebiten.KeyR, table.ActRun, "Run", game.CmdRun, ", then left click", "Run (2 AP): 6\" plus 2D6, rolled first, then choose the path"},
	{KeyShoot, "Shoot", ebiten.KeyX, table.ActShoot, "Shoot", game.CmdShoot, ", then click an enemy", "Shoot (hover an enemy: the dice and odds, or why not)"},
	{KeyAim, "Aim", ebiten.KeyV, table.ActAim, "Aim", game.CmdAim, ", then click an enemy", "Aim (1 AP): the next shot at that enemy gets its Aim dice"},
	{KeyBlaze, "Blaze Away", ebiten.KeyB, table.ActBlaze, "Blaze", game.CmdBlaze, ", then click an enemy", "Blaze Away: every 6 hits; the gun runs out of ammo"},
	{KeyThrow, "Throw", ebiten.KeyT, table.ActThrow, "Throw", game.CmdThrow, ", then click a spot", "Throw Dynamite at the spot"},
	{KeyReload, "Reload", ebiten.KeyL, table.ActReload, "Reload", game.CmdReload, "", "Reload a weapon that is out of ammo"},
	{KeyOverwatch, "Overwatch", ebiten.KeyO, table.ActOverwatch, "Overwatch", game.CmdOverwatch, ", then click", "Overwatch: point or drag the arc to watch"},
	{KeyBrawl, "Brawl", ebiten.KeyK, table.ActBrawl, "Brawl", game.CmdBrawl, "", "Brawl the enemies in contact (click them to order the bouts)"},
	{KeyInteract, "Interact", ebiten.KeyI, table.ActInteract, "Interact", game.CmdInteract, "", "open, close or unlock the nearest door in reach, or pick up loot"},
	{KeyFace, "Face", ebiten.KeyF, table.ActFace, "Face", game.CmdFace, ", then left click", "Face the point or model (free)"},
	{KeyEnd, "End", ebiten.KeyE, table.ActEnd, "End", game.CmdEnd, "", "End the activation"},
	{KeyHold, "Hold fire", ebiten.KeyH, table.ActHold, "", "", "", "an overwatcher holds fire (Enter fires)"},
	{KeyGrid, "Grid", ebiten.KeyG, table.ActNone, "", "", "", "show or hide the 1\" grid"},
	{KeyTape, "Tape measure", ebiten.KeyQ, table.ActTape, "", "", ", then two clicks", "tape measure (from a model: sight and cover too)"},
	{KeyDiceAnim, "Dice animation", ebiten.KeyY, table.ActNone, "", "", "", "dice and move animations on or off"},
	{KeyWhy, "Computer's reasons", ebiten.KeyC, table.ActNone, "", "", "", "what the computer weighed, drawn on the table"},
	{KeyRefocus, "Refocus", ebiten.KeyU, table.ActRefocus, "", "", "", "Refocus (card stacks: restack the cards, 1 AP)"},
	{KeyReach, "Reach", ebiten.KeyN, table.ActNone, "", "", "", "the reach: the chosen model's weapon's range bands, with their dice"},
	{KeyWinBar, "Win chances", ebiten.KeyP, table.ActNone, "", "", "", "the bar of each posse's chance to win, at the table's right edge"},
	{KeyCoach, "What would you do?", ebiten.KeyJ, table.ActNone, "", "", "", "ask the computer what it would do in your place, drawn on the table"},
}

// barActions are the rows of bindable with a button on the action bar.
func barActions() []keyAction {
	var out []keyAction
	for _, k := range bindable {
		if k.label != "" {
			out = append(out, k)
		}
	}
	return out
}

// keyOf names the key in force for an intent ("M", "Space"), for a label
// or a hint.
func (a *App) keyOf(k Key) string { return keyName(a.binds[k]) }

// tableKeys names the keys in force for the table's actions, for the hints
// the table writes ("H to hold").
func tableKeys(b *Bindings) func(table.Action) string {
	return func(act table.Action) string {
		for _, k := range bindable {
			if k.act == act && act != table.ActNone {
				return keyName(b[k.key])
			}
		}
		return ""
	}
}
