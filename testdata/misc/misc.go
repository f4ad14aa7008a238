// Package misc holds constructs the core engine does not model yet and
// calls it cannot see into.
package misc

import (
	"errors"
	"os"
	"strings"
)

// Count looks a word up: long words are cut, and the status says so.
func Count(words map[string]int, w string) int {
	return words[w]
}

// Parse calls into os, whose results are modelled as unconstrained: the
// nil dereference below needs Getenv to return "", an assumption, so it
// is reported only with -assumed.
func Parse(s string, table *Table) int {
	n := len(os.Getenv(s))
	if n == 0 {
		return table.Rows.Count
	}
	return n
}

// Lookup reads a row count whatever the call returns: the panic does not
// rest on what Getenv returned.
func Lookup(s string, table *Table) int {
	n := len(os.Getenv(s))
	return table.Rows.Count + n // want nil-deref "^nil dereference: table.Rows is nil$"
}

// Table has rows.
type Table struct{ Rows *Rows }

// Rows counts.
type Rows struct{ Count int }

// Counter steps by the integer Step points to.
type Counter struct {
	N    int
	Step *int
}

// Next divides by the step, which may be missing or zero.
func (c Counter) Next() int {
	return c.N / *c.Step // want nil-deref "^nil dereference: c.Step is nil$" div-zero `^integer divide by zero: \*c.Step is 0$`
}

// Checked divides only when the error is nil, which errors.New never is:
// no finding (errors.New is executed).
func Checked(n int) int {
	err := errors.New("bad")
	if n == 0 && err == nil {
		return 10 / n
	}
	return 0
}

// Command divides by n for commands with a prefix that strings.HasPrefix,
// executed, reports exactly.
func Command(cmd string, n int) int {
	if strings.HasPrefix(cmd, "div:") {
		return 100 / n // want div-zero `^integer divide by zero: n is 0$`
	}
	return 0
}

// Rotate uses complex numbers, which gosym does not model: its status
// must say so.
func Rotate(z complex128) complex128 {
	return z * 1i
}

// Level is a logging level.
type Level int

var levelNames = [...]string{"debug", "info", "warn"}

// Name names the level: the receiver is a constant in the witness, which
// must be converted to Level to have the method.
func (l Level) Name() string {
	return levelNames[l] // want index `^index out of range \[-1\] \(levelNames\[l\]\)$`
}

// failure is a panic value that is neither an error nor a string.
type failure struct{ code int }

// Check panics with a zero failure for a negative n.
func Check(n int) {
	if n < 0 {
		panic(failure{}) // want panic `^panic: misc.failure\{\}$`
	}
}
