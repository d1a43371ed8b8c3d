package board

import "strings"

// SpokenName is the feature as a player calls it in a sentence: its name,
// less the letter a map gives to tell features of one kind apart ("barrel
// B", "crate C" are both "barrel" and "crate" to a player, who sees no
// letters on the table); a feature with no name is its kind ("hay bale").
func (f *Feature) SpokenName() string {
	if f.Name == "" && f.Kind == HayBale {
		return "hay bale" // the schema's "haybale"
	}
	name := f.Label()
	if i := strings.LastIndexByte(name, ' '); i > 0 && len(name)-i == 2 {
		if c := name[i+1]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if strings.EqualFold(name[:i], f.Kind.String()) {
				return name[:i]
			}
		}
	}
	return name
}
