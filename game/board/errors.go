package board

import (
	"fmt"
	"strconv"
	"strings"

	"cowpoke/game/words"
)

// Error is a problem in a map file. It names the file and, when the problem
// belongs to one object, its Tiled id and name:
//
//	maps/town.tmx: object 41 "saloon door": door does not lie on a wall
type Error struct {
	File string
	ID   int    // 0 when the problem is not one object's
	Name string // the object's name, may be empty
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(words.Safe(e.File))
	b.WriteString(": ")
	if e.ID != 0 {
		fmt.Fprintf(&b, "object %d %s: ", e.ID, strconv.Quote(e.Name))
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every problem found in one map, in file order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap lets errors.As find each *Error.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// maxReported bounds how many problems one load reports.
const maxReported = 50

type problems struct {
	file string
	list Errors
}

func (p *problems) add(id int, name, format string, args ...any) {
	if len(p.list) < maxReported {
		p.list = append(p.list, &Error{File: p.file, ID: id, Name: name, Msg: fmt.Sprintf(format, args...)})
	}
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	return p.list
}
