// Package sound is the table's sound: the gunshots, dice, hits, falls,
// fuses and blasts a match makes, synthesized at start-up (no sound files
// to ship) and played on the audio device through oto (Open, Player.Play).
//
// The battle screen hands each command's events to ForEvents, which says which
// sound to start and how many frames later, so the dice rattle as the tray
// rolls them and a fall sounds once the wound is read. A Player that could
// not open a device (none under Xvfb or in CI) plays nothing, so the
// program runs the same without sound. The synthesis is deterministic and
// tested, without a device, to be audible, unclipped and different for
// each weapon.
package sound
