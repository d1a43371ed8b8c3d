package game

import "fmt"

// A refusal is the reason a command is refused, put into words only when
// someone reads it (Error). The random player and the computer opponent
// try many commands and read few reasons: formatting each one at once
// (fmt.Errorf) made a third of a random match's allocations, and a
// refusal with room for four arguments, whatever it held, was still a
// quarter of a match's allocated bytes. Error gives exactly what
// fmt.Errorf(format, args...) gave, every argument printed with %s. There
// is a type for each number of arguments, so that a refusal is one small
// allocation.
type (
	refusal0 struct{ format string }
	refusal1 struct {
		format string
		args   [1]reasonArg
	}
	refusal2 struct {
		format string
		args   [2]reasonArg
	}
	refusal3 struct {
		format string
		args   [3]reasonArg
	}
	refusal4 struct {
		format string
		args   [4]reasonArg
	}
)

// reasonArg is one argument of a refusal: a name, a length in inches
// (inchesText: err is an inchesMark), or an error's words.
type reasonArg struct {
	s   string
	err error
	in  float64
}

// inchesMark is the err of a reasonArg that is a length in inches.
type inchesMark struct{}

func (inchesMark) Error() string { return "a length" }

// reasonf makes a refusal; every verb of format is %s.
func reasonf(format string, args ...reasonArg) error {
	switch len(args) {
	case 0:
		return &refusal0{format}
	case 1:
		return &refusal1{format, [1]reasonArg(args)}
	case 2:
		return &refusal2{format, [2]reasonArg(args)}
	case 3:
		return &refusal3{format, [3]reasonArg(args)}
	case 4:
		return &refusal4{format, [4]reasonArg(args)}
	}
	panic("game: a refusal has at most four arguments")
}

func (r *refusal0) Error() string { return refusalText(r.format, nil) }
func (r *refusal1) Error() string { return refusalText(r.format, r.args[:]) }
func (r *refusal2) Error() string { return refusalText(r.format, r.args[:]) }
func (r *refusal3) Error() string { return refusalText(r.format, r.args[:]) }
func (r *refusal4) Error() string { return refusalText(r.format, r.args[:]) }

// refusalText puts a refusal into words.
func refusalText(format string, args []reasonArg) string {
	var a [4]any
	for i, x := range args {
		switch x.err.(type) {
		case inchesMark:
			a[i] = inchesText(x.in)
		case nil:
			a[i] = x.s
		default:
			a[i] = x.err.Error()
		}
	}
	return fmt.Sprintf(format, a[:len(args)]...)
}

// word is a refusal argument printed as it is.
func word(s string) reasonArg { return reasonArg{s: s} }

// inches is a refusal argument printed as a length (inchesText).
func inches(d float64) reasonArg { return reasonArg{in: d, err: inchesMark{}} }

// cause is a refusal argument printed as an error's words.
func cause(err error) reasonArg { return reasonArg{err: err} }
