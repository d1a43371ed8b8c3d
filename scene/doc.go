// Package scene is Cowpoke's window: the Ebitengine scenes that turn a
// player's input into game commands and a match's state and events into
// pixels. It never rolls a die and never changes a match except through
// game.Match.Apply and Undo (by way of table.Table).
//
// # The shell
//
// App (app.go) is the ebiten.Game: it reads the mouse and keyboard once a
// frame into an Input of intents (input.go: KeyMove, a click, a drag; a
// scene reads intents, never raw keys), runs the current Scene's Update
// and Draw, switches scenes (Goto), lays the window out at device pixels
// (HiDPI, the UI scale of the settings), shows F1's help and F11's full
// screen over every scene, and catches a panic into a crash report
// (crash.go). Settings (settings.go) are the player's preferences and key
// bindings, kept in the user's config folder.
//
// The widget kit is small and lives beside the scenes: Theme (theme.go:
// fonts, text laid out once per string and cached), button (ui.go), batch
// (batch.go: triangles drawn in one call), the colours and emblems.
//
// # The screens
//
// The title, New game (newgame*.go, seats.go), Load, the posse builder
// (builder*.go), the campaigns (campaignscreen.go) and their Survival Rolls
// (survival.go), the replay list and viewer (replay*.go), the summary after
// a match (gameover.go) and the battle.
//
// # The battle
//
// battle (battle.go) is the table: the town (town.go, canvas.go: painted on
// the CPU into one texture), the miniatures and their labels (minis.go),
// the overlays (battledraw.go, actiondraw.go), the side panel with the
// card, the action bar and the combat log (hud.go), the dice tray
// (tray.go), the initiative mat of the seeds' methods (initiative*.go) and
// the Esc menu (menu.go). Its logic without pixels, what a click or a key
// means and what the panel shows, is package scene/table; the battle
// draws what table.View says and applies the commands table.Table makes.
//
// Three pieces keep a change to the battle in one place:
//
//   - The session (session.go) is the battle's mode: hot-seat (session.go),
//     solo against the computer (solo.go), a campaign's match
//     (campaignbattle.go), the demo (demo.go) and the replay viewer
//     (replay.go, the watching session). The battle asks its session
//     whether to hide the table before a player decides, what Ctrl+Z takes
//     back, where the match is kept after a command, what a click on the
//     finished match opens and what the banner says, never which mode it is
//     in. Who decides for each posse, a person or the computer, is the
//     players' answer (solo.go), shared by every session; the computer
//     decides on a fork of the match on another goroutine.
//   - The action table (actions.go, bindable) lists every action a key may
//     start, once: its name, its first-start key, the table.Action it asks
//     for, its button on the action bar and the engine command whose option
//     enables it, and F1's line. The action bar, the keys read each frame,
//     F1, the menu's Keys page and the hints that name a key all read it,
//     so a key moved in the menu shows everywhere.
//   - Words come from the engine: a refusal is game.Match.WhyNot or
//     PlayerOptions (per target for an attack, with the weapon's reach), a
//     pool, a wound or a Run roll is written from the event's typed fields
//     (table.LogText, PoolWords); no screen parses an event's English or
//     validates a command to invent a reason.
//
// Who is winning and why (the win chances bar, the coach, the review of
// a finished match) is asked of game/analysis through one interface,
// analyst (analyst.go), always on a goroutine with a fork of the match;
// an answer about a position the table has left is dropped.
//
// Sounds are package scene/sound (synthesised at start-up, cued by events).
// The README beside this file has the figures (frame cost, memory) and how
// each is measured; pixel tests run under Xvfb (main_test.go runs the real
// game loop and each test step inside Update).
package scene
