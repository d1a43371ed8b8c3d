package tmxgen

// All returns every committed map by file name.
func All() map[string]*Map {
	return map[string]*Map{"town.tmx": Town(), "ranch.tmx": Ranch(), "halt.tmx": Halt()}
}
