// Package board is the table: a Tiled map of the town loaded into terrain
// features, and every geometric question the rules ask of it, in inches
// (R1-R8, R10-R12, R23, R25, R31, R32 of rules/RULINGS.md).
//
// Load a map with LoadFS (the embedded cowpoke/maps), LoadFile or Parse.
// Then ask: Distance, InContact and BackShot for models; Blocked for one
// segment; LineOfSight for LoS, cover and the sampled lines to draw; Path,
// Reach, Stops and Crossings for movement; InArc, Exposure and ArcPolygon for overwatch;
// CheckThrow, Landing and Blast for dynamite.
//
// # resolv and concurrency
//
// Terrain lives as resolv (v0.8.1) shapes in resolv Spaces, in resolv's own
// unit of 1" = 100 units (resolv's segment math is scale-dependent). Each
// terrain edge is a thin resolv polygon; resolv's cells are the broad phase,
// kept as flat per-cell edge lists filled with resolv's own cell arithmetic
// in time linear in the edge-cell incidences (resolv's own registration is
// quadratic in a crowded cell; TestGridMatchesResolv checks the lists equal
// a resolv Space's, cell for cell). The narrow
// phase (segment against edges, walked cell by cell) is this package's own
// and is tested identical to a brute-force reference.
//
// resolv keeps package-level scratch slices: it is neither reentrant nor
// safe from several goroutines. So this package calls resolv only in its
// tests and benchmarks, under a package mutex; queries never call resolv. A
// Board is therefore safe for any number of concurrent queries, and
// separate Boards are safe from separate goroutines (a bulk simulation runs
// one Board, or one Clone, per match). SetDoor mutates a Board: do not run
// it while another goroutine queries the same Board.
package board
