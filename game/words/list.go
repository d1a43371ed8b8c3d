package words

import "strings"

// List joins names as a sentence does: "A", "A and B", "A, B and C"; ""
// for none.
func List(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
