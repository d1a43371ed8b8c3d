package scene

import (
	"math"

	"cowpoke/game"
)

// anim walks a model along the path of its last move, so that a player
// sees the move happen. It changes nothing in the match: the engine has
// already put the model at the end. Part 2 adds shots and blasts here.
type anim struct {
	active bool
	model  int
	path   []game.Point
	along  float64 // inches walked so far
	length float64
}

// animSpeed is inches walked per frame (15" a second at 60 frames).
const animSpeed = 0.25

func (an *anim) start(model int, path []game.Point) {
	an.active, an.model, an.along = true, model, 0
	an.path = append(an.path[:0], path...)
	an.length = 0
	for i := 0; i+1 < len(path); i++ {
		an.length += path[i].Dist(path[i+1])
	}
}

// step walks on; speed is the player's animation speed (1 is normal).
func (an *anim) step(speed float64) {
	an.along += animSpeed * speed
	if an.along >= an.length {
		an.active = false
	}
}

// at is where the animated model stands now and which way it faces.
func (an *anim) at() (game.Point, float64) {
	s := an.along
	for i := 0; i+1 < len(an.path); i++ {
		a, b := an.path[i], an.path[i+1]
		l := a.Dist(b)
		if s <= l && l > 0 {
			return a.Lerp(b, s/l), math.Atan2(b.Y-a.Y, b.X-a.X)
		}
		s -= l
	}
	n := len(an.path)
	a, b := an.path[n-2], an.path[n-1]
	return b, math.Atan2(b.Y-a.Y, b.X-a.X)
}
