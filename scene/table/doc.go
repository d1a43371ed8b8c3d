// Package table is the battle screen's logic without pixels: the camera's
// arithmetic, what is selected, which mode the player is in, how a click
// or a key becomes a game.Command, and the words the panel and the log
// show. It imports no Ebitengine, so its tests run without a display; the
// window (package scene) draws what it says and applies what it makes.
//
// # Structure
//
//   - Table (table.go) holds one match and the screen's state around it:
//     Selected, Mode (Move, Shoot, Throw, ...), Status. Click and Do turn a
//     click on the table or an Action (a key or a button: ActMove,
//     ActShoot, ActHold, ActTape, ...) into a command or a change of mode;
//     Apply and Undo change the match and bump its stamp. KeyOf, set by the
//     window from the player's bindings, names the key of an action in a
//     hint ("H to hold").
//   - Options and Allowed (table.go) are the engine's Match.PlayerOptions,
//     cached per change: each action allowed or refused with the engine's
//     reason in a player's words. The table never validates a command to
//     find a reason of its own.
//   - View (view.go) is what the screen draws, worked out only when the
//     cursor moves or the match changes, never per frame: the move preview
//     and its ghost, the rangefinder, lines of sight, Overwatch threats,
//     and the readout of the chosen action (actions.go): a shot's pool in
//     words and its odds (Match.ShotOdds), or why not (Match.WhyNot, per
//     enemy); a throw's reach and blast (ThrowPreview, BlastOdds); a brawl's
//     bouts; the overwatcher's Fire or Hold with the odds along the path.
//   - Words (plain.go, pool.go, logwords.go): Plain drops rule codes and
//     raw coordinates from the engine's sentences; PoolWords, WoundWords,
//     RunWords and LogText write a pool, a wound, a Run's roll and a combat
//     log line from the event's typed fields, never the engine's notation
//     ("Long 2, moved -1 -> 1 die", "location 2, severity 1").
//   - Camera (camera.go): table inches to screen pixels, zoom and pan.
//   - Tape (tape.go): the tape measure between any two points.
//   - Replay (replay.go): the replay viewer's position, keys and scrubber
//     arithmetic over a game.Tape, each position put on a Table.
//   - ApplyDecision (decision.go): the computer's decision applied with its
//     reason kept beside the command.
package table
