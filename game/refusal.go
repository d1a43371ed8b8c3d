package game

import "fmt"

// refusal is the reason a command is refused, put into words only when
// someone reads it (Error). The random player and the computer opponent
// try many commands and read few reasons: formatting each one at once
// (fmt.Errorf) made a third of a random match's allocations. Error gives
// exactly what fmt.Errorf(format, args...) gave, every argument printed
// with %s.
type refusal struct {
	format string
	args   [4]reasonArg
	n      int
}

// reasonArg is one argument of a refusal: a name, a length in inches
// (inchesText), or an error's words.
type reasonArg struct {
	s     string
	in    float64
	err   error
	inchs bool
}

// reasonf makes a refusal; every verb of format is %s.
func reasonf(format string, args ...reasonArg) error {
	r := &refusal{format: format, n: len(args)}
	copy(r.args[:], args)
	return r
}

func (r *refusal) Error() string {
	var a [4]any
	for i, x := range r.args[:r.n] {
		switch {
		case x.err != nil:
			a[i] = x.err.Error()
		case x.inchs:
			a[i] = inchesText(x.in)
		default:
			a[i] = x.s
		}
	}
	return fmt.Sprintf(r.format, a[:r.n]...)
}

// word is a refusal argument printed as it is.
func word(s string) reasonArg { return reasonArg{s: s} }

// inches is a refusal argument printed as a length (inchesText).
func inches(d float64) reasonArg { return reasonArg{in: d, inchs: true} }

// cause is a refusal argument printed as an error's words.
func cause(err error) reasonArg { return reasonArg{err: err} }
