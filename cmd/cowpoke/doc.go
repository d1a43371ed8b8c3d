// Command cowpoke is the Cowpoke digital tabletop. With no subcommand it
// opens the window and the game; its subcommands are the tools a player
// or a developer uses from a terminal:
//
//	cowpoke                       play in the window (hot-seat, solo, campaign, demo, replays)
//	cowpoke odds shoot|brawl|...  the exact odds of a roll, as the engine rolls it
//	cowpoke map check|los FILE    check Tiled maps and measure line of sight on them
//	cowpoke replay SAVE           replay a save and print its log (and the computer's reasons)
//	cowpoke sim ...               play many matches headless: win rates with intervals, Elo, reports
//	cowpoke posse check FILE      check a posse file against the builder's rules
//	cowpoke campaign new|play|show  a Dust to Dust campaign without the window
//
// `cowpoke -h` lists the commands and `cowpoke COMMAND -h` the flags of one. Every file a
// command reads or writes names itself in its error, in one line; the exit
// code is 0 for success, 1 when the work failed and 2 for a wrong command
// line.
package main
